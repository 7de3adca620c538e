import type { Queryable } from '../../db/database.js';
import type { ReportScope } from './report-sql.js';
import { SqlParams, scopeClause } from './report-sql.js';

/** Most rows of each kind one search answers: it finds, it does not list. */
export const SEARCH_LIMIT = 10;

export interface SearchUserRow {
  id: string;
  name: string;
  username: string;
  mobile_no: string;
  role: number;
}
export interface SearchBetRow {
  id: string;
  user_id: string;
  username: string;
  event: string;
  market: string;
  stake_paise: number;
  status: string;
  created_at: Date;
}
export interface SearchDepositRow {
  id: string;
  user_id: string;
  username: string;
  amount_paise: number;
  txn_ref: string;
  status: string;
  created_at: Date;
}

/** The back office's one search box (decision 0056), each kind inside the caller's scope. */
export function createSearchRepository(db: Queryable) {
  return {
    /** Usernames starting with the text, or mobile numbers containing its digits (at least 4). */
    async users(scope: ReportScope, text: string, digits: string | null): Promise<SearchUserRow[]> {
      const params = new SqlParams();
      const name = params.add(text.toLowerCase());
      const mobile = digits === null ? 'false' : `strpos(u.mobile_no, ${params.add(digits)}) > 0`;
      const result = await db.query<SearchUserRow>(
        `select u.id, u.name, u.username, u.mobile_no, u.role from users u
         where (starts_with(lower(u.username), ${name}) or ${mobile})${scopeClause('u.id', scope, params)}
         order by u.username limit ${SEARCH_LIMIT}`,
        params.values,
      );
      return result.rows;
    },
    async bet(scope: ReportScope, betId: string): Promise<SearchBetRow[]> {
      const params = new SqlParams();
      const id = params.add(betId);
      const result = await db.query<SearchBetRow>(
        `select b.id, b.user_id, u.username, e.name as event, m.name as market, b.stake_paise, b.status, b.created_at
         from bets b join users u on u.id = b.user_id join markets m on m.id = b.market_id join events e on e.id = b.event_id
         where b.id = ${id}::uuid${scopeClause('b.user_id', scope, params)}`,
        params.values,
      );
      return result.rows;
    },
    /** Deposits by their reference id (UTR), normalised as it was stored. */
    async depositsByReference(scope: ReportScope, key: string): Promise<SearchDepositRow[]> {
      const params = new SqlParams();
      const ref = params.add(key);
      const result = await db.query<SearchDepositRow>(
        `select d.id, d.user_id, u.username, d.amount_paise, d.txn_ref, d.status, d.created_at
         from deposit_requests d join users u on u.id = d.user_id
         where d.txn_ref_key = ${ref}${scopeClause('d.user_id', scope, params)}
         order by d.seq desc limit ${SEARCH_LIMIT}`,
        params.values,
      );
      return result.rows;
    },
  };
}
