/**
 * Teen Patti 20-20 (SPEC.md TP-1..TP-5): Player A and Player B each get three cards from a freshly
 * shuffled single deck (A, B, A, B, A, B); the better Teen Patti hand wins. Pair plus side bets pay on
 * a player's own hand whoever wins. Exact theory by enumerating every pair of disjoint hands.
 */
import { cardRank, cardSuit, dealCards, type Card } from './cards.js';
import type { BetPayout, TableBetStake } from './dragon-tiger.js';
import type { RoundSeeds } from './provably-fair.js';
import { ratio, type Ratio } from './ratio.js';

/** Teen Patti hand categories, weakest first (TP-2). */
export const TEEN_PATTI_HANDS = ['high_card', 'pair', 'color', 'sequence', 'pure_sequence', 'trail'] as const;
export type TeenPattiHand = (typeof TEEN_PATTI_HANDS)[number];
export type PairPlusHand = Exclude<TeenPattiHand, 'high_card'>;

export interface TeenPattiConfig {
  /** Player A or Player B winning pays this profit per stake, in hundredths: 96 = 0.96:1. */
  mainProfitHundredths: number;
  /** What a Player A / Player B bet gets back on a tie, in hundredths of the stake: 100 = the stake. */
  mainTieReturnHundredths: number;
  /** Pair plus profit per stake by the player's own hand, in hundredths; high card loses. */
  pairPlusProfitHundredths: Record<PairPlusHand, number>;
}

export const DEFAULT_TEEN_PATTI_CONFIG: TeenPattiConfig = {
  mainProfitHundredths: 96,
  mainTieReturnHundredths: 100,
  pairPlusProfitHundredths: { pair: 100, color: 400, sequence: 600, trail: 3_000, pure_sequence: 4_000 },
};

export const TEEN_PATTI_BET_KINDS = ['player_a', 'player_b', 'pair_plus_a', 'pair_plus_b'] as const;
export type TeenPattiBetKind = (typeof TEEN_PATTI_BET_KINDS)[number];
export type TeenPattiWinner = 'player_a' | 'player_b' | 'tie';

export interface TeenPattiResult {
  playerACards: Card[];
  playerBCards: Card[];
  playerAHand: TeenPattiHand;
  playerBHand: TeenPattiHand;
  winner: TeenPattiWinner;
}

const MAX_PROFIT_HUNDREDTHS = 100_000;

/** TP-1: a configuration is valid when these are all absent. */
export function validateTeenPattiConfig(config: TeenPattiConfig): string[] {
  const problems: string[] = [];
  const inRange = (v: unknown, max: number): boolean =>
    Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max;
  if (!inRange(config.mainProfitHundredths, MAX_PROFIT_HUNDREDTHS)) problems.push('BAD_MAIN_PROFIT');
  if (!inRange(config.mainTieReturnHundredths, 100)) problems.push('BAD_MAIN_TIE_RETURN');
  const pays = config.pairPlusProfitHundredths as Record<string, unknown> | undefined;
  if (pays === undefined || TEEN_PATTI_HANDS.slice(1).some((hand) => !inRange(pays[hand], MAX_PROFIT_HUNDREDTHS)))
    problems.push('BAD_PAIR_PLUS_PAYTABLE');
  return problems;
}

/** Ace counts high (14) except in A-2-3. */
function highValue(card: Card): number {
  const rank = cardRank(card);
  return rank === 1 ? 14 : rank;
}

/**
 * TP-2: the hand's category and a score that orders hands (higher wins, equal scores tie):
 * category × 4096 + tie-break. Sequences rank A-K-Q, then A-2-3, then K-Q-J down to 4-3-2.
 */
export function scoreTeenPattiHand(cards: readonly Card[]): { hand: TeenPattiHand; score: number } {
  const values = cards.map(highValue).sort((a, b) => b - a) as [number, number, number];
  const [v1, v2, v3] = values;
  const suits = new Set(cards.map(cardSuit));
  const flush = suits.size === 1;
  const consecutive = v1 - v2 === 1 && v2 - v3 === 1;
  const aceTwoThree = v1 === 14 && v2 === 3 && v3 === 2;
  const sequenceStrength = consecutive ? (v1 === 14 ? 15 : v1) : aceTwoThree ? 14 : 0;
  const category = (hand: TeenPattiHand) => TEEN_PATTI_HANDS.indexOf(hand) * 4096;
  if (v1 === v3) return { hand: 'trail', score: category('trail') + v1 };
  if (sequenceStrength > 0) {
    const hand: TeenPattiHand = flush ? 'pure_sequence' : 'sequence';
    return { hand, score: category(hand) + sequenceStrength };
  }
  if (flush) return { hand: 'color', score: category('color') + v1 * 256 + v2 * 16 + v3 };
  if (v1 === v2 || v2 === v3) {
    const pairValue = v2;
    const kicker = v1 === v2 ? v3 : v1;
    return { hand: 'pair', score: category('pair') + pairValue * 16 + kicker };
  }
  return { hand: 'high_card', score: category('high_card') + v1 * 256 + v2 * 16 + v3 };
}

