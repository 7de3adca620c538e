import type { CasinoPnlGroup, SportsPnlGroup } from '@khel/contract';
import type { Queryable } from '../../db/database.js';
import type { ReportScope } from './report-sql.js';
import { SqlParams, indiaDaySql, scopeClause } from './report-sql.js';

export interface PnlLine {
  key: string;
  label: string;
  context: string;
  bets: number;
  players: number;
  turnover_paise: number;
  house_paise: number;
}
export interface PnlTotal {
  bets: number;
  players: number;
  turnover_paise: number;
  house_paise: number;
}
export interface PaymentsLine {
  day: string;
  kind: 'deposit' | 'withdrawal';
  status: 'pending' | 'approved' | 'rejected';
  count: number;
  amount_paise: number;
}
export interface PlayersLine {
  day: string;
  active: number;
  new_players: number;
}

const SPORTS_GROUPS: Record<SportsPnlGroup, { key: string; label: string; context: string }> = {
  sport: { key: 's.id::text', label: 's.name', context: "''" },
  event: { key: 'e.id::text', label: 'e.name', context: "s.name || ' › ' || l.name" },
  market: { key: 'm.id::text', label: 'm.name', context: "s.name || ' › ' || e.name" },
  day: { key: indiaDaySql('b.settled_at'), label: indiaDaySql('b.settled_at'), context: "''" },
};
const CASINO_GROUPS: Record<CasinoPnlGroup, { key: string; label: string; context: string }> = {
  game: { key: 'g.id::text', label: 'g.title', context: 'p.name' },
  provider: { key: 'p.id::text', label: 'p.name', context: "''" },
  day: {
    key: indiaDaySql('coalesce(r.settled_at, r.created_at)'),
    label: indiaDaySql('coalesce(r.settled_at, r.created_at)'),
    context: "''",
  },
};

/**
 * Aggregates for the daily reports, all in SQL (one statement per report, no row reaches the process
 * but the grouped lines). Money sums are cast back to bigint: paise stay exact.
 */
