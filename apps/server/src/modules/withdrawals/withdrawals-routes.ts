import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  dateRangeQuerySchema,
  withdrawalCreateSchema,
  withdrawalEnvelope,
  withdrawalListEnvelope,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-service.js';
import type { WithdrawalsService } from './withdrawals-service.js';

const tags = ['withdrawals'];

export function withdrawalsRoutes(withdrawals: WithdrawalsService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/withdrawal-request',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Ask to withdraw to a saved account; the amount is held at once',
          description: 'Send an Idempotency-Key header: a retry replays the first answer.',
          body: withdrawalCreateSchema,
          response: { 200: withdrawalEnvelope },
        },
      },
      async (request) =>
        ok(
          await withdrawals.create(callerOf(request), request.body, idempotencyKeyOf(request.headers)),
          MESSAGES.withdrawalSubmitted,
        ),
    );
    app.get(
      '/api/v1/withdrawal-request',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: "The player's withdrawal requests in a date range",
          querystring: dateRangeQuerySchema,
          response: { 200: withdrawalListEnvelope },
        },
      },
      async (request) => ok(await withdrawals.listForPlayer(callerOf(request), request.query)),
    );
  };
}
