/**
 * STAT-1/STAT-2/STAT-4 for Lucky 7: a million rounds dealt by dealTableRound (what revealRound calls)
 * from fixed seeds, settled by settleLuckySeven, checked against the exact theory (L7-3); a biased
 * dealer shows the rank check can fail.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LUCKY_SEVEN_CONFIG,
  LUCKY_SEVEN_BET_KINDS,
  cardRank,
  createOutcomeStream,
  dealTableRound,
  hashServerSeed,
  luckySevenTheory,
  ratioToNumber,
  settleLuckySeven,
  type TableGame,
} from './index.js';
import { Moments, Z, checkFrequencies, checkMean, describeChiSquare, describeMean } from './testing/statistics.js';

const ROUNDS = 1_000_000;
/** ₹1 a bet: 0.95 of a stake is whole paise, so nothing is lost to rounding. */
const STAKE_PAISE = 100;
const SERVER_SEED = hashServerSeed('khel casino-games statistical test: teen patti and lucky 7');

describe('STAT-3 Lucky 7: one million rounds against the exact theory', () => {
  const theory = luckySevenTheory(DEFAULT_LUCKY_SEVEN_CONFIG);
  const rankProbability = 1 / 13;

  it('L7-3 STAT-1/STAT-2 RTP of every bet, the outcome and the card’s rank are within the 4.5 σ intervals', () => {
    const started = performance.now();
    const game: TableGame = { kind: 'lucky-seven', rules: DEFAULT_LUCKY_SEVEN_CONFIG };
    const returns = Object.fromEntries(LUCKY_SEVEN_BET_KINDS.map((k) => [k, new Moments()])) as Record<
      (typeof LUCKY_SEVEN_BET_KINDS)[number],
      Moments
    >;
    const outcomes = { low: 0, seven: 0, high: 0 };
    const ranks = new Array<number>(13).fill(0);
    const bets = LUCKY_SEVEN_BET_KINDS.map((kind) => ({ betId: kind, kind, stakePaise: STAKE_PAISE }));
    for (let nonce = 0; nonce < ROUNDS; nonce += 1) {
      const result = dealTableRound(game, { serverSeed: SERVER_SEED, clientSeed: 'stat-lucky-seven', nonce });
      if (result.kind !== 'lucky-seven') throw new Error('unreachable');
      outcomes[result.winner] += 1;
      ranks[cardRank(result.card) - 1] = (ranks[cardRank(result.card) - 1] as number) + 1;
      for (const payout of settleLuckySeven(DEFAULT_LUCKY_SEVEN_CONFIG, result, bets))
        returns[payout.kind].add(payout.payoutPaise / STAKE_PAISE);
    }
    const means = LUCKY_SEVEN_BET_KINDS.map((kind) =>
      checkMean(`${kind} RTP`, returns[kind], ratioToNumber(theory.rtp[kind])),
    );
    const frequencies = [
      checkFrequencies(
        'outcome',
        (['low', 'seven', 'high'] as const).map((w) => ({
          category: w,
          probability: ratioToNumber(theory.outcomes[w]),
          observed: outcomes[w],
        })),
        ROUNDS,
      ),
      checkFrequencies(
        'rank',
        ranks.map((observed, i) => ({ category: `rank ${i + 1}`, probability: rankProbability, observed })),
        ROUNDS,
      ),
    ];
    console.log(
      [
        `[casino-games] Lucky 7: ${ROUNDS.toLocaleString('en-IN')} rounds in ${((performance.now() - started) / 1000).toFixed(1)} s, z = ${Z}`,
        ...means.map((c) => `  ${describeMean(c)}`),
        ...frequencies.map((c) => `  ${describeChiSquare(c)}`),
      ].join('\n'),
    );
    for (const c of means) expect(c.pass, describeMean(c)).toBe(true);
    for (const c of frequencies) expect(c.pass, describeChiSquare(c)).toBe(true);
  });

  it('STAT-4 control: a card taken as one stream byte mod 52 (modulo bias) fails the rank check within 200,000 rounds', () => {
    const rounds = 200_000;
    const ranks = new Array<number>(13).fill(0);
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      const card =
        (createOutcomeStream({ serverSeed: SERVER_SEED, clientSeed: 'stat-lucky-seven-control', nonce }).nextUint32() &
          0xff) %
        52;
      ranks[cardRank(card) - 1] = (ranks[cardRank(card) - 1] as number) + 1;
    }
    const check = checkFrequencies(
      'rank with modulo bias',
      ranks.map((observed, i) => ({ category: `rank ${i + 1}`, probability: rankProbability, observed })),
      rounds,
    );
    console.log(`  control: ${describeChiSquare(check, 'fails as it must')}`);
    expect(check.pass).toBe(false);
  });
});