export function createReportsRepository(db: Queryable) {
  return {
    /** Settled bets by the India day they settled, grouped; house = −(players' net result). */
    async sportsPnl(
      scope: ReportScope,
      from: Date,
      to: Date,
      group: SportsPnlGroup,
    ): Promise<{ lines: PnlLine[]; total: PnlTotal }> {
      const params = new SqlParams();
      const where = `b.status = 'settled' and b.settled_at >= ${params.add(from)} and b.settled_at < ${params.add(to)}${scopeClause('b.user_id', scope, params)}`;
      const { key, label, context } = SPORTS_GROUPS[group];
      const result = await db.query<PnlLine & { grouping: number }>(
        `select ${key} as key, min(${label}) as label, min(${context}) as context, count(*)::int as bets, count(distinct b.user_id)::int as players,
           sum(b.matched_paise)::bigint as turnover_paise, (-sum(coalesce(b.profit_loss_paise, 0)))::bigint as house_paise
         from bets b
         join markets m on m.id = b.market_id
         join events e on e.id = b.event_id
         join leagues l on l.id = e.league_id
         join sports s on s.id = l.sport_id
         where ${where}
         group by ${key}
         order by ${group === 'day' ? 'key desc' : 'house_paise desc, label'}`,
        params.values,
      );
      const total = await db.query<PnlTotal>(
        `select count(*)::int as bets, count(distinct b.user_id)::int as players, coalesce(sum(b.matched_paise), 0)::bigint as turnover_paise,
           (-coalesce(sum(b.profit_loss_paise), 0))::bigint as house_paise
         from bets b where ${where}`,
        params.values,
      );
      return { lines: result.rows, total: total.rows[0] as PnlTotal };
    },

    /** Finished casino rounds (credited or rolled back) by the India day they finished; house = stakes − payouts − stakes returned. */
    async casinoPnl(
      scope: ReportScope,
      from: Date,
      to: Date,
      group: CasinoPnlGroup,
    ): Promise<{ lines: PnlLine[]; total: PnlTotal }> {
      const params = new SqlParams();
      const when = 'coalesce(r.settled_at, r.created_at)';
      const where = `r.status <> 'open' and ${when} >= ${params.add(from)} and ${when} < ${params.add(to)}${scopeClause('r.user_id', scope, params)}`;
      const { key, label, context } = CASINO_GROUPS[group];
      const result = await db.query<PnlLine>(
        `select ${key} as key, min(${label}) as label, min(${context}) as context, count(*)::int as bets, count(distinct r.user_id)::int as players,
           sum(r.stake_paise)::bigint as turnover_paise, sum(r.stake_paise - r.payout_paise - r.rolled_back_paise)::bigint as house_paise
         from casino_rounds r
         join casino_games g on g.id = r.game_id
         join casino_providers p on p.id = r.provider_id
         where ${where}
         group by ${key}
         order by ${group === 'day' ? 'key desc' : 'house_paise desc, label'}`,
        params.values,
      );
      const total = await db.query<PnlTotal>(
        `select count(*)::int as bets, count(distinct r.user_id)::int as players, coalesce(sum(r.stake_paise), 0)::bigint as turnover_paise,
           coalesce(sum(r.stake_paise - r.payout_paise - r.rolled_back_paise), 0)::bigint as house_paise
         from casino_rounds r where ${where}`,
        params.values,
      );
      return { lines: result.rows, total: total.rows[0] as PnlTotal };
    },

    /** Deposit and withdrawal requests by the India day they were made and their status now. */
    async payments(scope: ReportScope, from: Date, to: Date): Promise<PaymentsLine[]> {
      const params = new SqlParams();
      const range = (table: string) =>
        `${table}.created_at >= ${params.add(from)} and ${table}.created_at < ${params.add(to)}${scopeClause(`${table}.user_id`, scope, params)}`;
      const select = (table: string, kind: string) =>
        `select ${indiaDaySql(`${table}.created_at`)} as day, '${kind}' as kind, ${table}.status, count(*)::int as count, sum(${table}.amount_paise)::bigint as amount_paise
         from ${table} where ${range(table)} group by 1, 3`;
      const result = await db.query<PaymentsLine>(
        `${select('deposit_requests', 'deposit')} union all ${select('withdrawal_requests', 'withdrawal')} order by day desc`,
        params.values,
      );
      return result.rows;
    },

    /**
     * Per India day: players who placed a bet or played a casino round, and player accounts opened
     * (PLAYER and CREDIT_PLAYER); and the distinct active players over the whole range.
     */
    async players(
      scope: ReportScope,
      from: Date,
      to: Date,
    ): Promise<{ lines: PlayersLine[]; activeInRange: number; newInRange: number }> {
      const params = new SqlParams();
      const fromParam = params.add(from);
      const toParam = params.add(to);
      const activity = `select b.user_id, b.created_at as at from bets b where b.created_at >= ${fromParam} and b.created_at < ${toParam}${scopeClause('b.user_id', scope, params)}
         union all
         select r.user_id, r.created_at from casino_rounds r where r.created_at >= ${fromParam} and r.created_at < ${toParam}${scopeClause('r.user_id', scope, params)}`;
      const joined = `select u.id, u.created_at from users u where u.role in (4, 6) and u.created_at >= ${fromParam} and u.created_at < ${toParam}${scopeClause('u.id', scope, params)}`;
      const result = await db.query<PlayersLine>(
        `with activity as (${activity}), joined as (${joined}),
           active_days as (select ${indiaDaySql('at')} as day, count(distinct user_id)::int as active from activity group by 1),
           new_days as (select ${indiaDaySql('created_at')} as day, count(*)::int as new_players from joined group by 1)
         select coalesce(a.day, n.day) as day, coalesce(a.active, 0) as active, coalesce(n.new_players, 0) as new_players
         from active_days a full join new_days n on n.day = a.day order by 1 desc`,
        params.values,
      );
      const totals = await db.query<{ active: number; new_players: number }>(
        `with activity as (${activity}), joined as (${joined})
         select (select count(distinct user_id)::int from activity) as active, (select count(*)::int from joined) as new_players`,
        params.values,
      );
      const total = totals.rows[0] as { active: number; new_players: number };
      return { lines: result.rows, activeInRange: total.active, newInRange: total.new_players };
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
