import type { Queryable } from '../../db/database.js';

export interface MoneyUserRow {
  id: string;
  name: string;
  username: string;
  role: number;
  upline_id: string | null;
  upline_role: number | null;
  /** Closed to money (PRODUCT.md §9: nothing reaches a suspended or self-excluded account). */
  suspended_at: Date | null;
  self_excluded_until: Date | null;
}

export interface SubtreeTotalsRow {
  id: string;
  name: string;
  username: string;
  role: number;
  credit_ref_paise: number | null;
  balance_paise: number;
  exposure_paise: number;
  own_paise: number;
}

/** The accounts whose balance counts towards an account's figures: players' main wallets and agents' books. */
const COUNTED_KINDS = `('player_main', 'agent_chips', 'agent_credit')`;

/** SQL of agents' chips and credit: accounts, their credit reference, and figures summed over subtrees. */
export function createAgentMoneyRepository(db: Queryable) {
  return {
    /** The account and its direct upline; `lock` takes the account's row lock (one money move at a time). */
    async user(id: string, lock = false): Promise<MoneyUserRow | null> {
      const result = await db.query<MoneyUserRow>(
        `select u.id, u.name, u.username, u.role, u.upline_id, up.role as upline_role, u.suspended_at, u.self_excluded_until
         from users u left join users up on up.id = u.upline_id where u.id = $1 ${lock ? 'for update of u' : ''}`,
        [id],
      );
      const row = result.rows[0];
      return row === undefined
        ? null
        : { ...row, role: Number(row.role), upline_role: row.upline_role === null ? null : Number(row.upline_role) };
    },
    /** Locks (making it first) the account's credit line and answers its credit reference. */
    async lockCreditLine(userId: string): Promise<number> {
      await db.query('insert into credit_lines (user_id) values ($1) on conflict (user_id) do nothing', [userId]);
      const result = await db.query<{ credit_ref_paise: number }>(
        'select credit_ref_paise from credit_lines where user_id = $1 for update',
        [userId],
      );
      return result.rows[0]?.credit_ref_paise ?? 0;
    },
    async addCreditRef(userId: string, deltaPaise: number, at: Date): Promise<void> {
      await db.query(
        'update credit_lines set credit_ref_paise = credit_ref_paise + $2, updated_at = $3 where user_id = $1',
        [userId, deltaPaise, at],
      );
    },
    /** A player's main wallet row, locked, so a settlement reads a balance no one else is changing. */
    async lockMainWallet(userId: string): Promise<{ balance_paise: number; exposure_paise: number } | null> {
      const result = await db.query<{ balance_paise: number; exposure_paise: number }>(
        `select balance_paise, exposure_paise from ledger_accounts where user_id = $1 and kind = 'player_main' for update`,
        [userId],
      );
      return result.rows[0] ?? null;
    },
    /**
     * For each root: its balance and exposure summed over its whole subtree (itself included), its own
     * book (an agent's chips or credit, a player's main wallet) and its credit reference.
     */
    async subtreeTotals(rootIds: string[]): Promise<SubtreeTotalsRow[]> {
      if (rootIds.length === 0) return [];
      const result = await db.query<SubtreeTotalsRow>(
        `with recursive tree(root, id) as (
           select id, id from users where id = any($1::uuid[])
           union all
           select tree.root, child.id from users child join tree on child.upline_id = tree.id
         ),
         sums as (
           select tree.root,
                  coalesce(sum(a.balance_paise), 0)::bigint as balance_paise,
                  coalesce(sum(a.exposure_paise), 0)::bigint as exposure_paise,
                  coalesce(sum(a.balance_paise) filter (where a.user_id = tree.root), 0)::bigint as own_paise
           from tree left join ledger_accounts a on a.user_id = tree.id and a.kind in ${COUNTED_KINDS}
           group by tree.root
         )
         select u.id, u.name, u.username, u.role, cl.credit_ref_paise, s.balance_paise, s.exposure_paise, s.own_paise
         from sums s join users u on u.id = s.root left join credit_lines cl on cl.user_id = u.id`,
        [rootIds],
      );
      return result.rows.map((row) => ({ ...row, role: Number(row.role) }));
    },
    /** A page of an account's direct downline (oldest first) and how many there are. */
    async directDownline(uplineId: string, limit: number, offset: number): Promise<{ ids: string[]; total: number }> {
      const rows = await db.query<{ id: string }>(
        'select id from users where upline_id = $1 order by created_at, id limit $2 offset $3',
        [uplineId, limit, offset],
      );
      const total = await db.query<{ n: number }>('select count(*)::int as n from users where upline_id = $1', [
        uplineId,
      ]);
      return { ids: rows.rows.map((row) => row.id), total: total.rows[0]?.n ?? 0 };
    },
  };
}
export type AgentMoneyRepository = ReturnType<typeof createAgentMoneyRepository>;
