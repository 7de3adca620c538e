/** SLOT-10: Monsoon Gems, the high-volatility second slot: exact RTP pinned, then a million spins against it. */
import { describe, expect, it } from 'vitest';
import { MONSOON_GEMS_CONFIG, DEFAULT_SLOT_CONFIG, hashServerSeed, ratioToNumber, slotTheory, spinSlot, validateSlotConfig } from './index.js';
import { Moments, Z, checkFrequencies, checkMean, describeChiSquare, describeMean } from './testing/statistics.js';

const theory = slotTheory(MONSOON_GEMS_CONFIG);
/** ₹1 a line on 10 lines. */
const STAKE_PAISE = 10_00;
const SPINS = 1_000_000;
const SERVER_SEED = hashServerSeed('khel casino-games statistical test: monsoon gems');

describe('SLOT-10 Monsoon Gems', () => {
  it('is valid, its exact RTP is 96.77 %, and it is pays fewer winning lines a spin than Royal Bengal', () => {
    expect(validateSlotConfig(MONSOON_GEMS_CONFIG)).toEqual([]);
    expect(ratioToNumber(theory.rtp)).toBeCloseTo(0.9677, 4);
    // Winning lines per spin: about 0.72 against Royal Bengal's 0.90 (fewer, larger line wins on 10 lines).
    const winningLines = (config: typeof DEFAULT_SLOT_CONFIG) => config.paylines.length * (1 - ratioToNumber(slotTheory(config).lineNoWin));
    expect(winningLines(MONSOON_GEMS_CONFIG)).toBeCloseTo(0.7247, 3);
    expect(winningLines(MONSOON_GEMS_CONFIG)).toBeLessThan(winningLines(DEFAULT_SLOT_CONFIG) - 0.15);
  });

  it('STAT-1/STAT-2 a million spins: RTP and the scatter count are within the 4.5 σ intervals; a 5 % cheaper theory fails', () => {
    const started = performance.now();
    const returns = new Moments();
    const scatterCounts = new Array<number>(theory.scatterCountProbabilities.length).fill(0);
    for (let nonce = 0; nonce < SPINS; nonce += 1) {
      const spin = spinSlot(MONSOON_GEMS_CONFIG, { serverSeed: SERVER_SEED, clientSeed: 'stat-monsoon', nonce }, STAKE_PAISE);
      returns.add(spin.totalPayoutPaise / STAKE_PAISE);
      const scatters = spin.grid.flat().filter((symbol) => symbol === 'CLOUD').length;
      scatterCounts[scatters] = (scatterCounts[scatters] as number) + 1;
    }
    const rtp = checkMean('Monsoon Gems RTP', returns, ratioToNumber(theory.rtp));
    const scatter = checkFrequencies('scatters in the window', theory.scatterCountProbabilities.map((p, k) => ({ category: `${k}`, probability: ratioToNumber(p), observed: scatterCounts[k] as number })), SPINS);
    const control = checkMean('RTP vs a theory 5 points lower', returns, ratioToNumber(theory.rtp) - 0.05);
    console.log([`[casino-games] Monsoon Gems: ${SPINS.toLocaleString('en-IN')} spins in ${((performance.now() - started) / 1000).toFixed(1)} s, z = ${Z}`, `  ${describeMean(rtp)}`, `  ${describeChiSquare(scatter)}`, `  control: ${describeMean(control, 'fails as it must')}`].join('\n'));
    expect(rtp.pass, describeMean(rtp)).toBe(true);
    expect(scatter.pass, describeChiSquare(scatter)).toBe(true);
    expect(control.pass).toBe(false);
  });
});
