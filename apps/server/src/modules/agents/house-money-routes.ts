import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  houseMoneyDetailEnvelope,
  houseMoneyListEnvelope,
  houseMoneyQuerySchema,
  houseMoneyRequestEnvelope,
  idParamsSchema,
  rejectRequestSchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { HouseMoneyService } from './house-money-service.js';

const tags = ['agents'];

/**
 * House money waiting for a second operator (decision 0044). Operators only: agents never move the
 * house's money. Under /backoffice/house-money/:id so the separation-of-duties guard refuses the
 * requester and the account's own holder.
 */
export function houseMoneyRoutes(houseMoney: HouseMoneyService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/backoffice/house-money',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags,
          summary: 'Chips, credit and settlements from the house that wait for (or were decided by) a second operator',
          querystring: houseMoneyQuerySchema,
          response: { 200: houseMoneyListEnvelope },
        },
      },
      async (request) => ok(await houseMoney.list(request.query.status, request.query.page, request.query.pageSize)),
    );
    app.get(
      '/api/v1/backoffice/house-money/:id',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags,
          summary:
            "One request of house money with its context: the requester's total for the account today, other requests waiting for it, the first approval",
          params: idParamsSchema,
          response: { 200: houseMoneyDetailEnvelope },
        },
      },
      async (request) => ok(await houseMoney.detail(request.params.id)),
    );
    app.post(
      '/api/v1/backoffice/house-money/:id/approve',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags,
          summary: 'Second approval of house chips, credit or a settlement: the move runs now',
          params: idParamsSchema,
          response: { 200: houseMoneyRequestEnvelope },
        },
      },
      async (request) =>
        ok(await houseMoney.approve(callerOf(request), request.params.id, request.ip), 'Approved: the money moved'),
    );
    app.post(
      '/api/v1/backoffice/house-money/:id/reject',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags,
          summary: 'Reject house chips, credit or a settlement waiting for a second operator: nothing moves',
          params: idParamsSchema,
          body: rejectRequestSchema,
          response: { 200: houseMoneyRequestEnvelope },
        },
      },
      async (request) =>
        ok(
          await houseMoney.reject(callerOf(request), request.params.id, request.body.reason, request.ip),
          'Rejected: nothing moved',
        ),
    );
  };
}
