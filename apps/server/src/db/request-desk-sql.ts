import type { Queryable } from './database.js';
import { withinSubtreeSql } from './subtree-sql.js';

/** The columns every money request shares, whatever else its kind joins in (decision 0032). */
export interface RequestRowBase {
  id: string;
  user_id: string;
  amount_paise: number;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  first_approved_by: string | null;
  first_approved_at: Date | null;
  decided_by: string | null;
  created_at: Date;
  decided_at: Date | null;
  // joined: the player and the operators' names
  player_name: string;
  player_username: string;
  player_mobile_no: string;
  first_approved_by_name: string | null;
  decided_by_name: string | null;
}

/** One kind of money request: its table, the alias its SELECT gives it, and that SELECT (with its joins). */
export interface RequestTable {
  table: 'deposit_requests' | 'withdrawal_requests';
  alias: string;
  select: string;
}

/**
 * The request desk's SQL, once for every kind (deposits, withdrawals): find, the player's list, the
 * desk's queue by status (optionally within an agent's subtree), the first approval and the decision.
 * Shared SQL like subtree-sql.ts, so each kind's repository spreads it into its own.
 */
export function requestDeskQueries<Row extends RequestRowBase>(
  db: Queryable,
  { table, alias: a, select }: RequestTable,
) {
  return {
    async find(id: string, forUpdate = false): Promise<Row | null> {
      const result = await db.query<Row>(`${select} where ${a}.id = $1 ${forUpdate ? `for update of ${a}` : ''}`, [id]);
      return result.rows[0] ?? null;
    },
    async listForUser(userId: string, from: Date, to: Date): Promise<Row[]> {
      const result = await db.query<Row>(
        `${select} where ${a}.user_id = $1 and ${a}.created_at >= $2 and ${a}.created_at < $3 order by ${a}.seq desc limit 500`,
        [userId, from, to],
      );
      return result.rows;
    },
    async listByStatus(
      status: string,
      limit: number,
      offset: number,
      within: string | null = null,
    ): Promise<{ rows: Row[]; total: number }> {
      const order = status === 'pending' ? `${a}.seq asc` : `${a}.decided_at desc, ${a}.seq desc`;
      const rows = await db.query<Row>(
        `${select} where ${a}.status = $1${withinSubtreeSql(`${a}.user_id`, 4, within)} order by ${order} limit $2 offset $3`,
        [status, limit, offset, ...(within === null ? [] : [within])],
      );
      const total = await db.query<{ count: number }>(
        `select count(*)::int as count from ${table} where status = $1${withinSubtreeSql('user_id', 2, within)}`,
        within === null ? [status] : [status, within],
      );
      return { rows: rows.rows, total: total.rows[0]?.count ?? 0 };
    },
    async setFirstApproval(id: string, actorId: string, at: Date): Promise<void> {
      await db.query(`update ${table} set first_approved_by = $2, first_approved_at = $3 where id = $1`, [
        id,
        actorId,
        at,
      ]);
    },
    async decide(
      id: string,
      status: 'approved' | 'rejected',
      actorId: string,
      reason: string | null,
      at: Date,
    ): Promise<void> {
      await db.query(
        `update ${table} set status = $2, decided_by = $3, reason = $4, decided_at = $5 where id = $1 and status = 'pending'`,
        [id, status, actorId, reason, at],
      );
    },
  };
}
export type RequestDeskQueries<Row extends RequestRowBase> = ReturnType<typeof requestDeskQueries<Row>>;
