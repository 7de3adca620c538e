import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLES,
  correctMarketSchema,
  idParamsSchema,
  marketEnvelope,
  pendingResultListEnvelope,
  rejectResultSchema,
  settleMarketSchema,
  sportsDeskSettingsEnvelope,
  sportsDeskSettingsUpdateSchema,
  voidMarketSchema,
  betVoidEnvelope,
  bulkVoidBetsSchema,
  voidBetSchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { MarketRouter } from './market-commands.js';
import { WAITS } from './operator-commands.js';
import type { ResultDeskService } from './result-desk-service.js';
import type { SportsService } from './sports-service.js';

const tags = ['backoffice'];

/**
 * Results: declare, void, correct, and the second operator's confirm or reject (maker-checker, decision
 * 0010). Those that write the market (declare, void, confirm) are checked here (role, second factor,
 * separation of duties), then run where the market is written: here, or at its owner (decision 0034).
 */
export function resultDeskRoutes(
  desk: ResultDeskService,
  sports: SportsService,
  markets: MarketRouter,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    const operator = guards.requireOperator;

    app.get(
      '/api/v1/backoffice/sports-desk/settings',
      {
        preValidation: operator,
        schema: {
          tags,
          summary: 'The sports desk switches (results need a second operator)',
          response: { 200: sportsDeskSettingsEnvelope },
        },
      },
      async () => ok(await desk.settings()),
    );
    app.put(
      '/api/v1/backoffice/sports-desk/settings',
      {
        preValidation: guards.requireRole([ROLES.DIRECTOR]),
        schema: {
          tags,
          summary: 'Change the sports desk switches (director, audited)',
          body: sportsDeskSettingsUpdateSchema,
          response: { 200: sportsDeskSettingsEnvelope },
        },
      },
      async (request) => ok(await desk.updateSettings(callerOf(request), request.body, request.ip), 'Settings saved'),
    );
    app.get(
      '/api/v1/backoffice/results/pending',
      {
        preValidation: operator,
        schema: {
          tags,
          summary: 'Declared results and corrections waiting for a second operator',
          response: { 200: pendingResultListEnvelope },
        },
      },
      async () => ok(await desk.listPending()),
    );
    app.post(
      '/api/v1/backoffice/markets/:id/settle',
      {
        preValidation: operator,
        schema: {
          tags,
          summary:
            'Declare the result: settles every bet in one transaction, or waits for a second operator when the desk asks for it',
          params: idParamsSchema,
          body: settleMarketSchema,
          response: { 200: marketEnvelope },
        },
      },
      async (request) => {
        const answer = await markets.run('result.declare', {
          caller: callerOf(request),
          marketId: request.params.id,
          result: request.body,
          ip: request.ip,
        });
        return ok(answer.data, answer.message);
      },
    );
    app.post(
      '/api/v1/backoffice/markets/:id/void',
      {
        preValidation: operator,
        schema: {
          tags,
          summary: 'Void: every stake back; voiding a settled market is a correction a second operator confirms',
          params: idParamsSchema,
          body: voidMarketSchema,
          response: { 200: marketEnvelope },
        },
      },
      async (request) => {
        const answer = await markets.run('result.void', {
          caller: callerOf(request),
          marketId: request.params.id,
          reason: request.body.reason,
          ip: request.ip,
        });
        return ok(answer.data, answer.message);
      },
    );
    app.post(
      '/api/v1/backoffice/bets/:id/void',
      {
        preValidation: operator,
        schema: {
          tags,
          summary:
            'Void one bet with a reason (a late bet, a wrong rate, a ghost bet): its exposure released, a settled bet reversed; a second operator confirms when results need confirmation',
          params: idParamsSchema,
          body: voidBetSchema,
          response: { 200: betVoidEnvelope },
        },
      },
      async (request) => {
        const marketId = await desk.marketOfBet(request.params.id);
        const answer = await markets.run('bets.void', {
          caller: callerOf(request),
          marketId,
          betIds: [request.params.id],
          reason: request.body.reason,
          ip: request.ip,
        });
        return ok(answer.data, answer.message);
      },
    );
    app.post(
      '/api/v1/backoffice/bets/void',
      {
        preValidation: operator,
        schema: {
          tags,
          summary:
            "Void the bets of one market in bulk: a player's, those struck in a time window, or both; same rules as one bet",
          body: bulkVoidBetsSchema,
          response: { 200: betVoidEnvelope },
        },
      },
      async (request) => {
        const { marketId, userId, from, to, reason } = request.body;
        const betIds = await desk.voidableBets(marketId, {
          ...(userId === undefined ? {} : { userId }),
          ...(from === undefined ? {} : { from: new Date(from) }),
          ...(to === undefined ? {} : { to: new Date(to) }),
        });
        const answer = await markets.run('bets.void', {
          caller: callerOf(request),
          marketId,
          betIds,
          reason,
          ip: request.ip,
        });
        return ok(answer.data, answer.message);
      },
    );
    app.post(
      '/api/v1/backoffice/markets/:id/correct',
      {
        preValidation: operator,
        schema: {
          tags,
          summary: 'Ask to correct a settled result, with a reason; a second operator confirms',
          params: idParamsSchema,
          body: correctMarketSchema,
          response: { 200: marketEnvelope },
        },
      },
      async (request) => {
        const { reason, ...result } = request.body;
        await desk.requestCorrection(callerOf(request), request.params.id, result, reason, request.ip);
        return ok(await sports.market(request.params.id), `Correction requested: ${WAITS}`);
      },
    );
    app.post(
      '/api/v1/backoffice/markets/:id/result/confirm',
      {
        preValidation: operator,
        schema: {
          tags,
          summary: "Confirm another operator's declared result or correction: settlement runs now",
          params: idParamsSchema,
          response: { 200: marketEnvelope },
        },
      },
      async (request) => {
        const answer = await markets.run('result.confirm', {
          caller: callerOf(request),
          marketId: request.params.id,
          ip: request.ip,
        });
        return ok(answer.data, answer.message);
      },
    );
    app.post(
      '/api/v1/backoffice/markets/:id/result/reject',
      {
        preValidation: operator,
        schema: {
          tags,
          summary: "Reject another operator's declared result or correction, with a reason",
          params: idParamsSchema,
          body: rejectResultSchema,
          response: { 200: marketEnvelope },
        },
      },
      async (request) => {
        await desk.reject(callerOf(request), request.params.id, request.body.reason, request.ip);
        return ok(await sports.market(request.params.id), 'Result rejected');
      },
    );
  };
}
