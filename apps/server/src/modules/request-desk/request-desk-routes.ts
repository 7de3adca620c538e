import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DeskDeposit, DeskWithdrawal, Envelope } from '@khel/contract';
import {
  MONEY_DESK_ROLES,
  approvalContextEnvelope,
  deskDepositEnvelope,
  deskDepositListEnvelope,
  deskQuerySchema,
  deskWithdrawalEnvelope,
  deskWithdrawalListEnvelope,
  idParamsSchema,
  rejectRequestSchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import { downlineRootOf } from '../../lib/downline.js';
import type { DeskView, RequestDesk } from './request-desk-service.js';

/** How one kind of request shows on the desk's three routes: its path, its answers' schemas and its words. */
export interface DeskRoutesSpec<View> {
  /** `/api/v1/backoffice/<path>`, `/<path>/:id/approve`, `/<path>/:id/reject`. */
  path: 'deposits' | 'withdrawals';
  list: { summary: string; envelope: z.ZodType<Envelope<{ items: View[]; total: number }>> };
  item: z.ZodType<Envelope<View>>;
  approveSummary: string;
  rejectSummary: string;
  rejectedMessage: string;
}

export const DEPOSIT_DESK_ROUTES: DeskRoutesSpec<DeskDeposit> = {
  path: 'deposits',
  list: { summary: 'Deposit requests by status (pending oldest first)', envelope: deskDepositListEnvelope },
  item: deskDepositEnvelope,
  approveSummary: 'Approve: credit the main wallet (a second operator above the configured amount)',
  rejectSummary: 'Reject with a reason',
  rejectedMessage: 'Deposit rejected',
};

export const WITHDRAWAL_DESK_ROUTES: DeskRoutesSpec<DeskWithdrawal> = {
  path: 'withdrawals',
  list: { summary: 'Withdrawal requests by status (pending oldest first)', envelope: deskWithdrawalListEnvelope },
  item: deskWithdrawalEnvelope,
  approveSummary: 'Mark paid (a second operator above the configured amount)',
  rejectSummary: 'Reject with a reason and release the held amount',
  rejectedMessage: 'Withdrawal rejected, amount released',
};

/**
 * The request desk's routes (decision 0032), once for every kind of money request. Cash agents decide
 * their own players' requests too (PRODUCT.md §9): the subtree guard and the desk keep them to their downline.
 */
export function requestDeskRoutes<View extends DeskView>(
  desk: RequestDesk<View>,
  spec: DeskRoutesSpec<View>,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['backoffice'];
    const requireDesk = guards.requireRole(MONEY_DESK_ROLES);
    const base = `/api/v1/backoffice/${spec.path}`;
    app.get(
      base,
      {
        preValidation: guards.requireBackoffice,
        schema: {
          tags,
          summary: spec.list.summary,
          querystring: deskQuerySchema,
          response: { 200: spec.list.envelope },
        },
      },
      async (request) =>
        ok(
          await desk.deskList(
            request.query.status,
            request.query.page,
            request.query.pageSize,
            downlineRootOf(callerOf(request)),
          ),
        ),
    );
    app.get(
      `${base}/:id/context`,
      {
        preValidation: requireDesk,
        schema: {
          tags,
          summary:
            "What an approver sees beside the request: the first approver's total for the player that day, other requests waiting for the player, the first approval",
          params: idParamsSchema,
          response: { 200: approvalContextEnvelope },
        },
      },
      async (request) => ok(await desk.context(callerOf(request), request.params.id)),
    );
    app.post(
      `${base}/:id/approve`,
      {
        preValidation: requireDesk,
        schema: { tags, summary: spec.approveSummary, params: idParamsSchema, response: { 200: spec.item } },
      },
      async (request) => {
        const { request: decided, message } = await desk.approve(callerOf(request), request.params.id, request.ip);
        return ok(decided, message);
      },
    );
    app.post(
      `${base}/:id/reject`,
      {
        preValidation: requireDesk,
        schema: {
          tags,
          summary: spec.rejectSummary,
          params: idParamsSchema,
          body: rejectRequestSchema,
          response: { 200: spec.item },
        },
      },
      async (request) =>
        ok(
          await desk.reject(callerOf(request), request.params.id, request.body.reason, request.ip),
          spec.rejectedMessage,
        ),
    );
  };
}
