import { describe, expect, it } from 'vitest';
import { SLOTS, TABLES, makeRound } from '../testing/casino-fixtures';
import { NO_FILTER, categoriesOf, filterGames, findGame, groupByCategory, providersOf, roundsOf } from './games';

const titles = (games: { title: string }[]) => games.map((game) => game.title);

describe('lobby filters', () => {
  it('lists each provider once, in lobby order', () => {
    expect(providersOf(TABLES)).toEqual([
      { code: 'khel-house', name: 'Khel Originals' },
      { code: 'acme', name: 'Acme Gaming' },
      { code: 'qtech', name: 'QTech' },
    ]);
  });

  it('counts categories and groups games by them in lobby order', () => {
    expect(categoriesOf(SLOTS)).toEqual([
      { name: 'Video Slots', count: 2 },
      { name: 'Jackpots', count: 1 },
    ]);
    expect(groupByCategory(TABLES).map((group) => [group.category, titles(group.games)])).toEqual([
      ['Card Games', ['Dragon Tiger', 'Andar Bahar', 'Teen Patti']],
      ['Roulette', ['Speed Roulette']],
    ]);
  });

  it('filters by provider, category and every searched word, ignoring case and accents', () => {
    expect(titles(filterGames(TABLES, NO_FILTER))).toHaveLength(4);
    expect(titles(filterGames(TABLES, { ...NO_FILTER, provider: 'acme' }))).toEqual(['Speed Roulette']);
    expect(titles(filterGames(TABLES, { ...NO_FILTER, category: 'Card Games', provider: 'khel-house' }))).toEqual([
      'Dragon Tiger',
      'Andar Bahar',
    ]);
    expect(titles(filterGames(TABLES, { ...NO_FILTER, search: '  DRAGON  ' }))).toEqual(['Dragon Tiger']);
    expect(titles(filterGames(TABLES, { ...NO_FILTER, search: 'card orig' }))).toEqual(['Dragon Tiger', 'Andar Bahar']);
    expect(titles(filterGames(TABLES, { ...NO_FILTER, search: 'rôulette' }))).toEqual(['Speed Roulette']);
    expect(filterGames(TABLES, { ...NO_FILTER, search: 'poker' })).toEqual([]);
  });

  it('finds a game named in the address by id or code', () => {
    expect(findGame(TABLES, '2')?.title).toBe('Dragon Tiger');
    expect(findGame(TABLES, 'andar-bahar')?.title).toBe('Andar Bahar');
    expect(findGame(TABLES, 'royal-bengal')).toBeUndefined();
  });

  it('keeps the rounds of one lobby by the description the server writes', () => {
    const live = makeRound();
    const slot = makeRound({ _id: 'r2', description: 'Slots / Khel Originals / 21/11/2026' });
    expect(roundsOf('live', [live, slot])).toEqual([live]);
    expect(roundsOf('slots', [live, slot])).toEqual([slot]);
  });
});
