/**
 * STAT-1/STAT-2/STAT-4 for Crash: one million rounds played down a real seed chain (CR-1) with the
 * live crash-point function (CR-3), checked against the exact survival function (CR-4).
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CRASH_CONFIG,
  crashAutoCashOutRtp,
  crashPointHundredths,
  crashSurvival,
  hashServerSeed,
  ratioToNumber,
} from './index.js';
import { Moments, Z, checkFrequencies, checkMean, describeChiSquare, describeMean } from './testing/statistics.js';

const ROUNDS = 1_000_000;
const EDGE = DEFAULT_CRASH_CONFIG.houseEdgeBasisPoints;
const SALT = DEFAULT_CRASH_CONFIG.salt;
const TARGETS = [101, 150, 200, 500, 1_000];
/** Crash-point buckets [from, to) in hundredths. */
const EDGES = [100, 101, 120, 150, 200, 300, 500, 1_000, 2_000, 10_000, 100_000, Number.POSITIVE_INFINITY];

function bucketProbabilities(edge: number): number[] {
  const survive = (m: number) => (Number.isFinite(m) ? ratioToNumber(crashSurvival(edge, m)) : 0);
  return EDGES.slice(0, -1).map((from, i) => survive(from) - survive(EDGES[i + 1] as number));
}

/** Plays the chain from its far end: round k uses seed_k with hash(seed_k) = seed_(k−1). */
function playChain(terminal: string, rounds: number): number[] {
  const seeds = new Array<string>(rounds);
  let seed = terminal;
  for (let k = rounds - 1; k >= 0; k -= 1) {
    seeds[k] = seed;
    seed = hashServerSeed(seed);
  }
  return seeds.map((s) => crashPointHundredths(s, SALT, EDGE));
}

describe('STAT-3 Crash: one million rounds of a seed chain against the exact theory', () => {
  const crashes = playChain(hashServerSeed('khel casino-games statistical test: crash'), ROUNDS);

  it('CR-4 STAT-1/STAT-2 auto cash-out RTPs and the crash-point distribution are within the 4.5 σ intervals', () => {
    const returns = TARGETS.map(() => new Moments());
    const buckets = new Array<number>(EDGES.length - 1).fill(0);
    for (const crash of crashes) {
      TARGETS.forEach((t, i) => (returns[i] as Moments).add(crash >= t ? t / 100 : 0));
      const bucket = EDGES.findIndex((edge, i) => crash >= edge && crash < (EDGES[i + 1] as number));
      buckets[bucket] = (buckets[bucket] as number) + 1;
    }
    const means = TARGETS.map((t, i) =>
      checkMean(
        `auto cash-out ${(t / 100).toFixed(2)}× RTP`,
        returns[i] as Moments,
        ratioToNumber(crashAutoCashOutRtp(EDGE, t)),
      ),
    );
    const probabilities = bucketProbabilities(EDGE);
    const distribution = checkFrequencies(
      'crash point',
      probabilities.map((probability, i) => ({
        category: `[${EDGES[i]}, ${EDGES[i + 1]})`,
        probability,
        observed: buckets[i] as number,
      })),
      ROUNDS,
    );
    console.log(
      [
        `[casino-games] Crash, ${EDGE / 100} % edge: ${ROUNDS.toLocaleString('en-IN')} rounds, z = ${Z}`,
        ...means.map((c) => `  ${describeMean(c)}`),
        `  ${describeChiSquare(distribution)}`,
      ].join('\n'),
    );
    for (const c of means) expect(c.pass, describeMean(c)).toBe(true);
    expect(distribution.pass, describeChiSquare(distribution)).toBe(true);
    // Instant crashes (1.00×): 1 − P(crash ≥ 1.01×) = 1 − 0.97 / 1.01 ≈ 3.96 %, within 4.5 σ.
    const instant = 1 - ratioToNumber(crashSurvival(EDGE, 101));
    expect(Math.abs(crashes.filter((c) => c === 100).length / ROUNDS - instant)).toBeLessThan(
      Z * Math.sqrt((instant * (1 - instant)) / ROUNDS),
    );
  });

  it('STAT-4 controls: the same rounds fail against a 1 % edge, and a 6 % edge game fails against the 3 % theory', () => {
    const twoX = new Moments();
    for (const crash of crashes) twoX.add(crash >= 200 ? 2 : 0);
    const wrongTheory = checkMean('2× RTP vs a 1 % edge', twoX, ratioToNumber(crashAutoCashOutRtp(100, 200)));
    const greedy = new Moments();
    const seeds = 200_000;
    let seed = hashServerSeed('khel casino-games statistical test: crash control');
    for (let k = 0; k < seeds; k += 1) {
      seed = hashServerSeed(seed);
      greedy.add(crashPointHundredths(seed, SALT, 600) >= 200 ? 2 : 0);
    }
    const greedyCheck = checkMean(
      '2× RTP of a 6 % edge game vs the 3 % theory',
      greedy,
      ratioToNumber(crashAutoCashOutRtp(EDGE, 200)),
    );
    console.log(
      `  control: ${describeMean(wrongTheory, 'fails as it must')}\n  control: ${describeMean(greedyCheck, 'fails as it must')}`,
    );
    expect(wrongTheory.pass).toBe(false);
    expect(greedyCheck.pass).toBe(false);
  });
});
