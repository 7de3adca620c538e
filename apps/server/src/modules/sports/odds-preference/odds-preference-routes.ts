import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { oddsPreferenceEnvelope, oddsPreferenceUpdateSchema } from '@khel/contract';
import { ok } from '../../../lib/envelope.js';
import type { AuthGuards } from '../../../plugins/auth.js';
import { callerOf } from '../../../plugins/auth.js';
import type { OddsPreferenceService } from './odds-preference-service.js';

const tags = ['sports'];

/** The player's odds-change preference for bookmaker and fancy bets (issue 13). */
export function oddsPreferenceRoutes(preferences: OddsPreferenceService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/odds-preference',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: "The player's odds-change preference for bookmaker and fancy bets",
          response: { 200: oddsPreferenceEnvelope },
        },
      },
      async (request) => ok(await preferences.get(callerOf(request))),
    );

    app.put(
      '/api/v1/odds-preference',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary:
            'Set the odds-change preference: exact only, accept better odds, or accept any change within N ticks',
          description:
            'A tick is one point of a rate (45 → 46) or one run of a fancy line. Applied by the server when a bookmaker or fancy bet is accepted; the bet is taken at the live price.',
          body: oddsPreferenceUpdateSchema,
          response: { 200: oddsPreferenceEnvelope },
        },
      },
      async (request) => ok(await preferences.set(callerOf(request), request.body), 'Odds preference saved'),
    );
  };
}
