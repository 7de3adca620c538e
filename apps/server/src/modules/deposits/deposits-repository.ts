import type { Queryable } from '../../db/database.js';
import type { RequestRowBase } from '../../db/request-desk-sql.js';
import { requestDeskQueries } from '../../db/request-desk-sql.js';

export interface DepositRow extends RequestRowBase {
  receiving_account_id: string;
  type: 'upi' | 'bank';
  txn_ref: string | null;
  screenshot_media_id: string | null;
  thumbnail_media_id: string | null;
  // joined
  account_number: string;
  account_holder_name: string;
  /** The cash agent whose receiving account was paid (decision 0026); null: the house's account. */
  account_owner_id: string | null;
  account_owner_name: string | null;
  thumbnail_bytes: Buffer | Uint8Array | null;
}

export interface DepositLimitRow {
  period: 'daily' | 'weekly' | 'monthly';
  amount_paise: number | null;
  pending_amount_paise: number | null;
  pending_removal: boolean;
  pending_effective_at: Date | null;
}

const SELECT = `select d.id, d.user_id, d.amount_paise, d.receiving_account_id, d.type, d.txn_ref, d.screenshot_media_id, d.thumbnail_media_id,
    d.status, d.reason, d.first_approved_by, d.first_approved_at, d.decided_by, d.created_at, d.decided_at,
    r.account_number, r.account_holder_name, r.owner_id as account_owner_id, ow.name as account_owner_name,
    t.bytes as thumbnail_bytes,
    u.name as player_name, u.username as player_username, u.mobile_no as player_mobile_no,
    fa.name as first_approved_by_name, db.name as decided_by_name
  from deposit_requests d
  join receiving_accounts r on r.id = d.receiving_account_id
  left join users ow on ow.id = r.owner_id
  join users u on u.id = d.user_id
  left join media t on t.id = d.thumbnail_media_id
  left join users fa on fa.id = d.first_approved_by
  left join users db on db.id = d.decided_by`;

export function createDepositsRepository(db: Queryable) {
  return {
    ...requestDeskQueries<DepositRow>(db, { table: 'deposit_requests', alias: 'd', select: SELECT }),
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
        [
          row.userId,
          row.amountPaise,
          row.receivingAccountId,
          row.type,
          row.txnRef,
          row.txnRefKey,
          row.screenshotMediaId,
          row.thumbnailMediaId,
          row.at,
        ],
      );
      return result.rows[0]?.id ?? null;
    },
    async approvedCount(userId: string): Promise<number> {
      const result = await db.query<{ n: number }>(
        "select count(*)::int as n from deposit_requests where user_id = $1 and status = 'approved'",
        [userId],
      );
      return result.rows[0]?.n ?? 0;
    },
    /** Deposits that count against a limit: pending or approved, since the period began. */
    async sumSince(userId: string, since: Date): Promise<number> {
      const result = await db.query<{ total: number }>(
        `select coalesce(sum(amount_paise), 0)::bigint as total from deposit_requests where user_id = $1 and created_at >= $2 and status in ('pending', 'approved')`,
        [userId, since],
      );
      return result.rows[0]?.total ?? 0;
    },

    /** Approved and pending deposits since the period began, apart (what the player is shown). */
    async totalsSince(userId: string, since: Date): Promise<{ approvedPaise: number; pendingPaise: number }> {
      const result = await db.query<{ approved: number; pending: number }>(
        `select coalesce(sum(amount_paise) filter (where status = 'approved'), 0)::bigint as approved,
                coalesce(sum(amount_paise) filter (where status = 'pending'), 0)::bigint as pending
           from deposit_requests where user_id = $1 and created_at >= $2 and status in ('pending', 'approved')`,
        [userId, since],
      );
      return {
        approvedPaise: Number(result.rows[0]?.approved ?? 0),
        pendingPaise: Number(result.rows[0]?.pending ?? 0),
      };
    },

    async limits(userId: string): Promise<DepositLimitRow[]> {
      const result = await db.query<DepositLimitRow>(
        'select period, amount_paise, pending_amount_paise, pending_removal, pending_effective_at from deposit_limits where user_id = $1',
        [userId],
      );
      return result.rows;
    },
    async saveLimit(userId: string, row: DepositLimitRow, at: Date): Promise<void> {
      await db.query(
        `insert into deposit_limits (user_id, period, amount_paise, pending_amount_paise, pending_removal, pending_effective_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (user_id, period) do update set amount_paise = excluded.amount_paise, pending_amount_paise = excluded.pending_amount_paise,
           pending_removal = excluded.pending_removal, pending_effective_at = excluded.pending_effective_at, updated_at = excluded.updated_at`,
        [
          userId,
          row.period,
          row.amount_paise,
          row.pending_amount_paise,
          row.pending_removal,
          row.pending_effective_at,
          at,
        ],
      );
    },
    /** Serialises one player's deposit requests so two at once cannot both slip under a limit. */
    async lockUser(userId: string): Promise<void> {
      await db.query('select id from users where id = $1 for update', [userId]);
    },
  };
}
export type DepositsRepository = ReturnType<typeof createDepositsRepository>;
