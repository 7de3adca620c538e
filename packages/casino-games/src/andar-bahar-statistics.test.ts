/**
 * STAT-1/STAT-2 for Andar Bahar: a million rounds dealt by dealTableRound (what revealRound
 * calls) from fixed seeds, settled by settleAndarBahar, checked against the exact theory.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ANDAR_BAHAR_CONFIG,
  andarBaharTheory,
  dealTableRound,
  hashServerSeed,
  ratioToNumber,
  settleAndarBahar,
  type AndarBaharBetKind,
  type TableGame,
} from './index.js';
import { Moments, Z, checkFrequencies, checkMean, describeChiSquare, describeMean } from './testing/statistics.js';

const AB_ROUNDS = 1_000_000;
/** ₹1 a bet: 0.9 of a stake is whole paise, so nothing is lost to rounding. */
const STAKE_PAISE = 100;
const SERVER_SEED = hashServerSeed('khel casino-games statistical test: tables');

describe('STAT-1/STAT-2 Andar Bahar: one million rounds against the exact theory', () => {
  it('STAT-1/STAT-2 RTP per bet, winning side and the deciding card’s position are within the 4.5 σ intervals', () => {
    const started = performance.now();
    const rules = DEFAULT_ANDAR_BAHAR_CONFIG;
    const game: TableGame = { kind: 'andar-bahar', rules };
    const theory = andarBaharTheory(rules);
    const returns: Record<AndarBaharBetKind, Moments> = { andar: new Moments(), bahar: new Moments() };
    const winners = { andar: 0, bahar: 0 };
    const positions = new Array<number>(theory.decidingCardProbabilities.length).fill(0);
    const bets = (['andar', 'bahar'] as const).map((kind) => ({ betId: kind, kind, stakePaise: STAKE_PAISE }));
    for (let nonce = 0; nonce < AB_ROUNDS; nonce += 1) {
      const result = dealTableRound(game, { serverSeed: SERVER_SEED, clientSeed: 'stat-andar-bahar', nonce });
      if (result.kind !== 'andar-bahar') throw new Error('unreachable');
      winners[result.winner] += 1;
      const position = result.andarCards.length + result.baharCards.length - 1;
      positions[position] = (positions[position] as number) + 1;
      for (const payout of settleAndarBahar(rules, result, bets))
        returns[payout.kind].add(payout.payoutPaise / STAKE_PAISE);
    }
    const result = {
      means: (['andar', 'bahar'] as const).map((kind) =>
        checkMean(`${kind} RTP`, returns[kind], ratioToNumber(theory.bets[kind].rtp)),
      ),
      frequencies: [
        checkFrequencies(
          'winning side',
          (['andar', 'bahar'] as const).map((s) => ({
            category: s,
            probability: ratioToNumber(theory.outcomes[s]),
            observed: winners[s],
          })),
          AB_ROUNDS,
        ),
        checkFrequencies(
          'deciding card position',
          theory.decidingCardProbabilities.map((p, k) => ({
            category: `card ${k + 1}`,
            probability: ratioToNumber(p),
            observed: positions[k] as number,
          })),
          AB_ROUNDS,
        ),
      ],
    };
    console.log(
      [
        `[casino-games] Andar Bahar, one deck, Andar first: ${AB_ROUNDS.toLocaleString('en-IN')} rounds in ${((performance.now() - started) / 1000).toFixed(1)} s, z = ${Z}`,
        ...result.means.map((c) => `  ${describeMean(c)}`),
        ...result.frequencies.map((c) => `  ${describeChiSquare(c)}`),
      ].join('\n'),
    );
    for (const c of result.means) expect(c.pass, describeMean(c)).toBe(true);
    for (const c of result.frequencies) expect(c.pass, describeChiSquare(c)).toBe(true);
  });
});
