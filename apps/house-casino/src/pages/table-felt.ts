import type { LuckySevenResult, TeenPattiResult } from '@khel/casino-games';
import { cardElement } from '../lib/cards.js';
import { h } from '../lib/dom.js';

export const TABLE_TITLES: Record<string, string> = {
  'dragon-tiger': 'Dragon Tiger',
  'andar-bahar': 'Andar Bahar',
  'teen-patti': 'Teen Patti 20-20',
  'lucky-7': 'Lucky 7',
};

export const TABLE_SPOTS: Record<string, { kind: string; label: string; pays: string }[]> = {
  'teen-patti': [
    { kind: 'player_a', label: 'Player A', pays: '0.96:1' },
    { kind: 'player_b', label: 'Player B', pays: '0.96:1' },
    { kind: 'pair_plus_a', label: 'Pair plus A', pays: 'up to 40:1' },
    { kind: 'pair_plus_b', label: 'Pair plus B', pays: 'up to 40:1' },
  ],
  'lucky-7': [
    { kind: 'low', label: 'Low A–6', pays: '1:1' },
    { kind: 'seven', label: 'Seven', pays: '11:1' },
    { kind: 'high', label: 'High 8–K', pays: '1:1' },
    { kind: 'red', label: 'Red', pays: '0.95:1' },
    { kind: 'black', label: 'Black', pays: '0.95:1' },
  ],
};
export const EXTRA_WINNER_LABELS: Record<string, string> = {
  player_a: 'Player A wins',
  player_b: 'Player B wins',
  low: 'Low',
  seven: 'Lucky 7!',
  high: 'High',
};
export const EXTRA_ROAD_LETTERS: Record<string, string> = {
  player_a: 'A',
  player_b: 'B',
  low: 'L',
  seven: '7',
  high: 'H',
};
const HAND_NAMES: Record<string, string> = {
  high_card: 'High card',
  pair: 'Pair',
  color: 'Color',
  sequence: 'Sequence',
  pure_sequence: 'Pure sequence',
  trail: 'Trail',
};

/**
 * Teen Patti: three cards each, dealt A, B, A, B, A, B over the reveal (`dealt` of the six shown),
 * with each hand's name once all its cards are up.
 */
export function teenPattiFelt(result: TeenPattiResult | null, dealt: number, animateLast: boolean): HTMLElement[] {
  const hand = (
    label: string,
    cards: number[] | null,
    offset: number,
    handName: string | null,
    won: boolean,
    testId: string,
  ) =>
    h(
      'div',
      { class: `hand tp-hand${won ? ' hand-win' : ''}`, 'data-testid': testId },
      h('span', {}, label),
      h(
        'div',
        { class: 'tp-cards' },
        ...[0, 1, 2].map((i) =>
          cardElement(cards !== null && i * 2 + offset < dealt ? (cards[i] as number) : null, {
            animate: animateLast && i * 2 + offset === dealt - 1,
          }),
        ),
      ),
      h('small', { class: 'tp-name' }, handName ?? ' '),
    );
  const done = dealt >= 6;
  return [
    hand(
      'Player A',
      result?.playerACards ?? null,
      0,
      done && result !== null ? (HAND_NAMES[result.playerAHand] ?? null) : null,
      done && result?.winner === 'player_a',
      'player-a-hand',
    ),
    h('div', { class: 'versus' }, 'VS'),
    hand(
      'Player B',
      result?.playerBCards ?? null,
      1,
      done && result !== null ? (HAND_NAMES[result.playerBHand] ?? null) : null,
      done && result?.winner === 'player_b',
      'player-b-hand',
    ),
  ];
}

export function luckySevenFelt(result: LuckySevenResult | null, animate: boolean): HTMLElement[] {
  return [
    h(
      'div',
      { class: `hand${result?.winner === 'seven' ? ' hand-win' : ''}` },
      h('span', {}, 'The card'),
      cardElement(result?.card ?? null, { animate, testId: 'lucky-card' }),
    ),
  ];
}
