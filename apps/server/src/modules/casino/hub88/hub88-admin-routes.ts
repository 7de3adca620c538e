import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hub88ImportEnvelope, hub88ReconcileEnvelope, hub88ReconcileSchema } from '@khel/contract';
import { ok } from '../../../lib/envelope.js';
import type { AuthGuards } from '../../../plugins/auth.js';
import { callerOf } from '../../../plugins/auth.js';
import type { Hub88Admin } from './hub88-admin.js';

/** The back office's Hub88 routes (operators only: agents never touch the catalogue). */
export function hub88AdminRoutes(admin: Hub88Admin, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/backoffice/casino/hub88/import',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags: ['backoffice'],
          summary:
            "Import the aggregator's game list into the catalogue: new games arrive switched off, known ones are refreshed",
          response: { 200: hub88ImportEnvelope },
        },
      },
      async (request) =>
        ok(
          await admin.importCatalogue({ enableNew: false }, { caller: callerOf(request), ip: request.ip }),
          'Catalogue imported',
        ),
    );
    app.post(
      '/api/v1/backoffice/casino/hub88/reconcile',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags: ['backoffice'],
          summary:
            "Reconcile one India day (over) of our wallet transactions against the aggregator's transactions report",
          body: hub88ReconcileSchema,
          response: { 200: hub88ReconcileEnvelope },
        },
      },
      async (request) =>
        ok(await admin.reconcileDay(request.body.date, { caller: callerOf(request), ip: request.ip }), 'Reconciled'),
    );
  };
}
