import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLES,
  backofficeCasinoGameEnvelope,
  backofficeCasinoGameListEnvelope,
  casinoBackofficeQuerySchema,
  casinoBetsByDateQuerySchema,
  casinoBetsEnvelope,
  casinoGameCreateSchema,
  casinoGameParamsSchema,
  casinoGameUpdateSchema,
  casinoGamesEnvelope,
  casinoGamesQuerySchema,
  casinoProviderCreateSchema,
  casinoProviderListEnvelope,
  casinoProviderParamsSchema,
  casinoProviderSavedEnvelope,
  casinoProviderUpdateSchema,
  casinoReconciliationEnvelope,
  casinoRoundListEnvelope,
  userCasinoRoundsQuerySchema,
  casinoTransactionListEnvelope,
  idParamsSchema,
  launchEnvelope,
  liveCasinoGameParamsSchema,
  liveCasinoTableParamsSchema,
  liveCasinoWinParamsSchema,
  playGameSchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { CasinoService, LaunchOrigin } from './casino-service.js';

const tags = ['casino'];

/** The launch's origin for an aggregator: the client address and whether it is a phone. */
function originOf(request: FastifyRequest): LaunchOrigin {
  return { ip: request.ip, mobile: /Mobi|Android|iPhone|iPad/i.test(String(request.headers['user-agent'] ?? '')) };
}

