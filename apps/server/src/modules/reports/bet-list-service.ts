import type { BetListQuery, ReportBet, ReportBetPage, SignInPage } from '@khel/contract';
import { averagePriceHundredths, fromHundredths, paiseToRupees, rupeesToPaise, indiaMidnight } from '@khel/money';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { BetListFilter, BetListLine } from './bet-list-repository.js';
import { createBetListRepository } from './bet-list-repository.js';
import type { ReportScope } from './report-sql.js';

const DAY_MS = 86_400_000;
const OPEN = ['pending', 'unmatched', 'matched'] as const;
const FINISHED = ['settled', 'voided', 'cancelled', 'lapsed'] as const;

function toBet(line: BetListLine): ReportBet {
  const odds = line.price_h ?? line.rate_h;
  // An exchange bet fills at the resting offers' prices (issue 31); the house matches at the bet's own rate.
  const matchedH =
    line.matched_paise === 0
      ? null
      : line.market_type === 'EXCHANGE'
        ? averagePriceHundredths(line.matched_price_sum, line.matched_paise)
        : odds;
  return {
    _id: line.id,
    userId: line.user_id,
    username: line.username,
    sport: line.sport,
    event: line.event,
    marketId: line.market_id,
    market: line.market,
    marketType: line.market_type,
    runner: line.runner,
    side: line.side,
    odds: odds === null ? null : fromHundredths(odds),
    matchedOdds: matchedH === null ? null : fromHundredths(matchedH),
    lineRuns: line.line_runs,
    stake: paiseToRupees(line.stake_paise),
    matched: paiseToRupees(line.matched_paise),
    status: line.status,
    profitLoss: line.profit_loss_paise === null ? null : paiseToRupees(line.profit_loss_paise),
    placedAt: line.created_at.toISOString(),
    settledAt: line.settled_at === null ? null : line.settled_at.toISOString(),
  };
}

/** India days start_date..end_date (inclusive) as [from, to); either end may be open. */
function dayBounds(query: { start_date?: string | undefined; end_date?: string | undefined }): {
  from?: Date;
  to?: Date;
} {
  return {
    ...(query.start_date === undefined ? {} : { from: indiaMidnight(query.start_date) }),
    ...(query.end_date === undefined ? {} : { to: new Date(indiaMidnight(query.end_date).getTime() + DAY_MS) }),
  };
}

const paging = (query: { page: number; pageSize: number }) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

/** The risk manager's bet list and one player's bets and sign-ins, each within the caller's scope. */
export function createBetListService(deps: { db: Queryable }) {
  const repository = createBetListRepository(deps.db);

  async function page(
    scope: ReportScope,
    filter: BetListFilter,
    query: { page: number; pageSize: number },
  ): Promise<ReportBetPage> {
    const { lines, total } = await repository.bets(scope, filter);
    return { items: lines.map(toBet), total, page: query.page, pageSize: query.pageSize };
  }
  /** An account outside the scope answers as if it did not exist: an agent learns nothing of other subtrees. */
  async function assertInScope(scope: ReportScope, userId: string): Promise<void> {
    if (!(await repository.inScope(scope, userId))) throw new AppError('NOT_FOUND', 'No such account');
  }

  return {
    async bets(scope: ReportScope, query: BetListQuery): Promise<ReportBetPage> {
      const filter: BetListFilter = {
        ...dayBounds(query),
        ...paging(query),
        ...(query.player === undefined || query.player === '' ? {} : { player: query.player }),
        ...(query.marketId === undefined ? {} : { marketId: query.marketId }),
        ...(query.minStake === undefined ? {} : { minStakePaise: rupeesToPaise(query.minStake) as number }),
        ...(query.maxStake === undefined ? {} : { maxStakePaise: rupeesToPaise(query.maxStake) as number }),
        ...(query.status === undefined ? {} : { statuses: query.status === 'open' ? OPEN : [query.status] }),
      };
      return page(scope, filter, query);
    },
    async openBets(
      scope: ReportScope,
      userId: string,
      query: { page: number; pageSize: number },
    ): Promise<ReportBetPage> {
      await assertInScope(scope, userId);
      return page(scope, { userId, statuses: OPEN, ...paging(query) }, query);
    },
    async betHistory(
      scope: ReportScope,
      userId: string,
      query: { start_date?: string | undefined; end_date?: string | undefined; page: number; pageSize: number },
    ): Promise<ReportBetPage> {
      await assertInScope(scope, userId);
      return page(scope, { userId, statuses: FINISHED, ...dayBounds(query), ...paging(query) }, query);
    },
    async signIns(scope: ReportScope, userId: string, query: { page: number; pageSize: number }): Promise<SignInPage> {
      await assertInScope(scope, userId);
      const { limit, offset } = paging(query);
      const { lines, total } = await repository.sessions(userId, limit, offset);
      return {
        items: lines.map((line) => ({
          _id: line.id,
          at: line.created_at.toISOString(),
          ip: line.ip,
          userAgent: line.user_agent,
          lastSeenAt: line.last_seen_at.toISOString(),
          endedAt: line.revoked_at === null ? null : line.revoked_at.toISOString(),
          endReason: line.revoke_reason,
          expiresAt: line.expires_at.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
export type BetListService = ReturnType<typeof createBetListService>;
