import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BONUS_MESSAGES, bonusActionEnvelope, bonusActionRequestSchema, bonusDataEnvelope } from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-service.js';
import type { BonusService } from './bonus-service.js';

const tags = ['bonus'];
const idempotent = 'Send an Idempotency-Key header: a retry replays the first answer.';

/** The specification's bonus calls (spec §7, PRODUCT.md §8). */
export function bonusRoutes(bonus: BonusService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/bonus-data',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary:
            "The player's offered, active and past bonuses with progress and rules, and the offers still open to them",
          response: { 200: bonusDataEnvelope },
        },
      },
      async (request) => ok(await bonus.bonusData(callerOf(request))),
    );
    app.put(
      '/api/v1/activate-bonus',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Activate an offered bonus: its amount is posted to the bonus wallet',
          description: idempotent,
          body: bonusActionRequestSchema,
          response: { 200: bonusActionEnvelope },
        },
      },
      async (request) =>
        ok(
          await bonus.activate(callerOf(request), request.body.bonusId, idempotencyKeyOf(request.headers)),
          BONUS_MESSAGES.activated,
        ),
    );
    app.put(
      '/api/v1/claim-bonus',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary:
            'Claim a completed bonus: the bonus wallet moves to main up to the maximum conversion, the rest is removed',
          description: idempotent,
          body: bonusActionRequestSchema,
          response: { 200: bonusActionEnvelope },
        },
      },
      async (request) =>
        ok(
          await bonus.claim(callerOf(request), request.body.bonusId, idempotencyKeyOf(request.headers)),
          BONUS_MESSAGES.claimed,
        ),
    );
    app.put(
      '/api/v1/forfeit-bonus',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Forfeit a bonus: the bonus wallet is emptied (refused while a bonus-wallet bet is open)',
          description: idempotent,
          body: bonusActionRequestSchema,
          response: { 200: bonusActionEnvelope },
        },
      },
      async (request) =>
        ok(
          await bonus.forfeit(callerOf(request), request.body.bonusId, idempotencyKeyOf(request.headers)),
          BONUS_MESSAGES.forfeited,
        ),
    );
  };
}