/** Lobby, launch, the player's rounds, and the back office's casino catalogue and reports. */
export function casinoRoutes(casino: CasinoService, guards: AuthGuards): FastifyPluginAsyncZod {
  /**
   * The specification's launch paths have no /api prefix, and /live-casino is also a page of the player
   * app. A browser opening such a path (no bearer token, asking for HTML) gets the app, as every unknown
   * page does; an API call (bearer token) gets the launch URL.
   */
  async function launchGuard(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    if (request.headers.authorization === undefined && (request.headers.accept ?? '').includes('text/html')) {
      reply.callNotFound();
      return reply;
    }
    await guards.authenticateRequest(request);
    return undefined;
  }

  return async (app) => {
    app.get(
      '/api/v1/casino-games',
      {
        schema: {
          tags,
          summary: 'The casino lobby: enabled games in order (slots=true: slots only; category, provider filter)',
          querystring: casinoGamesQuerySchema,
          response: { 200: casinoGamesEnvelope },
        },
      },
      async (request) => ok(await casino.lobby(request.query)),
    );

    for (const prefix of ['', '/api/v1']) {
      app.post(
        `${prefix}/play-game`,
        {
          preValidation: guards.requireUser,
          schema: {
            tags,
            summary: 'Launch a game (its id or code): answers the URL of the game frame',
            body: playGameSchema,
            response: { 200: launchEnvelope },
          },
        },
        async (request) => ok(await casino.playGame(callerOf(request), request.body.gameId, originOf(request))),
      );
      app.get(
        `${prefix}/live-casino/:table_id`,
        {
          preValidation: launchGuard,
          schema: {
            tags,
            summary: 'Launch a live table: answers the URL of the game frame',
            params: liveCasinoTableParamsSchema,
            response: { 200: launchEnvelope },
          },
        },
        async (request) => ok(await casino.liveTable(callerOf(request), request.params.table_id, originOf(request))),
      );
      app.get(
        `${prefix}/live-casino-qtech/:game_id`,
        {
          preValidation: launchGuard,
          schema: {
            tags,
            summary: "Launch a provider's game by id or code",
            params: liveCasinoGameParamsSchema,
            response: { 200: launchEnvelope },
          },
        },
        async (request) =>
          ok(await casino.providerGame(callerOf(request), request.params.game_id, null, originOf(request))),
      );
      app.get(
        `${prefix}/live-casino-win/:game_id/:provider_id`,
        {
          preValidation: launchGuard,
          schema: {
            tags,
            summary: 'Launch a game of a named provider (code or id)',
            params: liveCasinoWinParamsSchema,
            response: { 200: launchEnvelope },
          },
        },
        async (request) =>
          ok(
            await casino.providerGame(
              callerOf(request),
              request.params.game_id,
              request.params.provider_id,
              originOf(request),
            ),
          ),
      );
    }

    app.get(
      '/api/v1/casino-bets-by-date',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: "The player's casino rounds on one India date (today by default), by provider",
          querystring: casinoBetsByDateQuerySchema,
          response: { 200: casinoBetsEnvelope },
        },
      },
      async (request) => ok(await casino.betsByDate(callerOf(request), request.query)),
    );

    // Back office
    const office = ['backoffice'];
    app.get(
      '/api/v1/backoffice/casino/providers',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags: office,
          summary: 'Casino providers (secrets shown only when set)',
          response: { 200: casinoProviderListEnvelope },
        },
      },
      async () => ok(await casino.providers()),
    );
    app.post(
      '/api/v1/backoffice/casino/providers',
      {
        preValidation: guards.requireRole([ROLES.DIRECTOR]),
        schema: {
          tags: office,
          summary: 'Add an external provider; answers its signing secret once',
          body: casinoProviderCreateSchema,
          response: { 200: casinoProviderSavedEnvelope },
        },
      },
      async (request) => ok(await casino.createProvider(callerOf(request), request.body, request.ip), 'Provider added'),
    );
    app.put(
      '/api/v1/backoffice/casino/providers/:code',
      {
        preValidation: guards.requireRole([ROLES.DIRECTOR]),
        schema: {
          tags: office,
          summary: 'Change a provider (name, launch URL, active) or rotate its secret',
          params: casinoProviderParamsSchema,
          body: casinoProviderUpdateSchema,
          response: { 200: casinoProviderSavedEnvelope },
        },
      },
      async (request) =>
        ok(
          await casino.updateProvider(callerOf(request), request.params.code, request.body, request.ip),
          'Provider saved',
        ),
    );
    app.get(
      '/api/v1/backoffice/casino/games',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags: office,
          summary: 'The whole catalogue, disabled games included',
          response: { 200: backofficeCasinoGameListEnvelope },
        },
      },
      async () => ok(await casino.games()),
    );
    app.post(
      '/api/v1/backoffice/casino/games',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags: office,
          summary: 'Add a game to the catalogue',
          body: casinoGameCreateSchema,
          response: { 200: backofficeCasinoGameEnvelope },
        },
      },
      async (request) => ok(await casino.createGame(callerOf(request), request.body, request.ip), 'Game added'),
    );
    app.put(
      '/api/v1/backoffice/casino/games/:id',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags: office,
          summary: 'Enable or disable a game, change its order, image, title or category',
          params: casinoGameParamsSchema,
          body: casinoGameUpdateSchema,
          response: { 200: backofficeCasinoGameEnvelope },
        },
      },
      async (request) =>
        ok(
          await casino.updateGame(callerOf(request), Number(request.params.id), request.body, request.ip),
          'Game saved',
        ),
    );
    app.get(
      '/api/v1/backoffice/casino/rounds',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags: office,
          summary: "A provider's rounds on one India date",
          querystring: casinoBackofficeQuerySchema,
          response: { 200: casinoRoundListEnvelope },
        },
      },
      async (request) => ok(await casino.rounds(request.query)),
    );
    app.get(
      '/api/v1/backoffice/users/:id/casino-rounds',
      {
        // Agents too: the subtree guard on /users/:id keeps an agent to its downline.
        preValidation: guards.requireBackoffice,
        schema: {
          tags: office,
          summary:
            "An account's casino rounds over India dates, optionally of one provider: party win/loss's drill-down",
          params: idParamsSchema,
          querystring: userCasinoRoundsQuerySchema,
          response: { 200: casinoRoundListEnvelope },
        },
      },
      async (request) => ok(await casino.userRounds(request.params.id, request.query)),
    );
    app.get(
      '/api/v1/backoffice/casino/transactions',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags: office,
          summary: "A provider's wallet transactions on one India date",
          querystring: casinoBackofficeQuerySchema,
          response: { 200: casinoTransactionListEnvelope },
        },
      },
      async (request) => ok(await casino.transactions(request.query)),
    );
    app.get(
      '/api/v1/backoffice/casino/reconciliation/:code',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags: office,
          summary: "A provider's wallet transactions against the journal, and anything unmatched",
          params: casinoProviderParamsSchema,
          response: { 200: casinoReconciliationEnvelope },
        },
      },
      async (request) => ok(await casino.reconciliation(request.params.code)),
    );
  };
}
