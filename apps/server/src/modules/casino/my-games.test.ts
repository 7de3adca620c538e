import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import type { TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type MyGames = { favourites: { game_code: string }[]; recent: { game_code: string }[] };
const codes = (games: { game_code: string }[]) => games.map((g) => g.game_code);

describe('favourites and recently played (per player, on the server)', () => {
  it('keeps each player’s favourites, newest first, idempotently, and lists recently launched games', async () => {
    const alice = await signUpPlayer(t);
    const bob = await signUpPlayer(t);
    expect((await call(t.app, 'GET', '/api/v1/casino/my-games', { token: alice.token })).body.data).toEqual({
      favourites: [],
      recent: [],
    });
    await call(t.app, 'PUT', '/api/v1/casino/favourites/crash', { token: alice.token });
    await call(t.app, 'PUT', '/api/v1/casino/favourites/teen-patti', { token: alice.token });
    t.clock.advanceMs(1_000);
    const again = await call(t.app, 'PUT', '/api/v1/casino/favourites/crash', { token: alice.token });
    expect(again.body.meta.message).toBe('Added to favourites');
    expect(codes((again.body.data as MyGames).favourites).sort()).toEqual(['crash', 'teen-patti']);
    expect(
      ((await call(t.app, 'GET', '/api/v1/casino/my-games', { token: bob.token })).body.data as MyGames).favourites,
    ).toEqual([]);

    await call(t.app, 'GET', '/live-casino/lucky-7', { token: alice.token });
    t.clock.advanceMs(1_000);
    await call(t.app, 'POST', '/play-game', { token: alice.token, body: { gameId: 'royal-bengal' } });
    t.clock.advanceMs(1_000);
    await call(t.app, 'GET', '/live-casino/lucky-7', { token: alice.token });
    const mine = (await call(t.app, 'GET', '/api/v1/casino/my-games', { token: alice.token })).body.data as MyGames;
    expect(codes(mine.recent)).toEqual(['lucky-7', 'royal-bengal']);

    const removed = await call(t.app, 'DELETE', '/api/v1/casino/favourites/teen-patti', { token: alice.token });
    expect(codes((removed.body.data as MyGames).favourites)).toEqual(['crash']);
  });

  it('refuses an unknown game and a caller without a session', async () => {
    const player = await signUpPlayer(t);
    expect(
      (await call(t.app, 'PUT', '/api/v1/casino/favourites/no-such-game', { token: player.token })).body.meta.error,
    ).toBe('NOT_FOUND');
    expect((await call(t.app, 'GET', '/api/v1/casino/my-games', {})).status).toBe(401);
  });

  it('lists the new house games in the lobby catalogue', async () => {
    const lobby = (await call(t.app, 'GET', '/api/v1/casino-games', {})).body.data as {
      game_code: string;
      game_category: string;
      game_images: string;
    }[];
    for (const code of ['crash', 'teen-patti', 'lucky-7', 'monsoon-gems'])
      expect(lobby.find((g) => g.game_code === code)?.game_images).toMatch(/^\/house-casino\/thumbs\/.+\.svg$/);
    expect(lobby.find((g) => g.game_code === 'crash')?.game_category).toBe('Crash');
  });
});
