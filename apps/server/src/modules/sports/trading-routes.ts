import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cashOutQuoteEnvelope, cashOutQuoteQuerySchema, cashOutResultEnvelope, cashOutSchema, eventPositionsQuerySchema, positionListEnvelope } from '@khel/contract';
import { formatPaise, paiseToRupees } from '@khel/money';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { IdempotencyService } from '../idempotency/idempotency-service.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-service.js';
import { emptyChanges } from './betting-service.js';
import type { CashOutService } from './cash-out-service.js';
import type { PositionsService } from './positions-service.js';
import type { SportsService } from './sports-service.js';

const tags = ['sports'];

/** The event page as a trading screen (issue 13): positions under every runner, the fancy book, Cash Out. */
export function tradingRoutes(deps: { sports: SportsService; positions: PositionsService; cashOut: CashOutService; idempotency: IdempotencyService; guards: AuthGuards }): FastifyPluginAsyncZod {
  const { sports, positions, cashOut, idempotency, guards } = deps;
  return async (app) => {
    app.get(
      '/api/v1/event-positions',
      {
        preValidation: guards.requireUser,
        schema: { tags, summary: "The player's position on every market of an event: per runner if it wins (and if the unmatched offers fill), the fancy book", querystring: eventPositionsQuerySchema, response: { 200: positionListEnvelope } },
      },
      async (request) => ok(await positions.eventPositions(callerOf(request).userId, request.query.eventId)),
    );

    app.get(
      '/api/v1/cash-out-quote',
      {
        preValidation: guards.requireUser,
        schema: { tags, summary: 'What cashing out (all or a percentage of) the position on a market gives now, computed on the server', querystring: cashOutQuoteQuerySchema, response: { 200: cashOutQuoteEnvelope } },
      },
      async (request) => ok(await cashOut.quote(callerOf(request), request.query.marketId, request.query.percent)),
    );

    app.post(
      '/api/v1/cash-out',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Cash out at the quoted value: an all-or-nothing hedge on exchange markets, settlement against the house on bookmaker and fancy markets',
          description: 'Send an Idempotency-Key header. Refused with ODDS_CHANGED (nothing done) when the quoted value is no longer available.',
          body: cashOutSchema,
          response: { 200: cashOutResultEnvelope },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        await cashOut.waitOutDelay(request.body.marketId);
        const changes = emptyChanges();
        const result = await idempotency.run({ userId: caller.userId, key: idempotencyKeyOf(request.headers), route: 'bet.cash-out', body: request.body }, (tx) => cashOut.cashOut(caller, request.body, tx, changes));
        const published = await sports.publish(changes);
        const bets = await Promise.all(result.betIds.map(async (id) => published.get(id) ?? (await sports.bet(caller, id))));
        return ok({ marketId: request.body.marketId, value: paiseToRupees(result.valuePaise), bets }, `Cashed out for ${formatPaise(result.valuePaise)}`);
      },
    );
  };
}
