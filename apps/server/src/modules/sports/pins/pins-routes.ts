import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pinMarketSchema, pinnedMarketListEnvelope } from '@khel/contract';
import { ok } from '../../../lib/envelope.js';
import type { AuthGuards } from '../../../plugins/auth.js';
import { callerOf } from '../../../plugins/auth.js';
import type { PinsService } from './pins-service.js';

const tags = ['sports'];

/** The player's pinned markets, for the Multi Markets page (issue 31). Each answer is the whole list. */
export function pinsRoutes(pins: PinsService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/pinned-markets',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: "The player's pinned markets with their live prices, oldest pin first",
          response: { 200: pinnedMarketListEnvelope },
        },
      },
      async (request) => ok(await pins.list(callerOf(request))),
    );

    app.post(
      '/api/v1/pinned-markets',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Pin a market to the Multi Markets page (pinning again changes nothing; at most 20)',
          body: pinMarketSchema,
          response: { 200: pinnedMarketListEnvelope },
        },
      },
      async (request) => ok(await pins.pin(callerOf(request), request.body.marketId), 'Market pinned'),
    );

    app.delete(
      '/api/v1/pinned-markets/:marketId',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Unpin a market',
          params: pinMarketSchema,
          response: { 200: pinnedMarketListEnvelope },
        },
      },
      async (request) => ok(await pins.unpin(callerOf(request), request.params.marketId), 'Market unpinned'),
    );
  };
}
