/**
 * STAT-1/STAT-2/STAT-4 for Teen Patti 20-20: a million rounds dealt by dealTableRound (what
 * revealRound calls) from fixed seeds, settled by the real settlement function, checked against the
 * exact theory (TP-5); controls show the checks can fail.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEEN_PATTI_CONFIG,
  TEEN_PATTI_BET_KINDS,
  TEEN_PATTI_HANDS,
  dealCards,
  dealTableRound,
  hashServerSeed,
  ratioToNumber,
  scoreTeenPattiHand,
  settleTeenPatti,
  teenPattiTheory,
  type TableGame,
  type TeenPattiHand,
} from './index.js';
import { Moments, Z, checkFrequencies, checkMean, describeChiSquare, describeMean } from './testing/statistics.js';

const ROUNDS = 1_000_000;
/** ₹1 a bet: 0.96 of a stake is whole paise, so nothing is lost to rounding. */
const STAKE_PAISE = 100;
const SERVER_SEED = hashServerSeed('khel casino-games statistical test: teen patti and lucky 7');
const tpTheory = teenPattiTheory(DEFAULT_TEEN_PATTI_CONFIG);

describe('STAT-3 Teen Patti 20-20: one million rounds against the exact theory', () => {
  it('TP-5 STAT-1/STAT-2 RTP of every bet, the winner and Player A’s hand are within the 4.5 σ intervals', () => {
    const started = performance.now();
    const game: TableGame = { kind: 'teen-patti', rules: DEFAULT_TEEN_PATTI_CONFIG };
    const returns = Object.fromEntries(TEEN_PATTI_BET_KINDS.map((k) => [k, new Moments()])) as Record<
      (typeof TEEN_PATTI_BET_KINDS)[number],
      Moments
    >;
    const winners = { player_a: 0, player_b: 0, tie: 0 };
    const hands = Object.fromEntries(TEEN_PATTI_HANDS.map((h) => [h, 0])) as Record<TeenPattiHand, number>;
    const bets = TEEN_PATTI_BET_KINDS.map((kind) => ({ betId: kind, kind, stakePaise: STAKE_PAISE }));
    for (let nonce = 0; nonce < ROUNDS; nonce += 1) {
      const result = dealTableRound(game, { serverSeed: SERVER_SEED, clientSeed: 'stat-teen-patti', nonce });
      if (result.kind !== 'teen-patti') throw new Error('unreachable');
      winners[result.winner] += 1;
      hands[result.playerAHand] += 1;
      for (const payout of settleTeenPatti(DEFAULT_TEEN_PATTI_CONFIG, result, bets))
        returns[payout.kind].add(payout.payoutPaise / STAKE_PAISE);
    }
    const means = TEEN_PATTI_BET_KINDS.map((kind) =>
      checkMean(`${kind} RTP`, returns[kind], ratioToNumber(tpTheory.rtp[kind])),
    );
    const frequencies = [
      checkFrequencies(
        'winner',
        (['player_a', 'player_b', 'tie'] as const).map((w) => ({
          category: w,
          probability: ratioToNumber(tpTheory.outcomes[w]),
          observed: winners[w],
        })),
        ROUNDS,
      ),
      checkFrequencies(
        'Player A hand',
        TEEN_PATTI_HANDS.map((h) => ({
          category: h,
          probability: ratioToNumber(tpTheory.handProbabilities[h]),
          observed: hands[h],
        })),
        ROUNDS,
      ),
    ];
    console.log(
      [
        `[casino-games] Teen Patti 20-20: ${ROUNDS.toLocaleString('en-IN')} rounds in ${((performance.now() - started) / 1000).toFixed(1)} s, z = ${Z}`,
        ...means.map((c) => `  ${describeMean(c)}`),
        ...frequencies.map((c) => `  ${describeChiSquare(c)}`),
      ].join('\n'),
    );
    for (const c of means) expect(c.pass, describeMean(c)).toBe(true);
    for (const c of frequencies) expect(c.pass, describeChiSquare(c)).toBe(true);
    // STAT-4 control: the same million pair-plus returns against a paytable paying a color 3:1 instead of 4:1 must fail.
    const cheaper = teenPattiTheory({
      ...DEFAULT_TEEN_PATTI_CONFIG,
      pairPlusProfitHundredths: { ...DEFAULT_TEEN_PATTI_CONFIG.pairPlusProfitHundredths, color: 300 },
    });
    const control = checkMean(
      'pair plus A RTP vs a 3:1 color paytable',
      returns.pair_plus_a,
      ratioToNumber(cheaper.rtp.pair_plus_a),
    );
    console.log(`  control: ${describeMean(control, 'fails as it must')}`);
    expect(control.pass).toBe(false);
  });

  it('STAT-4 control: hands dealt from a two-deck shoe fail the hand-category check within 200,000 rounds', () => {
    const hands = Object.fromEntries(TEEN_PATTI_HANDS.map((h) => [h, 0])) as Record<TeenPattiHand, number>;
    const rounds = 200_000;
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      const cards = dealCards({ serverSeed: SERVER_SEED, clientSeed: 'stat-teen-patti-control', nonce }, 2, 6);
      hands[scoreTeenPattiHand([cards[0], cards[2], cards[4]] as number[]).hand] += 1;
    }
    const check = checkFrequencies(
      'Player A hand from two decks',
      TEEN_PATTI_HANDS.map((h) => ({
        category: h,
        probability: ratioToNumber(tpTheory.handProbabilities[h]),
        observed: hands[h],
      })),
      rounds,
    );
    console.log(`  control: ${describeChiSquare(check, 'fails as it must')}`);
    expect(check.pass).toBe(false);
  });
});
