import type { Queryable } from '../../db/database.js';
import type { AgentFigures } from './agent-statement-figures.js';

/** An account of the week's tree, and whether it is at or below the statement's root. */
export interface WeekAccountRow {
  id: string;
  role: number;
  name: string;
  upline_id: string | null;
  in_scope: boolean;
}

/** A week marked settled, with the figures and rates it was settled with (decision 0020). */
export interface SettlementRow {
  agent_id: string;
  settled_by: string;
  settled_at: Date;
  figures: AgentFigures & { partnershipBp: number; commissionBp: number; sessionCommissionBp?: number };
}

/** The week's settled bets and closed casino rounds of the accounts in `$3`, from the house's side. */
const RESULTS_SQL = `select b.user_id, 'sports' as kind, -b.profit_loss_paise::bigint as pnl from bets b
     where b.status = 'settled' and b.settled_at >= $1 and b.settled_at < $2 and b.user_id = any($3::uuid[])
   union all
   select r.user_id, 'casino' as kind, (r.stake_paise - r.payout_paise - r.rolled_back_paise)::bigint as pnl from casino_rounds r
     where r.status <> 'open' and r.settled_at >= $1 and r.settled_at < $2 and r.user_id = any($3::uuid[])`;

/** The agents' weekly statements: the week's accounts and results, summed in the database. */
export function createAgentStatementRepository(db: Queryable) {
  return {
    /**
     * The accounts at and below `rootId` (the whole site when null) with the root's uplines, as the tree
     * stood for the week starting `weekStart` (decision 0066): a move confirmed for a later week leaves
     * the account under its old upline for this one.
     */
    async accountsAround(rootId: string | null, weekStart: string): Promise<WeekAccountRow[]> {
      const weekUsers = `week_users as (select u.id, u.role, u.name, coalesce((select m.from_upline_id from tree_moves m
           where m.user_id = u.id and m.status = 'confirmed' and m.effective_week > $1::date
           order by m.effective_week, m.decided_at limit 1), u.upline_id) as upline_id from users u)`;
      const result = await db.query<WeekAccountRow>(
        rootId === null
          ? `with ${weekUsers} select id, role, name, upline_id, true as in_scope from week_users`
          : `with recursive ${weekUsers},
         up(id) as (select upline_id from week_users where id = $2 and upline_id is not null
           union all select w.upline_id from week_users w join up on w.id = up.id where w.upline_id is not null),
         scope(id) as (select id from week_users where id = $2
           union all select w.id from week_users w join scope on w.upline_id = scope.id)
         select id, role, name, upline_id, id in (select id from scope) as in_scope from week_users
         where id in (select id from scope) or id in (select id from up)`,
        rootId === null ? [weekStart] : [weekStart, rootId],
      );
      return result.rows;
    },
    /**
     * Per player, kind and chain level, the week's P&L and the per-result rounded cumulative share
     * (each level of `levels` a player, its level and that level's partnership in basis points).
     */
    async levelSums(
      from: Date,
      to: Date,
      players: string[],
      levels: { userIds: string[]; levels: number[]; ratesBp: number[] },
    ): Promise<{ user_id: string; level: number; kind: 'sports' | 'casino'; pnl: string; cumulative: string }[]> {
      const result = await db.query<{
        user_id: string;
        level: number;
        kind: 'sports' | 'casino';
        pnl: string;
        cumulative: string;
      }>(
        `with lv as (select * from unnest($4::uuid[], $5::int[], $6::int[]) as t(user_id, level, rate_bp)),
          res as (${RESULTS_SQL})
     select lv.user_id, lv.level, res.kind, sum(res.pnl)::bigint as pnl, sum((res.pnl * lv.rate_bp) / 10000)::bigint as cumulative
     from res join lv on lv.user_id = res.user_id group by lv.user_id, lv.level, res.kind`,
        [from, to, players, levels.userIds, levels.levels, levels.ratesBp],
      );
      return result.rows;
    },
    /** Per player and exchange market settled in the week, the player's net result where it won. */
    async exchangeNets(
      from: Date,
      to: Date,
      players: string[],
    ): Promise<{ user_id: string; commission_bp: number; result: string }[]> {
      const result = await db.query<{ user_id: string; commission_bp: number; result: string }>(
        `select b.user_id, max(m.commission_bp) as commission_bp, sum(b.profit_loss_paise)::bigint as result from bets b join markets m on m.id = b.market_id
     where m.type = 'EXCHANGE' and b.status = 'settled' and b.settled_at >= $1 and b.settled_at < $2 and b.user_id = any($3::uuid[])
     group by b.user_id, b.market_id having sum(b.profit_loss_paise) > 0`,
        [from, to, players],
      );
      return result.rows;
    },

    /**
     * Per player, the week's session turnover (decision 0066): the stake of its fancy and bookmaker bets
     * settled in the week. A voided bet is never `settled`, so it never counts.
     */
    async sessionTurnover(from: Date, to: Date, players: string[]): Promise<{ user_id: string; turnover: string }[]> {
      const result = await db.query<{ user_id: string; turnover: string }>(
        `select b.user_id, sum(b.stake_paise)::bigint as turnover from bets b join markets m on m.id = b.market_id
         where m.type in ('FANCY', 'BOOKMAKER') and b.status = 'settled' and b.settled_at >= $1 and b.settled_at < $2
           and b.user_id = any($3::uuid[])
         group by b.user_id`,
        [from, to, players],
      );
      return result.rows;
    },

    /** The settled marks of the week for those agents, with the figures each was settled with. */
    async settlementsOf(weekStart: string, agentIds: string[]): Promise<SettlementRow[]> {
      if (agentIds.length === 0) return [];
      const result = await db.query<SettlementRow>(
        'select agent_id, settled_by, settled_at, figures from agent_statement_settlements where week_start = $1 and agent_id = any($2::uuid[])',
        [weekStart, agentIds],
      );
      return result.rows;
    },

    /** Marks the week settled with its figures; false when it already was (the first mark stands). */
    async markSettled(row: {
      agentId: string;
      weekStart: string;
      settledBy: string;
      at: Date;
      figures: SettlementRow['figures'];
    }): Promise<boolean> {
      const result = await db.query(
        `insert into agent_statement_settlements (agent_id, week_start, settled_by, settled_at, figures) values ($1, $2, $3, $4, $5)
         on conflict (agent_id, week_start) do nothing returning agent_id`,
        [row.agentId, row.weekStart, row.settledBy, row.at, JSON.stringify(row.figures)],
      );
      return result.rowCount > 0;
    },
  };
}
