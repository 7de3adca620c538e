import { vi } from 'vitest';
import type { CasinoBet, CasinoGame } from '@khel/contract';

export function makeGame(overrides: Partial<CasinoGame> & Pick<CasinoGame, '_id' | 'title'>): CasinoGame {
  const code = overrides.game_code ?? overrides.title.toLowerCase().replace(/\s+/g, '-');
  return {
    game_images: `/house-casino/thumbs/${code}.svg`,
    game_category: 'Video Slots',
    provider_name: 'Khel Originals',
    provider_code: 'khel-house',
    game_code: code,
    is_slot: true,
    order: Number(overrides._id) * 10,
    launch: { kind: 'play', method: 'POST', path: '/play-game', body: { gameId: overrides._id } },
    ...overrides,
  };
}

export const SLOTS: CasinoGame[] = [
  makeGame({ _id: '1', title: 'Royal Bengal' }),
  makeGame({ _id: '4', title: 'Mumbai Nights', provider_name: 'Acme Gaming', provider_code: 'acme' }),
  makeGame({
    _id: '5',
    title: 'Lucky Lotus',
    game_category: 'Jackpots',
    provider_name: 'Acme Gaming',
    provider_code: 'acme',
  }),
];

const table = (id: string, title: string, extra: Partial<CasinoGame> = {}): CasinoGame => {
  const code = title.toLowerCase().replace(/\s+/g, '-');
  return makeGame({
    _id: id,
    title,
    game_category: 'Card Games',
    is_slot: false,
    launch: { kind: 'table', method: 'GET', path: `/live-casino/${code}`, body: null },
    ...extra,
  });
};

export const TABLES: CasinoGame[] = [
  table('2', 'Dragon Tiger'),
  table('3', 'Andar Bahar'),
  table('6', 'Speed Roulette', {
    game_category: 'Roulette',
    provider_name: 'Acme Gaming',
    provider_code: 'acme',
    launch: { kind: 'win', method: 'GET', path: '/live-casino-win/speed-roulette/acme', body: null },
  }),
  table('7', 'Teen Patti', {
    provider_name: 'QTech',
    provider_code: 'qtech',
    launch: { kind: 'qtech', method: 'GET', path: '/live-casino-qtech/teen-patti', body: null },
  }),
];

export function makeRound(overrides: Partial<CasinoBet> = {}): CasinoBet {
  return {
    _id: 'r1',
    roundId: 'dragon-tiger:12',
    provider: 'khel-house',
    provider_name: 'Khel Originals',
    game_code: 'dragon-tiger',
    title: 'Dragon Tiger',
    description: 'Live Casino / Khel Originals / 21/11/2026',
    wallet: 'main',
    status: 'credited',
    stake: 100,
    payout: 200,
    profitLoss: 100,
    createdAt: '2026-11-21T10:00:00.000Z',
    settledAt: '2026-11-21T10:00:20.000Z',
    ...overrides,
  };
}

/** matchMedia answering min-width queries for a window `width` pixels wide. */
export function setWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = (min ? width >= Number(min[1]) : true) && (max ? width <= Number(max[1]) : true);
    return {
      matches,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      onchange: null,
      dispatchEvent: () => false,
    };
  });
}
