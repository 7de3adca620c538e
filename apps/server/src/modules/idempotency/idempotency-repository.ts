import type { Queryable } from '../../db/database.js';

export interface IdempotencyRow {
  route: string;
  request_hash: string;
  response: unknown;
}

export function createIdempotencyRepository(db: Queryable) {
  return {
    async find(userId: string, key: string): Promise<IdempotencyRow | null> {
      const result = await db.query<IdempotencyRow>('select route, request_hash, response from idempotency_keys where user_id = $1 and key = $2', [userId, key]);
      return result.rows[0] ?? null;
    },
    async insert(userId: string, key: string, route: string, requestHash: string, response: unknown, at: Date): Promise<void> {
      await db.query('insert into idempotency_keys (user_id, key, route, request_hash, response, created_at) values ($1, $2, $3, $4, $5, $6)', [
        userId,
        key,
        route,
        requestHash,
        JSON.stringify(response),
        at,
      ]);
    },
  };
}
