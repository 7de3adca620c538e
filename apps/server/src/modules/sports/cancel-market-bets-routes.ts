import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { betListEnvelope, cancelMarketBetsSchema } from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { MarketRouter } from './market-commands.js';

/** The event page's "Cancel all" on a market (issue 13). */
export function cancelMarketBetsRoutes(markets: MarketRouter, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/cancel-market-bets',
      {
        preValidation: guards.requireUser,
        schema: {
          tags: ['sports'],
          summary: "Cancel every unmatched offer of the player's on one market; answers the bets cancelled",
          body: cancelMarketBetsSchema,
          response: { 200: betListEnvelope },
        },
      },
      async (request) => {
        // Run where the market is written: here, or at its owner (decision 0034).
        const answer = await markets.run('bet.cancel-all', {
          caller: callerOf(request),
          marketId: request.body.marketId,
        });
        return ok(answer.data, answer.message);
      },
    );
  };
}
