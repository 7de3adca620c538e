/**
 * Dragon Tiger (SPEC.md DT-1..DT-5): one card to Dragon, one to Tiger from a freshly shuffled shoe;
 * the higher rank wins (ace low, king high, suits do not rank). Settlement and the exact theory by
 * enumeration of every ordered pair of shoe cards.
 */
import { CARDS_PER_DECK, MAX_DECKS, cardRank, dealCards, type Card } from './cards.js';
import type { RoundSeeds } from './provably-fair.js';
import { ratio, type Ratio } from './ratio.js';

export interface DragonTigerConfig {
  /** Decks in the shoe, shuffled fresh every round. 1 (the default) … 8. */
  decks: number;
  /** Dragon or Tiger winning pays this profit per stake, in hundredths: 100 = 1:1. */
  mainProfitHundredths: number;
  /** What a Dragon or Tiger bet gets back on a tie, in hundredths of the stake: 50 = half. */
  mainTieReturnHundredths: number;
  /** Tie pays this profit per stake, in hundredths: 1100 = 11:1. */
  tieProfitHundredths: number;
  /** Suited tie (same rank and suit) profit in hundredths, or null when not offered (impossible with one deck). */
  suitedTieProfitHundredths: number | null;
}

export const DEFAULT_DRAGON_TIGER_CONFIG: DragonTigerConfig = {
  decks: 1,
  mainProfitHundredths: 100,
  mainTieReturnHundredths: 50,
  tieProfitHundredths: 1_100,
  suitedTieProfitHundredths: null,
};

export const DRAGON_TIGER_BET_KINDS = ['dragon', 'tiger', 'tie', 'suited_tie'] as const;
export type DragonTigerBetKind = (typeof DRAGON_TIGER_BET_KINDS)[number];
export type DragonTigerWinner = 'dragon' | 'tiger' | 'tie';

export interface DragonTigerResult {
  dragonCard: Card;
  tigerCard: Card;
  winner: DragonTigerWinner;
  suitedTie: boolean;
}

/** Largest multiplier of any Dragon Tiger configuration, in hundredths (keeps stake × it exact). */
const MAX_PROFIT_HUNDREDTHS = 100_000;

/** DT-1: a configuration is valid when these are all absent. */
export function validateDragonTigerConfig(config: DragonTigerConfig): string[] {
  const problems: string[] = [];
  const inRange = (v: unknown, max: number): boolean =>
    Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max;
  if (!Number.isSafeInteger(config.decks) || config.decks < 1 || config.decks > MAX_DECKS)
    problems.push('DECKS_OUT_OF_RANGE');
  if (!inRange(config.mainProfitHundredths, MAX_PROFIT_HUNDREDTHS)) problems.push('BAD_MAIN_PROFIT');
  if (!inRange(config.mainTieReturnHundredths, 100)) problems.push('BAD_MAIN_TIE_RETURN');
  if (!inRange(config.tieProfitHundredths, MAX_PROFIT_HUNDREDTHS)) problems.push('BAD_TIE_PROFIT');
  if (config.suitedTieProfitHundredths !== null) {
    if (!inRange(config.suitedTieProfitHundredths, MAX_PROFIT_HUNDREDTHS)) problems.push('BAD_SUITED_TIE_PROFIT');
    else if (config.decks < 2) problems.push('SUITED_TIE_NEEDS_TWO_DECKS');
  }
  return problems;
}

/** DT-2: which bets this configuration offers. */
export function dragonTigerBetKinds(config: DragonTigerConfig): DragonTigerBetKind[] {
  return config.suitedTieProfitHundredths === null ? ['dragon', 'tiger', 'tie'] : [...DRAGON_TIGER_BET_KINDS];
}

function judge(dragonCard: Card, tigerCard: Card): DragonTigerResult {
  const d = cardRank(dragonCard);
  const t = cardRank(tigerCard);
  return {
    dragonCard,
    tigerCard,
    winner: d > t ? 'dragon' : t > d ? 'tiger' : 'tie',
    suitedTie: dragonCard === tigerCard,
  };
}

/** DT-2: the first card of the shuffled shoe is Dragon's, the second Tiger's. */
export function dealDragonTiger(config: DragonTigerConfig, seeds: RoundSeeds): DragonTigerResult {
  const [dragonCard, tigerCard] = dealCards(seeds, config.decks, 2) as [Card, Card];
  return judge(dragonCard, tigerCard);
}

