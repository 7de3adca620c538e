/** Exact probabilities and RTPs: a fraction of two bigints, never rounded until shown. */
export interface Ratio {
  numerator: bigint;
  denominator: bigint;
}

export function ratio(numerator: bigint, denominator: bigint): Ratio {
  if (denominator <= 0n) throw new Error('ratio: denominator must be positive');
  return { numerator, denominator };
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
