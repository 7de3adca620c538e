import { describe, expect, it } from 'vitest';
import { game } from '../testing/fixtures';
import { planMove, sortGames } from './games';

describe('planMove', () => {
  const games = sortGames([game('3', { order: 30 }), game('1', { order: 10 }), game('2', { order: 20 })]);

  it('swaps the order values of two neighbours', () => {
    expect(games.map((item) => item._id)).toEqual(['1', '2', '3']);
    expect(planMove(games, '2', -1)).toEqual([
      { id: '2', order: 10 },
      { id: '1', order: 20 },
    ]);
    expect(planMove(games, '2', 1)).toEqual([
      { id: '2', order: 30 },
      { id: '3', order: 20 },
    ]);
  });

  it('does nothing at either end', () => {
    expect(planMove(games, '1', -1)).toBeNull();
    expect(planMove(games, '3', 1)).toBeNull();
    expect(planMove(games, 'nope', 1)).toBeNull();
  });

  it('numbers the list again when the two games share an order value', () => {
    const tied = sortGames([game('1', { order: 0 }), game('2', { order: 0 }), game('3', { order: 30 })]);
    expect(planMove(tied, '2', -1)).toEqual([
      { id: '2', order: 10 },
      { id: '1', order: 20 },
    ]);
  });
});
