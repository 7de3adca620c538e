import { checkBookmakerBet, checkFancyBet } from '@khel/exchange';
import type { BookmakerQuote, FancyQuote, OddsChangePreference, QuoteAcceptance, StakeLimits } from '@khel/exchange';
import { fail } from '../../../lib/app-error.js';
import { refuseUnlessAccepted } from './placement-limits.js';
import type { BookmakerQuoteJson, FancyQuoteJson, MarketRow } from '../sports-repository.js';

export function bookmakerQuoteOf(market: MarketRow): BookmakerQuote {
  const quote = (market.quote as BookmakerQuoteJson | null) ?? { runners: [] };
  return {
    status: market.status === 'open' ? 'open' : market.status === 'suspended' ? 'suspended' : 'closed',
    runners: quote.runners,
  };
}

export function fancyQuoteOf(market: MarketRow): FancyQuote {
  const quote = (market.quote as FancyQuoteJson | null) ?? {
    noLineRuns: null,
    noRateHundredths: null,
    yesLineRuns: null,
    yesRateHundredths: null,
  };
  return {
    status: market.status === 'open' ? 'open' : market.status === 'suspended' ? 'suspended' : 'closed',
    ...quote,
  };
}

/**
 * Checks a bookmaker or fancy bet against the live quote, the player's odds-change preference and the
 * account's limits (the engine decides the refusal); throws it, or answers the live rate (and fancy
 * line) the bet is taken at.
 */
export function checkQuote(
  market: MarketRow,
  bet: { runnerId: string | null; side: 'back' | 'lay'; oddsH: number; lineRuns: number | null; stakePaise: number },
  limits: StakeLimits,
  preference: OddsChangePreference,
): { rateH: number; lineRuns: number | null } {
  const acceptance: QuoteAcceptance =
    market.type === 'BOOKMAKER'
      ? checkBookmakerBet(
          bookmakerQuoteOf(market),
          { runnerId: bet.runnerId ?? '', side: bet.side, rateHundredths: bet.oddsH, stakePaise: bet.stakePaise },
          limits,
          preference,
        )
      : checkFancyBet(
          fancyQuoteOf(market),
          {
            side: bet.side === 'back' ? 'yes' : 'no',
            lineRuns: bet.lineRuns ?? -1,
            rateHundredths: bet.oddsH,
            stakePaise: bet.stakePaise,
          },
          limits,
          preference,
        );
  if (!acceptance.accepted) {
    refuseUnlessAccepted(acceptance, limits, market.type);
    fail('ODDS_CHANGED');
  }
  return { rateH: acceptance.rateHundredths, lineRuns: acceptance.lineRuns };
}
