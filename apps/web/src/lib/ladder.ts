/**
 * The bet slip's view of the Betfair ladder (PRODUCT.md §4): decimal odds as the player types and
 * reads them, over the one ladder in `@khel/money` (integers in hundredths, so stepping never meets a
 * floating-point remainder). What is the slip's own: snapping a typed price to the nearest tick with
 * ties going up, and stepping from an in-between price to the tick in the direction of travel.
 */
import {
  LADDER_SIZE,
  MAX_PRICE_HUNDREDTHS,
  MIN_PRICE_HUNDREDTHS,
  indexToPrice,
  isOnLadder as isLadderPrice,
  ladderPrices,
  nearestLadderPrice,
  priceToIndex,
} from '@khel/money';

/** Every ladder price in hundredths, lowest (101 = 1.01) first. */
export const LADDER_HUNDREDTHS: readonly number[] = ladderPrices();
export const MIN_ODDS = MIN_PRICE_HUNDREDTHS / 100;
export const MAX_ODDS = MAX_PRICE_HUNDREDTHS / 100;

const toH = (odds: number) => Math.round(odds * 100);
const fromH = (hundredths: number) => hundredths / 100;

/** The index of the ladder price at or just below the hundredths (−1 below 1.01). */
function floorIndex(hundredths: number): number {
  return hundredths < MIN_PRICE_HUNDREDTHS ? -1 : priceToIndex(nearestLadderPrice(hundredths, 'down'));
}

export function isOnLadder(odds: number): boolean {
  if (!Number.isFinite(odds)) return false;
  const hundredths = odds * 100;
  return Math.abs(hundredths - Math.round(hundredths)) <= 1e-6 && isLadderPrice(Math.round(hundredths));
}

/** The nearest ladder price (ties go up), clamped to 1.01–1000. */
export function nearestOnLadder(odds: number): number {
  if (!Number.isFinite(odds) || odds <= MIN_ODDS) return MIN_ODDS;
  if (odds >= MAX_ODDS) return MAX_ODDS;
  const hundredths = toH(odds);
  const below = nearestLadderPrice(hundredths, 'down');
  const above = nearestLadderPrice(hundredths, 'up');
  return fromH(hundredths - below < above - hundredths ? below : above);
}

/**
 * Moves by whole ladder ticks: +1 is the next higher price, −1 the next lower. A price between two
 * ticks first lands on the tick in the direction of travel. Clamped to the ends of the ladder.
 */
export function stepOdds(odds: number, ticks: number): number {
  const hundredths = Number.isFinite(odds) ? toH(odds) : MIN_PRICE_HUNDREDTHS;
  const exact = isLadderPrice(hundredths);
  if (ticks === 0) return exact ? fromH(hundredths) : nearestOnLadder(odds);
  const index = floorIndex(hundredths);
  // Off the ladder, the floor is the first step down and the tick above it the first step up.
  const next = exact || ticks > 0 ? index + ticks : index + 1 + ticks;
  return fromH(indexToPrice(Math.min(LADDER_SIZE - 1, Math.max(0, next))) ?? MIN_PRICE_HUNDREDTHS);
}
