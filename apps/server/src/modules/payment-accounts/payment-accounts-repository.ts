import { ROLES } from '@khel/contract';
import type { Queryable } from '../../db/database.js';
import { withinSubtreeSql } from '../../db/subtree-sql.js';

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
  /** The cash agent whose account it is; null for the site's own (decision 0026). */
  owner_id: string | null;
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
const RECEIVING_COLUMNS = `${COLUMNS}, active, owner_id`;

export function createPaymentAccountsRepository(db: Queryable) {
  return {
    async listForUser(userId: string): Promise<AccountRow[]> {
      const result = await db.query<AccountRow>(
        `select ${COLUMNS} from payment_accounts where user_id = $1 order by created_at, id`,
        [userId],
      );
      return result.rows;
    },
    async findForUser(userId: string, id: string): Promise<AccountRow | null> {
      const result = await db.query<AccountRow>(
        `select ${COLUMNS} from payment_accounts where user_id = $1 and id = $2`,
        [userId, id],
      );
      return result.rows[0] ?? null;
    },
    /** null when the player already saved this account number. */
    async insert(userId: string, fields: AccountFields): Promise<AccountRow | null> {
      const result = await db.query<AccountRow>(
        `insert into payment_accounts (user_id, type, account_number, account_holder_name, ifsc_code, bank_name, account_type)
         values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing returning ${COLUMNS}`,
        [
          userId,
          fields.type,
          fields.accountNumber,
          fields.accountHolderName,
          fields.ifscCode,
          fields.bankName,
          fields.accountType,
        ],
      );
      return result.rows[0] ?? null;
    },
    async update(userId: string, id: string, fields: AccountFields, at: Date): Promise<AccountRow | null> {
      const result = await db.query<AccountRow>(
        `update payment_accounts set type = $3, account_number = $4, account_holder_name = $5, ifsc_code = $6, bank_name = $7, account_type = $8, updated_at = $9
         where user_id = $1 and id = $2 returning ${COLUMNS}`,
        [
          userId,
          id,
          fields.type,
          fields.accountNumber,
          fields.accountHolderName,
          fields.ifscCode,
          fields.bankName,
          fields.accountType,
          at,
        ],
      );
      return result.rows[0] ?? null;
    },

    /** The receiving accounts of one owner: the site's own when `ownerId` is null, else a cash agent's. */
    async receivingAccounts(onlyActive: boolean, ownerId: string | null = null): Promise<ReceivingAccountRow[]> {
      const result = await db.query<ReceivingAccountRow>(
        `select ${RECEIVING_COLUMNS} from receiving_accounts where owner_id is not distinct from $1 ${onlyActive ? 'and active' : ''} order by type desc, created_at, id`,
        [ownerId],
      );
      return result.rows;
    },
    async receivingAccount(id: string): Promise<ReceivingAccountRow | null> {
      const result = await db.query<ReceivingAccountRow>(
        `select ${RECEIVING_COLUMNS} from receiving_accounts where id = $1`,
        [id],
      );
      return result.rows[0] ?? null;
    },
    async insertReceivingAccount(fields: AccountFields, ownerId: string | null = null): Promise<ReceivingAccountRow> {
      const result = await db.query<ReceivingAccountRow>(
        `insert into receiving_accounts (type, account_number, account_holder_name, ifsc_code, bank_name, account_type, owner_id)
         values ($1, $2, $3, $4, $5, $6, $7) returning ${RECEIVING_COLUMNS}`,
        [
          fields.type,
          fields.accountNumber,
          fields.accountHolderName,
          fields.ifscCode,
          fields.bankName,
          fields.accountType,
          ownerId,
        ],
      );
      return result.rows[0] as ReceivingAccountRow;
    },
    async setReceivingAccountActive(id: string, active: boolean): Promise<ReceivingAccountRow | null> {
      const result = await db.query<ReceivingAccountRow>(
        `update receiving_accounts set active = $2 where id = $1 returning ${RECEIVING_COLUMNS}`,
        [id, active],
      );
      return result.rows[0] ?? null;
    },
    /**
     * The nearest cash agent above `userId` with at least one active receiving account (decision 0026),
     * or null: the player then pays into the site's accounts.
     */
    async nearestAgentWithAccounts(userId: string): Promise<string | null> {
      const result = await db.query<{ id: string }>(
        `with recursive chain(id, upline_id, depth) as (
           select u.id, u.upline_id, 0 from users u where u.id = (select upline_id from users where id = $1)
           union all
           select u.id, u.upline_id, chain.depth + 1 from users u join chain on u.id = chain.upline_id where chain.depth < 16
         ) select chain.id from chain join users u on u.id = chain.id
           where u.role = $2 and exists (select 1 from receiving_accounts r where r.owner_id = chain.id and r.active)
           order by chain.depth limit 1`,
        [userId, ROLES.AGENT],
      );
      return result.rows[0]?.id ?? null;
    },
    /** Cash agents' receiving accounts at and below `rootId` (every agent's when null), with the owner's name. */
    async agentReceivingAccounts(rootId: string | null): Promise<(ReceivingAccountRow & { owner_name: string })[]> {
      const result = await db.query<ReceivingAccountRow & { owner_name: string }>(
        `select r.id, r.type, r.account_number, r.account_holder_name, r.ifsc_code, r.bank_name, r.account_type, r.active, r.owner_id, u.name as owner_name
         from receiving_accounts r join users u on u.id = r.owner_id
         where true ${withinSubtreeSql('r.owner_id', 1, rootId)} order by u.name, r.type desc, r.created_at, r.id`,
        rootId === null ? [] : [rootId],
      );
      return result.rows;
    },
  };
}
export type PaymentAccountsRepository = ReturnType<typeof createPaymentAccountsRepository>;
