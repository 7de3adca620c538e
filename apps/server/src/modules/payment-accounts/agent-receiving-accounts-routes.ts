import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLES,
  agentReceivingAccountEnvelope,
  agentReceivingAccountListEnvelope,
  idParamsSchema,
  receivingAccountCreateSchema,
  receivingAccountUpdateSchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { AgentReceivingAccountsService } from './agent-receiving-accounts-service.js';

const tags = ['backoffice'];

/** Cash agents' own receiving accounts (decision 0026); the service checks the subtree and audits. */
export function agentReceivingAccountsRoutes(
  service: AgentReceivingAccountsService,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/backoffice/agent-receiving-accounts',
      {
        preValidation: guards.requireRole([ROLES.DIRECTOR, ROLES.SUPPORT_ADMIN, ROLES.AGENT, ROLES.CREDIT_AGENT]),
        schema: {
          tags,
          summary: "Cash agents' own receiving accounts in the caller's subtree (every agent's for operators)",
          response: { 200: agentReceivingAccountListEnvelope },
        },
      },
      async (request) => ok(await service.list(callerOf(request))),
    );
    app.post(
      '/api/v1/backoffice/agent-receiving-accounts',
      {
        preValidation: guards.requireRole([ROLES.AGENT]),
        schema: {
          tags,
          summary:
            'A cash agent adds a UPI id or bank account of its own: its players below are offered it on the deposit screen (audited)',
          body: receivingAccountCreateSchema,
          response: { 200: agentReceivingAccountEnvelope },
        },
      },
      async (request) => ok(await service.add(callerOf(request), request.body, request.ip), 'Receiving account added'),
    );
    app.put(
      '/api/v1/backoffice/agent-receiving-accounts/:id',
      {
        preValidation: guards.requireRole([ROLES.DIRECTOR, ROLES.AGENT]),
        schema: {
          tags,
          summary:
            "Switch a cash agent's receiving account on or off: the agent itself, an agent above it or the director (audited)",
          params: idParamsSchema,
          body: receivingAccountUpdateSchema,
          response: { 200: agentReceivingAccountEnvelope },
        },
      },
      async (request) =>
        ok(
          await service.setActive(callerOf(request), request.params.id, request.body.active, request.ip),
          'Receiving account updated',
        ),
    );
  };
}
