import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  houseBalanceEnvelope,
  houseRotateSeedEnvelope,
  houseRotateSeedSchema,
  houseSessionEnvelope,
  houseSlotInfoEnvelope,
  houseSlotSpinEnvelope,
  houseSpinRequestSchema,
  houseTableBetEnvelope,
  houseTableBetSchema,
  houseTableEnvelope,
  houseTableParamsSchema,
  houseVerifyEnvelope,
  houseVerifySpinParamsSchema,
  houseVerifyTableParamsSchema,
} from '@khel/contract';
import { rupeesToPaise } from '@khel/money';
import { ok } from '../../../lib/envelope.js';
import type { HouseCasinoService } from './house-casino-service.js';

const tags = ['house casino'];
const description =
  "Called by the house provider's game pages in the game frame, with the launch token in the X-Game-Token header.";
const gameParams = z.object({ game: z.string().min(1).max(60) });

function gameToken(request: FastifyRequest): string | undefined {
  const value = request.headers['x-game-token'];
  return Array.isArray(value) ? value[0] : value;
}

/** The house provider's game server under /api/v1/house-casino/… (its pages live in apps/house-casino). */
export function houseCasinoRoutes(house: HouseCasinoService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/house-casino/session/:game',
      {
        schema: {
          tags,
          description,
          summary: 'The player, balance and game behind a launch token',
          params: gameParams,
          response: { 200: houseSessionEnvelope },
        },
      },
      async (request) => ok(await house.session(gameToken(request), request.params.game)),
    );
    app.get(
      '/api/v1/house-casino/balance',
      {
        schema: {
          tags,
          description,
          summary: "The player's balance, from the wallet",
          response: { 200: houseBalanceEnvelope },
        },
      },
      async (request) => ok(await house.balance(gameToken(request))),
    );
    app.get(
      '/api/v1/house-casino/slots/:game',
      {
        schema: {
          tags,
          description,
          summary: 'Paytable, reels, stake limits, the committed seed pair and recent spins',
          params: gameParams,
          response: { 200: houseSlotInfoEnvelope },
        },
      },
      async (request) => ok(await house.slotInfo(gameToken(request), request.params.game)),
    );
    app.post(
      '/api/v1/house-casino/slots/:game/spin',
      {
        schema: {
          tags,
          description,
          summary: 'Spin: the stake is debited and the win credited through the casino wallet',
          params: gameParams,
          body: houseSpinRequestSchema,
          response: { 200: houseSlotSpinEnvelope },
        },
      },
      async (request) =>
        ok(await house.spin(gameToken(request), request.params.game, rupeesToPaise(request.body.stake) ?? 0)),
    );
    app.post(
      '/api/v1/house-casino/slots/:game/rotate-seed',
      {
        schema: {
          tags,
          description,
          summary: 'Reveal the current server seed and commit a new pair (optionally with your client seed)',
          params: gameParams,
          body: houseRotateSeedSchema,
          response: { 200: houseRotateSeedEnvelope },
        },
      },
      async (request) => ok(await house.rotateSeed(gameToken(request), request.body.clientSeed)),
    );
    app.get(
      '/api/v1/house-casino/tables/:tableId',
      {
        schema: {
          tags,
          description,
          summary: "The table as every player sees it (poll it), with the caller's bets",
          params: houseTableParamsSchema,
          response: { 200: houseTableEnvelope },
        },
      },
      async (request) => ok(await house.tableView(gameToken(request), request.params.tableId)),
    );
    app.post(
      '/api/v1/house-casino/tables/:tableId/bets',
      {
        schema: {
          tags,
          description,
          summary: 'Bet in the betting window (the stake is debited through the casino wallet)',
          params: houseTableParamsSchema,
          body: houseTableBetSchema,
          response: { 200: houseTableBetEnvelope },
        },
      },
      async (request) => {
        const { kind, stake, betId } = request.body;
        return ok(
          await house.placeBet(gameToken(request), request.params.tableId, {
            kind,
            stakePaise: rupeesToPaise(stake) ?? 0,
            ...(betId === undefined ? {} : { betId }),
          }),
          'Bet placed',
        );
      },
    );
    app.get(
      '/api/v1/house-casino/verify/table/:tableId/:roundNumber',
      {
        schema: {
          tags,
          summary: 'Anyone: the published seeds and result of a table round, recomputed',
          params: houseVerifyTableParamsSchema,
          response: { 200: houseVerifyEnvelope },
        },
      },
      async (request) => ok(await house.verifyTableRound(request.params.tableId, request.params.roundNumber)),
    );
    app.get(
      '/api/v1/house-casino/verify/spin/:spinId',
      {
        schema: {
          tags,
          summary: 'Anyone: a spin recomputed once its seed pair is rotated',
          params: houseVerifySpinParamsSchema,
          response: { 200: houseVerifyEnvelope },
        },
      },
      async (request) => ok(await house.verifySpin(request.params.spinId)),
    );
  };
}
