import type { Queryable } from '../../db/database.js';

export function createThrottleRepository(db: Queryable) {
  return {
    async record(bucket: string, key: string, at: Date): Promise<string> {
      const result = await db.query<{ id: string }>(
        'insert into throttle_events (bucket, key, created_at) values ($1, $2, $3) returning id::text as id',
        [bucket, key, at],
      );
      return (result.rows[0] as { id: string }).id;
    },
    /** Until the transaction ends, no other transaction counts or records events of this bucket and key. */
    async lock(bucket: string, key: string): Promise<void> {
      await db.query('select pg_advisory_xact_lock(hashtext($1))', [`throttle:${bucket}:${key}`]);
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
    async remove(ids: string[]): Promise<void> {
      await db.query('delete from throttle_events where id = any($1::bigint[])', [ids]);
    },
    async deleteOlderThan(before: Date): Promise<void> {
      await db.query('delete from throttle_events where created_at < $1', [before]);
    },
  };
}
export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
