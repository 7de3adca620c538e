import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { betListEnvelope, cancelMarketBetsSchema } from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { SportsService } from './sports-service.js';

/** The event page's "Cancel all" on a market (issue 13). */
export function cancelMarketBetsRoutes(sports: SportsService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/cancel-market-bets',
      {
        preValidation: guards.requireUser,
        schema: { tags: ['sports'], summary: "Cancel every unmatched offer of the player's on one market; answers the bets cancelled", body: cancelMarketBetsSchema, response: { 200: betListEnvelope } },
      },
      async (request) => {
        const caller = callerOf(request);
        const cancelled = new Set(await sports.cancelAllOnMarket(caller, request.body.marketId));
        const bets = (await sports.betsOnMarket(caller, request.body.marketId)).filter((bet) => cancelled.has(bet._id));
        return ok(bets, bets.length === 0 ? 'No unmatched bets to cancel' : `${bets.length} bet${bets.length === 1 ? '' : 's'} cancelled`);
      },
    );
  };
}
