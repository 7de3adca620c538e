import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLES,
  downlineAccountEnvelope,
  downlineAccountRequestSchema,
  emptyEnvelope,
  idParamsSchema,
  passwordResetByOperatorRequestSchema,
  treePathEnvelope,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { IdentityService } from '../identity/identity-service.js';
import type { AgentsService } from './agents-service.js';

const tags = ['backoffice'];

/** The agent tree in the back office (decision 0018): create accounts in a downline, reset passwords, the breadcrumb. */
export function agentsRoutes(
  agents: AgentsService,
  identity: IdentityService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/backoffice/downline',
      {
        preValidation: guards.requireRole([ROLES.DIRECTOR, ROLES.AGENT, ROLES.CREDIT_AGENT]),
        schema: {
          tags,
          summary:
            'Create an account in the caller’s downline (role by the tree rules, at most 5 agent levels; audited)',
          body: downlineAccountRequestSchema,
          response: { 200: downlineAccountEnvelope },
        },
      },
      async (request) => ok(await agents.createAccount(callerOf(request), request.body, request.ip), 'Account created'),
    );

    app.get(
      '/api/v1/backoffice/users/:id/tree-path',
      {
        preValidation: guards.requireBackoffice,
        schema: {
          tags,
          summary: 'The breadcrumb from the caller’s place in the tree down to this account',
          params: idParamsSchema,
          response: { 200: treePathEnvelope },
        },
      },
      async (request) => ok({ path: await agents.path(callerOf(request), request.params.id) }),
    );

    app.post(
      '/api/v1/backoffice/users/:id/password',
      {
        preValidation: guards.requireBackoffice,
        schema: {
          tags,
          summary: 'Set a new password for an account below the caller; its sessions end (audited)',
          params: idParamsSchema,
          body: passwordResetByOperatorRequestSchema,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await identity.resetPasswordFor(callerOf(request), request.params.id, request.body.password, request.ip);
        return ok(null, 'Password changed: the account signs in again with the new one');
      },
    );
  };
}
