/**
 * The Betfair price ladder in hundredths (decimal odds 1.57 is 157), PRODUCT.md §4 and LAD-1 of the
 * exchange's SPEC. Exactly 350 prices; every exchange offer must sit on one of them, which lets the
 * exchange's book keep a fixed array of 350 levels. Written once here, for the engine, the simulator,
 * the server and both apps.
 */

/** [from, to, step] in hundredths: prices are from+step, from+2·step, …, to (from itself belongs to the band below). */
const BANDS: readonly (readonly [number, number, number])[] = [
  [100, 200, 1],
  [200, 300, 2],
  [300, 400, 5],
  [400, 600, 10],
  [600, 1000, 20],
  [1000, 2000, 50],
  [2000, 3000, 100],
  [3000, 5000, 200],
  [5000, 10_000, 500],
  [10_000, 100_000, 1000],
];

export const LADDER_SIZE = 350;
export const MIN_PRICE_HUNDREDTHS = 101;
export const MAX_PRICE_HUNDREDTHS = 100_000;

function buildLadder(): Int32Array {
  const prices: number[] = [];
  for (const [from, to, step] of BANDS) {
    for (let price = from + step; price <= to; price += step) prices.push(price);
  }
  if (prices.length !== LADDER_SIZE) throw new Error(`ladder has ${prices.length} prices, expected ${LADDER_SIZE}`);
  return Int32Array.from(prices);
}

const PRICES = buildLadder();

/** price → index, −1 off the ladder. A flat table makes the hot path one array read. */
const INDEX_BY_PRICE = (() => {
  const table = new Int16Array(MAX_PRICE_HUNDREDTHS + 1).fill(-1);
  PRICES.forEach((price, index) => {
    table[price] = index;
  });
  return table;
})();

/** Every ladder price, lowest first. A copy, so callers cannot corrupt the engine's table. */
export function ladderPrices(): number[] {
  return Array.from(PRICES);
}

export function isOnLadder(priceHundredths: number): boolean {
  return priceToIndex(priceHundredths) >= 0;
}

/** Index 0..349 of a ladder price, or −1 when the price is not on the ladder (or not an integer). */
export function priceToIndex(priceHundredths: number): number {
  if (!Number.isInteger(priceHundredths) || priceHundredths < 0 || priceHundredths > MAX_PRICE_HUNDREDTHS) return -1;
  return INDEX_BY_PRICE[priceHundredths] ?? -1;
}

/** Price at a ladder index, or null outside 0..349. */
export function indexToPrice(index: number): number | null {
  if (!Number.isInteger(index) || index < 0 || index >= LADDER_SIZE) return null;
  return PRICES[index] ?? null;
}

/** The ladder price n ticks above (n < 0: below); null when the start is off the ladder or the move leaves it. */
export function tickPrice(priceHundredths: number, ticks: number): number | null {
  const index = priceToIndex(priceHundredths);
  if (index < 0 || !Number.isInteger(ticks)) return null;
  return indexToPrice(index + ticks);
}

export function tickUp(priceHundredths: number, ticks = 1): number | null {
  return tickPrice(priceHundredths, ticks);
}

export function tickDown(priceHundredths: number, ticks = 1): number | null {
  return tickPrice(priceHundredths, -ticks);
}

/** Ticks between two ladder prices (to − from), or null when either is off the ladder. */
export function ticksBetween(fromHundredths: number, toHundredths: number): number | null {
  const from = priceToIndex(fromHundredths);
  const to = priceToIndex(toHundredths);
  return from < 0 || to < 0 ? null : to - from;
}

export type Rounding = 'nearest' | 'down' | 'up';

/**
 * The ladder price closest to any positive amount of hundredths, clamped to 1.01..1000. 'nearest'
 * breaks a tie towards the lower price (the smaller risk for a layer, and what a backer typing an
 * in-between price on Betfair is offered); 'down' and 'up' round towards that side.
 */
export function nearestLadderPrice(priceHundredths: number, rounding: Rounding = 'nearest'): number {
  if (Number.isNaN(priceHundredths) || priceHundredths <= MIN_PRICE_HUNDREDTHS) return MIN_PRICE_HUNDREDTHS;
  if (priceHundredths >= MAX_PRICE_HUNDREDTHS) return MAX_PRICE_HUNDREDTHS;
  // Binary search for the first ladder price ≥ the request.
  let low = 0;
  let high = LADDER_SIZE - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((PRICES[mid] as number) < priceHundredths) low = mid + 1;
    else high = mid;
  }
  const above = PRICES[low] as number;
  if (above === priceHundredths) return above;
  const below = PRICES[low - 1] as number;
  if (rounding === 'down') return below;
  if (rounding === 'up') return above;
  return priceHundredths - below <= above - priceHundredths ? below : above;
}
