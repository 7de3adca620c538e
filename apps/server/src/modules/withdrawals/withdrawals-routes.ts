import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MONEY_DESK_ROLES,
  MESSAGES,
  dateRangeQuerySchema,
  deskQuerySchema,
  deskWithdrawalEnvelope,
  deskWithdrawalListEnvelope,
  idParamsSchema,
  rejectRequestSchema,
  withdrawalCreateSchema,
  withdrawalEnvelope,
  withdrawalListEnvelope,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-service.js';
import type { WithdrawalsService } from './withdrawals-service.js';
import { downlineRootOf } from '../../lib/downline.js';

const tags = ['withdrawals'];

export function withdrawalsRoutes(withdrawals: WithdrawalsService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/withdrawal-request',
      {
        preValidation: guards.requireUser,
        schema: { tags, summary: 'Ask to withdraw to a saved account; the amount is held at once', description: 'Send an Idempotency-Key header: a retry replays the first answer.', body: withdrawalCreateSchema, response: { 200: withdrawalEnvelope } },
      },
      async (request) => ok(await withdrawals.create(callerOf(request), request.body, idempotencyKeyOf(request.headers)), MESSAGES.withdrawalSubmitted),
    );
    app.get(
      '/api/v1/withdrawal-request',
      { preValidation: guards.requireUser, schema: { tags, summary: "The player's withdrawal requests in a date range", querystring: dateRangeQuerySchema, response: { 200: withdrawalListEnvelope } } },
      async (request) => ok(await withdrawals.listForPlayer(callerOf(request), request.query)),
    );

    const deskTags = ['backoffice'];
    // Cash agents decide their own players' requests too (PRODUCT.md §9): the subtree guard and the service keep them to their downline.
    const requireDesk = guards.requireRole(MONEY_DESK_ROLES);
    app.get(
      '/api/v1/backoffice/withdrawals',
      { preValidation: guards.requireBackoffice, schema: { tags: deskTags, summary: 'Withdrawal requests by status (pending oldest first)', querystring: deskQuerySchema, response: { 200: deskWithdrawalListEnvelope } } },
      async (request) => ok(await withdrawals.deskList(request.query.status, request.query.page, request.query.pageSize, downlineRootOf(callerOf(request)))),
    );
    app.post(
      '/api/v1/backoffice/withdrawals/:id/approve',
      { preValidation: requireDesk, schema: { tags: deskTags, summary: 'Mark paid (a second operator above the configured amount)', params: idParamsSchema, response: { 200: deskWithdrawalEnvelope } } },
      async (request) => {
        const { withdrawal, message } = await withdrawals.approve(callerOf(request), request.params.id, request.ip);
        return ok(withdrawal, message);
      },
    );
    app.post(
      '/api/v1/backoffice/withdrawals/:id/reject',
      { preValidation: requireDesk, schema: { tags: deskTags, summary: 'Reject with a reason and release the held amount', params: idParamsSchema, body: rejectRequestSchema, response: { 200: deskWithdrawalEnvelope } } },
      async (request) => ok(await withdrawals.reject(callerOf(request), request.params.id, request.body.reason, request.ip), 'Withdrawal rejected, amount released'),
    );
  };
}
