import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  houseCrashBetEnvelope,
  houseCrashBetSchema,
  houseCrashCashOutEnvelope,
  houseCrashCashOutSchema,
  houseCrashParamsSchema,
  houseCrashStateEnvelope,
  houseCrashVerifyEnvelope,
  houseCrashVerifyParamsSchema,
} from '@khel/contract';
import { rupeesToPaise } from '@khel/money';
import { fail } from '../../../lib/app-error.js';
import { ok } from '../../../lib/envelope.js';
import { createSocketHeartbeat } from '../../../lib/socket-heartbeat.js';
import type { HouseCrashService } from './crash-service.js';

const tags = ['house casino'];
const description =
  "Called by the crash game's page in the game frame, with the launch token in the X-Game-Token header.";

function gameToken(request: FastifyRequest): string | undefined {
  const value = request.headers['x-game-token'];
  return Array.isArray(value) ? value[0] : value;
}

/** The crash game's calls under /api/v1/house-casino/crash/… */
export function crashRoutes(crash: HouseCrashService): FastifyPluginAsyncZod {
  const known = (game: string) => (game === crash.gameCode ? game : fail('NOT_FOUND', 'No such game'));
  return async (app) => {
    app.get(
      '/api/v1/house-casino/crash/:game',
      {
        schema: {
          tags,
          description,
          summary: "The round as everyone sees it, recent crash points and the caller's bets",
          params: houseCrashParamsSchema,
          response: { 200: houseCrashStateEnvelope },
        },
      },
      async (request) => (known(request.params.game), ok(await crash.state(gameToken(request)))),
    );
    app.post(
      '/api/v1/house-casino/crash/:game/bets',
      {
        schema: {
          tags,
          description,
          summary: 'Bet before take-off (the stake is debited through the casino wallet)',
          params: houseCrashParamsSchema,
          body: houseCrashBetSchema,
          response: { 200: houseCrashBetEnvelope },
        },
      },
      async (request) => {
        known(request.params.game);
        const { slot, stake, autoCashOut, betId } = request.body;
        const placed = await crash.placeBet(gameToken(request), {
          slot,
          stakePaise: rupeesToPaise(stake) ?? 0,
          autoCashOutHundredths: autoCashOut === null ? null : Math.round(autoCashOut * 100),
          ...(betId === undefined ? {} : { betId }),
        });
        return ok(placed, 'Bet placed');
      },
    );
    app.post(
      '/api/v1/house-casino/crash/:game/cash-out',
      {
        schema: {
          tags,
          description,
          summary: 'Cash out now: the server decides against the crash by its own clock',
          params: houseCrashParamsSchema,
          body: houseCrashCashOutSchema,
          response: { 200: houseCrashCashOutEnvelope },
        },
      },
      async (request) => (
        known(request.params.game), ok(await crash.cashOut(gameToken(request), request.body.slot), 'Cashed out')
      ),
    );
    app.get(
      '/api/v1/house-casino/verify/crash/:game/:roundNumber',
      {
        schema: {
          tags,
          summary: "Anyone: a crash round's seed, its place on the committed chain and the crash point recomputed",
          params: houseCrashVerifyParamsSchema,
          response: { 200: houseCrashVerifyEnvelope },
        },
      },
      async (request) => (known(request.params.game), ok(await crash.verify(request.params.roundNumber))),
    );
  };
}

/**
 * The live feed at /api/v1/house-casino/crash/live?token=…: round, tick, bet, cashout and crash
 * messages for everyone holding a valid launch token. Registered after @fastify/websocket (app.ts).
 * A socket whose peer is gone is dropped after a period unheard, as /ws's (lib/socket-heartbeat.ts).
 */
export function registerCrashLive(
  app: FastifyInstance,
  crash: HouseCrashService,
  player: (token: string | undefined) => Promise<unknown>,
  heartbeatMs?: number,
): void {
  const heartbeat = createSocketHeartbeat(heartbeatMs);
  app.addHook('onClose', async () => heartbeat.stop());
  app.get('/api/v1/house-casino/crash/live', { websocket: true, schema: { hide: true } }, (socket, request) => {
    heartbeat.watch(socket);
    const token = (request.query as { token?: string }).token;
    let unsubscribe: (() => void) | null = null;
    socket.on('close', () => unsubscribe?.());
    socket.on('message', () => undefined);
    player(token).then(
      () => {
        if (socket.readyState !== 1) return;
        unsubscribe = crash.onMessage((message) => {
          if (socket.readyState === 1) socket.send(JSON.stringify(message));
        });
        socket.send(JSON.stringify({ type: 'hello' }));
      },
      () => socket.close(4401, 'Open the game from the casino lobby'),
    );
  });
}
