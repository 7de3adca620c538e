import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLES,
  accountMoneyEnvelope,
  creditLineEnvelope,
  agentMoneyQuerySchema,
  chipsMoveSchema,
  creditMoveSchema,
  creditSettlementSchema,
  idParamsSchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-service.js';
import type { AgentChipsService } from './agent-chips-service.js';
import type { AgentCreditService } from './agent-credit-service.js';
import type { AgentFiguresService } from './agent-figures-service.js';

const tags = ['agents'];
const FIRST_PAGE = { page: 1, pageSize: 50 };

/**
 * Agents' money (PRODUCT.md §9), per account under /backoffice/users/:id so the separation-of-duties
 * guard (never on one's own account) covers every change; the services check the caller's subtree.
 */
export function agentMoneyRoutes(
  services: { chips: AgentChipsService; credit: AgentCreditService; figures: AgentFiguresService },
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  const requireMoneyRole = guards.requireRole([ROLES.DIRECTOR, ROLES.SUPPORT_ADMIN, ROLES.AGENT, ROLES.CREDIT_AGENT]);
  return async (app) => {
    app.get(
      '/api/v1/credit-line',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary:
            "A credit player's own line: Credit Ref, Balance (Credit Ref + P&L since the last settlement), Exposure, Available, Ref P&L",
          response: { 200: creditLineEnvelope },
        },
      },
      async (request) => ok(await services.figures.creditLineOf(callerOf(request))),
    );
    app.get(
      '/api/v1/backoffice/users/:id/money',
      {
        preValidation: requireMoneyRole,
        schema: {
          tags,
          summary:
            "An account's figures over its subtree (Credit Ref, Balance, Exposure, Available, Ref P&L), its own book and a page of its direct downline's",
          params: idParamsSchema,
          querystring: agentMoneyQuerySchema,
          response: { 200: accountMoneyEnvelope },
        },
      },
      async (request) => ok(await services.figures.accountMoney(callerOf(request), request.params.id, request.query)),
    );
    app.post(
      '/api/v1/backoffice/users/:id/chips',
      {
        preValidation: requireMoneyRole,
        schema: {
          tags,
          summary: 'Give chips to a cash agent or player from its upline (or the house), or take them back',
          description: 'Send an Idempotency-Key header: a retry replays the first answer.',
          params: idParamsSchema,
          body: chipsMoveSchema,
          response: { 200: accountMoneyEnvelope },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        await services.chips.move(
          caller,
          request.params.id,
          request.body,
          idempotencyKeyOf(request.headers),
          request.ip,
        );
        return ok(
          await services.figures.accountMoney(caller, request.params.id, FIRST_PAGE),
          request.body.action === 'give' ? 'Chips given' : 'Chips taken back',
        );
      },
    );
    app.post(
      '/api/v1/backoffice/users/:id/credit',
      {
        preValidation: requireMoneyRole,
        schema: {
          tags,
          summary: "Raise (give) or lower (take) a credit account's credit reference out of its upline's free credit",
          description: 'Send an Idempotency-Key header: a retry replays the first answer.',
          params: idParamsSchema,
          body: creditMoveSchema,
          response: { 200: accountMoneyEnvelope },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        await services.credit.move(
          caller,
          request.params.id,
          request.body,
          idempotencyKeyOf(request.headers),
          request.ip,
        );
        return ok(
          await services.figures.accountMoney(caller, request.params.id, FIRST_PAGE),
          request.body.action === 'give' ? 'Credit raised' : 'Credit lowered',
        );
      },
    );
    app.post(
      '/api/v1/backoffice/users/:id/settlement',
      {
        preValidation: requireMoneyRole,
        schema: {
          tags,
          summary: 'Record a settlement with a credit player (cash outside the product): brings Ref P&L towards zero',
          description: 'Send an Idempotency-Key header: a retry replays the first answer.',
          params: idParamsSchema,
          body: creditSettlementSchema,
          response: { 200: accountMoneyEnvelope },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        await services.credit.settle(
          caller,
          request.params.id,
          request.body,
          idempotencyKeyOf(request.headers),
          request.ip,
        );
        return ok(await services.figures.accountMoney(caller, request.params.id, FIRST_PAGE), 'Settlement recorded');
      },
    );
  };
}
