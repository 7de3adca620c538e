import type { Clock } from '../../lib/clock.js';
import type { ThrottleRepository } from './throttle-repository.js';

/**
 * Sliding-window limits kept in the database, so every server process sees the same counts.
 * A rule is "at most `limit` events of `bucket` for `key` within `windowMs`".
 */
export interface ThrottleRule {
  bucket: string;
  limit: number;
  windowMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createThrottleService(repository: ThrottleRepository, clock: Clock) {
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
