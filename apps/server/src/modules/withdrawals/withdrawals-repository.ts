import type { PaymentAccount } from '@khel/contract';
import type { Queryable } from '../../db/database.js';
import { withinSubtreeSql } from '../../db/subtree-sql.js';

export interface WithdrawalRow {
  id: string;
  user_id: string;
  amount_paise: number;
  payment_account_id: string;
  account_snapshot: PaymentAccount;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  first_approved_by: string | null;
  decided_by: string | null;
  created_at: Date;
  decided_at: Date | null;
  player_name: string;
  player_username: string;
  player_mobile_no: string;
  first_approved_by_name: string | null;
  decided_by_name: string | null;
}

const SELECT = `select w.id, w.user_id, w.amount_paise, w.payment_account_id, w.account_snapshot, w.status, w.reason, w.first_approved_by,
    w.decided_by, w.created_at, w.decided_at, u.name as player_name, u.username as player_username, u.mobile_no as player_mobile_no,
    fa.name as first_approved_by_name, db.name as decided_by_name
  from withdrawal_requests w join users u on u.id = w.user_id
  left join users fa on fa.id = w.first_approved_by
  left join users db on db.id = w.decided_by`;

export function createWithdrawalsRepository(db: Queryable) {
  return {
    async insert(row: { userId: string; amountPaise: number; paymentAccountId: string; snapshot: PaymentAccount; at: Date }): Promise<string> {
      const result = await db.query<{ id: string }>(
        'insert into withdrawal_requests (user_id, amount_paise, payment_account_id, account_snapshot, created_at) values ($1, $2, $3, $4, $5) returning id',
        [row.userId, row.amountPaise, row.paymentAccountId, JSON.stringify(row.snapshot), row.at],
      );
      return (result.rows[0] as { id: string }).id;
    },
    async find(id: string, forUpdate = false): Promise<WithdrawalRow | null> {
      const result = await db.query<WithdrawalRow>(`${SELECT} where w.id = $1 ${forUpdate ? 'for update of w' : ''}`, [id]);
      return result.rows[0] ?? null;
    },
    async listForUser(userId: string, from: Date, to: Date): Promise<WithdrawalRow[]> {
      const result = await db.query<WithdrawalRow>(`${SELECT} where w.user_id = $1 and w.created_at >= $2 and w.created_at < $3 order by w.seq desc limit 500`, [userId, from, to]);
      return result.rows;
    },
    async listByStatus(status: string, limit: number, offset: number, within: string | null = null): Promise<{ rows: WithdrawalRow[]; total: number }> {
      const order = status === 'pending' ? 'w.seq asc' : 'w.decided_at desc, w.seq desc';
      const rows = await db.query<WithdrawalRow>(`${SELECT} where w.status = $1${withinSubtreeSql('w.user_id', 4, within)} order by ${order} limit $2 offset $3`, [status, limit, offset, ...(within === null ? [] : [within])]);
      const total = await db.query<{ count: number }>(`select count(*)::int as count from withdrawal_requests where status = $1${withinSubtreeSql('user_id', 2, within)}`, within === null ? [status] : [status, within]);
      return { rows: rows.rows, total: total.rows[0]?.count ?? 0 };
    },
    async setFirstApproval(id: string, actorId: string): Promise<void> {
      await db.query('update withdrawal_requests set first_approved_by = $2 where id = $1', [id, actorId]);
    },
    async decide(id: string, status: 'approved' | 'rejected', actorId: string, reason: string | null, at: Date): Promise<void> {
      await db.query(`update withdrawal_requests set status = $2, decided_by = $3, reason = $4, decided_at = $5 where id = $1 and status = 'pending'`, [
        id,
        status,
        actorId,
        reason,
        at,
      ]);
    },
  };
}
