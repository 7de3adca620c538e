import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLES,
  accountMoneyEnvelope,
  agentBookQuerySchema,
  agentBookStatementEnvelope,
  creditLineEnvelope,
  agentMoneyQuerySchema,
  chipsMoveSchema,
  creditMoveSchema,
  creditSettlementSchema,
  idParamsSchema,
  moneyMoveEnvelope,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { Caller } from '../identity/identity-service.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-service.js';
import type { AgentBookService } from './agent-book-service.js';
import type { AgentChipsService } from './agent-chips-service.js';
import type { AgentCreditService } from './agent-credit-service.js';
import type { AgentFiguresService } from './agent-figures-service.js';
import type { HouseMoneyService } from './house-money-service.js';

const tags = ['agents'];
const FIRST_PAGE = { page: 1, pageSize: 50 };

/**
 * Agents' money (PRODUCT.md §9), per account under /backoffice/users/:id so the separation-of-duties
 * guard (never on one's own account) covers every change; the services check the caller's subtree.
 */
export function agentMoneyRoutes(
  services: {
    chips: AgentChipsService;
    credit: AgentCreditService;
    figures: AgentFiguresService;
    houseMoney: HouseMoneyService;
    book: AgentBookService;
  },
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  const requireMoneyRole = guards.requireRole([ROLES.DIRECTOR, ROLES.SUPPORT_ADMIN, ROLES.AGENT, ROLES.CREDIT_AGENT]);
  /** The account's figures after a move, and the house request when the move waits for a second operator. */
  async function answer(caller: Caller, id: string, waitingId: string | null, done: string) {
    const figures = await services.figures.accountMoney(caller, id, FIRST_PAGE);
    if (waitingId === null) return ok({ ...figures, waiting: null }, done);
    const waiting = await services.houseMoney.find(waitingId);
    return ok({ ...figures, waiting }, 'Above your limit for today: a second operator must approve it');
  }
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
    app.get(
      '/api/v1/backoffice/users/:id/book',
      {
        preValidation: requireMoneyRole,
        schema: {
          tags,
          summary:
            "An agent's own statement: every move of its chips or credit in and out, with the running balance, in India dates (the agent and its upline)",
          params: idParamsSchema,
          querystring: agentBookQuerySchema,
          response: { 200: agentBookStatementEnvelope },
        },
      },
      async (request) => ok(await services.book.statement(callerOf(request), request.params.id, request.query)),
    );
    app.post(
      '/api/v1/backoffice/users/:id/chips',
      {
        preValidation: requireMoneyRole,
        schema: {
          tags,
          summary: 'Give chips to a cash agent or player from its upline (or the house), or take them back',
          description:
            'Send an Idempotency-Key header: a retry replays the first answer. Chips from the house above the second-approval line wait for a second operator (`waiting`).',
          params: idParamsSchema,
          body: chipsMoveSchema,
          response: { 200: moneyMoveEnvelope },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { waitingId } = await services.chips.move(
          caller,
          request.params.id,
          request.body,
          idempotencyKeyOf(request.headers),
          request.ip,
        );
        return answer(
          caller,
          request.params.id,
          waitingId,
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
          description:
            'Send an Idempotency-Key header: a retry replays the first answer. Credit from the house above the second-approval line waits for a second operator (`waiting`).',
          params: idParamsSchema,
          body: creditMoveSchema,
          response: { 200: moneyMoveEnvelope },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { waitingId } = await services.credit.move(
          caller,
          request.params.id,
          request.body,
          idempotencyKeyOf(request.headers),
          request.ip,
        );
        return answer(
          caller,
          request.params.id,
          waitingId,
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
          description:
            "Send an Idempotency-Key header: a retry replays the first answer. The house's settlements above the second-approval line wait for a second operator (`waiting`).",
          params: idParamsSchema,
          body: creditSettlementSchema,
          response: { 200: moneyMoveEnvelope },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { waitingId } = await services.credit.settle(
          caller,
          request.params.id,
          request.body,
          idempotencyKeyOf(request.headers),
          request.ip,
        );
        return answer(caller, request.params.id, waitingId, 'Settlement recorded');
      },
    );
  };
}
