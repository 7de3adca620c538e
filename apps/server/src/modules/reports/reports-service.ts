import type {
  AgentLanding,
  CasinoPnlGroup,
  CreditUtilisation,
  ExposureReport,
  BackofficeSearch,
  PartyPnl,
  PaymentsDayRow,
  PaymentsReport,
  PlayersReport,
  PnlReport,
  ReportRangeQuery,
  SportsPnlGroup,
} from '@khel/contract';
import { ROLES } from '@khel/contract';
import { paiseToRupees, indiaDate, indiaDateRange } from '@khel/money';
import type { Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { createExposureRepository } from './exposure-repository.js';
import type { ReportScope } from './report-sql.js';
import type { PaymentsLine, PnlLine, PnlTotal } from './reports-repository.js';
import { createReportsRepository } from './reports-repository.js';
import { createPartyPnlRepository } from './party-pnl-repository.js';
import { createSearchRepository } from './search-repository.js';
import { referenceKey } from '../deposits/deposits-service.js';
import type { FiguresPaise } from '../agents/agent-figures.js';
import { indiaWeek } from '../agents/india-week.js';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function range(query: ReportRangeQuery, now: Date): { from: Date; to: Date; fromDay: string; toDay: string } {
  const { from, to } = indiaDateRange(query, now);
  return { from, to, fromDay: indiaDate(from), toDay: indiaDate(new Date(to.getTime() - DAY_MS)) };
}

function pnlReport(fromDay: string, toDay: string, lines: PnlLine[], total: PnlTotal): PnlReport {
  return {
    from: fromDay,
    to: toDay,
    rows: lines.map((line) => ({
      key: line.key,
      label: line.label,
      context: line.context,
      bets: line.bets,
      players: line.players,
      turnover: paiseToRupees(line.turnover_paise),
      housePnl: paiseToRupees(line.house_paise),
    })),
    total: {
      bets: total.bets,
      players: total.players,
      turnover: paiseToRupees(total.turnover_paise),
      housePnl: paiseToRupees(total.house_paise),
    },
  };
}

type Totals = Omit<PaymentsDayRow, 'date'>;
const emptyTotals = (): Totals => ({
  deposits: { approved: { count: 0, amount: 0 }, pending: { count: 0, amount: 0 }, rejected: { count: 0, amount: 0 } },
  withdrawals: {
    approved: { count: 0, amount: 0 },
    pending: { count: 0, amount: 0 },
    rejected: { count: 0, amount: 0 },
  },
});

/** Folds the (day, kind, status) lines into one row per day and the range's total, summing in paise. */
function paymentsReport(fromDay: string, toDay: string, lines: PaymentsLine[]): PaymentsReport {
  const days = new Map<string, Map<string, { count: number; paise: number }>>();
  const total = new Map<string, { count: number; paise: number }>();
  for (const line of lines) {
    const cell = `${line.kind}:${line.status}`;
    let day = days.get(line.day);
    if (day === undefined) days.set(line.day, (day = new Map()));
    day.set(cell, { count: line.count, paise: line.amount_paise });
    const sum = total.get(cell) ?? { count: 0, paise: 0 };
    total.set(cell, { count: sum.count + line.count, paise: sum.paise + line.amount_paise });
  }
  const toTotals = (cells: Map<string, { count: number; paise: number }>): Totals => {
    const totals = emptyTotals();
    for (const [cell, value] of cells) {
      const [kind, status] = cell.split(':') as ['deposit' | 'withdrawal', 'approved' | 'pending' | 'rejected'];
      totals[kind === 'deposit' ? 'deposits' : 'withdrawals'][status] = {
        count: value.count,
        amount: paiseToRupees(value.paise),
      };
    }
    return totals;
  };
  const rows = [...days.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([date, cells]) => ({ date, ...toTotals(cells) }));
  return { from: fromDay, to: toDay, rows, total: toTotals(total) };
}

/** P&L, payments, players and exposure for a scope (decision 0021); the caller's scope is decided in report-scope.ts. */
/** Paise per column into the rupee figures of a party row: sports is the three market types, total adds casino. */
function figures(
  paise: { exchange: number; bookmaker: number; fancy: number; casino: number },
  byProvider: Map<string, number>,
) {
  const sports = paise.exchange + paise.bookmaker + paise.fancy;
  return {
    exchange: paiseToRupees(paise.exchange),
    bookmaker: paiseToRupees(paise.bookmaker),
    fancy: paiseToRupees(paise.fancy),
    sports: paiseToRupees(sports),
    casino: paiseToRupees(paise.casino),
    casinoByProvider: Object.fromEntries([...byProvider].map(([name, value]) => [name, paiseToRupees(value)])),
    total: paiseToRupees(sports + paise.casino),
  };
}

export function createReportsService(deps: {
  db: Queryable;
  clock: Clock;
  credit?: {
    creditUtilisation: (rootId: string | null) => Promise<CreditUtilisation | null>;
    figuresOf: (ids: string[]) => Promise<FiguresPaise[]>;
  };
}) {
  const repository = createReportsRepository(deps.db);
  const exposure = createExposureRepository(deps.db);
  const party = createPartyPnlRepository(deps.db);
  const searching = createSearchRepository(deps.db);
  return {
    /**
     * The one search box (decision 0056), inside the caller's scope: users by username (its start) or
     * mobile (4 digits or more, anywhere in the number), a bet by its id, deposits by their UTR.
     */
    async search(scope: ReportScope, text: string): Promise<BackofficeSearch> {
      const digits = text.replace(/\D/g, '');
      const [users, bets, deposits] = await Promise.all([
        searching.users(scope, text, digits.length >= 4 && /^[\d\s+-]+$/.test(text) ? digits : null),
        UUID.test(text) ? searching.bet(scope, text.toLowerCase()) : Promise.resolve([]),
        searching.depositsByReference(scope, referenceKey(text)),
      ]);
      return {
        users: users.map((row) => ({
          _id: row.id,
          name: row.name,
          username: row.username,
          mobile_no: row.mobile_no,
          role: row.role,
        })),
        bets: bets.map((row) => ({
          _id: row.id,
          userId: row.user_id,
          username: row.username,
          event: row.event,
          market: row.market,
          stake: paiseToRupees(Number(row.stake_paise)),
          status: row.status as BackofficeSearch['bets'][number]['status'],
          placedAt: row.created_at.toISOString(),
        })),
        deposits: deposits.map((row) => ({
          _id: row.id,
          userId: row.user_id,
          username: row.username,
          amount: paiseToRupees(Number(row.amount_paise)),
          txnRef: row.txn_ref,
          status: row.status as BackofficeSearch['deposits'][number]['status'],
          createdAt: row.created_at.toISOString(),
        })),
      };
    },

    /**
     * Party win/loss (decision 0056): the accounts directly below `parentId` (null: the top of the site),
     * each with its subtree's result from the journal. The route has checked the parent is the caller's
     * to see (its own downline for an agent).
     */
    async partyPnl(parentId: string | null, query: ReportRangeQuery): Promise<PartyPnl> {
      const { from, to, fromDay, toDay } = range(query, deps.clock.now());
      const lines = await party.lines(parentId, from, to);
      const zero = { exchange: 0, bookmaker: 0, fancy: 0, casino: 0 };
      const sum = { ...zero };
      const sumByProvider = new Map<string, number>();
      const rows = lines.map((line) => {
        const paise = {
          exchange: Number(line.exchange_paise),
          bookmaker: Number(line.bookmaker_paise),
          fancy: Number(line.fancy_paise),
          casino: Number(line.casino_paise),
        };
        for (const key of Object.keys(zero) as (keyof typeof zero)[]) sum[key] += paise[key];
        const byProvider = new Map(
          Object.entries(line.casino_by_provider ?? {}).map(([name, value]) => [name, Number(value)]),
        );
        for (const [name, value] of byProvider) sumByProvider.set(name, (sumByProvider.get(name) ?? 0) + value);
        return {
          userId: line.user_id,
          username: line.username,
          name: line.name,
          role: line.role,
          hasDownline: line.has_downline,
          ...figures(paise, byProvider),
        };
      });
      const casinoProviders = [...sumByProvider.keys()].sort((a, b) => a.localeCompare(b));
      return { from: fromDay, to: toDay, parentId, rows, total: figures(sum, sumByProvider), casinoProviders };
    },

    /**
     * An agent's landing figures (decision 0065): its own book and its subtree's exposure (the downline
     * figures' own sums), and its downline's play today and this week from the same journal lines as
     * party win/loss, with the book's sign.
     */
    async agentLanding(agentId: string, role: number): Promise<AgentLanding> {
      const [figures] = (await deps.credit?.figuresOf([agentId])) ?? [];
      if (figures === undefined) throw new Error('agentLanding: the figures service is not wired');
      const now = deps.clock.now();
      const today = indiaDate(now);
      const week = indiaWeek(today);
      const bookSide = async (from: Date, to: Date) => {
        const lines = await party.lines(agentId, from, to);
        const paise = lines.reduce(
          (sum, line) =>
            sum +
            Number(line.exchange_paise) +
            Number(line.bookmaker_paise) +
            Number(line.fancy_paise) +
            Number(line.casino_paise),
          0,
        );
        // The book's side; 0 − paise keeps a quiet day at 0, not −0.
        return paiseToRupees(0 - paise);
      };
      const todayRange = range({ start_date: today, end_date: today }, now);
      return {
        kind: role === ROLES.CREDIT_AGENT ? 'credit' : 'cash',
        own: paiseToRupees(figures.ownPaise),
        exposure: paiseToRupees(figures.exposurePaise),
        today: { date: today, pnl: await bookSide(todayRange.from, todayRange.to) },
        week: { from: week.weekStart, to: week.weekEnd, pnl: await bookSide(week.from, week.to) },
      };
    },

    async sportsPnl(scope: ReportScope, query: ReportRangeQuery & { groupBy: SportsPnlGroup }): Promise<PnlReport> {
      const { from, to, fromDay, toDay } = range(query, deps.clock.now());
      const { lines, total } = await repository.sportsPnl(scope, from, to, query.groupBy);
      return pnlReport(fromDay, toDay, lines, total);
    },
    async casinoPnl(scope: ReportScope, query: ReportRangeQuery & { groupBy: CasinoPnlGroup }): Promise<PnlReport> {
      const { from, to, fromDay, toDay } = range(query, deps.clock.now());
      const { lines, total } = await repository.casinoPnl(scope, from, to, query.groupBy);
      return pnlReport(fromDay, toDay, lines, total);
    },
    async payments(scope: ReportScope, query: ReportRangeQuery): Promise<PaymentsReport> {
      const { from, to, fromDay, toDay } = range(query, deps.clock.now());
      return paymentsReport(fromDay, toDay, await repository.payments(scope, from, to));
    },
    async players(scope: ReportScope, query: ReportRangeQuery): Promise<PlayersReport> {
      const { from, to, fromDay, toDay } = range(query, deps.clock.now());
      const { lines, activeInRange, newInRange } = await repository.players(scope, from, to);
      return {
        from: fromDay,
        to: toDay,
        rows: lines.map((line) => ({ date: line.day, activePlayers: line.active, newPlayers: line.new_players })),
        total: { activePlayers: activeInRange, newPlayers: newInRange },
      };
    },
    /**
     * Every open market where the scope holds a position: liability, each runner's result for the
     * scope's players, and the worst runner for the site (the players' best; the first in runner order on a tie).
     */
    async exposure(scope: ReportScope): Promise<ExposureReport> {
      const lines = await exposure.openMarkets(scope);
      let totalPaise = 0;
      const markets = lines.map((line) => {
        totalPaise += line.liability_paise;
        const best = line.runners.reduce<number | null>(
          (max, runner) => (max === null || runner.paise > max ? runner.paise : max),
          null,
        );
        const worstIndex = best === null ? -1 : line.runners.findIndex((runner) => runner.paise === best);
        return {
          marketId: line.market_id,
          market: line.market,
          marketType: line.market_type,
          status: line.status,
          event: line.event,
          sport: line.sport,
          players: line.players,
          liability: paiseToRupees(line.liability_paise),
          worstCase: best === null ? null : paiseToRupees(-best),
          runners: line.runners.map((runner, index) => ({
            runnerId: runner.runnerId,
            name: runner.name,
            playersIfWins: paiseToRupees(runner.paise),
            worst: index === worstIndex,
          })),
        };
      });
      return {
        asOf: deps.clock.now().toISOString(),
        markets,
        totalLiability: paiseToRupees(totalPaise),
        creditUtilisation: (await deps.credit?.creditUtilisation(scope.rootId)) ?? null,
      };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
