import type { Queryable } from '../../db/database.js';

export interface AgentBookRow {
  id: string | number;
  amount_paise: string | number;
  created_at: Date;
  kind: string;
  description: string;
  details: Record<string, unknown>;
  balance_paise: string | number;
  /** The other owned account of the move (a downline account, the upline agent); null: the house's. */
  counterparty_id: string | null;
  counterparty_name: string | null;
}

/** An agent's own book in the journal (decision 0019): its `agent_chips` or `agent_credit` account. */
export function createAgentBookRepository(db: Queryable) {
  return {
    async accountId(agentId: string, kind: 'agent_chips' | 'agent_credit'): Promise<number | null> {
      const result = await db.query<{ id: number }>('select id from ledger_accounts where user_id = $1 and kind = $2', [
        agentId,
        kind,
      ]);
      return result.rows[0]?.id ?? null;
    },

    /** The account of the cash a credit agent settles with its players (decision 0019), when it has settled any. */
    async settlementAccountId(agentId: string): Promise<number | null> {
      const result = await db.query<{ id: number }>(
        "select id from ledger_accounts where kind = 'credit_settlement' and ref = $1 and user_id is null",
        [agentId],
      );
      return result.rows[0]?.id ?? null;
    },

    /** The book's balance from every line before `at`. */
    async balanceBefore(accountId: number, at: Date): Promise<number> {
      const result = await db.query<{ total: string | number }>(
        'select coalesce(sum(amount_paise), 0)::bigint as total from journal_entries where account_id = $1 and created_at < $2',
        [accountId, at],
      );
      return Number(result.rows[0]?.total ?? 0);
    },

    /**
     * The book's lines in [from, to), oldest first, each with the running balance after it and the other
     * owned account of its transaction (the player a deposit credited, the agent chips went to).
     */
    async lines(accountId: number, agentId: string, from: Date, to: Date): Promise<AgentBookRow[]> {
      const result = await db.query<AgentBookRow>(
        `select l.*, other.user_id as counterparty_id, other.name as counterparty_name
           from (
             select e.id, e.transaction_id, e.amount_paise, e.created_at, j.kind, j.description, j.details,
                    sum(e.amount_paise) over (order by e.id) as balance_paise
               from journal_entries e join journal_transactions j on j.id = e.transaction_id
              where e.account_id = $1 and e.created_at < $4
           ) l
           left join lateral (
             select a.user_id, u.name
               from journal_entries o
               join ledger_accounts a on a.id = o.account_id
               join users u on u.id = a.user_id
              where o.transaction_id = l.transaction_id and a.user_id <> $2
              order by o.id
              limit 1
           ) other on true
          where l.created_at >= $3
          order by l.id`,
        [accountId, agentId, from, to],
      );
      return result.rows;
    },
  };
}
