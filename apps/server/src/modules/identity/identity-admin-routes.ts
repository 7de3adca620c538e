import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backofficeUserEnvelope,
  idParamsSchema,
  userListEnvelope,
  userListQuerySchema,
  userUpdateRequestSchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { IdentityService } from './identity-service.js';

const tags = ['backoffice'];

/**
 * Operators and agents list, search and edit users (role, permission flags, referralAllow, suspension);
 * an agent only inside its downline (the subtree guard and the list's scope, decision 0018).
 */
export function identityAdminRoutes(identity: IdentityService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/backoffice/users',
      {
        preValidation: guards.requireBackoffice,
        schema: {
          tags,
          summary: 'List and search users',
          querystring: userListQuerySchema,
          response: { 200: userListEnvelope },
        },
      },
      async (request) => ok(await identity.listUsers(callerOf(request), request.query)),
    );

    app.get(
      '/api/v1/backoffice/users/:id',
      {
        preValidation: guards.requireBackoffice,
        schema: { tags, summary: 'One user', params: idParamsSchema, response: { 200: backofficeUserEnvelope } },
      },
      async (request) => ok(await identity.getUser(request.params.id)),
    );

    app.put(
      '/api/v1/backoffice/users/:id',
      {
        preValidation: guards.requireBackoffice,
        schema: {
          tags,
          summary: 'Change role, permission flags, referralAllow or suspension (audited)',
          params: idParamsSchema,
          body: userUpdateRequestSchema,
          response: { 200: backofficeUserEnvelope },
        },
      },
      async (request) =>
        ok(await identity.updateUser(callerOf(request), request.params.id, request.body, request.ip), 'User updated'),
    );
  };
}
