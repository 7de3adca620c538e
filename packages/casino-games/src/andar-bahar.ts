/**
 * Andar Bahar (SPEC.md AB-1..AB-3): the first card of a freshly shuffled shoe is the joker; cards are
 * then dealt alternately to the two sides, the first side configured (Andar by default), until a
 * card of the joker's rank appears. Its side wins.
 */
import { CARDS_PER_DECK, MAX_DECKS, cardRank, type Card } from './cards.js';
import type { BetPayout, BetTheory, TableBetStake } from './dragon-tiger.js';
import { ShuffleDealer, createOutcomeStream, type RoundSeeds } from './provably-fair.js';
import { ratio, type Ratio } from './ratio.js';

export type AndarBaharSide = 'andar' | 'bahar';

export interface AndarBaharConfig {
  decks: number;
  /** Which side gets the first card after the joker. */
  firstSide: AndarBaharSide;
  /** Profit per stake in hundredths: 90 = 0.9:1 (the usual Andar price when Andar is dealt first). */
  andarProfitHundredths: number;
  baharProfitHundredths: number;
}

export const DEFAULT_ANDAR_BAHAR_CONFIG: AndarBaharConfig = {
  decks: 1,
  firstSide: 'andar',
  andarProfitHundredths: 90,
  baharProfitHundredths: 100,
};

export const ANDAR_BAHAR_BET_KINDS = ['andar', 'bahar'] as const;
export type AndarBaharBetKind = (typeof ANDAR_BAHAR_BET_KINDS)[number];

export interface AndarBaharResult {
  joker: Card;
  /** Cards in the order dealt to each side; the winner's last card matches the joker's rank. */
  andarCards: Card[];
  baharCards: Card[];
  winner: AndarBaharSide;
}

export function validateAndarBaharConfig(config: AndarBaharConfig): string[] {
  const problems: string[] = [];
  if (!Number.isSafeInteger(config.decks) || config.decks < 1 || config.decks > MAX_DECKS)
    problems.push('DECKS_OUT_OF_RANGE');
  if (config.firstSide !== 'andar' && config.firstSide !== 'bahar') problems.push('BAD_FIRST_SIDE');
  for (const p of [config.andarProfitHundredths, config.baharProfitHundredths]) {
    if (!Number.isSafeInteger(p) || p < 0 || p > 100_000) {
      problems.push('BAD_PROFIT');
      break;
    }
  }
  return problems;
}

const other = (side: AndarBaharSide): AndarBaharSide => (side === 'andar' ? 'bahar' : 'andar');

/** AB-1: deal from the round's shoe until the joker's rank appears. Uses only the draws it needs. */
export function dealAndarBahar(config: AndarBaharConfig, seeds: RoundSeeds): AndarBaharResult {
  const dealer = new ShuffleDealer(createOutcomeStream(seeds), config.decks * CARDS_PER_DECK);
  const joker = dealer.next() % CARDS_PER_DECK;
  const rank = cardRank(joker);
  const andarCards: Card[] = [];
  const baharCards: Card[] = [];
  let side = config.firstSide;
  // At least 3 cards of the joker's rank remain in the shoe, so this ends before the shoe does.
  for (;;) {
    const card = dealer.next() % CARDS_PER_DECK;
    (side === 'andar' ? andarCards : baharCards).push(card);
    if (cardRank(card) === rank) return { joker, andarCards, baharCards, winner: side };
    side = other(side);
  }
}

/** AB-2: return per stake in hundredths: 100 + profit when the side wins, else 0. */
export function andarBaharReturnHundredths(
  config: AndarBaharConfig,
  result: AndarBaharResult,
  kind: AndarBaharBetKind,
): number {
  if (result.winner !== kind) return 0;
  return 100 + (kind === 'andar' ? config.andarProfitHundredths : config.baharProfitHundredths);
}

export function settleAndarBahar(
  config: AndarBaharConfig,
  result: AndarBaharResult,
  bets: ReadonlyArray<TableBetStake<AndarBaharBetKind>>,
): Array<BetPayout<AndarBaharBetKind>> {
  return bets.map((bet) => ({
    betId: bet.betId,
    kind: bet.kind,
    stakePaise: bet.stakePaise,
    payoutPaise: Math.floor((bet.stakePaise * andarBaharReturnHundredths(config, result, bet.kind)) / 100),
  }));
}

export interface AndarBaharTheory {
  outcomes: Record<AndarBaharSide, Ratio>;
  bets: Record<AndarBaharBetKind, BetTheory>;
  /** P(the deciding card is the k-th card dealt after the joker), k = 1, 2, … (index k − 1). */
  decidingCardProbabilities: Ratio[];
}

function choose(n: bigint, k: bigint): bigint {
  if (k < 0n || k > n) return 0n;
  let r = 1n;
  for (let i = 0n; i < k; i += 1n) r = (r * (n - i)) / (i + 1n);
  return r;
}

/**
 * AB-3: exact theory by enumerating the position of the deciding card. After the joker, N = 52d − 1
 * cards remain, m = 4d − 1 of the joker's rank, in uniformly random order; the first of them is at
 * position k (0-based) with probability C(N − 1 − k, m − 1) / C(N, m). Even k is the first side's.
 */
export function andarBaharTheory(config: AndarBaharConfig): AndarBaharTheory {
  const n = BigInt(config.decks * CARDS_PER_DECK - 1);
  const m = BigInt(config.decks * 4 - 1);
  const total = choose(n, m);
  let first = 0n;
  const deciding: Ratio[] = [];
  for (let k = 0n; k <= n - m; k += 1n) {
    const ways = choose(n - 1n - k, m - 1n);
    deciding.push(ratio(ways, total));
    if (k % 2n === 0n) first += ways;
  }
  const firstSide = config.firstSide;
  const p: Record<AndarBaharSide, bigint> =
    firstSide === 'andar' ? { andar: first, bahar: total - first } : { bahar: first, andar: total - first };
  const bet = (side: AndarBaharSide): BetTheory => {
    const r = BigInt(100 + (side === 'andar' ? config.andarProfitHundredths : config.baharProfitHundredths));
    return { rtp: ratio(p[side] * r, total * 100n), secondMoment: ratio(p[side] * r * r, total * 10_000n) };
  };
  return {
    outcomes: { andar: ratio(p.andar, total), bahar: ratio(p.bahar, total) },
    bets: { andar: bet('andar'), bahar: bet('bahar') },
    decidingCardProbabilities: deciding,
  };
}
