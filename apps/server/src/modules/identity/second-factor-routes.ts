import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLES,
  SECOND_FACTOR_MESSAGES,
  emptyEnvelope,
  idParamsSchema,
  recoveryCodesEnvelope,
  secondFactorCodeRequestSchema,
  secondFactorEnrolmentEnvelope,
  secondFactorResetRequestSchema,
  secondFactorStatusEnvelope,
  secondFactorVerifiedEnvelope,
  stepUpEnvelope,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import { originOf } from './identity-routes.js';
import type { SecondFactorService } from './second-factor-service.js';

const tags = ['backoffice'];

/** The operator's second factor: usable by a signed-in operator session before it has passed it. */
export function secondFactorRoutes(secondFactor: SecondFactorService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = guards.requireOperatorBeforeSecondFactor;

    app.get(
      '/api/v1/backoffice/second-factor',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Whether this session needs, has enrolled and has passed the second factor',
          response: { 200: secondFactorStatusEnvelope },
        },
      },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return ok(await secondFactor.status(callerOf(request)));
      },
    );

    app.post(
      '/api/v1/backoffice/second-factor/enrolment',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Start TOTP enrolment: a new secret, its otpauth:// URI and QR code (refused once enrolled)',
          response: { 200: secondFactorEnrolmentEnvelope },
        },
      },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return ok(await secondFactor.startEnrolment(callerOf(request)), SECOND_FACTOR_MESSAGES.enrolmentStarted);
      },
    );

    app.post(
      '/api/v1/backoffice/second-factor/enrolment/confirm',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Confirm enrolment with a first code; answers the ten recovery codes once',
          body: secondFactorCodeRequestSchema,
          response: { 200: recoveryCodesEnvelope },
        },
      },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return ok(
          await secondFactor.confirmEnrolment(callerOf(request), request.body.code, originOf(request)),
          SECOND_FACTOR_MESSAGES.enrolled,
        );
      },
    );

    app.post(
      '/api/v1/backoffice/second-factor/verify',
      {
        preValidation,
        schema: {
          tags,
          summary: 'Pass the second factor with a TOTP code or a one-time recovery code',
          body: secondFactorCodeRequestSchema,
          response: { 200: secondFactorVerifiedEnvelope },
        },
      },
      async (request) =>
        ok(
          await secondFactor.verify(callerOf(request), request.body.code, originOf(request)),
          SECOND_FACTOR_MESSAGES.verified,
        ),
    );

    app.post(
      '/api/v1/backoffice/step-up',
      {
        preValidation: guards.requireBackoffice,
        schema: {
          tags,
          summary: 'A fresh authenticator code: money actions of this session are accepted for 5 minutes',
          body: secondFactorCodeRequestSchema,
          response: { 200: stepUpEnvelope },
        },
      },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return ok(
          await secondFactor.stepUp(callerOf(request), request.body.code, originOf(request)),
          SECOND_FACTOR_MESSAGES.steppedUp,
        );
      },
    );

    app.post(
      '/api/v1/backoffice/users/:id/second-factor/reset',
      {
        preValidation: guards.requireRole([ROLES.DIRECTOR]),
        schema: {
          tags,
          summary: "Reset another operator's lost authenticator (director only, never one's own); their sessions end",
          params: idParamsSchema,
          body: secondFactorResetRequestSchema,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await secondFactor.reset(callerOf(request), request.params.id, request.body.reason, originOf(request));
        return ok(null, 'Two-step sign-in reset: the operator sets it up again at the next sign-in');
      },
    );
  };
}
