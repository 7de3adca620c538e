/**
 * Lucky 7 (SPEC.md L7-1..L7-3): one card from a freshly shuffled single deck. Low is ace to six, high
 * is eight to king, and a seven beats both; red and black go by the card's suit, seven included.
 */
import { cardRank, cardSuit, dealCards, type Card } from './cards.js';
import type { BetPayout, TableBetStake } from './dragon-tiger.js';
import type { RoundSeeds } from './provably-fair.js';
import { ratio, type Ratio } from './ratio.js';

export interface LuckySevenConfig {
  /** Low or High winning pays this profit per stake, in hundredths: 100 = 1:1. */
  lowHighProfitHundredths: number;
  /** Seven pays this profit, in hundredths: 1100 = 11:1. */
  sevenProfitHundredths: number;
  /** Red or Black pays this profit, in hundredths: 95 = 0.95:1. */
  colourProfitHundredths: number;
}

export const DEFAULT_LUCKY_SEVEN_CONFIG: LuckySevenConfig = {
  lowHighProfitHundredths: 100,
  sevenProfitHundredths: 1_100,
  colourProfitHundredths: 95,
};

export const LUCKY_SEVEN_BET_KINDS = ['low', 'seven', 'high', 'red', 'black'] as const;
export type LuckySevenBetKind = (typeof LUCKY_SEVEN_BET_KINDS)[number];
export type LuckySevenWinner = 'low' | 'seven' | 'high';

export interface LuckySevenResult {
  card: Card;
  winner: LuckySevenWinner;
  colour: 'red' | 'black';
}

/** L7-1: a configuration is valid when these are all absent. */
export function validateLuckySevenConfig(config: LuckySevenConfig): string[] {
  const ok = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= 100_000;
  return ok(config.lowHighProfitHundredths) && ok(config.sevenProfitHundredths) && ok(config.colourProfitHundredths)
    ? []
    : ['BAD_PROFIT'];
}

function classify(card: Card): LuckySevenResult {
  const rank = cardRank(card);
  const suit = cardSuit(card);
  return {
    card,
    winner: rank < 7 ? 'low' : rank === 7 ? 'seven' : 'high',
    colour: suit === 'hearts' || suit === 'diamonds' ? 'red' : 'black',
  };
}

/** L7-2: the top card of a freshly shuffled single deck (one nextInt(52)). */
export function dealLuckySeven(seeds: RoundSeeds): LuckySevenResult {
  return classify(dealCards(seeds, 1, 1)[0] as Card);
}

export function luckySevenReturnHundredths(
  config: LuckySevenConfig,
  result: LuckySevenResult,
  kind: LuckySevenBetKind,
): number {
  if (kind === 'red' || kind === 'black') return result.colour === kind ? 100 + config.colourProfitHundredths : 0;
  if (kind !== result.winner) return 0;
  return 100 + (kind === 'seven' ? config.sevenProfitHundredths : config.lowHighProfitHundredths);
}

export function settleLuckySeven(
  config: LuckySevenConfig,
  result: LuckySevenResult,
  bets: ReadonlyArray<TableBetStake<LuckySevenBetKind>>,
): Array<BetPayout<LuckySevenBetKind>> {
  return bets.map((bet) => ({
    betId: bet.betId,
    kind: bet.kind,
    stakePaise: bet.stakePaise,
    payoutPaise: Math.floor((bet.stakePaise * luckySevenReturnHundredths(config, result, bet.kind)) / 100),
  }));
}

export interface LuckySevenTheory {
  outcomes: Record<LuckySevenWinner, Ratio>;
  rtp: Record<LuckySevenBetKind, Ratio>;
}

/** L7-3: exact, over the 52 equally likely cards. */
export function luckySevenTheory(config: LuckySevenConfig): LuckySevenTheory {
  const outcomes = { low: 0n, seven: 0n, high: 0n };
  const returns = Object.fromEntries(LUCKY_SEVEN_BET_KINDS.map((k) => [k, 0n])) as Record<LuckySevenBetKind, bigint>;
  for (let card = 0; card < 52; card += 1) {
    const result = classify(card);
    outcomes[result.winner] += 1n;
    for (const kind of LUCKY_SEVEN_BET_KINDS) returns[kind] += BigInt(luckySevenReturnHundredths(config, result, kind));
  }
  return {
    outcomes: { low: ratio(outcomes.low, 52n), seven: ratio(outcomes.seven, 52n), high: ratio(outcomes.high, 52n) },
    rtp: Object.fromEntries(LUCKY_SEVEN_BET_KINDS.map((k) => [k, ratio(returns[k], 5_200n)])) as Record<
      LuckySevenBetKind,
      Ratio
    >,
  };
}
