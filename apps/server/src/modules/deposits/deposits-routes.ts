import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  OPERATOR_ROLES,
  dateRangeQuerySchema,
  depositCreateSchema,
  depositEnvelope,
  depositLimitListEnvelope,
  depositLimitUpdateSchema,
  depositListEnvelope,
  idParamsSchema,
} from '@khel/contract';
import type { RoleId } from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-service.js';
import type { DepositsService } from './deposits-service.js';

const tags = ['deposits'];

export function depositsRoutes(deposits: DepositsService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/admin-deposit-request',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary:
            'Ask for a deposit to be credited: amount, receiving account, and a reference id (UTR) or a screenshot',
          description: 'Send an Idempotency-Key header: a retry replays the first answer.',
          body: depositCreateSchema,
          response: { 200: depositEnvelope },
        },
      },
      async (request) =>
        ok(
          await deposits.create(callerOf(request), request.body, idempotencyKeyOf(request.headers)),
          MESSAGES.depositSubmitted,
        ),
    );

    app.get(
      '/api/v1/admin-deposit-request',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: "The player's deposit requests in a date range (India dates, inclusive)",
          querystring: dateRangeQuerySchema,
          response: { 200: depositListEnvelope },
        },
      },
      async (request) => ok(await deposits.listForPlayer(callerOf(request), request.query)),
    );

    app.get(
      '/api/v1/deposit-screenshot/:id',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: "A deposit's screenshot (its owner, an operator, or a cash agent above the player), re-encoded JPEG",
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const bytes = await deposits.screenshot(
          caller,
          request.params.id,
          OPERATOR_ROLES.includes(caller.role as RoleId),
        );
        return reply
          .header('Content-Type', 'image/jpeg')
          .header('Cache-Control', 'private, max-age=3600')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .send(bytes);
      },
    );

    app.get(
      '/api/v1/deposit-limits',
      {
        preValidation: guards.requireUser,
        schema: {
          tags: ['responsible gambling'],
          summary: 'Self-set deposit limits with what each period has used',
          response: { 200: depositLimitListEnvelope },
        },
      },
      async (request) => ok(await deposits.limits(callerOf(request))),
    );

    app.put(
      '/api/v1/deposit-limits',
      {
        preValidation: guards.requireUser,
        schema: {
          tags: ['responsible gambling'],
          summary: 'Set a limit: lowering applies at once, raising or removing after 24 hours',
          body: depositLimitUpdateSchema,
          response: { 200: depositLimitListEnvelope },
        },
      },
      async (request) =>
        ok(
          await deposits.setLimit(callerOf(request), request.body.period, request.body.amount, request.ip),
          'Deposit limit saved',
        ),
    );
  };
}
