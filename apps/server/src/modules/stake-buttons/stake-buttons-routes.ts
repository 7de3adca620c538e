import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stakeButtonsEnvelope, stakeButtonsUpdateSchema } from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import type { StakeButtonsService } from './stake-buttons-service.js';

const tags = ['sports'];

/** The player's own eight stake buttons for the bet slip (issue 31). */
export function stakeButtonsRoutes(stakeButtons: StakeButtonsService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/stake-buttons',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: "The player's eight stake buttons (the defaults until the player sets their own)",
          response: { 200: stakeButtonsEnvelope },
        },
      },
      async (request) => ok(await stakeButtons.get(callerOf(request))),
    );

    app.put(
      '/api/v1/stake-buttons',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Set the eight stake buttons (whole rupees), or reset them to the defaults',
          body: stakeButtonsUpdateSchema,
          response: { 200: stakeButtonsEnvelope },
        },
      },
      async (request) => ok(await stakeButtons.set(callerOf(request), request.body), 'Stake buttons saved'),
    );
  };
}
