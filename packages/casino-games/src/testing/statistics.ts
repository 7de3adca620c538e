/**
 * Statistics for the million-round tests (SPEC.md STAT-1..STAT-4). Every check is two-sided at
 * Z = 4.5 standard errors (p ≈ 6.8 × 10⁻⁶ per check for a fair game), and each chi-square test uses
 * the matching upper-tail point: its critical value is the Wilson–Hilferty cube-root normal
 * approximation at z = 4.5 (upper tail p ≈ 3.4 × 10⁻⁶).
 */
export const Z = 4.5;

/** Running sums of one per-round quantity: its mean and the standard error of that mean. */
export class Moments {
  count = 0;
  sum = 0;
  sumOfSquares = 0;

  add(x: number): void {
    this.count += 1;
    this.sum += x;
    this.sumOfSquares += x * x;
  }

  get mean(): number {
    return this.sum / this.count;
  }

  /** Sample variance (n − 1). */
  get variance(): number {
    return (this.sumOfSquares - (this.sum * this.sum) / this.count) / (this.count - 1);
  }

  get standardError(): number {
    return Math.sqrt(this.variance / this.count);
  }
}

export interface MeanCheck {
  name: string;
  measured: number;
  expected: number;
  standardError: number;
  z: number;
  /** The interval expected ± Z standard errors. */
  low: number;
  high: number;
  pass: boolean;
}

/** STAT-1: |measured − expected| < Z × (sample standard deviation / √n). */
export function checkMean(name: string, moments: Moments, expected: number): MeanCheck {
  const se = moments.standardError;
  const z = (moments.mean - expected) / se;
  return {
    name,
    measured: moments.mean,
    expected,
    standardError: se,
    z,
    low: expected - Z * se,
    high: expected + Z * se,
    pass: Math.abs(z) < Z,
  };
}

export interface ChiSquareCheck {
  name: string;
  statistic: number;
  degreesOfFreedom: number;
  critical: number;
  /** The category whose (observed − expected)/√expected is largest in size, for the failure message. */
  worst: { category: string; observed: number; expected: number };
  pass: boolean;
}

/** Upper-tail point of chi-square with df degrees of freedom at the normal deviate z (Wilson–Hilferty). */
export function chiSquareCritical(degreesOfFreedom: number, z: number = Z): number {
  const k = degreesOfFreedom;
  const a = 2 / (9 * k);
  return k * (1 - a + z * Math.sqrt(a)) ** 3;
}

/**
 * STAT-2: Pearson's chi-square of observed counts against category probabilities (summing to 1).
 * Categories expecting fewer than `minExpected` are pooled, in the order given, into one category so
 * the chi-square approximation holds.
 */
export function checkFrequencies(
  name: string,
  categories: ReadonlyArray<{ category: string; probability: number; observed: number }>,
  total: number,
  minExpected = 20,
): ChiSquareCheck {
  const cells: Array<{ category: string; expected: number; observed: number }> = [];
  const pooled = { category: 'pooled rare', expected: 0, observed: 0 };
  for (const c of categories) {
    const expected = c.probability * total;
    if (expected < minExpected) {
      pooled.expected += expected;
      pooled.observed += c.observed;
      pooled.category = pooled.category === 'pooled rare' ? `pooled rare (${c.category}…)` : pooled.category;
    } else {
      cells.push({ category: c.category, expected, observed: c.observed });
    }
  }
  if (pooled.expected >= minExpected || (pooled.expected > 0 && cells.length === 0)) {
    cells.push(pooled);
  } else if (pooled.expected > 0) {
    // Still too rare on its own: fold it into the smallest category.
    const smallest = cells.reduce((a, b) => (b.expected < a.expected ? b : a));
    smallest.expected += pooled.expected;
    smallest.observed += pooled.observed;
    smallest.category += ` + ${pooled.category}`;
  }
  let statistic = 0;
  let worst = { category: '', observed: 0, expected: 0 };
  let worstScore = -1;
  for (const cell of cells) {
    const deviation = cell.observed - cell.expected;
    statistic += (deviation * deviation) / cell.expected;
    const score = Math.abs(deviation) / Math.sqrt(cell.expected);
    if (score > worstScore) {
      worstScore = score;
      worst = cell;
    }
  }
  const degreesOfFreedom = cells.length - 1;
  const critical = chiSquareCritical(degreesOfFreedom);
  return { name, statistic, degreesOfFreedom, critical, worst, pass: statistic < critical };
}

/** `failWord` is "FAIL" for a real check and "DETECTED" for a control that is meant to fail. */
export function describeMean(c: MeanCheck, failWord = 'FAIL'): string {
  return `${c.name}: measured ${c.measured.toFixed(5)}, expected ${c.expected.toFixed(5)}, SE ${c.standardError.toFixed(5)}, z ${c.z.toFixed(2)}, interval [${c.low.toFixed(5)}, ${c.high.toFixed(5)}] ${c.pass ? 'ok' : failWord}`;
}

export function describeChiSquare(c: ChiSquareCheck, failWord = 'FAIL'): string {
  return `${c.name}: χ² ${c.statistic.toFixed(1)} on ${c.degreesOfFreedom} df, critical ${c.critical.toFixed(1)} ${c.pass ? 'ok' : `${failWord} (worst: ${c.worst.category} observed ${c.worst.observed}, expected ${c.worst.expected.toFixed(1)})`}`;
}
