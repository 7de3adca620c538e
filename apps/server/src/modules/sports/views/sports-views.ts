import type { BetRow as BetDto, EventSummary, Market, Score } from '@khel/contract';
import { readDepth, readTraded } from '@khel/exchange';
import { averagePriceHundredths, fromHundredths, paiseToRupees } from '@khel/money';
import { remainingPaise } from '../positions/index.js';
import type { MarketBooks } from '../writer/index.js';
import type {
  BetRow,
  BookmakerQuoteJson,
  EventNames,
  EventRow,
  FancyQuoteJson,
  MarketRow,
  RunnerRow,
  SportsRepository,
} from '../sports-repository.js';

export function slugged(id: string, name: string, slug: string) {
  return { _id: id, name, slugName: slug };
}

/** How markets, events and bets read to players and operators: rows in, the contract's views out. */
/**
 * The price a bet got (issue 31): an exchange bet's fills at the resting offers' prices, averaged by
 * stake; a house bet (bookmaker rate, fancy line) is matched whole at what it shows. Null while nothing
 * is matched, and for a cash out's closing bet, which has no price of its own.
 */
function matchedOddsOf(row: BetRow, type: MarketRow['type'], closing: boolean): number | null {
  if (closing || row.matched_paise === 0) return null;
  if (type === 'EXCHANGE') {
    const average = averagePriceHundredths(row.matched_price_sum, row.matched_paise);
    return average === null ? null : fromHundredths(average);
  }
  return type === 'FANCY' ? row.line_runs : fromHundredths(row.rate_h as number);
}

