/** Exact probabilities and RTPs: a fraction of two bigints, never rounded until shown. */
export interface Ratio {
  numerator: bigint;
  denominator: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** A fraction in lowest terms. */
export function ratio(numerator: bigint, denominator: bigint): Ratio {
  if (denominator <= 0n) throw new Error('ratio: denominator must be positive');
  const g = gcd(numerator, denominator);
  return g > 1n ? { numerator: numerator / g, denominator: denominator / g } : { numerator, denominator };
}

/** A float for display and for statistical tests; exact maths stays in bigints. */
export function ratioToNumber(r: Ratio): number {
  // Scale first so large numerators and denominators keep 15 significant digits.
  const scale = 10n ** 18n;
  return Number((r.numerator * scale) / r.denominator) / 1e18;
}

export function addRatios(a: Ratio, b: Ratio): Ratio {
  return ratio(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
}

export function ratiosEqual(a: Ratio, b: Ratio): boolean {
  return a.numerator * b.denominator === b.numerator * a.denominator;
}
