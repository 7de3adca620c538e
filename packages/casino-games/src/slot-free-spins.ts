/**
 * Free spins triggered by scatters (SPEC.md SLOT-11..SLOT-14). A slot configuration may carry a
 * `freeSpins` feature: k scatters anywhere in the window award `awardsByScatterCount[k]` free spins,
 * played at once on the same reels, lines and paytable from the SAME outcome stream that drew the
 * paid spin (so a round with its feature is one provably fair, verifiable outcome). Scatters in a
 * free spin retrigger: the award is added (capped at `maxSpins` free spins in all) and the free-spin
 * multiplier climbs the ladder `multipliers` (index = retriggers so far, the last step repeats).
 *
 * The theory is exact: a Markov chain over (free spins awarded, retriggers) after each free spin,
 * in bigints with the common denominator cycle^k after k free spins (no sampling, no floats).
 *
 * Its shapes are in slot-types.ts; slot.ts calls it, and it never imports slot.ts.
 */
import type { OutcomeStream } from './provably-fair.js';
import { addRatios, ratio, type Ratio } from './ratio.js';
import type { SlotConfig, SlotFreeSpin, SlotFreeSpinsConfig, SlotFreeSpinsResult, SlotSpin } from './slot-types.js';

export type { SlotFreeSpin, SlotFreeSpinsConfig, SlotFreeSpinsResult } from './slot-types.js';

export const FREE_SPINS_PROBLEMS = [
  'BAD_FREE_SPIN_AWARDS',
  'BAD_FREE_SPIN_MULTIPLIERS',
  'BAD_FREE_SPIN_CAP',
  'FREE_SPINS_WITHOUT_SCATTER',
] as const;
export type FreeSpinsProblem = (typeof FREE_SPINS_PROBLEMS)[number];

/** Largest free-spin multiplier and cap: keeps stake × pay × multiplier × spins far below 2^53. */
export const MAX_FREE_SPIN_MULTIPLIER = 10;
export const MAX_FREE_SPINS = 200;

/** SLOT-11: every problem of the feature, in FREE_SPINS_PROBLEMS order. */
export function validateFreeSpins(config: SlotConfig): FreeSpinsProblem[] {
  const feature = config.freeSpins;
  if (feature === undefined) return [];
  const problems: FreeSpinsProblem[] = [];
  const awards = feature.awardsByScatterCount;
  if (
    !Array.isArray(awards) ||
    awards.length !== config.reels.length + 1 ||
    awards.some((a) => !Number.isSafeInteger(a) || a < 0 || a > MAX_FREE_SPINS) ||
    awards.every((a) => a === 0) ||
    (awards[0] ?? 0) > 0
  ) {
    problems.push('BAD_FREE_SPIN_AWARDS');
  }
  const ladder = feature.multipliers;
  if (
    !Array.isArray(ladder) ||
    ladder.length < 1 ||
    ladder.some((m) => !Number.isSafeInteger(m) || m < 1 || m > MAX_FREE_SPIN_MULTIPLIER)
  )
    problems.push('BAD_FREE_SPIN_MULTIPLIERS');
  if (!Number.isSafeInteger(feature.maxSpins) || feature.maxSpins < 1 || feature.maxSpins > MAX_FREE_SPINS)
    problems.push('BAD_FREE_SPIN_CAP');
  if (!config.symbols.some((s) => s.kind === 'scatter')) problems.push('FREE_SPINS_WITHOUT_SCATTER');
  return problems;
}

/** The award for k scatters (counts above the table's end use its last entry, as the scatter pay does). */
export function freeSpinAward(feature: SlotFreeSpinsConfig, scatters: number): number {
  const awards = feature.awardsByScatterCount;
  return awards[Math.min(scatters, awards.length - 1)] ?? 0;
}

export function freeSpinMultiplier(feature: SlotFreeSpinsConfig, retriggers: number): number {
  const ladder = feature.multipliers;
  return ladder[Math.min(retriggers, ladder.length - 1)] as number;
}

export function countScatters(config: SlotConfig, grid: readonly (readonly string[])[]): number {
  const scatter = config.symbols.find((s) => s.kind === 'scatter')?.id;
  let n = 0;
  for (const column of grid) for (const id of column) if (id === scatter) n += 1;
  return n;
}

/**
 * SLOT-12: plays the feature the paid spin triggered (null when it did not). Each free spin draws
 * one `nextInt(strip length)` per reel, left to right, continuing the round's outcome stream.
 */
export function playFreeSpins(
  config: SlotConfig,
  stream: OutcomeStream,
  paid: SlotSpin,
  evaluate: (config: SlotConfig, stops: readonly number[], stakePaise: number) => SlotSpin,
): SlotFreeSpinsResult | null {
  const feature = config.freeSpins;
  if (feature === undefined) return null;
  const triggerScatters = countScatters(config, paid.grid);
  let awarded = Math.min(freeSpinAward(feature, triggerScatters), feature.maxSpins);
  if (awarded === 0) return null;
  const spins: SlotFreeSpin[] = [];
  let retriggers = 0;
  let payoutPaise = 0;
  for (let played = 0; played < awarded; played += 1) {
    const multiplier = freeSpinMultiplier(feature, retriggers);
    const stops = config.reels.map((strip) => stream.nextInt(strip.length));
    const spin = evaluate(config, stops, paid.stakePaise);
    const scatters = countScatters(config, spin.grid);
    const award = freeSpinAward(feature, scatters);
    let added = 0;
    if (award > 0) {
      retriggers += 1;
      added = Math.min(awarded + award, feature.maxSpins) - awarded;
      awarded += added;
    }
    const pay = spin.totalPayoutPaise * multiplier;
    payoutPaise += pay;
    spins.push({
      stops: spin.stops,
      grid: spin.grid,
      lineWins: spin.lineWins,
      scatterWin: spin.scatterWin,
      scatters,
      multiplier,
      payoutPaise: pay,
      added,
    });
  }
  return { triggerScatters, spinsPlayed: awarded, retriggers, spins, payoutPaise };
}

