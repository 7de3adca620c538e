import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentCreateSchema,
  adjustmentEnvelope,
  adjustmentListEnvelope,
  approvalContextEnvelope,
  idParamsSchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { AdjustmentsService } from './adjustments-service.js';

const tags = ['backoffice'];

export function adjustmentsRoutes(adjustments: AdjustmentsService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/backoffice/users/:id/adjustments',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags,
          summary: "A player's manual adjustments",
          params: idParamsSchema,
          response: { 200: adjustmentListEnvelope },
        },
      },
      async (request) => ok(await adjustments.listForUser(request.params.id)),
    );
    app.post(
      '/api/v1/backoffice/users/:id/adjustments',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags,
          summary:
            'Credit or debit a wallet with a reason (journal entry; a second operator above the configured amount)',
          params: idParamsSchema,
          body: adjustmentCreateSchema,
          response: { 200: adjustmentEnvelope },
        },
      },
      async (request) => {
        const { adjustment, message } = await adjustments.create(
          callerOf(request),
          request.params.id,
          request.body,
          request.ip,
        );
        return ok(adjustment, message);
      },
    );
    app.get(
      '/api/v1/backoffice/adjustments/:id/context',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags,
          summary:
            "What the second approver sees beside an adjustment: the requester's total for the player that day, other requests waiting for the player, the first approval",
          params: idParamsSchema,
          response: { 200: approvalContextEnvelope },
        },
      },
      async (request) => ok(await adjustments.context(request.params.id)),
    );
    app.post(
      '/api/v1/backoffice/adjustments/:id/approve',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags,
          summary: 'Second approval of a large adjustment',
          params: idParamsSchema,
          response: { 200: adjustmentEnvelope },
        },
      },
      async (request) =>
        ok(await adjustments.approve(callerOf(request), request.params.id, request.ip), 'Adjustment applied'),
    );
    app.post(
      '/api/v1/backoffice/adjustments/:id/reject',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags,
          summary: 'Reject a pending adjustment',
          params: idParamsSchema,
          response: { 200: adjustmentEnvelope },
        },
      },
      async (request) =>
        ok(await adjustments.reject(callerOf(request), request.params.id, request.ip), 'Adjustment rejected'),
    );
  };
}
