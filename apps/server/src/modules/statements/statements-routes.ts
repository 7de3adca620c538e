import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  ledgerQuerySchema,
  profitLossEnvelope,
  statementEnvelope,
  statementQuerySchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { StatementsService } from './statements-service.js';

const tags = ['statements'];
const walletOf = (isChecked: boolean) => (isChecked ? ('bonus' as const) : ('main' as const));

export function statementsRoutes(statements: StatementsService, guards: AuthGuards): FastifyPluginAsyncZod {
  const permissions = {
    requireStatements: guards.requirePermission('allowStatements', 'statements'),
    requireProfitLoss: guards.requirePermission('allowProfitLoss', 'profit and loss'),
  };
  return async (app) => {
    app.get(
      '/api/v1/account-statement',
      {
        preValidation: permissions.requireStatements,
        schema: {
          tags,
          summary: 'Every wallet line with the running balance (isChecked=true: the bonus wallet)',
          querystring: statementQuerySchema,
          response: { 200: statementEnvelope },
        },
      },
      async (request) =>
        ok(
          await statements.accountStatement(callerOf(request).userId, walletOf(request.query.isChecked), request.query),
        ),
    );
    app.get(
      '/api/v1/transaction',
      {
        preValidation: permissions.requireStatements,
        schema: {
          tags,
          summary: 'Deposits, withdrawals and other wallet movements',
          querystring: statementQuerySchema,
          response: { 200: statementEnvelope },
        },
      },
      async (request) =>
        ok(await statements.transactions(callerOf(request).userId, walletOf(request.query.isChecked), request.query)),
    );
    app.get(
      '/api/v1/result-transaction',
      {
        preValidation: permissions.requireStatements,
        schema: {
          tags,
          summary: 'Results of bets and casino rounds',
          querystring: statementQuerySchema,
          response: { 200: statementEnvelope },
        },
      },
      async (request) =>
        ok(await statements.results(callerOf(request).userId, walletOf(request.query.isChecked), request.query)),
    );
    app.get(
      '/api/v1/profit-loss',
      {
        preValidation: permissions.requireProfitLoss,
        schema: {
          tags,
          summary: 'Net result by sport, event and market, and by casino provider',
          querystring: statementQuerySchema,
          response: { 200: profitLossEnvelope },
        },
      },
      async (request) =>
        ok(await statements.profitLoss(callerOf(request).userId, walletOf(request.query.isChecked), request.query)),
    );
    app.get(
      '/api/v1/backoffice/users/:id/ledger',
      {
        preValidation: guards.requireBackoffice,
        schema: {
          tags: ['backoffice'],
          summary: "A player's wallet ledger with running balance",
          params: idParamsSchema,
          querystring: ledgerQuerySchema,
          response: { 200: statementEnvelope },
        },
      },
      async (request) => ok(await statements.ledger(request.params.id, request.query.wallet, request.query)),
    );
    app.get(
      '/api/v1/backoffice/users/:id/profit-loss',
      {
        preValidation: guards.requireBackoffice,
        schema: {
          tags: ['backoffice'],
          summary: "A player's net result by sport, event and market, and by casino provider",
          params: idParamsSchema,
          querystring: ledgerQuerySchema,
          response: { 200: profitLossEnvelope },
        },
      },
      async (request) =>
        ok(
          await statements.profitLoss(
            request.params.id,
            request.query.wallet === 'bonus' ? 'bonus' : 'main',
            request.query,
          ),
        ),
    );
  };
}
