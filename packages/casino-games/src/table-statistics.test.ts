/**
 * STAT-1..STAT-4 for Dragon Tiger: a million rounds dealt by dealTableRound (what revealRound calls) from fixed seeds, settled by the real
 * settlement functions, checked against the exact theory.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DRAGON_TIGER_CONFIG,
  cardRank,
  dealTableRound,
  dragonTigerTheory,
  hashServerSeed,
  ratioToNumber,
  settleDragonTiger,
  type DragonTigerBetKind,
  type DragonTigerConfig,
  type TableGame,
} from './index.js';
import {
  Moments,
  Z,
  checkFrequencies,
  checkMean,
  describeChiSquare,
  describeMean,
  type ChiSquareCheck,
  type MeanCheck,
} from './testing/statistics.js';

const DT_ROUNDS = 1_000_000;
const DT_CONTROL_ROUNDS = 200_000;
/** ₹1 a bet: half a stake and 0.9 of a stake are whole paise, so nothing is lost to rounding. */
const STAKE_PAISE = 100;
const SERVER_SEED = hashServerSeed('khel casino-games statistical test: tables');
const DT_KINDS: DragonTigerBetKind[] = ['dragon', 'tiger', 'tie'];

interface DragonTigerTally {
  rounds: number;
  winners: Record<'dragon' | 'tiger' | 'tie', number>;
  /** Dragon rank × Tiger rank, 13 × 13. */
  rankPairs: number[];
  dragonCards: number[];
  tigerCards: number[];
  returns: Record<DragonTigerBetKind, Moments>;
  elapsedMs: number;
}

function simulateDragonTiger(rules: DragonTigerConfig, rounds: number, clientSeed: string): DragonTigerTally {
  const started = performance.now();
  const game: TableGame = { kind: 'dragon-tiger', rules };
  const tally: DragonTigerTally = {
    rounds,
    winners: { dragon: 0, tiger: 0, tie: 0 },
    rankPairs: new Array<number>(169).fill(0),
    dragonCards: new Array<number>(52).fill(0),
    tigerCards: new Array<number>(52).fill(0),
    returns: { dragon: new Moments(), tiger: new Moments(), tie: new Moments(), suited_tie: new Moments() },
    elapsedMs: 0,
  };
  const bets = DT_KINDS.map((kind) => ({ betId: kind, kind, stakePaise: STAKE_PAISE }));
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    const result = dealTableRound(game, { serverSeed: SERVER_SEED, clientSeed, nonce });
    if (result.kind !== 'dragon-tiger') throw new Error('unreachable');
    tally.winners[result.winner] += 1;
    const pair = (cardRank(result.dragonCard) - 1) * 13 + cardRank(result.tigerCard) - 1;
    tally.rankPairs[pair] = (tally.rankPairs[pair] as number) + 1;
    tally.dragonCards[result.dragonCard] = (tally.dragonCards[result.dragonCard] as number) + 1;
    tally.tigerCards[result.tigerCard] = (tally.tigerCards[result.tigerCard] as number) + 1;
    for (const payout of settleDragonTiger(rules, result, bets))
      tally.returns[payout.kind].add(payout.payoutPaise / STAKE_PAISE);
  }
  tally.elapsedMs = performance.now() - started;
  return tally;
}

/** Checks a tally against the theory of the ONE-deck shipped rules (the advertised game). */
function dragonTigerChecks(tally: DragonTigerTally): { means: MeanCheck[]; frequencies: ChiSquareCheck[] } {
  const theory = dragonTigerTheory(DEFAULT_DRAGON_TIGER_CONFIG);
  const means = DT_KINDS.map((kind) =>
    checkMean(
      `${kind} RTP`,
      tally.returns[kind],
      ratioToNumber(theory.bets[kind]?.rtp ?? { numerator: 0n, denominator: 1n }),
    ),
  );
  const pairProbability = (a: number, b: number): number => (4 / 52) * ((a === b ? 3 : 4) / 51);
  const frequencies = [
    checkFrequencies(
      'winners (Dragon / Tiger / Tie)',
      (['dragon', 'tiger', 'tie'] as const).map((w) => ({
        category: w,
        probability: ratioToNumber(theory.outcomes[w]),
        observed: tally.winners[w],
      })),
      tally.rounds,
    ),
    checkFrequencies(
      'Dragon rank × Tiger rank (169 cells)',
      tally.rankPairs.map((observed, i) => ({
        category: `${Math.floor(i / 13) + 1}×${(i % 13) + 1}`,
        probability: pairProbability(Math.floor(i / 13), i % 13),
        observed,
      })),
      tally.rounds,
    ),
    checkFrequencies(
      'Dragon card (52 faces)',
      tally.dragonCards.map((observed, c) => ({ category: String(c), probability: 1 / 52, observed })),
      tally.rounds,
    ),
    checkFrequencies(
      'Tiger card (52 faces)',
      tally.tigerCards.map((observed, c) => ({ category: String(c), probability: 1 / 52, observed })),
      tally.rounds,
    ),
  ];
  return { means, frequencies };
}

function report(
  failWord: string,
  title: string,
  rounds: number,
  elapsedMs: number,
  result: { means: MeanCheck[]; frequencies: ChiSquareCheck[] },
): string {
  return [
    `[casino-games] ${title}: ${rounds.toLocaleString('en-IN')} rounds in ${(elapsedMs / 1000).toFixed(1)} s, z = ${Z}`,
    ...result.means.map((c) => `  ${describeMean(c, failWord)}`),
    ...result.frequencies.map((c) => `  ${describeChiSquare(c, failWord)}`),
  ].join('\n');
}

describe('STAT-1..STAT-4 Dragon Tiger: one million rounds against the exact theory', () => {
  it('STAT-1/STAT-2 RTP per bet, winners, rank pairs and card faces are within the 4.5 σ intervals', () => {
    const tally = simulateDragonTiger(DEFAULT_DRAGON_TIGER_CONFIG, DT_ROUNDS, 'stat-dragon-tiger');
    const result = dragonTigerChecks(tally);
    console.log(
      report(
        'FAIL',
        'Dragon Tiger, one deck (theory: Dragon/Tiger RTP 97.0588 %, Tie 70.5882 %)',
        tally.rounds,
        tally.elapsedMs,
        result,
      ),
    );
    expect(tally.rounds).toBeGreaterThanOrEqual(1_000_000);
    for (const c of result.means) expect(c.pass, describeMean(c)).toBe(true);
    for (const c of result.frequencies) expect(c.pass, describeChiSquare(c)).toBe(true);
  });

  it('STAT-4 control: an eight-deck shoe passed off as one deck is detected', () => {
    const tally = simulateDragonTiger(
      { ...DEFAULT_DRAGON_TIGER_CONFIG, decks: 8 },
      DT_CONTROL_ROUNDS,
      'stat-dragon-tiger-control',
    );
    const result = dragonTigerChecks(tally);
    console.log(
      report(
        'DETECTED',
        'control: eight decks checked against the one-deck theory',
        tally.rounds,
        tally.elapsedMs,
        result,
      ),
    );
    const failed = [...result.means, ...result.frequencies].filter((c) => !c.pass).map((c) => c.name);
    expect(failed).toEqual(
      expect.arrayContaining(['tie RTP', 'winners (Dragon / Tiger / Tie)', 'Dragon rank × Tiger rank (169 cells)']),
    );
  });
});
