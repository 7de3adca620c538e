import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashOutQuoteEnvelope,
  cashOutQuoteQuerySchema,
  cashOutResultEnvelope,
  cashOutSchema,
  eventPositionsQuerySchema,
  positionListEnvelope,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-service.js';
import type { CashOutService } from './betting/index.js';
import type { PositionsService } from './positions/index.js';
import type { MarketRouter } from './market-commands.js';

const tags = ['sports'];

/** The event page as a trading screen (issue 13): positions under every runner, the fancy book, Cash Out. */
export function tradingRoutes(deps: {
  positions: PositionsService;
  cashOut: CashOutService;
  markets: MarketRouter;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { positions, cashOut, markets, guards } = deps;
  return async (app) => {
    app.get(
      '/api/v1/event-positions',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary:
            "The player's position on every market of an event: per runner if it wins (and if the unmatched offers fill), the fancy book",
          querystring: eventPositionsQuerySchema,
          response: { 200: positionListEnvelope },
        },
      },
      async (request) => ok(await positions.eventPositions(callerOf(request).userId, request.query.eventId)),
    );

    app.get(
      '/api/v1/cash-out-quote',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary:
            'What cashing out (all or a percentage of) the position on a market gives now, computed on the server',
          querystring: cashOutQuoteQuerySchema,
          response: { 200: cashOutQuoteEnvelope },
        },
      },
      async (request) => ok(await cashOut.quote(callerOf(request), request.query.marketId, request.query.percent)),
    );

    app.post(
      '/api/v1/cash-out',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary:
            'Cash out at the quoted value: an all-or-nothing hedge on exchange markets, settlement against the house on bookmaker and fancy markets',
          description:
            'Send an Idempotency-Key header. Refused with ODDS_CHANGED (nothing done) when the quoted value is no longer available.',
          body: cashOutSchema,
          response: { 200: cashOutResultEnvelope },
        },
      },
      async (request) => {
        const key = idempotencyKeyOf(request.headers);
        // The in-play delay is waited out here, before the command reaches the market's writer (here or at its owner, decision 0034).
        await cashOut.waitOutDelay(request.body.marketId);
        const answer = await markets.run('bet.cash-out', { caller: callerOf(request), body: request.body, key });
        return ok(answer.data, answer.message);
      },
    );
  };
}
