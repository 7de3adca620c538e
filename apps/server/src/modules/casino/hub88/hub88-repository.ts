import type { Hub88Answer } from '@khel/contract';
import type { Queryable } from '../../../db/database.js';

/** Hub88's own rows: the answers kept under each request_uuid, and what user/info tells about a player. */
export function createHub88Repository(db: Queryable) {
  return {
    async storedAnswer(requestUuid: string): Promise<Hub88Answer | null> {
      const result = await db.query<{ response: Hub88Answer }>(
        'select response from hub88_requests where request_uuid = $1',
        [requestUuid],
      );
      return result.rows[0]?.response ?? null;
    },
    /** Keeps the answer unless the request_uuid already has one; answers the one kept (this, or the first). */
    async keepAnswer(requestUuid: string, endpoint: string, answer: Hub88Answer, at: Date): Promise<Hub88Answer> {
      const result = await db.query<{ response: Hub88Answer }>(
        `with kept as (
           insert into hub88_requests (request_uuid, endpoint, response, created_at) values ($1, $2, $3::jsonb, $4)
           on conflict (request_uuid) do nothing returning response
         )
         select response from kept
         union all select response from hub88_requests where request_uuid = $1 and not exists (select 1 from kept)`,
        [requestUuid, endpoint, JSON.stringify(answer), at],
      );
      // A racing request with this uuid committed after this statement's snapshot: read it now.
      return result.rows[0]?.response ?? (await this.storedAnswer(requestUuid)) ?? answer;
    },
    async player(userId: string): Promise<{ id: string; mobile_no: string; created_at: Date } | null> {
      const result = await db.query<{ id: string; mobile_no: string; created_at: Date }>(
        'select id, mobile_no, created_at from users where id = $1',
        [userId],
      );
      return result.rows[0] ?? null;
    },
  };
}
