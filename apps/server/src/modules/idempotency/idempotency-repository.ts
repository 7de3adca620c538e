import type { Queryable } from '../../db/database.js';

export interface IdempotencyRow {
  route: string;
  request_hash: string;
  response: unknown;
}

/** A stored answer as a group commit hands many of them to insertMany. */
export interface IdempotencyInsert {
  userId: string;
  key: string;
  route: string;
  requestHash: string;
  response: unknown;
  at: Date;
}

const INSERT_MANY = {
  name: 'idempotency_insert_many',
  text: `insert into idempotency_keys (user_id, key, route, request_hash, response, created_at)
         select r."userId", r.key, r.route, r."requestHash", r.response, r.at
         from jsonb_to_recordset($1::jsonb) as r("userId" uuid, key text, route text, "requestHash" text, response jsonb, at timestamptz)
         on conflict (user_id, key) do nothing returning user_id, key`,
};

/**
 * The answers as a CTE of a caller's statement (the market writer's one-statement commit, decision
 * 0039), parameters from $first on, inserted only when `when` holds. A plain insert: a key stored
 * before (a retry) or by a racing request raises, the whole statement is undone, and the caller's
 * transaction path (insertMany) then finds which command it was.
 */
export function idempotencyInsertStatement(
  rows: readonly IdempotencyInsert[],
  first: number,
  when: string,
): { sql: string; params: unknown[] } {
  return {
    sql: `idempotency_stored as (insert into idempotency_keys (user_id, key, route, request_hash, response, created_at)
         select r."userId", r.key, r.route, r."requestHash", r.response, r.at
         from jsonb_to_recordset($${first}::jsonb) as r("userId" uuid, key text, route text, "requestHash" text, response jsonb, at timestamptz)
         where ${when} returning 1)`,
    params: [JSON.stringify(rows)],
  };
}

export function createIdempotencyRepository(db: Queryable) {
  return {
    /** Many answers in one statement; answers the (user, key) pairs that were stored (a pair already there is not). */
    async insertMany(rows: readonly IdempotencyInsert[]): Promise<Set<string>> {
      if (rows.length === 0) return new Set();
      const result = await db.query<{ user_id: string; key: string }>(
        INSERT_MANY.text,
        [JSON.stringify(rows)],
        INSERT_MANY.name,
      );
      return new Set(result.rows.map((row) => `${row.user_id}:${row.key}`));
    },
    async find(userId: string, key: string): Promise<IdempotencyRow | null> {
      const result = await db.query<IdempotencyRow>(
        'select route, request_hash, response from idempotency_keys where user_id = $1 and key = $2',
        [userId, key],
      );
      return result.rows[0] ?? null;
    },
    async insert(
      userId: string,
      key: string,
      route: string,
      requestHash: string,
      response: unknown,
      at: Date,
    ): Promise<void> {
      await db.query(
        'insert into idempotency_keys (user_id, key, route, request_hash, response, created_at) values ($1, $2, $3, $4, $5, $6)',
        [userId, key, route, requestHash, JSON.stringify(response), at],
      );
    },
  };
}
