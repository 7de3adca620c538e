import type { Paise } from './paise.js';

/**
 * Odds and rates are integers in hundredths: decimal odds 1.57 is 157, a bookmaker rate of 45 is 4500.
 * Profit and liability are computed in integer arithmetic from these and whole paise.
 */
export type Hundredths = number;

export function toHundredths(value: number): Hundredths | null {
  if (!Number.isFinite(value)) return null;
  const scaled = value * 100;
  const rounded = Math.round(scaled);
  if (Math.abs(scaled - rounded) > 1e-6) return null;
  return rounded;
}

export function fromHundredths(value: Hundredths): number {
  return value / 100;
}

/**
 * Profit of a winning back bet, (odds − 1) × stake, rounded down to the paisa: a fraction of a paisa
 * is never paid out. Also the liability of a lay at the same odds, rounded up (see layLiabilityPaise).
 */
export function backProfitPaise(oddsHundredths: Hundredths, stakePaise: Paise): Paise {
  return Math.floor(((oddsHundredths - 100) * stakePaise) / 100);
}

/** Liability of a lay bet, (odds − 1) × stake, rounded up to the paisa so the reserve always covers it. */
export function layLiabilityPaise(oddsHundredths: Hundredths, stakePaise: Paise): Paise {
  return Math.ceil(((oddsHundredths - 100) * stakePaise) / 100);
}

/**
 * Percent-style profit used by bookmaker and fancy markets: (rate / 100) × stake. A rate of 45 wins
 * ₹45 per ₹100. Rounded down for a win; use percentLiabilityPaise for the side that pays.
 */
export function percentProfitPaise(rateHundredths: Hundredths, stakePaise: Paise): Paise {
  return Math.floor((rateHundredths * stakePaise) / 10_000);
}

export function percentLiabilityPaise(rateHundredths: Hundredths, stakePaise: Paise): Paise {
  return Math.ceil((rateHundredths * stakePaise) / 10_000);
}

/**
 * The stake-weighted average of several matched prices: Σ(stake × price) over Σ stake, to the nearest
 * hundredth (half up), as Betfair shows an average price matched. Null while nothing is matched.
 * `priceSum` is Σ(stake in paise × price in hundredths); integers only, so the result is exact.
 */
export function averagePriceHundredths(priceSum: number, stakePaise: Paise): Hundredths | null {
  if (stakePaise <= 0) return null;
  return Math.floor((2 * priceSum + stakePaise) / (2 * stakePaise));
}
