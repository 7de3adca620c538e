/**
 * The Betfair price ladder of exchange markets (PRODUCT.md §4): 1.01–2 by 0.01, 2–3 by 0.02, 3–4 by
 * 0.05, 4–6 by 0.1, 6–10 by 0.2, 10–20 by 0.5, 20–30 by 1, 30–50 by 2, 50–100 by 5, 100–1000 by 10.
 * 350 prices, held as integers in hundredths so stepping never meets a floating-point remainder.
 */
const BANDS: readonly (readonly [from: number, to: number, step: number])[] = [
  [100, 200, 1],
  [200, 300, 2],
  [300, 400, 5],
  [400, 600, 10],
  [600, 1000, 20],
  [1000, 2000, 50],
  [2000, 3000, 100],
  [3000, 5000, 200],
  [5000, 10000, 500],
  [10000, 100000, 1000],
];

function build(): number[] {
  const prices: number[] = [];
  for (const [from, to, step] of BANDS) for (let price = from + step; price <= to; price += step) prices.push(price);
  return prices;
}

/** Every ladder price in hundredths, lowest (101 = 1.01) first. */
export const LADDER_HUNDREDTHS: readonly number[] = build();
export const MIN_ODDS = 1.01;
export const MAX_ODDS = 1000;

const toH = (odds: number) => Math.round(odds * 100);
const fromH = (hundredths: number) => hundredths / 100;

/** The index of the ladder price at or just below the odds (−1 below 1.01). */
function floorIndex(hundredths: number): number {
  let low = 0;
  let high = LADDER_HUNDREDTHS.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((LADDER_HUNDREDTHS[mid] ?? 0) <= hundredths) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

export function isOnLadder(odds: number): boolean {
  if (!Number.isFinite(odds)) return false;
  const hundredths = odds * 100;
  if (Math.abs(hundredths - Math.round(hundredths)) > 1e-6) return false;
  const index = floorIndex(Math.round(hundredths));
  return index >= 0 && LADDER_HUNDREDTHS[index] === Math.round(hundredths);
}

/** The nearest ladder price (ties go up), clamped to 1.01–1000. */
export function nearestOnLadder(odds: number): number {
  if (!Number.isFinite(odds) || odds <= MIN_ODDS) return MIN_ODDS;
  if (odds >= MAX_ODDS) return MAX_ODDS;
  const hundredths = toH(odds);
  const index = floorIndex(hundredths);
  const below = LADDER_HUNDREDTHS[index] ?? 101;
  const above = LADDER_HUNDREDTHS[index + 1] ?? below;
  return fromH(hundredths - below < above - hundredths ? below : above);
}

/**
 * Moves by whole ladder ticks: +1 is the next higher price, −1 the next lower. A price between two
 * ticks first lands on the tick in the direction of travel. Clamped to the ends of the ladder.
 */
export function stepOdds(odds: number, ticks: number): number {
  const hundredths = Number.isFinite(odds) ? toH(odds) : 101;
  const index = floorIndex(hundredths);
  const exact = index >= 0 && LADDER_HUNDREDTHS[index] === hundredths;
  if (ticks === 0) return exact ? fromH(hundredths) : nearestOnLadder(odds);
  // Off the ladder, the floor is the first step down and the tick above it the first step up.
  const next = exact || ticks > 0 ? index + ticks : index + 1 + ticks;
  return fromH(LADDER_HUNDREDTHS[Math.min(LADDER_HUNDREDTHS.length - 1, Math.max(0, next))] ?? 101);
}