export interface FreeSpinsTheory {
  /** P(the paid spin triggers the feature). */
  triggerProbability: Ratio;
  /** P(a free spin retriggers). */
  retriggerProbability: Ratio;
  /** Distribution of the free spins one ROUND plays (0 = no feature), index = spins, exact. */
  spinsPerRound: Ratio[];
  /** E[Σ multiplier over the free spins of one round]: what the feature's spins are worth in paid spins. */
  expectedMultipliedSpins: Ratio;
  /** E[free spins per round]. */
  expectedSpins: Ratio;
  /** The feature's return per unit of stake: expectedMultipliedSpins × the RTP of one spin (Wald). */
  featureRtp: Ratio;
}

/**
 * SLOT-13: exact theory of the feature. `scatterCount` is the window's scatter count distribution
 * (slotTheory), `spinRtp` one spin's return per unit of stake (lines and scatters). Free spins use the
 * same reels, so every free spin is an independent copy of a paid spin; the feature's length and
 * multipliers depend only on earlier spins (a stopping time), so by Wald's identity the expected pay
 * is Σ E[multiplier of free spin i, played] × spinRtp. Only the state (awarded, retriggers) matters:
 * the chain runs spin by spin until played = awarded.
 */
export function freeSpinsTheory(
  feature: SlotFreeSpinsConfig,
  scatterCount: readonly Ratio[],
  spinRtp: Ratio,
): FreeSpinsTheory {
  // Integer weights over one common denominator D (the scatter distribution's lcm).
  let denominator = 1n;
  for (const p of scatterCount) denominator = (denominator / gcd(denominator, p.denominator)) * p.denominator;
  const weight = scatterCount.map((p) => (p.numerator * denominator) / p.denominator);
  const awardOf = (k: number) => freeSpinAward(feature, k);
  let trigger = 0n;
  const triggers = new Map<number, bigint>(); // award → weight
  weight.forEach((w, k) => {
    const a = Math.min(awardOf(k), feature.maxSpins);
    if (a > 0 && w > 0n) {
      trigger += w;
      triggers.set(a, (triggers.get(a) ?? 0n) + w);
    }
  });
  const noTrigger = denominator - trigger;

  const lengthWeights = new Map<number, Ratio>();
  let multipliedSpins: Ratio = ratio(0n, 1n);
  // states at step `played`: key `${awarded}:${retriggers}` → weight over denominator^(played + 1)
  let states = new Map<string, { awarded: number; retriggers: number; w: bigint }>();
  for (const [a, w] of triggers) states.set(`${a}:0`, { awarded: a, retriggers: 0, w });
  let scale = denominator; // denominator of the current states' weights
  for (let played = 0; states.size > 0; played += 1) {
    const next = new Map<string, { awarded: number; retriggers: number; w: bigint }>();
    let multipliedNumerator = 0n;
    const add = (awarded: number, retriggersSoFar: number, w: bigint) => {
      // Retriggers past the ladder's last step all pay the same: one state.
      const retriggers = Math.min(retriggersSoFar, feature.multipliers.length - 1);
      const key = `${awarded}:${retriggers}`;
      const entry = next.get(key);
      if (entry === undefined) next.set(key, { awarded, retriggers, w });
      else entry.w += w;
    };
    const ended = new Map<number, bigint>();
    for (const s of states.values()) {
      multipliedNumerator += s.w * BigInt(freeSpinMultiplier(feature, s.retriggers));
      // This spin (number played + 1) is played; then either it retriggers or not.
      const finish = (awarded: number, retriggers: number, w: bigint) => {
        if (awarded === played + 1) ended.set(awarded, (ended.get(awarded) ?? 0n) + w);
        else add(awarded, retriggers, w);
      };
      finish(s.awarded, s.retriggers, s.w * noTrigger);
      weight.forEach((w, k) => {
        const a = awardOf(k);
        if (a > 0 && w > 0n) finish(Math.min(s.awarded + a, feature.maxSpins), s.retriggers + 1, s.w * w);
      });
    }
    multipliedSpins = addRatios(multipliedSpins, ratio(multipliedNumerator, scale));
    scale *= denominator;
    for (const [n, w] of ended) lengthWeights.set(n, addRatios(lengthWeights.get(n) ?? ratio(0n, 1n), ratio(w, scale)));
    states = next;
  }
  const maxLength = Math.max(0, ...lengthWeights.keys());
  const spinsPerRound: Ratio[] = [];
  for (let n = 0; n <= maxLength; n += 1)
    spinsPerRound.push(n === 0 ? ratio(noTrigger, denominator) : (lengthWeights.get(n) ?? ratio(0n, 1n)));
  let expectedSpins = ratio(0n, 1n);
  spinsPerRound.forEach(
    (p, n) => (expectedSpins = addRatios(expectedSpins, ratio(p.numerator * BigInt(n), p.denominator))),
  );
  return {
    triggerProbability: ratio(trigger, denominator),
    retriggerProbability: ratio(trigger, denominator),
    spinsPerRound,
    expectedMultipliedSpins: multipliedSpins,
    expectedSpins,
    featureRtp: ratio(multipliedSpins.numerator * spinRtp.numerator, multipliedSpins.denominator * spinRtp.denominator),
  };
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}
