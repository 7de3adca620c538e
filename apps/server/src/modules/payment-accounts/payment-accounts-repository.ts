import type { Queryable } from '../../db/database.js';

export interface AccountRow {
  id: string;
  type: 'upi' | 'bank';
  account_number: string;
  account_holder_name: string;
  ifsc_code: string | null;
  bank_name: string | null;
  account_type: 'savings' | 'current' | null;
}

export interface ReceivingAccountRow extends AccountRow {
  active: boolean;
}

export interface AccountFields {
  type: 'upi' | 'bank';
  accountNumber: string;
  accountHolderName: string;
  ifscCode: string | null;
  bankName: string | null;
  accountType: 'savings' | 'current' | null;
}

const COLUMNS = 'id, type, account_number, account_holder_name, ifsc_code, bank_name, account_type';

export function createPaymentAccountsRepository(db: Queryable) {
  return {
    async listForUser(userId: string): Promise<AccountRow[]> {
      const result = await db.query<AccountRow>(`select ${COLUMNS} from payment_accounts where user_id = $1 order by created_at, id`, [userId]);
      return result.rows;
    },
    async findForUser(userId: string, id: string): Promise<AccountRow | null> {
      const result = await db.query<AccountRow>(`select ${COLUMNS} from payment_accounts where user_id = $1 and id = $2`, [userId, id]);
      return result.rows[0] ?? null;
    },
    /** null when the player already saved this account number. */
    async insert(userId: string, fields: AccountFields): Promise<AccountRow | null> {
      const result = await db.query<AccountRow>(
        `insert into payment_accounts (user_id, type, account_number, account_holder_name, ifsc_code, bank_name, account_type)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing returning ${COLUMNS}`,
        [userId, fields.type, fields.accountNumber, fields.accountHolderName, fields.ifscCode, fields.bankName, fields.accountType],
      );
      return result.rows[0] ?? null;
    },
    async update(userId: string, id: string, fields: AccountFields, at: Date): Promise<AccountRow | null> {
      const result = await db.query<AccountRow>(
        `update payment_accounts set type = $3, account_number = $4, account_holder_name = $5, ifsc_code = $6, bank_name = $7, account_type = $8, updated_at = $9
         where user_id = $1 and id = $2 returning ${COLUMNS}`,
        [userId, id, fields.type, fields.accountNumber, fields.accountHolderName, fields.ifscCode, fields.bankName, fields.accountType, at],
      );
      return result.rows[0] ?? null;
    },

    async receivingAccounts(onlyActive: boolean): Promise<ReceivingAccountRow[]> {
      const result = await db.query<ReceivingAccountRow>(
        `select ${COLUMNS}, active from receiving_accounts ${onlyActive ? 'where active' : ''} order by type desc, created_at, id`,
      );
      return result.rows;
    },
    async receivingAccount(id: string): Promise<ReceivingAccountRow | null> {
      const result = await db.query<ReceivingAccountRow>(`select ${COLUMNS}, active from receiving_accounts where id = $1`, [id]);
      return result.rows[0] ?? null;
    },
    async insertReceivingAccount(fields: AccountFields): Promise<ReceivingAccountRow> {
      const result = await db.query<ReceivingAccountRow>(
        `insert into receiving_accounts (type, account_number, account_holder_name, ifsc_code, bank_name, account_type)
         values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}, active`,
        [fields.type, fields.accountNumber, fields.accountHolderName, fields.ifscCode, fields.bankName, fields.accountType],
      );
      return result.rows[0] as ReceivingAccountRow;
    },
    async setReceivingAccountActive(id: string, active: boolean): Promise<ReceivingAccountRow | null> {
      const result = await db.query<ReceivingAccountRow>(`update receiving_accounts set active = $2 where id = $1 returning ${COLUMNS}, active`, [id, active]);
      return result.rows[0] ?? null;
    },
  };
}
export type PaymentAccountsRepository = ReturnType<typeof createPaymentAccountsRepository>;