/** TP-3: six cards from a fresh single deck, alternately to Player A and Player B. */
export function dealTeenPatti(seeds: RoundSeeds): TeenPattiResult {
  const cards = dealCards(seeds, 1, 6);
  const playerACards = [cards[0], cards[2], cards[4]] as Card[];
  const playerBCards = [cards[1], cards[3], cards[5]] as Card[];
  const a = scoreTeenPattiHand(playerACards);
  const b = scoreTeenPattiHand(playerBCards);
  return {
    playerACards,
    playerBCards,
    playerAHand: a.hand,
    playerBHand: b.hand,
    winner: a.score > b.score ? 'player_a' : b.score > a.score ? 'player_b' : 'tie',
  };
}

/** TP-4: return per stake in hundredths, stake included. */
export function teenPattiReturnHundredths(
  config: TeenPattiConfig,
  result: TeenPattiResult,
  kind: TeenPattiBetKind,
): number {
  if (kind === 'pair_plus_a' || kind === 'pair_plus_b') {
    const hand = kind === 'pair_plus_a' ? result.playerAHand : result.playerBHand;
    return hand === 'high_card' ? 0 : 100 + config.pairPlusProfitHundredths[hand];
  }
  if (result.winner === 'tie') return config.mainTieReturnHundredths;
  return result.winner === kind ? 100 + config.mainProfitHundredths : 0;
}

export function settleTeenPatti(
  config: TeenPattiConfig,
  result: TeenPattiResult,
  bets: ReadonlyArray<TableBetStake<TeenPattiBetKind>>,
): Array<BetPayout<TeenPattiBetKind>> {
  return bets.map((bet) => ({
    betId: bet.betId,
    kind: bet.kind,
    stakePaise: bet.stakePaise,
    payoutPaise: Math.floor((bet.stakePaise * teenPattiReturnHundredths(config, result, bet.kind)) / 100),
  }));
}

export interface TeenPattiTheory {
  outcomes: Record<TeenPattiWinner, Ratio>;
  /** Probability of each hand category for one player's three cards. */
  handProbabilities: Record<TeenPattiHand, Ratio>;
  rtp: Record<TeenPattiBetKind, Ratio>;
}

/**
 * TP-5: exact. Every 3-card hand (C(52,3) = 22,100) is scored; for each Player A hand, Player B's
 * hands are all hands minus those sharing a card with A (counted once each by inclusion), so every
 * ordered pair of disjoint hands (22,100 × 18,424) is weighed without listing them.
 */
export function teenPattiTheory(config: TeenPattiConfig): TeenPattiTheory {
  const hands: [number, number, number][] = [];
  for (let a = 0; a < 52; a += 1)
    for (let b = a + 1; b < 52; b += 1) for (let c = b + 1; c < 52; c += 1) hands.push([a, b, c]);
  const scores = hands.map((h) => scoreTeenPattiHand(h).score);
  const handCounts = Object.fromEntries(TEEN_PATTI_HANDS.map((h) => [h, 0n])) as Record<TeenPattiHand, bigint>;
  for (const h of hands) handCounts[scoreTeenPattiHand(h).hand] += 1n;
  const sorted = [...scores].sort((x, y) => x - y);
  const below = (s: number) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid] as number) < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const byCard: number[][] = Array.from({ length: 52 }, () => []);
  hands.forEach((h, i) => h.forEach((card) => (byCard[card] as number[]).push(i)));
  let aWins = 0n;
  let ties = 0n;
  for (let i = 0; i < hands.length; i += 1) {
    const hand = hands[i] as [number, number, number];
    const s = scores[i] as number;
    const less = below(s);
    const notGreater = below(s + 1);
    let sharedLess = 0;
    let sharedEqual = 0;
    hand.forEach((card, k) => {
      for (const j of byCard[card] as number[]) {
        const other = hands[j] as [number, number, number];
        if (k > 0 && other.includes(hand[0])) continue;
        if (k > 1 && other.includes(hand[1])) continue;
        const t = scores[j] as number;
        if (t < s) sharedLess += 1;
        else if (t === s) sharedEqual += 1;
      }
    });
    aWins += BigInt(less - sharedLess);
    ties += BigInt(notGreater - less - sharedEqual);
  }
  const total = BigInt(hands.length) * 18_424n;
  const bWins = total - aWins - ties;
  const mainReturn = aWins * BigInt(100 + config.mainProfitHundredths) + ties * BigInt(config.mainTieReturnHundredths);
  const pairPlusReturn = TEEN_PATTI_HANDS.slice(1).reduce(
    (sum, h) => sum + handCounts[h] * BigInt(100 + config.pairPlusProfitHundredths[h as PairPlusHand]),
    0n,
  );
  const handTotal = BigInt(hands.length);
  return {
    outcomes: { player_a: ratio(aWins, total), player_b: ratio(bWins, total), tie: ratio(ties, total) },
    handProbabilities: Object.fromEntries(TEEN_PATTI_HANDS.map((h) => [h, ratio(handCounts[h], handTotal)])) as Record<
      TeenPattiHand,
      Ratio
    >,
    rtp: {
      player_a: ratio(mainReturn, total * 100n),
      player_b: ratio(
        bWins * BigInt(100 + config.mainProfitHundredths) + ties * BigInt(config.mainTieReturnHundredths),
        total * 100n,
      ),
      pair_plus_a: ratio(pairPlusReturn, handTotal * 100n),
      pair_plus_b: ratio(pairPlusReturn, handTotal * 100n),
    },
  };
}
