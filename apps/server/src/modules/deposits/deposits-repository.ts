import type { Queryable } from '../../db/database.js';
import { withinSubtreeSql } from '../../db/subtree-sql.js';

export interface DepositRow {
  id: string;
  user_id: string;
  amount_paise: number;
  receiving_account_id: string;
  type: 'upi' | 'bank';
  txn_ref: string | null;
  screenshot_media_id: string | null;
  thumbnail_media_id: string | null;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  first_approved_by: string | null;
  decided_by: string | null;
  created_at: Date;
  decided_at: Date | null;
  // joined
  account_number: string;
  account_holder_name: string;
  thumbnail_bytes: Buffer | Uint8Array | null;
  player_name: string;
  player_username: string;
  player_mobile_no: string;
  first_approved_by_name: string | null;
  decided_by_name: string | null;
}

export interface DepositLimitRow {
  period: 'daily' | 'weekly' | 'monthly';
  amount_paise: number | null;
  pending_amount_paise: number | null;
  pending_removal: boolean;
  pending_effective_at: Date | null;
}

const SELECT = `select d.id, d.user_id, d.amount_paise, d.receiving_account_id, d.type, d.txn_ref, d.screenshot_media_id, d.thumbnail_media_id,
    d.status, d.reason, d.first_approved_by, d.decided_by, d.created_at, d.decided_at,
    r.account_number, r.account_holder_name, t.bytes as thumbnail_bytes,
    u.name as player_name, u.username as player_username, u.mobile_no as player_mobile_no,
    fa.name as first_approved_by_name, db.name as decided_by_name
  from deposit_requests d
  join receiving_accounts r on r.id = d.receiving_account_id
  join users u on u.id = d.user_id
  left join media t on t.id = d.thumbnail_media_id
  left join users fa on fa.id = d.first_approved_by
  left join users db on db.id = d.decided_by`;

export function createDepositsRepository(db: Queryable) {
  return {
    /** null when the reference id was used before (the unique key decides races too). */
    async insert(row: {
      userId: string;
      amountPaise: number;
      receivingAccountId: string;
      type: 'upi' | 'bank';
      txnRef: string | null;
      txnRefKey: string | null;
      screenshotMediaId: string | null;
      thumbnailMediaId: string | null;
      at: Date;
    }): Promise<string | null> {
      const result = await db.query<{ id: string }>(
        `insert into deposit_requests (user_id, amount_paise, receiving_account_id, type, txn_ref, txn_ref_key, screenshot_media_id, thumbnail_media_id, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (txn_ref_key) do nothing returning id`,
        [row.userId, row.amountPaise, row.receivingAccountId, row.type, row.txnRef, row.txnRefKey, row.screenshotMediaId, row.thumbnailMediaId, row.at],
      );
      return result.rows[0]?.id ?? null;
    },
    async find(id: string, forUpdate = false): Promise<DepositRow | null> {
      const result = await db.query<DepositRow>(`${SELECT} where d.id = $1 ${forUpdate ? 'for update of d' : ''}`, [id]);
      return result.rows[0] ?? null;
    },
    async listForUser(userId: string, from: Date, to: Date): Promise<DepositRow[]> {
      const result = await db.query<DepositRow>(`${SELECT} where d.user_id = $1 and d.created_at >= $2 and d.created_at < $3 order by d.seq desc limit 500`, [userId, from, to]);
      return result.rows;
    },
    async listByStatus(status: string, limit: number, offset: number, within: string | null = null): Promise<{ rows: DepositRow[]; total: number }> {
      const order = status === 'pending' ? 'd.seq asc' : 'd.decided_at desc, d.seq desc';
      const rows = await db.query<DepositRow>(`${SELECT} where d.status = $1${withinSubtreeSql('d.user_id', 4, within)} order by ${order} limit $2 offset $3`, [status, limit, offset, ...(within === null ? [] : [within])]);
      const total = await db.query<{ count: number }>(`select count(*)::int as count from deposit_requests where status = $1${withinSubtreeSql('user_id', 2, within)}`, within === null ? [status] : [status, within]);
      return { rows: rows.rows, total: total.rows[0]?.count ?? 0 };
    },
    async setFirstApproval(id: string, actorId: string): Promise<void> {
      await db.query('update deposit_requests set first_approved_by = $2 where id = $1', [id, actorId]);
    },
    async approvedCount(userId: string): Promise<number> {
      const result = await db.query<{ n: number }>("select count(*)::int as n from deposit_requests where user_id = $1 and status = 'approved'", [userId]);
      return result.rows[0]?.n ?? 0;
    },
    async decide(id: string, status: 'approved' | 'rejected', actorId: string, reason: string | null, at: Date): Promise<void> {
      await db.query('update deposit_requests set status = $2, decided_by = $3, reason = $4, decided_at = $5 where id = $1 and status = $6', [id, status, actorId, reason, at, 'pending']);
    },
    /** Deposits that count against a limit: pending or approved, since the period began. */
    async sumSince(userId: string, since: Date): Promise<number> {
      const result = await db.query<{ total: number }>(
        `select coalesce(sum(amount_paise), 0)::bigint as total from deposit_requests where user_id = $1 and created_at >= $2 and status in ('pending', 'approved')`,
        [userId, since],
      );
      return result.rows[0]?.total ?? 0;
    },

    async limits(userId: string): Promise<DepositLimitRow[]> {
      const result = await db.query<DepositLimitRow>('select period, amount_paise, pending_amount_paise, pending_removal, pending_effective_at from deposit_limits where user_id = $1', [userId]);
      return result.rows;
    },
    async saveLimit(userId: string, row: DepositLimitRow, at: Date): Promise<void> {
      await db.query(
        `insert into deposit_limits (user_id, period, amount_paise, pending_amount_paise, pending_removal, pending_effective_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (user_id, period) do update set amount_paise = excluded.amount_paise, pending_amount_paise = excluded.pending_amount_paise,
           pending_removal = excluded.pending_removal, pending_effective_at = excluded.pending_effective_at, updated_at = excluded.updated_at`,
        [userId, row.period, row.amount_paise, row.pending_amount_paise, row.pending_removal, row.pending_effective_at, at],
      );
    },
    /** Serialises one player's deposit requests so two at once cannot both slip under a limit. */
    async lockUser(userId: string): Promise<void> {
      await db.query('select id from users where id = $1 for update', [userId]);
    },
  };
}
export type DepositsRepository = ReturnType<typeof createDepositsRepository>;
