import { randomInt } from 'node:crypto';

/**
 * The built-in aggregator simulator's catalogue (decision 0046): 13 games from three studios, each
 * with the outcomes a round draws from. A multiplier is in hundredths of the stake (200 = the stake
 * back twice); weights are relative. The returns sit a few points under 100 %, as real games do.
 */
export interface SimGame {
  game_code: string;
  name: string;
  product: 'Evolution' | 'Ezugi' | 'Pragmatic Play';
  category: string;
  live: boolean;
  /** [multiplier in hundredths, weight] */
  outcomes: readonly (readonly [number, number])[];
}

const EVEN_MONEY_ROULETTE = [
  [200, 18],
  [0, 19],
] as const;
const SLOT = [
  [0, 650],
  [50, 100],
  [100, 100],
  [200, 80],
  [500, 50],
  [2000, 18],
  [10000, 2],
] as const;

export const SIM_GAMES: readonly SimGame[] = [
  {
    game_code: 'evo_roulette_live',
    name: 'Roulette Live',
    product: 'Evolution',
    category: 'Live Roulette',
    live: true,
    outcomes: EVEN_MONEY_ROULETTE,
  },
  {
    game_code: 'evo_baccarat_live',
    name: 'Baccarat Live',
    product: 'Evolution',
    category: 'Live Baccarat',
    live: true,
    outcomes: [
      [195, 4586],
      [100, 952],
      [0, 4462],
    ],
  },
  {
    game_code: 'evo_dragon_tiger',
    name: 'Dragon Tiger Live',
    product: 'Evolution',
    category: 'Live Dealer',
    live: true,
    outcomes: [
      [200, 4627],
      [50, 746],
      [0, 4627],
    ],
  },
  {
    game_code: 'evo_blackjack_live',
    name: 'Blackjack Live',
    product: 'Evolution',
    category: 'Live Blackjack',
    live: true,
    outcomes: [
      [200, 4200],
      [250, 450],
      [100, 850],
      [0, 4500],
    ],
  },
  {
    game_code: 'ezg_andar_bahar',
    name: 'Andar Bahar Live',
    product: 'Ezugi',
    category: 'Live Dealer',
    live: true,
    outcomes: [
      [190, 5150],
      [0, 4850],
    ],
  },
  {
    game_code: 'ezg_teen_patti',
    name: 'Teen Patti Live',
    product: 'Ezugi',
    category: 'Live Dealer',
    live: true,
    outcomes: [
      [195, 4950],
      [0, 5050],
    ],
  },
  {
    game_code: 'ezg_lucky7',
    name: 'Lucky 7 Live',
    product: 'Ezugi',
    category: 'Live Dealer',
    live: true,
    outcomes: [
      [200, 4620],
      [1100, 150],
      [0, 5230],
    ],
  },
  {
    game_code: 'ezg_auto_roulette',
    name: 'Auto Roulette',
    product: 'Ezugi',
    category: 'Live Roulette',
    live: true,
    outcomes: EVEN_MONEY_ROULETTE,
  },
  {
    game_code: 'pp_mega_roulette',
    name: 'Mega Roulette',
    product: 'Pragmatic Play',
    category: 'Live Roulette',
    live: true,
    outcomes: EVEN_MONEY_ROULETTE,
  },
  {
    game_code: 'pp_gates_fortune',
    name: 'Gates of Fortune',
    product: 'Pragmatic Play',
    category: 'Video Slots',
    live: false,
    outcomes: SLOT,
  },
  {
    game_code: 'pp_sweet_fruits',
    name: 'Sweet Fruits',
    product: 'Pragmatic Play',
    category: 'Video Slots',
    live: false,
    outcomes: SLOT,
  },
  {
    game_code: 'pp_golden_wolf',
    name: 'Golden Wolf',
    product: 'Pragmatic Play',
    category: 'Video Slots',
    live: false,
    outcomes: SLOT,
  },
  {
    game_code: 'pp_river_bass',
    name: 'Big River Bass',
    product: 'Pragmatic Play',
    category: 'Video Slots',
    live: false,
    outcomes: SLOT,
  },
];

export function simGame(code: string): SimGame | undefined {
  return SIM_GAMES.find((game) => game.game_code === code);
}

/** One round's multiplier (hundredths), drawn from the CSPRNG by weight. */
export function drawMultiplier(game: SimGame, random: (max: number) => number = (max) => randomInt(max)): number {
  const total = game.outcomes.reduce((sum, [, weight]) => sum + weight, 0);
  let pick = random(total);
  for (const [multiplier, weight] of game.outcomes) {
    if (pick < weight) return multiplier;
    pick -= weight;
  }
  return 0;
}

/** A plain card for the lobby: the game's name on its studio's colour. */
export function thumbnailSvg(game: SimGame): string {
  const colour = game.product === 'Evolution' ? '#1f3b73' : game.product === 'Ezugi' ? '#6b1f4a' : '#7a4b0f';
  const escape = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240"><rect width="320" height="240" rx="16" fill="${colour}"/><text x="160" y="120" font-family="sans-serif" font-size="26" font-weight="700" fill="#fff" text-anchor="middle">${escape(game.name)}</text><text x="160" y="160" font-family="sans-serif" font-size="16" fill="#ffd36b" text-anchor="middle">${escape(game.product)}</text></svg>`;
}
