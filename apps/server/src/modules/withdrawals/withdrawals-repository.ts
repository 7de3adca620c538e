import type { PaymentAccount } from '@khel/contract';
import type { Queryable } from '../../db/database.js';
import type { RequestRowBase } from '../../db/request-desk-sql.js';
import { requestDeskQueries } from '../../db/request-desk-sql.js';

export interface WithdrawalRow extends RequestRowBase {
  payment_account_id: string;
  account_snapshot: PaymentAccount;
}

const SELECT = `select w.id, w.user_id, w.amount_paise, w.payment_account_id, w.account_snapshot, w.status, w.reason, w.first_approved_by, w.first_approved_at,
    w.decided_by, w.created_at, w.decided_at, u.name as player_name, u.username as player_username, u.mobile_no as player_mobile_no,
    fa.name as first_approved_by_name, db.name as decided_by_name
  from withdrawal_requests w join users u on u.id = w.user_id
  left join users fa on fa.id = w.first_approved_by
  left join users db on db.id = w.decided_by`;

export function createWithdrawalsRepository(db: Queryable) {
  return {
    ...requestDeskQueries<WithdrawalRow>(db, { table: 'withdrawal_requests', alias: 'w', select: SELECT }),
    async insert(row: {
      userId: string;
      amountPaise: number;
      paymentAccountId: string;
      snapshot: PaymentAccount;
      at: Date;
    }): Promise<string> {
      const result = await db.query<{ id: string }>(
        'insert into withdrawal_requests (user_id, amount_paise, payment_account_id, account_snapshot, created_at) values ($1, $2, $3, $4, $5) returning id',
        [row.userId, row.amountPaise, row.paymentAccountId, JSON.stringify(row.snapshot), row.at],
      );
      return (result.rows[0] as { id: string }).id;
    },
  };
}
