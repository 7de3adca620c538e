/** SLOT-11..SLOT-13: free spins — validation, retriggers and the cap, and the Markov theory against a plain recursion. */
import { describe, expect, it } from 'vitest';
import {
  MONSOON_GEMS_CONFIG,
  hashServerSeed,
  ratioToNumber,
  slotTheory,
  spinSlot,
  validateSlotConfig,
  type SlotConfig,
} from './index.js';

/** One reel, one row: a strip of four, one of them the scatter, so P(scatter) = 1/4 exactly. */
const TOY: SlotConfig = {
  id: 'toy',
  name: 'Toy',
  rows: 1,
  symbols: [
    { id: 'A', name: 'A', kind: 'regular', payByCountHundredths: [0, 200] },
    { id: 'S', name: 'S', kind: 'scatter', payByCountHundredths: [0, 100] },
  ],
  reels: [['S', 'A', 'A', 'A']],
  paylines: [[0]],
  freeSpins: { awardsByScatterCount: [0, 2], multipliers: [1, 2, 3], maxSpins: 5 },
};

/** E[Σ multipliers] and P(length = n) by direct recursion over the remaining spins (floats). */
function recurse(p: number, award: number, ladder: number[], cap: number) {
  const lengths = new Map<number, number>();
  const walk = (awarded: number, played: number, retriggers: number, weight: number): number => {
    if (played === awarded) {
      lengths.set(awarded, (lengths.get(awarded) ?? 0) + weight);
      return 0;
    }
    const m = ladder[Math.min(retriggers, ladder.length - 1)] as number;
    return (
      weight * m +
      walk(Math.min(awarded + award, cap), played + 1, retriggers + 1, weight * p) +
      walk(awarded, played + 1, retriggers, weight * (1 - p))
    );
  };
  const multiplied = walk(award, 0, 0, p);
  lengths.set(0, 1 - p);
  return { multiplied, lengths };
}

describe('SLOT-11..SLOT-13 free spins', () => {
  it('SLOT-11 a bad feature is named', () => {
    expect(validateSlotConfig(TOY)).toEqual([]);
    expect(
      validateSlotConfig({ ...TOY, freeSpins: { awardsByScatterCount: [0], multipliers: [1], maxSpins: 5 } }),
    ).toEqual(['BAD_FREE_SPIN_AWARDS']);
    expect(
      validateSlotConfig({ ...TOY, freeSpins: { awardsByScatterCount: [0, 2], multipliers: [0], maxSpins: 0 } }),
    ).toEqual(['BAD_FREE_SPIN_MULTIPLIERS', 'BAD_FREE_SPIN_CAP']);
    const noScatter = { ...TOY, symbols: [TOY.symbols[0]!, { ...TOY.symbols[1]!, kind: 'regular' as const }] };
    expect(validateSlotConfig(noScatter)).toContain('FREE_SPINS_WITHOUT_SCATTER');
  });

  it('SLOT-13 the Markov chain agrees with a plain recursion (RTP, length distribution)', () => {
    const theory = slotTheory(TOY);
    const feature = theory.feature!;
    const direct = recurse(0.25, 2, [1, 2, 3], 5);
    expect(ratioToNumber(feature.triggerProbability)).toBe(0.25);
    expect(ratioToNumber(feature.expectedMultipliedSpins)).toBeCloseTo(direct.multiplied, 12);
    feature.spinsPerRound.forEach((p, n) => expect(ratioToNumber(p)).toBeCloseTo(direct.lengths.get(n) ?? 0, 12));
    // One spin returns 0.75 × 2 (line) + 0.25 × 1 (scatter) = 1.75 stakes; the feature adds E[Σm] × 1.75.
    expect(ratioToNumber(theory.rtp)).toBeCloseTo(1.75 + direct.multiplied * 1.75, 12);
  });

  it('SLOT-12 retriggers add spins up to the cap and climb the multiplier; the total is the sum of its parts', () => {
    let seen = 0;
    for (let nonce = 0; nonce < 2_000 && seen < 20; nonce += 1) {
      const spin = spinSlot(TOY, { serverSeed: hashServerSeed('toy'), clientSeed: 'toy', nonce }, 100);
      if (spin.freeSpins === null) {
        expect(spin.grid[0]).not.toEqual(['S']);
        continue;
      }
      seen += 1;
      const f = spin.freeSpins;
      expect(f.spins).toHaveLength(f.spinsPlayed);
      expect(f.spinsPlayed).toBeLessThanOrEqual(5);
      expect(f.spinsPlayed).toBe(2 + f.spins.reduce((sum, s) => sum + s.added, 0));
      let retriggers = 0;
      for (const s of f.spins) {
        expect(s.multiplier).toBe([1, 2, 3][Math.min(retriggers, 2)]);
        if (s.scatters > 0) retriggers += 1;
      }
      expect(f.retriggers).toBe(retriggers);
      expect(f.payoutPaise).toBe(f.spins.reduce((sum, s) => sum + s.payoutPaise, 0));
      const paid = spin.lineWins.reduce((sum, w) => sum + w.payoutPaise, 0) + (spin.scatterWin?.payoutPaise ?? 0);
      expect(spin.totalPayoutPaise).toBe(paid + f.payoutPaise);
    }
    expect(seen).toBe(20);
  });

  it('a round replays exactly from its seeds (what the verify page does)', () => {
    const seeds = { serverSeed: hashServerSeed('replay'), clientSeed: 'replay', nonce: 0 };
    for (let nonce = 0; nonce < 3_000; nonce += 1) {
      const spin = spinSlot(MONSOON_GEMS_CONFIG, { ...seeds, nonce }, 1_000);
      if (spin.freeSpins !== null) {
        expect(spinSlot(MONSOON_GEMS_CONFIG, { ...seeds, nonce }, 1_000)).toEqual(spin);
        return;
      }
    }
    throw new Error('no feature in 3,000 spins');
  });
});
