import { h } from '../lib/dom.js';

const HANDS: [name: string, example: string, chance: string, pairPlus: string][] = [
  ['Trail (three of a kind)', 'A A A, then K K K … 2 2 2', '0.24 %', '30:1'],
  ['Pure sequence (straight flush)', 'A K Q of one suit, then A 2 3, K Q J … 4 3 2', '0.22 %', '40:1'],
  ['Sequence (straight)', 'A K Q, then A 2 3, K Q J … 4 3 2', '3.26 %', '6:1'],
  ['Color (flush)', 'Three of one suit, highest card first', '4.96 %', '4:1'],
  ['Pair', 'Two of a rank; the higher pair, then the third card', '16.94 %', '1:1'],
  ['High card', 'Highest card, then the next, then the last', '74.39 %', 'loses'],
];

/** The rules of Teen Patti 20-20, linked from the table (and readable without a game session). */
export function mountRules(root: HTMLElement, game: string): void {
  const back = h(
    'a',
    { href: `/house-casino/play/${game}${window.location.search}`, class: 'rules-link' },
    'Back to the table',
  );
  if (game !== 'teen-patti') {
    root.append(
      h('main', { class: 'center-message' }, h('h1', {}, 'Rules'), h('p', {}, 'No rules page for this game.'), back),
    );
    return;
  }
  root.append(
    h(
      'main',
      { class: 'game rules', 'data-testid': 'rules' },
      h('header', { class: 'topbar' }, h('h1', {}, 'Teen Patti 20-20 rules')),
      back,
      h(
        'section',
        { class: 'panel' },
        h('h2', {}, 'How a round goes'),
        h(
          'p',
          {},
          'Every player at the table shares the round. Bets are open for 15 seconds. Then six cards come from a freshly shuffled single deck, one at a time to Player A and Player B in turn, three each. The better Teen Patti hand wins.',
        ),
        h(
          'p',
          {},
          'Aces are high, except in A 2 3, the second-best sequence. Suits never rank: two hands equal in every card rank are a tie.',
        ),
      ),
      h(
        'section',
        { class: 'panel' },
        h('h2', {}, 'Bets and payouts'),
        h(
          'ul',
          {},
          h('li', {}, 'Player A or Player B: pays 0.96 to 1. On a tie (0.11 % of rounds) your stake comes back.'),
          h(
            'li',
            {},
            "Pair plus A or Pair plus B: pays on that player's own hand, whoever wins the round: pair 1:1, color 4:1, sequence 6:1, trail 30:1, pure sequence 40:1. High card loses.",
          ),
          h('li', {}, 'Return to player: 98.00 % on Player A or B, 97.68 % on pair plus.'),
        ),
      ),
      h(
        'section',
        { class: 'panel' },
        h('h2', {}, 'Hands, best first'),
        h(
          'table',
          {},
          h('tr', {}, h('th', {}, 'Hand'), h('th', {}, 'Order'), h('th', {}, 'Chance'), h('th', {}, 'Pair plus')),
          ...HANDS.map(([name, example, chance, pays]) =>
            h('tr', {}, h('td', {}, name), h('td', {}, example), h('td', {}, chance), h('td', {}, pays)),
          ),
        ),
      ),
      h(
        'section',
        { class: 'panel' },
        h('h2', {}, 'Provably fair'),
        h(
          'p',
          {},
          'The hash of each round’s server seed is shown before betting opens; after the round the seed is revealed and anyone can deal the same six cards again on the verify page.',
        ),
      ),
    ),
  );
}
