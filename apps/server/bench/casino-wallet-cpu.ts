// What one casino wallet callback costs in CPU, in the server and in PostgreSQL (issue 10). Wall-clock
// figures depend on how busy the machine is; CPU time per call barely does, so this is the bench to
// compare changes with on a shared machine. Sequential signed debit + credit pairs through the whole
// Fastify pipeline (`inject`: routing, HMAC, zod, the handler, serialisation) against a fresh
// PostgreSQL database; the server's CPU from process.cpuUsage(), PostgreSQL's from /proc of the
// database's backends (the server must run on this machine).
// BENCH_CONCURRENCY=64 runs the pairs 64 at a time instead, so the group commit (decision 0028, third
// addendum) can group them, and measures the same product with it switched off (CASINO_WALLET_BATCH=1)
// in the same run, alternating, BENCH_ROUNDS times each.
// Run: npx tsx apps/server/bench/casino-wallet-cpu.ts   (BENCH_PAIRS, default 3000)
import { createHash, createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import { backendCpuMs, backendCpuSpent } from './proc-cpu.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { ledgerViolations } from '../test/ledger-invariants.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3000);
/** Callers at once (1: sequential, the default); above 1 the same run also measures the group commit switched off, ROUNDS times each. */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PLAYERS = 64;

const name = `khel_bench_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const db = openPostgresDatabase(url.toString(), { max: Number(process.env.BENCH_POOL ?? (CONCURRENCY > 1 ? 20 : 4)) });

/** One product process's wallet, built on the bench database with the given environment (the group commit's settings). */
async function product(env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'production',
    ALLOW_OUTBOX_IN_PRODUCTION: 'true',
    SECOND_FACTOR_KEY: 'a-bench-only-key-of-at-least-32-characters',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...env,
  });
  const { app, services } = await buildApp({ config, db });
  await app.ready();
  return { app, services };
}

try {
  await migrate(db);
  // The group commit's settings pass through, as in casino-wallet-bench.ts.
  const first = await product(
    Object.fromEntries(
      ['CASINO_WALLET_BATCH', 'CASINO_WALLET_IN_FLIGHT'].flatMap((key) =>
        process.env[key] === undefined ? [] : [[key, process.env[key] as string]],
      ),
    ),
  );
  const secret = randomBytes(32).toString('hex');
  await db.query(
    `insert into casino_providers (code, name, kind, secret, launch_url_template) values ('bench', 'Bench Gaming', 'external', $1, '/x?t={token}')`,
    [secret],
  );
  await db.query(
    `insert into casino_games (provider_id, code, title, category, is_slot, launch_kind) select id, 'bench-slot', 'Bench Slot', 'Slots', true, 'play' from casino_providers where code = 'bench'`,
  );
  const players: string[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const user = await db.query<{ id: string }>(
      `insert into users (name, username, mobile_no, password_hash, role, referral_code, age_confirmed_at) values ($1, $1, $2, 'x', 4, $1, now()) returning id`,
      [`cb${i}`, `91910000${String(i).padStart(4, '0')}`],
    );
    const id = (user.rows[0] as { id: string }).id;
    await first.services.wallet.openAccountsFor(id, 4);
    await db.query(
      `insert into casino_sessions (token_hash, user_id, provider_id, game_id, wallet, created_at, expires_at)
       select $1, $2, p.id, g.id, 'main', now(), now() + interval '1 day' from casino_providers p join casino_games g on g.provider_id = p.id where p.code = 'bench'`,
      [createHash('sha256').update(randomBytes(16)).digest('hex'), id],
    );
    players.push(id);
  }

  /** `pairs` debit + credit pairs through inject(), `concurrency` callers at once (caller w plays players[w mod 64]); CPU and wall per call. */
  async function measure(target: Awaited<ReturnType<typeof product>>, tag: string, pairs: number, concurrency: number) {
    const call = async (op: string, payload: Record<string, unknown>) => {
      const body = JSON.stringify({ ...payload, timestamp: Date.now() });
      const response = await target.app.inject({
        method: 'POST',
        url: `/api/v1/casino-wallet/${op}`,
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-provider': 'bench',
          'x-signature': createHmac('sha256', secret).update(body).digest('hex'),
        },
      });
      const status = (response.json() as { data?: { status?: string } }).data?.status;
      if (status !== 'OK') throw new Error(`${op}: ${response.body}`);
    };
    const pair = async (i: number) => {
      const playerId = players[i % players.length] as string;
      const round = `${tag}-${i}`;
      await call('debit', { playerId, transactionId: `d-${round}`, roundId: round, gameCode: 'bench-slot', amount: 1 });
      await call('credit', {
        playerId,
        transactionId: `c-${round}`,
        roundId: round,
        gameCode: 'bench-slot',
        amount: i % 3 === 0 ? 1.9 : 0,
      });
    };
    const before = target.services.casino.casinoWallet.writerCounts();
    const pgBefore = await backendCpuMs(admin, name);
    const nodeBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async (_, worker) => {
        for (let i = worker; i < pairs; i += concurrency) await pair(i);
      }),
    );
    const wallMs = performance.now() - started;
    const node = process.cpuUsage(nodeBefore);
    const pgMs = backendCpuSpent(pgBefore, await backendCpuMs(admin, name));
    const after = target.services.casino.casinoWallet.writerCounts();
    const calls = pairs * 2;
    return {
      nodeMs: (node.user + node.system) / 1000 / calls,
      pgMs: pgMs / calls,
      wallMs: wallMs / calls,
      statements: (after.statements - before.statements) / calls,
    };
  }
  const line = (label: string, r: { nodeMs: number; pgMs: number; wallMs: number; statements: number }) =>
    console.log(
      `  ${label.padEnd(34)} server ${r.nodeMs.toFixed(3)}  PostgreSQL ${r.pgMs.toFixed(3)}  both ${(r.nodeMs + r.pgMs).toFixed(3)} ms CPU/call (≤ ${(2000 / (r.nodeMs + r.pgMs) / 2).toFixed(0)} pairs/s on 2 cores)  wall ${r.wallMs.toFixed(3)} ms/call  ${r.statements.toFixed(2)} statements/call`,
    );

  if (CONCURRENCY <= 1) {
    // Warm up: caches, prepared statements, the JIT.
    await measure(first, 'warm', 300, 1);
    const r = await measure(first, 'run', PAIRS, 1);
    console.log(
      `\n== Casino wallet: CPU per callback, ${PAIRS} sequential debit + credit pairs through inject() on PostgreSQL`,
    );
    console.log(`  server (Node)  ${r.nodeMs.toFixed(3)} ms CPU per call`);
    console.log(`  PostgreSQL     ${r.pgMs.toFixed(3)} ms CPU per call (backends of the bench database; 10 ms ticks)`);
    console.log(
      `  both           ${(r.nodeMs + r.pgMs).toFixed(3)} ms CPU per call → at most ${(2000 / (r.nodeMs + r.pgMs) / 2).toFixed(0)} pairs/s on 2 cores with nothing else running`,
    );
    console.log(
      `  wall           ${r.wallMs.toFixed(3)} ms per call, one at a time (includes waiting for the CPU on a shared machine)`,
    );
  } else {
    // The peer in the same run: the same product with the group commit off (every call alone, as before it).
    const alone = await product({ CASINO_WALLET_BATCH: '1' });
    await measure(first, 'warm-g', 600, CONCURRENCY);
    await measure(alone, 'warm-a', 600, CONCURRENCY);
    console.log(
      `\n== Casino wallet: CPU per callback, ${PAIRS} debit + credit pairs through inject() on PostgreSQL, ${CONCURRENCY} callers at once`,
    );
    for (let round = 1; round <= ROUNDS; round += 1) {
      line(`group commit (round ${round})`, await measure(first, `g${round}`, PAIRS, CONCURRENCY));
      line(`each call alone (round ${round})`, await measure(alone, `a${round}`, PAIRS, CONCURRENCY));
    }
    await alone.app.close();
  }
  const violations = await ledgerViolations(db);
  console.log(`  ledger invariants: ${violations.length === 0 ? 'all hold' : violations.join('; ')}`);
  await first.app.close();
} finally {
  await db.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