export function createSportsViews(repository: SportsRepository, books: MarketBooks) {
  async function marketView(market: MarketRow, runners: RunnerRow[], committed: boolean): Promise<Market> {
    const mine = runners.filter((runner) => runner.market_id === market.id);
    const book =
      market.type === 'EXCHANGE'
        ? ((committed ? books.committed(market.id) : null) ?? (await books.peek(market)))
        : null;
    const bookmaker = market.type === 'BOOKMAKER' ? (market.quote as BookmakerQuoteJson | null) : null;
    const fancy = market.type === 'FANCY' ? (market.quote as FancyQuoteJson | null) : null;
    return {
      _id: market.id,
      eventId: market.event_id,
      name: market.name,
      marketType: market.type,
      status: market.status,
      inPlay: market.in_play,
      suspendReason: market.suspend_reason,
      version: market.version,
      betDelaySeconds: market.bet_delay_seconds,
      minStake: paiseToRupees(market.min_stake_paise),
      maxStake: paiseToRupees(market.max_stake_paise),
      maxProfit: paiseToRupees(market.max_profit_paise),
      runners: mine.map((runner) => {
        const depth = book === null ? null : readDepth(book, runner.id, 3);
        const traded = book === null ? null : readTraded(book, runner.id);
        const rates = bookmaker?.runners.find((quote) => quote.runnerId === runner.id);
        return {
          _id: runner.id,
          name: runner.name,
          // "Back" shows the lay offers waiting (what a backer can take), best (highest) first.
          back: (depth?.availableToBackPaise ?? []).map((level) => ({
            price: fromHundredths(level.priceHundredths),
            size: paiseToRupees(level.amountPaise),
          })),
          lay: (depth?.availableToLayPaise ?? []).map((level) => ({
            price: fromHundredths(level.priceHundredths),
            size: paiseToRupees(level.amountPaise),
          })),
          backRate: rates?.backRateHundredths == null ? null : fromHundredths(rates.backRateHundredths),
          layRate: rates?.layRateHundredths == null ? null : fromHundredths(rates.layRateHundredths),
          tradedVolume: traded === null ? null : paiseToRupees(traded.tradedPaise),
          lastPriceTraded: traded?.lastPriceHundredths == null ? null : fromHundredths(traded.lastPriceHundredths),
          winner:
            market.status === 'settled' && market.result?.winnerId !== undefined
              ? market.result.winnerId === runner.id
              : null,
        };
      }),
      fancy:
        market.type === 'FANCY'
          ? {
              noLine: fancy?.noLineRuns ?? null,
              noRate: fancy?.noRateHundredths == null ? null : fromHundredths(fancy.noRateHundredths),
              yesLine: fancy?.yesLineRuns ?? null,
              yesRate: fancy?.yesRateHundredths == null ? null : fromHundredths(fancy.yesRateHundredths),
            }
          : null,
      result:
        market.result === null
          ? null
          : (market.result.winnerId ??
            (market.result.runs !== undefined
              ? String(market.result.runs)
              : market.result.void !== undefined
                ? 'void'
                : null)),
    };
  }

  /**
   * known: the markets' runners when the caller read them already. `committed`: right after this
   * process committed a change to the markets (the publish), whose books its writer holds as committed.
   */
  async function marketViews(
    markets: MarketRow[],
    known?: RunnerRow[],
    options: { committed?: boolean } = {},
  ): Promise<Market[]> {
    const runners = known ?? (await repository.runnersOf(markets.map((market) => market.id)));
    return Promise.all(markets.map((market) => marketView(market, runners, options.committed === true)));
  }

  function summaryOf(event: EventRow, markets: Market[]): EventSummary {
    return {
      _id: event.id,
      name: event.name,
      slugName: event.slug,
      sport: slugged(event.sport_id, event.sport_name, event.sport_slug),
      league: slugged(event.league_id, event.league_name, event.league_slug),
      startTime: event.start_time.toISOString(),
      status: event.status,
      inPlay: event.status === 'in_play',
      score: (event.score as Score | null) ?? null,
      mainMarket:
        markets.find(
          (market) => market.marketType === 'EXCHANGE' && market.status !== 'settled' && market.status !== 'voided',
        ) ?? null,
      marketCount: markets.filter((market) => market.status === 'open' || market.status === 'suspended').length,
    };
  }

  /** known: the bets' markets and their runners when the caller read them already. */
  async function betViews(
    rows: BetRow[],
    known?: { markets: MarketRow[]; runners: RunnerRow[]; events?: EventNames[] },
  ): Promise<BetDto[]> {
    if (rows.length === 0) return [];
    const markets = new Map(
      (known?.markets ?? (await repository.marketsByIds([...new Set(rows.map((row) => row.market_id))]))).map(
        (market) => [market.id, market],
      ),
    );
    const runners = known?.runners ?? (await repository.runnersOf([...markets.keys()]));
    // Events a group commit read with its markets are served as read; the others are read here.
    const events = new Map<string, EventNames>((known?.events ?? []).map((event) => [event.id, event]));
    const unknown = [...new Set(rows.map((row) => row.event_id))].filter((id) => !events.has(id));
    for (const event of await repository.eventsByIds(unknown)) events.set(event.id, event);
    return rows.map((row) => {
      const market = markets.get(row.market_id) as MarketRow;
      const event = events.get(row.event_id) as EventNames;
      const runner = runners.find((candidate) => candidate.id === row.runner_id);
      // A cash out's closing bet against the house has no selection or odds of its own (decision 0022).
      const closing = row.closed_by === row.id;
      const fancy = market.type === 'FANCY' && !closing;
      return {
        _id: row.id,
        marketId: row.market_id,
        marketName: market.name,
        selection: closing
          ? 'Cash Out'
          : fancy
            ? `${market.name} ${row.side === 'back' ? 'YES' : 'NO'}`
            : (runner?.name ?? ''),
        selectionId: row.runner_id,
        selectionType: row.side,
        odds: closing
          ? 0
          : fancy
            ? (row.line_runs as number)
            : fromHundredths((market.type === 'EXCHANGE' ? row.price_h : row.rate_h) as number),
        oddsSize: fancy ? fromHundredths(row.rate_h as number) : null,
        matchedOdds: matchedOddsOf(row, market.type, closing),
        stake: paiseToRupees(row.stake_paise),
        matchedStake: paiseToRupees(row.matched_paise),
        unmatchedStake: paiseToRupees(['unmatched', 'pending'].includes(row.status) ? remainingPaise(row) : 0),
        marketType: market.type,
        status: row.status,
        lapseReason: row.lapse_reason,
        profitLoss: row.profit_loss_paise === null ? null : paiseToRupees(row.profit_loss_paise),
        delayUntil: row.status === 'pending' ? (row.delay_until?.toISOString() ?? null) : null,
        wallet: row.wallet,
        createdAt: row.created_at.toISOString(),
        sportId: slugged(event.sport_id, event.sport_name, event.sport_slug),
        leagueId: slugged(event.league_id, event.league_name, event.league_slug),
        eventId: slugged(event.id, event.name, event.slug),
        event: event.name,
        cashOut: row.cash_out,
      };
    });
  }

  return { marketViews, summaryOf, betViews };
}
export type SportsViews = ReturnType<typeof createSportsViews>;
