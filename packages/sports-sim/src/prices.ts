/**
 * Fair prices and the house's quotes around them (PRICE-*, QUOTE-*). Probabilities are floats
 * inside the model; everything that leaves this file is an integer with a known scale: decimal odds
 * and rates in hundredths, sizes in paise.
 */
import {
  indexToPrice,
  MAX_PRICE_HUNDREDTHS as MAX_LADDER_PRICE,
  MIN_PRICE_HUNDREDTHS as MIN_LADDER_PRICE,
  nearestLadderPrice,
  priceToIndex,
} from '@khel/money';

/** Ladder index of the price at or below (or above) any real number of hundredths, clamped to the ladder. */
const ladderIndexAtOrBelow = (priceHundredths: number) => priceToIndex(nearestLadderPrice(priceHundredths, 'down'));
const ladderIndexAtOrAbove = (priceHundredths: number) => priceToIndex(nearestLadderPrice(priceHundredths, 'up'));
const ladderPriceAt = indexToPrice;
import type { Rng } from './rng.js';

/** PRICE-2: fair decimal odds 1/p in hundredths, rounded, clamped to the ladder's 1.01–1000. */
export function fairOddsHundredths(probability: number): number {
  if (!(probability > 0)) return MAX_LADDER_PRICE;
  return Math.min(MAX_LADDER_PRICE, Math.max(MIN_LADDER_PRICE, Math.round(100 / probability)));
}

/** PRICE-3: scale non-negative weights to probabilities summing to 1 (an even split if all are 0). */
export function normalise(weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + Math.max(0, b), 0);
  if (!(total > 0)) return weights.map(() => 1 / weights.length);
  return weights.map((w) => Math.max(0, w) / total);
}

export interface LadderLevel {
  priceHundredths: number;
  /** The backer's stake available at this price (MAT-3 counts both sides in the backer's stake). */
  sizePaise: number;
}

/**
 * One runner's exchange liquidity from the house. `availableToBack` are prices a player can back at
 * (the house places LAY offers there), best (highest) first; `availableToLay` are prices a player
 * can lay at (the house places BACK offers), best (lowest) first.
 */
export interface ExchangeRunnerQuote {
  fairProbability: number;
  fairOddsHundredths: number;
  availableToBack: LadderLevel[];
  availableToLay: LadderLevel[];
}

export interface ExchangeQuoteConfig {
  /** Ladder ticks between the best back and the best lay price, at least 1. */
  spreadTicks: number;
  /** Levels per side (the product publishes three). */
  levels: number;
  /** Size at the best price for short odds, in paise; deeper levels hold more (depthMultipliers). */
  baseSizePaise: number;
  depthMultipliers: readonly number[];
  /** Random size variation, ± this fraction, so the book looks alive. */
  sizeJitter: number;
  /** Sizes are whole multiples of this (₹10 by default). */
  sizeStepPaise: number;
}

export const DEFAULT_EXCHANGE_QUOTE: ExchangeQuoteConfig = {
  spreadTicks: 2,
  levels: 3,
  baseSizePaise: 2_500_000,
  depthMultipliers: [1, 1.8, 3],
  sizeJitter: 0.35,
  sizeStepPaise: 1000,
};

function levelSize(config: ExchangeQuoteConfig, level: number, liabilityScale: number, rng: Rng): number {
  const depth = config.depthMultipliers[level] ?? config.depthMultipliers.at(-1) ?? 1;
  const jitter = 1 + config.sizeJitter * (2 * rng.nextFloat() - 1);
  const raw = config.baseSizePaise * depth * jitter * liabilityScale;
  return Math.max(config.sizeStepPaise, Math.round(raw / config.sizeStepPaise) * config.sizeStepPaise);
}

/**
 * QUOTE-1: house back/lay offers on the Betfair ladder around the fair price 1/p. The fair price
 * lies between the best back and the best lay (best back ≤ fair ≤ best lay, best back < best lay),
 * `spreadTicks` apart, split evenly round it; further levels step one tick away. Levels that would
 * leave the ladder are left out. Prices a player backs at are at most fair, so over all runners
 * Σ 1/back ≥ 1 and Σ 1/lay ≤ 1: the house never offers an arbitrage.
 */
