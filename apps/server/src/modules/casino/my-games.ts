import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { casinoFavouriteParamsSchema, casinoMyGamesEnvelope } from '@khel/contract';
import type { Database } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { Caller } from '../identity/identity-service.js';
import { createCasinoRepository } from './casino-repository.js';
import { toCasinoGame } from './casino-service.js';
import { createMyGamesRepository } from './my-games-repository.js';

const RECENT_GAMES = 12;

/** The lobby's "Favourites" and "Recently played", per player and stored on the server. */
export function createMyGamesService(deps: { db: Database; clock: Clock }) {
  const repository = createMyGamesRepository(deps.db);
  const catalogue = createCasinoRepository(deps.db);

  async function myGames(caller: Caller) {
    const [favourites, recent] = await Promise.all([
      repository.favourites(caller.userId),
      repository.recent(caller.userId, RECENT_GAMES),
    ]);
    return { favourites: favourites.map(toCasinoGame), recent: recent.map(toCasinoGame) };
  }
  async function gameOf(key: string) {
    const game = await catalogue.findGame(key, null);
    if (game === null || !game.enabled || !game.provider_active) fail('NOT_FOUND', 'This game is not available');
    return game;
  }

  return {
    myGames,
    async addFavourite(caller: Caller, key: string) {
      await repository.addFavourite(caller.userId, (await gameOf(key)).id, deps.clock.now());
      return myGames(caller);
    },
    async removeFavourite(caller: Caller, key: string) {
      const game = await catalogue.findGame(key, null);
      if (game !== null) await repository.removeFavourite(caller.userId, game.id);
      return myGames(caller);
    },
  };
}
export type MyGamesService = ReturnType<typeof createMyGamesService>;

const tags = ['casino'];

/** GET /api/v1/casino/my-games; PUT and DELETE /api/v1/casino/favourites/:gameId (a game's id or code). */
export function myGamesRoutes(service: MyGamesService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/casino/my-games',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: "The player's favourite and recently played games",
          response: { 200: casinoMyGamesEnvelope },
        },
      },
      async (request) => ok(await service.myGames(callerOf(request))),
    );
    app.put(
      '/api/v1/casino/favourites/:gameId',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Add a game to the favourites (repeating it changes nothing)',
          params: casinoFavouriteParamsSchema,
          response: { 200: casinoMyGamesEnvelope },
        },
      },
      async (request) =>
        ok(await service.addFavourite(callerOf(request), request.params.gameId), 'Added to favourites'),
    );
    app.delete(
      '/api/v1/casino/favourites/:gameId',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Remove a game from the favourites',
          params: casinoFavouriteParamsSchema,
          response: { 200: casinoMyGamesEnvelope },
        },
      },
      async (request) =>
        ok(await service.removeFavourite(callerOf(request), request.params.gameId), 'Removed from favourites'),
    );
  };
}
