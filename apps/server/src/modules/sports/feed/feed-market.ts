import type { FancyQuoteResult } from '@khel/sports-sim';
import type { MarketCommand } from '../routing/index.js';
import type { SportsService } from '../sports-service.js';

/** One house offer on an exchange market, with its runner's database id. */
export interface HouseOffer {
  runnerId: string;
  side: 'back' | 'lay';
  priceHundredths: number;
  sizePaise: number;
}

/** A demo-feed action on one market, in database ids (the feed runner maps its own ids first). */
export type FeedMarketAction =
  /** quoteId: made by the feed per quote; a re-run of the same quote (its owner died unanswered) changes nothing. */
  | { type: 'exchangeQuote'; status: 'open' | 'suspended'; offers: HouseOffer[]; quoteId: string }
  | {
      type: 'bookmakerQuote';
      status: 'open' | 'suspended';
      reason: string | null;
      runners: { runnerId: string; backRateHundredths: number | null; layRateHundredths: number | null }[];
    }
  | { type: 'fancyQuote'; quote: FancyQuoteResult }
  | { type: 'settle'; result: { winnerId: string } | { runs: number } | { void: string } }
  /** betDelaySeconds: a real feed's in-play delay (Betfair's betDelay) for this market; absent keeps the market's own. */
  | { type: 'inPlay'; betDelaySeconds?: number };

export interface FeedMarketPayload {
  marketId: string;
  action: FeedMarketAction;
}

const DECIDED = ['settled', 'voided', 'closed'];

/**
 * The demo feed's actions on a market (PRODUCT.md §1), run by the market's owner like any other
 * command (decision 0034, addendum): the feed drives its matches on one process (its own lease in
 * feed_state) and sends each market action here, so quotes and status changes reach the one writer
 * of the market instead of rebuilding it elsewhere. Each reads the market as it is now and does what
 * the feed would: every call is the operator's service call with no actor (not audited).
 */
export function createFeedMarketCommands(deps: { sports: SportsService }) {
  const { sports } = deps;

  async function apply(marketId: string, action: FeedMarketAction): Promise<void> {
    const market = await sports.repository.market(marketId);
    if (market === null || market.status === 'settled' || market.status === 'voided') return;
    switch (action.type) {
      case 'exchangeQuote': {
        if (market.status === 'closed') return;
        if (market.status !== action.status)
          await sports.updateMarket(
            null,
            marketId,
            { status: action.status, suspendReason: action.status === 'suspended' ? 'SUSPENDED' : null },
            null,
          );
        if (action.status === 'open') await sports.quoteHouse(marketId, action.offers, action.quoteId);
        return;
      }
      case 'bookmakerQuote': {
        if (DECIDED.includes(market.status)) return;
        await sports.setBookmakerRates(null, marketId, action.runners, null);
        if (market.status !== action.status)
          await sports.updateMarket(null, marketId, { status: action.status, suspendReason: action.reason }, null);
        return;
      }
      case 'fancyQuote': {
        if (DECIDED.includes(market.status)) return;
        const { quote } = action;
        if (quote.status === 'open') {
          await sports.setFancyLine(
            null,
            marketId,
            {
              noLineRuns: quote.noLineRuns,
              noRateHundredths: quote.noRateHundredths,
              yesLineRuns: quote.yesLineRuns,
              yesRateHundredths: quote.yesRateHundredths,
            },
            null,
          );
          if (market.status !== 'open') await sports.updateMarket(null, marketId, { status: 'open' }, null);
        } else if (market.status !== 'suspended') {
          await sports.updateMarket(
            null,
            marketId,
            { status: 'suspended', suspendReason: quote.status === 'suspended' ? quote.reason : 'CLOSED' },
            null,
          );
        }
        return;
      }
      case 'settle': {
        const { result } = action;
        if ('void' in result) await sports.voidMarket(null, marketId, result.void, null);
        else await sports.settle(null, marketId, result, null);
        return;
      }
      case 'inPlay': {
        if (market.status === 'open' || market.status === 'suspended')
          await sports.updateMarket(null, marketId, { inPlay: true, betDelaySeconds: action.betDelaySeconds }, null);
        return;
      }
    }
  }

  const feedMarket: MarketCommand<FeedMarketPayload, null> = {
    marketOf: ({ marketId }) => marketId,
    async run({ marketId, action }) {
      await apply(marketId, action);
      return { data: null, message: 'Feed action applied' };
    },
  };
  return { 'feed.market': feedMarket };
}
