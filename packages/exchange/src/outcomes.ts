/**
 * What one bet wins or loses in each outcome, in whole paise. Exposure (the worst case before the
 * result) and settlement (the actual case after it) both read these functions, so the amount
 * reserved for an outcome is exactly the amount that outcome settles for.
 */
import { backProfitPaise, layLiabilityPaise, percentLiabilityPaise, percentProfitPaise } from '@khel/money';
import type { Side } from './book.js';

/** −x without producing −0, which would leak into JSON-free comparisons and deep equality. */
export function negatePaise(paise: number): number {
  return paise === 0 ? 0 : -paise;
}

/** A bet on a runner reduced to its two cases: the runner wins, or it does not. */
export interface RunnerLine {
  runnerId: string;
  ifWinsPaise: number;
  ifLosesPaise: number;
}

/** A matched exchange bet (one fill) from one player's side. */
export interface ExchangeBet {
  runnerId: string;
  side: Side;
  priceHundredths: number;
  stakePaise: number;
}

/**
 * A matched exchange bet's two cases. The backer's winnings are (price − 1) × stake rounded down to
 * the paisa, and the layer pays exactly that amount, not the rounded-up liability, so every fill is
 * zero-sum (SET-2).
 */
export function exchangeBetLine(bet: ExchangeBet): RunnerLine {
  const winningsPaise = backProfitPaise(bet.priceHundredths, bet.stakePaise);
  return bet.side === 'back'
    ? { runnerId: bet.runnerId, ifWinsPaise: winningsPaise, ifLosesPaise: -bet.stakePaise }
    : { runnerId: bet.runnerId, ifWinsPaise: negatePaise(winningsPaise), ifLosesPaise: bet.stakePaise };
}

/** An unmatched exchange offer (its remainder). */
export interface UnmatchedOffer {
  runnerId: string;
  side: Side;
  priceHundredths: number;
  remainingPaise: number;
}

/**
 * What the remainder of an offer would add if it were filled in full. A lay's liability is rounded up
 * here: the remainder may later fill in several pieces at this price, each rounded down, and the sum
 * of rounded-down pieces never exceeds the rounded-up whole, so the reserve always covers it (EXP-3).
 */
export function unmatchedOfferLine(offer: UnmatchedOffer): RunnerLine {
  return offer.side === 'back'
    ? {
        runnerId: offer.runnerId,
        ifWinsPaise: backProfitPaise(offer.priceHundredths, offer.remainingPaise),
        ifLosesPaise: -offer.remainingPaise,
      }
    : {
        runnerId: offer.runnerId,
        ifWinsPaise: negatePaise(layLiabilityPaise(offer.priceHundredths, offer.remainingPaise)),
        ifLosesPaise: offer.remainingPaise,
      };
}

/** A bookmaker bet: percent rate in hundredths (rate 45 → 4500). */
export interface BookmakerBet {
  runnerId: string;
  side: Side;
  rateHundredths: number;
  stakePaise: number;
}

/** The player's win is rounded down and the player's loss rounded up: the house never pays a fraction. */
export function bookmakerBetLine(bet: BookmakerBet): RunnerLine {
  return bet.side === 'back'
    ? {
        runnerId: bet.runnerId,
        ifWinsPaise: percentProfitPaise(bet.rateHundredths, bet.stakePaise),
        ifLosesPaise: -bet.stakePaise,
      }
    : {
        runnerId: bet.runnerId,
        ifWinsPaise: negatePaise(percentLiabilityPaise(bet.rateHundredths, bet.stakePaise)),
        ifLosesPaise: bet.stakePaise,
      };
}

export interface FancyBet {
  side: 'yes' | 'no';
  lineRuns: number;
  rateHundredths: number;
  stakePaise: number;
}

/** What a fancy bet wins when it wins (YES: rate × stake; NO: the stake) and loses when it loses. */
export function fancyBetCases(bet: FancyBet): { winPaise: number; losePaise: number } {
  return bet.side === 'yes'
    ? { winPaise: percentProfitPaise(bet.rateHundredths, bet.stakePaise), losePaise: -bet.stakePaise }
    : { winPaise: bet.stakePaise, losePaise: negatePaise(percentLiabilityPaise(bet.rateHundredths, bet.stakePaise)) };
}

/** YES at L wins when the total is L or more; NO at L wins when it is below L (so between NO and YES lines both lose). */
export function fancyBetWins(bet: FancyBet, totalRuns: number): boolean {
  return bet.side === 'yes' ? totalRuns >= bet.lineRuns : totalRuns < bet.lineRuns;
}

export function fancyBetProfitLossPaise(bet: FancyBet, totalRuns: number): number {
  const cases = fancyBetCases(bet);
  return fancyBetWins(bet, totalRuns) ? cases.winPaise : cases.losePaise;
}
