import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { createThrottleRepository } from './throttle-repository.js';

/**
 * Sliding-window limits kept in the database, so every server process sees the same counts.
 * A rule is "at most `limit` events of `bucket` for `key` within `windowMs`".
 */
export interface ThrottleRule {
  bucket: string;
  limit: number;
  windowMs: number;
}

/** One count an attempt is made against: its window, and a limit past which it is refused unchecked. */
export interface AttemptCount {
  bucket: string;
  key: string;
  windowMs: number;
  /** At this many events in the window the attempt is refused and nothing is recorded. */
  limit?: number;
}

/** An attempt counted before its check. */
export interface CountedAttempt {
  /** For each count, the events before this attempt (this attempt's place in the sequence). */
  before: number[];
  /** The check passed: the attempt is not a failure after all, and its events are taken back. */
  forgive(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createThrottleService(db: Database, clock: Clock) {
  const repository = createThrottleRepository(db);
  return {
    /** True when another event would break the rule. */
    async isExceeded(rule: ThrottleRule, key: string): Promise<boolean> {
      const since = new Date(clock.now().getTime() - rule.windowMs);
      return (await repository.countSince(rule.bucket, key, since)) >= rule.limit;
    },
    /** Events of bucket for key within the last windowMs. */
    async countWithin(bucket: string, key: string, windowMs: number): Promise<number> {
      return repository.countSince(bucket, key, new Date(clock.now().getTime() - windowMs));
    },
    async record(bucket: string, key: string): Promise<void> {
      await repository.record(bucket, key, clock.now());
    },

    /**
     * Counts a guess (a password, a second-factor code) as a failure BEFORE it is checked, atomically:
     * under a lock per bucket and key, the events in each window are counted and, unless a limit is
     * reached (then `refused` names it and nothing is recorded), one event is recorded for each. So
     * parallel guesses are counted exactly as sequential ones: each sees those before it, and a limit
     * of 5 lets 5 through, never more. A guess that turns out right is forgiven.
     */
    async countAttempt(counts: AttemptCount[]): Promise<CountedAttempt | { refused: AttemptCount }> {
      const now = clock.now();
      type Counted = { refused: AttemptCount } | { before: number[]; ids: string[] };
      const counted = await db.transaction(async (tx): Promise<Counted> => {
        const repo = createThrottleRepository(tx);
        // In one order everywhere, so two attempts locking the same two keys never deadlock.
        const order = [...counts].sort((a, b) => `${a.bucket}:${a.key}`.localeCompare(`${b.bucket}:${b.key}`));
        for (const count of order) await repo.lock(count.bucket, count.key);
        const before: number[] = [];
        for (const count of counts) {
          const events = await repo.countSince(count.bucket, count.key, new Date(now.getTime() - count.windowMs));
          if (count.limit !== undefined && events >= count.limit) return { refused: count };
          before.push(events);
        }
        const ids: string[] = [];
        for (const count of counts) ids.push(await repo.record(count.bucket, count.key, now));
        return { before, ids };
      });
      if ('refused' in counted) return counted;
      const { before, ids } = counted;
      return { before, forgive: () => repository.remove(ids) };
    },

    /** Milliseconds since the latest event of bucket for key, or null when there was none. */
    async msSinceLatest(bucket: string, key: string): Promise<number | null> {
      const latest = await repository.latest(bucket, key);
      return latest === null ? null : clock.now().getTime() - latest.getTime();
    },
    /** Events older than every window we use are dead weight. */
    async prune(): Promise<void> {
      await repository.deleteOlderThan(new Date(clock.now().getTime() - 2 * DAY_MS));
    },
  };
}
export type ThrottleService = ReturnType<typeof createThrottleService>;
