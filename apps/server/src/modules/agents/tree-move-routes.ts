import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  rejectRequestSchema,
  treeMoveEnvelope,
  treeMoveListEnvelope,
  treeMoveQuerySchema,
  treeMoveRequestSchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { TreeMoveService } from './tree-move-service.js';

const tags = ['agents'];

/**
 * Moving a client or a subtree to another upline (decision 0066). Operators only: a director asks
 * (`users/:id/move`, so the separation-of-duties guard refuses moving oneself), a different operator
 * confirms or rejects (`tree-moves/:id/…`, where the guard refuses the requester and the moved account).
 */
export function treeMoveRoutes(moves: TreeMoveService, guards: AuthGuards): FastifyPluginAsyncZod {
  const preValidation = guards.requireOperator;
  return async (app) => {
    app.post(
      '/api/v1/backoffice/users/:id/move',
      {
        preValidation,
        schema: {
          tags,
          summary:
            'Ask to move a client or a whole subtree under another upline (a director; a second operator confirms)',
          params: idParamsSchema,
          body: treeMoveRequestSchema,
          response: { 200: treeMoveEnvelope },
        },
      },
      async (request) =>
        ok(
          await moves.request(callerOf(request), request.params.id, request.body, request.ip),
          'Move asked: a second operator must confirm it',
        ),
    );
    app.get(
      '/api/v1/backoffice/tree-moves',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Moves in the tree waiting for (or decided by) a second operator',
          querystring: treeMoveQuerySchema,
          response: { 200: treeMoveListEnvelope },
        },
      },
      async (request) => ok(await moves.list(request.query.status, request.query.page, request.query.pageSize)),
    );
    app.post(
      '/api/v1/backoffice/tree-moves/:id/confirm',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Confirm a move asked by another operator: the account and its subtree move now',
          params: idParamsSchema,
          response: { 200: treeMoveEnvelope },
        },
      },
      async (request) =>
        ok(await moves.confirm(callerOf(request), request.params.id, request.ip), 'Confirmed: the account moved'),
    );
    app.post(
      '/api/v1/backoffice/tree-moves/:id/reject',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Reject a move asked by another operator: nothing moves',
          params: idParamsSchema,
          body: rejectRequestSchema,
          response: { 200: treeMoveEnvelope },
        },
      },
      async (request) =>
        ok(
          await moves.reject(callerOf(request), request.params.id, request.body.reason, request.ip),
          'Rejected: nothing moved',
        ),
    );
  };
}
