import type { HealthReady } from '@khel/contract';
import type { Database } from '../../db/database.js';
import { MIGRATIONS } from '../../db/migrations/index.js';
import type { DrainPhase } from './drain.js';
import type { OpsRepository } from './ops-repository.js';

export interface ReadinessDeps {
  db: Database;
  repository: OpsRepository;
  /** The Redis the processes share (null: one process, none configured). */
  redis: { ping(): Promise<unknown> } | null;
  /** Whether this process owns or can reach its markets' writers (with Redis: the forwarding channel is up). */
  marketsReachable: () => boolean;
  phase: () => DrainPhase;
  startedAtMs: number;
  /** A live feed's state, when the process runs one (decision 0070). */
  feed?: () => { ok: boolean; detail: string };
}

const CHECK_TIMEOUT_MS = 2000;

/** A check that fails instead of hanging when its dependency does not answer. */
async function check(run: () => Promise<string | null>): Promise<{ ok: boolean; detail?: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return detail === null ? { ok: true } : { ok: false, detail };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** What a probe asks, answered by the checks themselves (decision 0041). */
export async function readiness(deps: ReadinessDeps): Promise<HealthReady> {
  const [database, migrations, redis] = await Promise.all([
    check(async () => {
      await deps.repository.ping();
      return null;
    }),
    check(async () => {
      const applied = new Set(await deps.repository.appliedMigrations());
      const missing = MIGRATIONS.filter((migration) => !applied.has(migration.id)).map((migration) => migration.id);
      return missing.length === 0 ? null : `not applied: ${missing.join(', ')}`;
    }),
    deps.redis === null
      ? Promise.resolve({ ok: true, detail: 'not configured' })
      : check(async () => {
          await deps.redis?.ping();
          return null;
        }),
  ]);
  const markets = deps.marketsReachable()
    ? { ok: true }
    : { ok: false, detail: "the channel to other processes' market writers is down" };
  const checks = { database, migrations, redis, markets };
  const phase = deps.phase();
  const allOk = Object.values(checks).every((entry) => entry.ok);
  // A feed down is the operator's to know (metrics, this answer), not a reason to stop serving players.
  const feed = deps.feed?.();
  return {
    status: phase !== 'serving' ? 'draining' : allOk ? 'ready' : 'not_ready',
    checks: feed === undefined ? checks : { ...checks, feed },
  };
}

/** The probes' answers; the routes only send them. */
export function createHealthService(deps: ReadinessDeps) {
  const uptimeSeconds = () => Math.round((Date.now() - deps.startedAtMs) / 1000);
  return {
    async health() {
      await deps.repository.ping();
      return { status: 'ok' as const, database: deps.db.kind, uptimeSeconds: uptimeSeconds() };
    },
    live: () => ({ status: 'ok' as const, uptimeSeconds: uptimeSeconds() }),
    ready: () => readiness(deps),
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
