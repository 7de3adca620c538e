import type { Queryable } from '../../db/database.js';

export function createThrottleRepository(db: Queryable) {
  return {
    async record(bucket: string, key: string, at: Date): Promise<void> {
      await db.query('insert into throttle_events (bucket, key, created_at) values ($1, $2, $3)', [bucket, key, at]);
    },
    async countSince(bucket: string, key: string, since: Date): Promise<number> {
      const result = await db.query<{ count: number }>(
        'select count(*)::int as count from throttle_events where bucket = $1 and key = $2 and created_at > $3',
        [bucket, key, since],
      );
      return result.rows[0]?.count ?? 0;
    },
    async latest(bucket: string, key: string): Promise<Date | null> {
      const result = await db.query<{ created_at: Date }>(
        'select created_at from throttle_events where bucket = $1 and key = $2 order by created_at desc limit 1',
        [bucket, key],
      );
      return result.rows[0]?.created_at ?? null;
    },
    async deleteOlderThan(before: Date): Promise<void> {
      await db.query('delete from throttle_events where created_at < $1', [before]);
    },
  };
}
export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
