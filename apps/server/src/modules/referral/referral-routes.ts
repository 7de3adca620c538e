import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BONUS_MESSAGES,
  claimRefBonusEnvelope,
  referralFlagListEnvelope,
  referralSettingsEnvelope,
  referralSettingsUpdateSchema,
  referralTransactionListEnvelope,
  referralUsersEnvelope,
  weeklyReferralEnvelope,
  weeklyReferralQuerySchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import { idempotencyKeyOf } from '../idempotency/idempotency-service.js';
import type { ReferralService } from './referral-service.js';

const tags = ['referral'];

/** The specification's referral calls (its spelling, "refferal", kept) and the operators' settings and flags. */
export function referralRoutes(referral: ReferralService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/get-refferal-users',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'The referral code and link, totals, and the referred players (names partly masked)',
          response: { 200: referralUsersEnvelope },
        },
      },
      async (request) => ok(await referral.users(callerOf(request))),
    );
    app.get(
      '/api/v1/get-refferal-transactions',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Every movement of the referral account (weekly earnings, claims), newest first',
          response: { 200: referralTransactionListEnvelope },
        },
      },
      async (request) => ok(await referral.transactions(callerOf(request))),
    );
    app.get(
      '/api/v1/get-weekly-refferal-transactions',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary:
            "Each referred player's earnings in the weeks (Sunday–Saturday, India time) touching startDate–endDate; the open week is provisional",
          querystring: weeklyReferralQuerySchema,
          response: { 200: weeklyReferralEnvelope },
        },
      },
      async (request) => ok(await referral.weekly(callerOf(request), request.query)),
    );
    app.put(
      '/api/v1/claim-ref-bonus',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Move the referral account to the main wallet (at least the minimum claim)',
          description:
            'No body is needed (any JSON body is ignored). Send an Idempotency-Key header: a retry replays the first answer.',
          response: { 200: claimRefBonusEnvelope },
        },
      },
      async (request) =>
        ok(await referral.claim(callerOf(request), idempotencyKeyOf(request.headers)), BONUS_MESSAGES.refClaimed),
    );

    // Back office
    app.get(
      '/api/v1/backoffice/referral-settings',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags: ['backoffice'],
          summary: 'Referral rate, cap per referred player and week, minimum claim, first-deposit reward',
          response: { 200: referralSettingsEnvelope },
        },
      },
      async () => ok(await referral.settings()),
    );
    app.put(
      '/api/v1/backoffice/referral-settings',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags: ['backoffice'],
          summary: 'Change the referral settings (audited; applies to weeks paid from now on)',
          body: referralSettingsUpdateSchema,
          response: { 200: referralSettingsEnvelope },
        },
      },
      async (request) =>
        ok(await referral.saveSettings(callerOf(request), request.body, request.ip), 'Referral settings saved'),
    );
    app.get(
      '/api/v1/backoffice/referral-flags',
      {
        preValidation: guards.requireOperator,
        schema: {
          tags: ['backoffice'],
          summary: 'Referral pairs refused for sharing a payment account or a device',
          response: { 200: referralFlagListEnvelope },
        },
      },
      async () => ok(await referral.flags()),
    );
  };
}
