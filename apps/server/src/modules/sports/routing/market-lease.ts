import type { Database } from '../../../db/database.js';
import { createMarketLeaseRepository } from './market-lease-repository.js';

export interface LeaseOptions {
  /** How long a taken or renewed lease lasts (by the database's clock). */
  leaseMs: number;
  /** How often a process renews all its leases, in one statement; at most half of leaseMs. */
  renewMs: number;
  /** A lease no command used for this long is given back at the next renewal. */
  idleReleaseMs: number;
}

export const DEFAULT_LEASE_OPTIONS: LeaseOptions = { leaseMs: 5000, renewMs: 1500, idleReleaseMs: 60_000 };

/** Where a market's commands run: here (this process holds the lease, or there is no such market), or at its owner. */
export type LeaseRoute = { kind: 'local' } | { kind: 'owner'; owner: string; remainingMs: number };
const LOCAL: LeaseRoute = { kind: 'local' };

interface Held {
  /** Local monotonic time until which this process trusts its lease without asking the database. */
  trustedUntil: number;
  usedAt: number;
}

/**
 * One writer per market across processes (decision 0034): this process's leases. route() answers
 * from memory while a lease is held and trusted, else takes the lease in one atomic statement (free
 * or expired), else names its owner. Leases are renewed together every renewMs and given back on
 * stop(). Trust ends one renewal period before the lease would expire, so a process whose renewals
 * stall asks the database again; even a process wrongly trusting a lost lease stays correct, because
 * the market writer still takes the advisory lock and checks the log's sequence per batch.
 */
export function createMarketLeases(deps: {
  db: Database;
  owner: string;
  options?: Partial<LeaseOptions>;
  onLost?: (marketId: string) => void;
  onError?: (error: unknown) => void;
  now?: () => number;
}) {
  const options = { ...DEFAULT_LEASE_OPTIONS, ...deps.options };
  if (options.renewMs * 2 > options.leaseMs) throw new Error('renewMs must be at most half of leaseMs');
  const { owner } = deps;
  const now = deps.now ?? (() => performance.now());
  const repo = createMarketLeaseRepository(deps.db);
  const held = new Map<string, Held>();
  const taking = new Map<string, Promise<LeaseRoute>>();
  let timer: NodeJS.Timeout | null = null;
  let renewing: Promise<void> | null = null;
  let stopped = false;

  const trust = (since: number) => since + options.leaseMs - options.renewMs;

  async function take(marketId: string): Promise<LeaseRoute> {
    const since = now();
    if (await repo.acquire(marketId, owner, options.leaseMs)) {
      held.set(marketId, { trustedUntil: trust(since), usedAt: since });
      return LOCAL;
    }
    held.delete(marketId);
    const holder = await repo.holder(marketId);
    // No such market (the writer answers NOT_FOUND here), or a lease that expired between the two reads: ask again next time.
    if (holder === null || holder.owner === owner) return LOCAL;
    return { kind: 'owner', owner: holder.owner, remainingMs: holder.remainingMs };
  }

  async function renew(): Promise<void> {
    if (held.size === 0) return;
    const since = now();
    const idle = [...held]
      .filter(([, entry]) => since - entry.usedAt >= options.idleReleaseMs)
      .map(([marketId]) => marketId);
    for (const marketId of idle) held.delete(marketId);
    await repo.release(owner, idle);
    const asked = [...held.keys()];
    const renewed = new Set(await repo.renewAll(owner, options.leaseMs));
    for (const marketId of asked) {
      const entry = held.get(marketId);
      if (entry === undefined) continue;
      if (renewed.has(marketId)) entry.trustedUntil = trust(since);
      else {
        // Another process took it over while our renewals stalled: what we hold of the market is stale.
        held.delete(marketId);
        deps.onLost?.(marketId);
      }
    }
  }

  function renewOnce(): Promise<void> {
    renewing ??= renew().finally(() => (renewing = null));
    return renewing;
  }

  return {
    owner,
    options,

    /** Where the market's next command runs. Concurrent calls for one market share one look-up. */
    async route(marketId: string): Promise<LeaseRoute> {
      const entry = held.get(marketId);
      const at = now();
      if (entry !== undefined && entry.trustedUntil > at) {
        entry.usedAt = at;
        return LOCAL;
      }
      if (stopped) return LOCAL;
      let pending = taking.get(marketId);
      if (pending === undefined) {
        pending = take(marketId).finally(() => taking.delete(marketId));
        taking.set(marketId, pending);
      }
      return pending;
    },

    /** Whether this process holds the market's lease (as far as it knows). */
    holds(marketId: string): boolean {
      return held.has(marketId);
    },

    /** One renewal now (the timer calls it every renewMs). */
    renew: renewOnce,

    start(): void {
      if (timer !== null) return;
      timer = setInterval(() => void renewOnce().catch((error: unknown) => deps.onError?.(error)), options.renewMs);
      timer.unref();
    },

    /** Stops renewing and gives every lease back at once (a graceful stop): the next command anywhere takes them. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer !== null) clearInterval(timer);
      timer = null;
      await renewing?.catch(() => undefined);
      held.clear();
      await repo.release(owner);
    },
  };
}
export type MarketLeases = ReturnType<typeof createMarketLeases>;
