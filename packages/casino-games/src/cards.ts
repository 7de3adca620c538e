/**
 * Playing cards as small integers (SPEC.md CARD-1..CARD-2), so a shuffle is an array of numbers and a
 * result is plain JSON. card = 4 × (rank − 1) + suit, rank 1 (ace) … 13 (king), suit 0 ♠, 1 ♥, 2 ♦, 3 ♣.
 */
import { createOutcomeStream, shuffle, shuffleFirst, type RoundSeeds } from './provably-fair.js';

export type Card = number;
export const CARDS_PER_DECK = 52;
export const MAX_DECKS = 8;
export const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
export type Suit = (typeof SUITS)[number];

const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'];
const SUIT_LABELS = ['S', 'H', 'D', 'C'];

/** 1 (ace) … 13 (king). */
export function cardRank(card: Card): number {
  return (card >> 2) + 1;
}

export function cardSuit(card: Card): Suit {
  return SUITS[card & 3] as Suit;
}

/** "AS", "TH", "KC": rank then suit letter. */
export function cardLabel(card: Card): string {
  return `${RANK_LABELS[card >> 2]}${SUIT_LABELS[card & 3]}`;
}

export function describeCard(card: Card): { card: Card; rank: number; suit: Suit; label: string } {
  return { card, rank: cardRank(card), suit: cardSuit(card), label: cardLabel(card) };
}

function shoeSize(decks: number): number {
  if (!Number.isSafeInteger(decks) || decks < 1 || decks > MAX_DECKS)
    throw new Error(`decks must be 1..${MAX_DECKS}, got ${decks}`);
  return decks * CARDS_PER_DECK;
}

/**
 * CARD-2: the first `count` cards of a freshly shuffled shoe of `decks` decks. Shoe position p holds
 * card p mod 52; the shoe is shuffled by PF-7 from the round's outcome stream.
 */
export function dealCards(seeds: RoundSeeds, decks: number, count: number): Card[] {
  const size = shoeSize(decks);
  return shuffleFirst(createOutcomeStream(seeds), size, count).map((p) => p % CARDS_PER_DECK);
}

/** CARD-2: the whole shuffled shoe, for the verify page. */
export function shuffledShoe(seeds: RoundSeeds, decks: number): Card[] {
  return shuffle(createOutcomeStream(seeds), shoeSize(decks)).map((p) => p % CARDS_PER_DECK);
}
