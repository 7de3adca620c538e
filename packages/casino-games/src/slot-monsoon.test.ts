/**
 * SLOT-10, SLOT-13, SLOT-14: Monsoon Gems, the free-spin slot: the exact theory pinned, then a million
 * seeded rounds (each with the free spins it triggered) against it, and a perturbed reel that must fail.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SLOT_CONFIG,
  MONSOON_GEMS_CONFIG,
  hashServerSeed,
  ratioToNumber,
  slotTheory,
  spinSlot,
  validateSlotConfig,
  type SlotConfig,
} from './index.js';
import { Moments, Z, checkFrequencies, checkMean, describeChiSquare, describeMean } from './testing/statistics.js';

const theory = slotTheory(MONSOON_GEMS_CONFIG);
const feature = theory.feature as NonNullable<typeof theory.feature>;
/** ₹1 a line on 10 lines. */
const STAKE_PAISE = 10_00;
const ROUNDS = 1_000_000;
const CONTROL_ROUNDS = 200_000;
const SERVER_SEED = hashServerSeed('khel casino-games statistical test: monsoon gems');

/** One free-spin-count category per value with any probability (0, 8, 12, 16, …). */
function spinCategories(observed: Map<number, number>) {
  return feature.spinsPerRound
    .map((p, n) => ({ category: `${n} free spins`, probability: ratioToNumber(p), observed: observed.get(n) ?? 0 }))
    .filter((c) => c.probability > 0);
}

function play(config: SlotConfig, rounds: number, clientSeed: string) {
  const returns = new Moments();
  const freeSpins = new Map<number, number>();
  const scatterCounts = new Array<number>(theory.scatterCountProbabilities.length).fill(0);
  let multiplierOnRetrigger = 0;
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    const spin = spinSlot(config, { serverSeed: SERVER_SEED, clientSeed, nonce }, STAKE_PAISE);
    returns.add(spin.totalPayoutPaise / STAKE_PAISE);
    const played = spin.freeSpins?.spinsPlayed ?? 0;
    freeSpins.set(played, (freeSpins.get(played) ?? 0) + 1);
    const scatters = spin.grid.flat().filter((symbol) => symbol === 'CLOUD').length;
    scatterCounts[scatters] = (scatterCounts[scatters] as number) + 1;
    if (spin.freeSpins !== null && spin.freeSpins.retriggers > 0) multiplierOnRetrigger += 1;
  }
  return { returns, freeSpins, scatterCounts, multiplierOnRetrigger };
}

describe('SLOT-10/SLOT-14 Monsoon Gems', () => {
  it('is valid; its exact RTP is 96.94 %, of which the free spins are 13.4 points, triggered once in 116 spins', () => {
    expect(validateSlotConfig(MONSOON_GEMS_CONFIG)).toEqual([]);
    expect(ratioToNumber(theory.rtp)).toBeCloseTo(0.969377, 6);
    expect(ratioToNumber(feature.featureRtp)).toBeCloseTo(0.134187, 6);
    expect(ratioToNumber(feature.triggerProbability)).toBeCloseTo(0.0085944, 7);
    expect(ratioToNumber(feature.expectedMultipliedSpins)).toBeCloseTo(0.160666, 6);
    // The free-spin count distribution sums to exactly 1 (the Markov chain loses no mass at the cap).
    const total = feature.spinsPerRound.reduce((sum, p) => sum + ratioToNumber(p), 0);
    expect(total).toBeCloseTo(1, 12);
    expect(feature.spinsPerRound.length - 1).toBe(100);
    // Fewer winning lines a spin than Royal Bengal (0.72 vs 0.90).
    const winningLines = (config: SlotConfig) =>
      config.paylines.length * (1 - ratioToNumber(slotTheory(config).lineNoWin));
    expect(winningLines(MONSOON_GEMS_CONFIG)).toBeLessThan(winningLines(DEFAULT_SLOT_CONFIG) - 0.15);
  });

  it('STAT-1/STAT-2 a million rounds: RTP, free spins per round and scatter counts within 4.5 σ; a perturbed reel and a 5 % cheaper theory fail', () => {
    const started = performance.now();
    const run = play(MONSOON_GEMS_CONFIG, ROUNDS, 'stat-monsoon');
    const rtp = checkMean('Monsoon Gems RTP (paid spin + free spins)', run.returns, ratioToNumber(theory.rtp));
    const spins = checkFrequencies('free spins per round', spinCategories(run.freeSpins), ROUNDS);
    const scatter = checkFrequencies(
      'scatters in the paid window',
      theory.scatterCountProbabilities.map((p, k) => ({
        category: `${k}`,
        probability: ratioToNumber(p),
        observed: run.scatterCounts[k] as number,
      })),
      ROUNDS,
    );
    const cheaper = checkMean('RTP vs a theory 5 points lower', run.returns, ratioToNumber(theory.rtp) - 0.05);

    // Control: one more Thundercloud on reel 1 (29 stops instead of 28), judged against the real theory.
    const reels = MONSOON_GEMS_CONFIG.reels.map((strip, r) => (r === 0 ? [...strip, 'CLOUD'] : strip));
    const perturbed = play({ ...MONSOON_GEMS_CONFIG, reels }, CONTROL_ROUNDS, 'stat-monsoon-control');
    const perturbedSpins = checkFrequencies(
      'perturbed reel: free spins per round',
      spinCategories(perturbed.freeSpins),
      CONTROL_ROUNDS,
    );
    console.log(
      [
        `[casino-games] Monsoon Gems: ${ROUNDS.toLocaleString('en-IN')} rounds (+ ${CONTROL_ROUNDS.toLocaleString('en-IN')} control) in ${((performance.now() - started) / 1000).toFixed(1)} s, z = ${Z}`,
        `  ${describeMean(rtp)}`,
        `  ${describeChiSquare(spins)}`,
        `  ${describeChiSquare(scatter)}`,
        `  control: ${describeMean(cheaper, 'fails as it must')}`,
        `  control: ${describeChiSquare(perturbedSpins, 'fails as it must')}`,
      ].join('\n'),
    );
    expect(rtp.pass, describeMean(rtp)).toBe(true);
    expect(spins.pass, describeChiSquare(spins)).toBe(true);
    expect(scatter.pass, describeChiSquare(scatter)).toBe(true);
    expect(run.multiplierOnRetrigger).toBeGreaterThan(0);
    expect(cheaper.pass).toBe(false);
    expect(perturbedSpins.pass).toBe(false);
  });
});
