import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentRatesEnvelope,
  agentRatesUpdateSchema,
  agentStatementEnvelope,
  agentStatementListEnvelope,
  agentStatementQuerySchema,
  agentStatementSettleSchema,
  betLimitsEnvelope,
  betLimitsUpdateSchema,
  idParamsSchema,
  marketLocksEnvelope,
  marketLocksQuerySchema,
  marketTypeRulesEnvelope,
  marketTypeRulesUpdateSchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { AgentRatesService } from './agent-rates.js';
import type { AgentStatementService } from './agent-statement-service.js';
import type { DownlineLimitsService } from './downline-limits-service.js';
import type { MarketTypeRulesService } from './market-type-rules-service.js';

const tags = ['backoffice'];

/** Partnership, commission, the weekly agent statement, downline bet limits and market-type locks (decisions 0020, 0064). */
export function agentsPartnershipRoutes(
  services: {
    rates: AgentRatesService;
    statements: AgentStatementService;
    limits: DownlineLimitsService;
    marketTypes: MarketTypeRulesService;
  },
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  const { rates, statements, limits, marketTypes } = services;
  // Operators and agents; the subtree guard refuses an agent's target outside its downline, and the services scope every call again.
  const preValidation = guards.requireBackoffice;
  return async (app) => {
    app.get(
      '/api/v1/backoffice/users/:id/partnership',
      {
        preValidation,
        schema: {
          tags,
          summary: "An agent's partnership and commission, with its upline's as the ceiling",
          params: idParamsSchema,
          response: { 200: agentRatesEnvelope },
        },
      },
      async (request) => ok(await rates.get(callerOf(request), request.params.id)),
    );
    app.put(
      '/api/v1/backoffice/users/:id/partnership',
      {
        preValidation,
        schema: {
          tags,
          summary: "Set an agent's partnership and commission (its upline only; never above the upline's own)",
          params: idParamsSchema,
          body: agentRatesUpdateSchema,
          response: { 200: agentRatesEnvelope },
        },
      },
      async (request) =>
        ok(await rates.set(callerOf(request), request.params.id, request.body, request.ip), 'Partnership saved'),
    );
    app.get(
      '/api/v1/backoffice/agent-statements',
      {
        preValidation,
        schema: {
          tags,
          summary:
            "The weekly agent statement (India-time week, Monday to Sunday): the caller's own and its direct downline agents'; every agent's for the site's roles",
          querystring: agentStatementQuerySchema,
          response: { 200: agentStatementListEnvelope },
        },
      },
      async (request) => ok(await statements.list(callerOf(request), request.query)),
    );
    app.post(
      '/api/v1/backoffice/users/:id/agent-statement/settle',
      {
        preValidation,
        schema: {
          tags,
          summary: "Mark an agent's ended week settled (its upline only; a repeat answers the first mark)",
          params: idParamsSchema,
          body: agentStatementSettleSchema,
          response: { 200: agentStatementEnvelope },
        },
      },
      async (request) => {
        const { statement, message } = await statements.settle(
          callerOf(request),
          request.params.id,
          request.body.weekStart,
          request.ip,
        );
        return ok(statement, message);
      },
    );
    app.get(
      '/api/v1/backoffice/users/:id/bet-limits',
      {
        preValidation,
        schema: {
          tags,
          summary: "The caller's bet limits and blocks on an account below it, and what binds it from the whole chain",
          params: idParamsSchema,
          response: { 200: betLimitsEnvelope },
        },
      },
      async (request) => ok(await limits.get(callerOf(request), request.params.id)),
    );
    app.put(
      '/api/v1/backoffice/users/:id/bet-limits',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Set bet limits per sport and blocked sports or events for an account and everything below it',
          params: idParamsSchema,
          body: betLimitsUpdateSchema,
          response: { 200: betLimitsEnvelope },
        },
      },
      async (request) =>
        ok(await limits.set(callerOf(request), request.params.id, request.body, request.ip), 'Limits saved'),
    );
    app.get(
      '/api/v1/backoffice/downline/bet-limits',
      {
        preValidation,
        schema: {
          tags,
          summary: "The caller's bet limits and blocks for its whole downline",
          response: { 200: betLimitsEnvelope },
        },
      },
      async (request) => ok(await limits.get(callerOf(request), null)),
    );
    app.put(
      '/api/v1/backoffice/downline/bet-limits',
      {
        preValidation,
        schema: {
          tags,
          summary: "Set bet limits and blocks for the caller's whole downline",
          body: betLimitsUpdateSchema,
          response: { 200: betLimitsEnvelope },
        },
      },
      async (request) => ok(await limits.set(callerOf(request), null, request.body, request.ip), 'Limits saved'),
    );
    app.get(
      '/api/v1/backoffice/users/:id/market-type-rules',
      {
        preValidation,
        schema: {
          tags,
          summary:
            "The caller's locks and limits per market type on an account below it, and what binds it from the rest of the chain",
          params: idParamsSchema,
          response: { 200: marketTypeRulesEnvelope },
        },
      },
      async (request) => ok(await marketTypes.get(callerOf(request), request.params.id)),
    );
    app.put(
      '/api/v1/backoffice/users/:id/market-type-rules',
      {
        preValidation,
        schema: {
          tags,
          summary:
            'Lock match odds, bookmaker or fancy, or set stake and profit limits per market type, for an account and everything below it',
          params: idParamsSchema,
          body: marketTypeRulesUpdateSchema,
          response: { 200: marketTypeRulesEnvelope },
        },
      },
      async (request) =>
        ok(await marketTypes.set(callerOf(request), request.params.id, request.body, request.ip), 'Market locks saved'),
    );
    app.get(
      '/api/v1/backoffice/market-locks',
      {
        preValidation,
        schema: {
          tags,
          summary:
            'The market-type locks binding the listed accounts of the caller’s downline (the client list’s toggles)',
          querystring: marketLocksQuerySchema,
          response: { 200: marketLocksEnvelope },
        },
      },
      async (request) => ok({ locks: await marketTypes.locks(callerOf(request), request.query.userIds) }),
    );
  };
}
