import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAccountListEnvelope,
  adminAccountQuerySchema,
  adminAccountSchema,
  envelope,
  idParamsSchema,
  ifscLookupEnvelope,
  paymentAccountCreateSchema,
  paymentAccountEnvelope,
  paymentAccountListEnvelope,
  paymentAccountUpdateSchema,
  receivingAccountCreateSchema,
  receivingAccountUpdateSchema,
  ROLES,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { PaymentAccountsService } from './payment-accounts-service.js';

const tags = ['payment accounts'];

export function paymentAccountsRoutes(accounts: PaymentAccountsService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/account-details',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: "The player's saved UPI ids and bank accounts",
          response: { 200: paymentAccountListEnvelope },
        },
      },
      async (request) => ok(await accounts.list(callerOf(request))),
    );

    app.post(
      '/api/v1/account-details',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Add a UPI id or a bank account',
          body: paymentAccountCreateSchema,
          response: { 200: paymentAccountEnvelope },
        },
      },
      async (request) => {
        const { account, message } = await accounts.add(callerOf(request), request.body);
        return ok(account, message);
      },
    );

    app.put(
      '/api/v1/account-details',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Edit a saved account',
          body: paymentAccountUpdateSchema,
          response: { 200: paymentAccountEnvelope },
        },
      },
      async (request) => {
        const { account, message } = await accounts.update(callerOf(request), request.body);
        return ok(account, message);
      },
    );

    app.get(
      '/api/v1/ifsc/:code',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'The bank an IFSC code belongs to, to suggest the bank name',
          params: z.object({
            code: z.string().regex(/^[A-Za-z]{4}0[A-Za-z0-9]{6}$/, 'Enter a valid IFSC code, like SBIN0001234'),
          }),
          response: { 200: ifscLookupEnvelope },
        },
      },
      async (request) => ok(accounts.ifsc(request.params.code)),
    );

    app.get(
      '/api/v1/admin-account-details',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary:
            "The receiving accounts the player pays into: the nearest cash agent's above the player, else the operator's; UPI ones carry a upi://pay link and its QR (with the amount when given)",
          querystring: adminAccountQuerySchema,
          response: { 200: adminAccountListEnvelope },
        },
      },
      async (request) => ok(await accounts.activeReceivingAccounts(callerOf(request).userId, request.query.amount)),
    );

    const director = guards.requireRole([ROLES.DIRECTOR]);
    const deskTags = ['backoffice'];
    app.get(
      '/api/v1/backoffice/receiving-accounts',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags: deskTags,
          summary: 'Every receiving account, active or not',
          response: { 200: adminAccountListEnvelope },
        },
      },
      async () => ok(await accounts.allReceivingAccounts()),
    );
    app.post(
      '/api/v1/backoffice/receiving-accounts',
      {
        preValidation: director,
        schema: {
          tags: deskTags,
          summary: 'Add a receiving account (audited)',
          body: receivingAccountCreateSchema,
          response: { 200: envelope(adminAccountSchema) },
        },
      },
      async (request) =>
        ok(await accounts.addReceivingAccount(callerOf(request), request.body, request.ip), 'Receiving account added'),
    );
    app.put(
      '/api/v1/backoffice/receiving-accounts/:id',
      {
        preValidation: director,
        schema: {
          tags: deskTags,
          summary: 'Activate or deactivate a receiving account (audited)',
          params: idParamsSchema,
          body: receivingAccountUpdateSchema,
          response: { 200: envelope(adminAccountSchema) },
        },
      },
      async (request) =>
        ok(
          await accounts.setReceivingAccountActive(
            callerOf(request),
            request.params.id,
            request.body.active,
            request.ip,
          ),
          'Receiving account updated',
        ),
    );
  };
}