export function exchangeQuote(
  probability: number,
  rng: Rng,
  config: ExchangeQuoteConfig = DEFAULT_EXCHANGE_QUOTE,
): ExchangeRunnerQuote {
  const spread = Math.max(1, Math.floor(config.spreadTicks));
  const fairReal = probability > 0 ? 100 / probability : MAX_LADDER_PRICE;
  // Below 1.01 no back price can be at or under the fair price: lo = −1 leaves the back side empty.
  const lo = fairReal < MIN_LADDER_PRICE ? -1 : ladderIndexAtOrBelow(fairReal);
  const hi = ladderIndexAtOrAbove(fairReal);
  const rest = Math.max(0, spread - (hi - lo));
  const below = Math.floor(rest / 2);
  const backIndex = lo - below;
  const layIndex = hi + (rest - below);
  // At the ends of the ladder levels fall off (ladderPriceAt gives null); the other side stays.
  const availableToBack: LadderLevel[] = [];
  const availableToLay: LadderLevel[] = [];
  for (let level = 0; level < config.levels; level++) {
    const back = ladderPriceAt(backIndex - level);
    if (back !== null) {
      // The house lays here and risks (price − 1) × size: hold the liability, not the stake, steady.
      const scale = Math.min(1, 1 / Math.max(0.05, (back - 100) / 100));
      availableToBack.push({ priceHundredths: back, sizePaise: levelSize(config, level, scale, rng) });
    }
    const lay = ladderPriceAt(layIndex + level);
    if (lay !== null) availableToLay.push({ priceHundredths: lay, sizePaise: levelSize(config, level, 1, rng) });
  }
  return {
    fairProbability: probability,
    fairOddsHundredths: fairOddsHundredths(probability),
    availableToBack,
    availableToLay,
  };
}

/** A house offer to place through the exchange, in the engine's terms (side is the house's side). */
export interface HouseOffer {
  side: 'back' | 'lay';
  priceHundredths: number;
  stakePaise: number;
}

/** QUOTE-2: the offers the house places to publish a quote (a back on the screen is a house lay). */
export function houseOffers(quote: ExchangeRunnerQuote): HouseOffer[] {
  return [
    ...quote.availableToBack.map((l) => ({
      side: 'lay' as const,
      priceHundredths: l.priceHundredths,
      stakePaise: l.sizePaise,
    })),
    ...quote.availableToLay.map((l) => ({
      side: 'back' as const,
      priceHundredths: l.priceHundredths,
      stakePaise: l.sizePaise,
    })),
  ];
}

export interface BookmakerRates {
  /** Indian-style rate in hundredths: 45 (win ₹45 per ₹100 backed) is 4500; null = side not offered. */
  backRateHundredths: number | null;
  layRateHundredths: number | null;
}

export interface BookmakerConfig {
  /** Probability shaded onto each side: back at p + margin, lay at p − margin. */
  marginProbability: number;
  /** Rates above this (in display units) are not offered: an outsider's side is suspended. */
  maxRate: number;
}

export const DEFAULT_BOOKMAKER: BookmakerConfig = { marginProbability: 0.004, maxRate: 1900 };

/**
 * QUOTE-3: bookmaker rates, Indian style, whole numbers. Fair rate = (1/p − 1) × 100. The back rate
 * is that of p + margin rounded down, the lay rate that of p − margin rounded up, so
 * back < fair < lay. A side whose rate would be below 1 or above `maxRate` is not offered.
 */
export function bookmakerRates(probability: number, config: BookmakerConfig = DEFAULT_BOOKMAKER): BookmakerRates {
  const rate = (p: number): number => (1 / p - 1) * 100;
  const backProbability = probability + config.marginProbability;
  const layProbability = probability - config.marginProbability;
  const back = backProbability < 1 ? Math.floor(rate(backProbability) + 1e-9) : 0;
  const lay = layProbability > 0 ? Math.ceil(rate(layProbability) - 1e-9) : Number.POSITIVE_INFINITY;
  const offered = (r: number): boolean => r >= 1 && r <= config.maxRate;
  if (lay <= back) throw new Error(`bookmaker margin ${config.marginProbability} leaves no spread`);
  return {
    backRateHundredths: offered(back) ? back * 100 : null,
    layRateHundredths: offered(lay) ? lay * 100 : null,
  };
}
