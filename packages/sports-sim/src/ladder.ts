/**
 * The Betfair price ladder in hundredths (PRODUCT.md §4), local to this package because pure
 * packages may import only @khel/money. It mirrors @khel/exchange's ladder (LAD-1); a test checks
 * the 350 prices and the band edges so the two cannot drift apart silently.
 */
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

export const MIN_LADDER_PRICE = 101;
export const MAX_LADDER_PRICE = 100_000;

const PRICES: readonly number[] = (() => {
  const prices: number[] = [];
  for (const [from, to, step] of BANDS) for (let p = from + step; p <= to; p += step) prices.push(p);
  return prices;
})();

export function ladderPrices(): number[] {
  return [...PRICES];
}

/** Index of the first ladder price ≥ price (PRICES.length when above the top). */
function lowerBound(priceHundredths: number): number {
  let low = 0;
  let high = PRICES.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((PRICES[mid] as number) < priceHundredths) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Ladder index of the price at or below `price` (clamped to 1.01), for any real number of hundredths. */
export function ladderIndexAtOrBelow(priceHundredths: number): number {
  if (!(priceHundredths > MIN_LADDER_PRICE)) return 0;
  if (priceHundredths >= MAX_LADDER_PRICE) return PRICES.length - 1;
  const i = lowerBound(priceHundredths);
  return PRICES[i] === priceHundredths ? i : i - 1;
}

/** Ladder index of the price at or above `price` (clamped to 1000). */
export function ladderIndexAtOrAbove(priceHundredths: number): number {
  if (!(priceHundredths > MIN_LADDER_PRICE)) return 0;
  if (priceHundredths >= MAX_LADDER_PRICE) return PRICES.length - 1;
  return lowerBound(priceHundredths);
}

/** Ladder price at an index, or null off the ladder. */
export function ladderPriceAt(index: number): number | null {
  return Number.isInteger(index) && index >= 0 && index < PRICES.length ? (PRICES[index] as number) : null;
}

export function isLadderPrice(priceHundredths: number): boolean {
  return Number.isInteger(priceHundredths) && PRICES[lowerBound(priceHundredths)] === priceHundredths;
}
