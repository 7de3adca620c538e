import type { Queryable } from '../../db/database.js';
import type { ApprovalKind } from '@khel/contract';

export interface WaitingRow {
  kind: ApprovalKind;
  id: string;
  amount_paise: number;
  requested_by_name: string;
  created_at: Date;
}

/**
 * What a second approver sees beside a request (issue 24): a read across the desks' queues, like the
 * reports' (decision 0021), never a write. Each queue keeps its own table; this only lists what waits.
 */
export function createApprovalContextRepository(db: Queryable) {
  return {
    /**
     * The operator's name and what they moved alone for the account on that India day
     * (operator_solo_totals, migration 0007); null when there is no such operator.
     */
    async soloTotal(
      operatorId: string,
      userId: string,
      indiaDate: string,
    ): Promise<{ name: string; amountPaise: number } | null> {
      const result = await db.query<{ name: string; amount_paise: string | number }>(
        `select o.name, coalesce(t.amount_paise, 0) as amount_paise
           from users o
           left join operator_solo_totals t on t.operator_id = o.id and t.user_id = $2 and t.india_date = $3
          where o.id = $1`,
        [operatorId, userId, indiaDate],
      );
      const row = result.rows[0];
      return row === undefined ? null : { name: row.name, amountPaise: Number(row.amount_paise) };
    },

    async nameOf(userId: string): Promise<string> {
      const result = await db.query<{ name: string }>('select name from users where id = $1', [userId]);
      return result.rows[0]?.name ?? '';
    },

    /** Every request still waiting for the account, in every queue, oldest first. */
    async waitingFor(userId: string): Promise<WaitingRow[]> {
      const result = await db.query<WaitingRow>(
        `select 'adjustment' as kind, a.id, a.amount_paise, q.name as requested_by_name, a.created_at
           from adjustments a join users q on q.id = a.requested_by where a.user_id = $1 and a.status = 'pending'
         union all
         select 'deposit', d.id, d.amount_paise, q.name, d.created_at
           from deposit_requests d join users q on q.id = d.user_id where d.user_id = $1 and d.status = 'pending'
         union all
         select 'withdrawal', w.id, -w.amount_paise, q.name, w.created_at
           from withdrawal_requests w join users q on q.id = w.user_id where w.user_id = $1 and w.status = 'pending'
         union all
         select 'houseMoney', h.id, case when h.action = 'take' then -h.amount_paise else h.amount_paise end, q.name,
           h.created_at
           from house_money_requests h join users q on q.id = h.requested_by
           where h.target_id = $1 and h.status = 'pending'
         union all
         select 'bonusGrant', g.id, g.amount_paise, q.name, g.created_at
           from bonus_grants g join users q on q.id = g.requested_by where g.user_id = $1 and g.status = 'pending'
         order by created_at, id`,
        [userId],
      );
      return result.rows.map((row) => ({ ...row, amount_paise: Number(row.amount_paise) }));
    },
  };
}