/**
 * DT-3: what one bet of this kind returns per stake, in hundredths (0 = lost, 200 = even money won).
 * Dragon/Tiger: win → 100 + main profit; tie → the tie return; lose → 0. Tie: any tie. Suited tie:
 * same rank and suit.
 */
export function dragonTigerReturnHundredths(
  config: DragonTigerConfig,
  result: DragonTigerResult,
  kind: DragonTigerBetKind,
): number {
  switch (kind) {
    case 'dragon':
    case 'tiger':
      if (result.winner === kind) return 100 + config.mainProfitHundredths;
      return result.winner === 'tie' ? config.mainTieReturnHundredths : 0;
    case 'tie':
      return result.winner === 'tie' ? 100 + config.tieProfitHundredths : 0;
    case 'suited_tie':
      return result.suitedTie && config.suitedTieProfitHundredths !== null ? 100 + config.suitedTieProfitHundredths : 0;
  }
}

export interface TableBetStake<K extends string = string> {
  betId: string;
  kind: K;
  stakePaise: number;
}

export interface BetPayout<K extends string = string> {
  betId: string;
  kind: K;
  stakePaise: number;
  /** What the wallet credits back: stake included, rounded down to whole paise; 0 when lost. */
  payoutPaise: number;
}

/** DT-3: payouts of a round's bets, in the order given. Pays are rounded down to whole paise. */
export function settleDragonTiger(
  config: DragonTigerConfig,
  result: DragonTigerResult,
  bets: ReadonlyArray<TableBetStake<DragonTigerBetKind>>,
): Array<BetPayout<DragonTigerBetKind>> {
  return bets.map((bet) => ({
    betId: bet.betId,
    kind: bet.kind,
    stakePaise: bet.stakePaise,
    payoutPaise: Math.floor((bet.stakePaise * dragonTigerReturnHundredths(config, result, bet.kind)) / 100),
  }));
}

export interface BetTheory {
  /** Expected return per unit staked. */
  rtp: Ratio;
  /** E[return²] per unit staked squared; variance = secondMoment − rtp². */
  secondMoment: Ratio;
}

export interface DragonTigerTheory {
  /** Ordered pairs of distinct shoe positions: N × (N − 1). */
  pairs: bigint;
  outcomes: Record<DragonTigerWinner | 'suitedTie', Ratio>;
  bets: Partial<Record<DragonTigerBetKind, BetTheory>>;
}

/**
 * DT-5: exact theory by enumeration over every (Dragon card, Tiger card) pair of card faces, each
 * weighted by how many ordered pairs of shoe positions show it: d × d, or d × (d − 1) for the same face.
 */
export function dragonTigerTheory(config: DragonTigerConfig): DragonTigerTheory {
  const d = BigInt(config.decks);
  const n = d * BigInt(CARDS_PER_DECK);
  const pairs = n * (n - 1n);
  const kinds = dragonTigerBetKinds(config);
  const counts = { dragon: 0n, tiger: 0n, tie: 0n, suitedTie: 0n };
  const sums = kinds.map(() => ({ first: 0n, second: 0n }));
  for (let a = 0; a < CARDS_PER_DECK; a += 1) {
    for (let b = 0; b < CARDS_PER_DECK; b += 1) {
      const weight = a === b ? d * (d - 1n) : d * d;
      if (weight === 0n) continue;
      const result = judge(a, b);
      counts[result.winner] += weight;
      if (result.suitedTie) counts.suitedTie += weight;
      kinds.forEach((kind, i) => {
        const r = BigInt(dragonTigerReturnHundredths(config, result, kind));
        const s = sums[i] as { first: bigint; second: bigint };
        s.first += weight * r;
        s.second += weight * r * r;
      });
    }
  }
  const bets: Partial<Record<DragonTigerBetKind, BetTheory>> = {};
  kinds.forEach((kind, i) => {
    const s = sums[i] as { first: bigint; second: bigint };
    bets[kind] = { rtp: ratio(s.first, pairs * 100n), secondMoment: ratio(s.second, pairs * 10_000n) };
  });
  return {
    pairs,
    outcomes: {
      dragon: ratio(counts.dragon, pairs),
      tiger: ratio(counts.tiger, pairs),
      tie: ratio(counts.tie, pairs),
      suitedTie: ratio(counts.suitedTie, pairs),
    },
    bets,
  };
}
