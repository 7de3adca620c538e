import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActionsEnvelope, auditListEnvelope, auditListQuerySchema } from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import { downlineRootOf } from '../../lib/downline.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { AuditService } from './audit-service.js';

export function auditRoutes(audit: AuditService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/backoffice/audit-log',
      {
        preValidation: guards.requireBackoffice,
        schema: {
          tags: ['backoffice'],
          summary: 'The append-only audit log, newest first; filter by who, what, target and India dates',
          querystring: auditListQuerySchema,
          response: { 200: auditListEnvelope },
        },
      },
      async (request) => ok(await audit.list(request.query, downlineRootOf(callerOf(request)))),
    );
    app.get(
      '/api/v1/backoffice/audit-log/actions',
      {
        preValidation: guards.requireBackoffice,
        schema: {
          tags: ['backoffice'],
          summary: 'Every action the audit log holds, for its filter',
          response: { 200: auditActionsEnvelope },
        },
      },
      async () => ok({ actions: await audit.actions() }),
    );
  };
}
