import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MESSAGES,
  WALLETS,
  changePasswordRequestSchema,
  emptyEnvelope,
  envelope,
  loginRequestSchema,
  logoutRequestSchema,
  mobileOnlyRequestSchema,
  profileEnvelope,
  profileSchema,
  resetPasswordRequestSchema,
  selfExclusionEnvelope,
  selfExclusionRequestSchema,
  signUpRequestSchema,
  verifyOtpRequestSchema,
} from '@khel/contract';
import { ok } from '../../lib/envelope.js';
import { compiledResponse } from '../../plugins/compiled-serializer.js';
import type { AuthGuards } from '../../plugins/auth.js';
import { callerOf } from '../../plugins/auth.js';
import { AppError } from '../../lib/app-error.js';
import type { IdentityService, RequestOrigin } from './identity-service.js';
import type { OperatorSignInService } from './operator-sign-in-service.js';

export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

const tags = ['identity'];

function logoutBodyOrNothing(body: string | Buffer): unknown {
  try {
    const parsed = logoutRequestSchema.safeParse(JSON.parse(body.toString()));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Sign-up, OTP, login, logout, passwords and the profile (spec §7, PRODUCT.md §3). */
export function identityRoutes(
  identity: IdentityService,
  guards: AuthGuards,
  signIns: OperatorSignInService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/v1/signUp',
      {
        schema: {
          tags,
          summary: 'Create an account and send a verification OTP',
          body: signUpRequestSchema,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await identity.signUp(request.body, originOf(request));
        return ok(null, MESSAGES.signedUp);
      },
    );

    app.post(
      '/api/v1/resend-otp',
      {
        schema: {
          tags,
          summary: 'Send the verification OTP again',
          body: mobileOnlyRequestSchema,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await identity.resendOtp(request.body.mobile_no, originOf(request));
        return ok(null, MESSAGES.otpSent);
      },
    );

    app.post(
      '/api/v1/verify-otp',
      {
        schema: {
          tags,
          summary: 'Verify the phone with its OTP and log in',
          body: verifyOtpRequestSchema,
          response: { 200: profileEnvelope },
        },
      },
      async (request) => {
        const { token, profile } = await identity.verifyOtp(
          request.body.mobile_no,
          request.body.otp,
          originOf(request),
        );
        return ok(profile, MESSAGES.otpVerified, { token });
      },
    );

    app.post(
      '/api/v1/login',
      {
        schema: {
          tags,
          summary: 'Log in with mobile_no or username and password',
          description:
            'An unverified phone answers meta.code 403 (PHONE_NOT_VERIFIED) with data.mobile_no, and a fresh OTP is sent.',
          body: loginRequestSchema,
          response: { 200: envelope(z.union([profileSchema, z.object({ mobile_no: z.string() })])) },
        },
      },
      async (request) => {
        const origin = originOf(request);
        try {
          const { token, profile } = await identity.login(request.body, origin);
          await signIns.recordSuccess(profile._id, profile.role, request.body, origin);
          return ok(profile, MESSAGES.loggedIn, { token });
        } catch (error) {
          // Operators' refused sign-ins go to the audit log with IP and user agent.
          if (error instanceof AppError) await signIns.recordFailure(error.code, request.body, origin);
          throw error;
        }
      },
    );

    // Logout must never fail because of its body: with none, an empty one, another content type or a
    // body that is not the optional { user_id }, the session still ends. Its own scope reads any body.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
        done(null, logoutBodyOrNothing(body)),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/api/v1/logout',
        {
          preValidation: guards.requireUser,
          schema: {
            tags,
            summary: 'End this session',
            description:
              'The body is optional and ignored when it is not { user_id }: any or no content type logs out.',
            body: logoutRequestSchema.nullish(),
            response: { 200: emptyEnvelope },
          },
        },
        async (request) => {
          await identity.logout(callerOf(request));
          return ok(null, MESSAGES.loggedOut);
        },
      );
    });

    app.post(
      '/api/v1/change_password',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Change the password; every session ends and meta.token carries a new one for this device',
          body: changePasswordRequestSchema,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        const token = await identity.changePassword(callerOf(request), request.body, originOf(request));
        return ok(null, MESSAGES.passwordChanged, { token });
      },
    );

    app.post(
      '/api/v1/forgot-password',
      {
        schema: {
          tags,
          summary: 'Send a password-reset OTP (the answer never says whether the number is registered)',
          body: mobileOnlyRequestSchema,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await identity.forgotPassword(request.body.mobile_no, originOf(request));
        return ok(null, MESSAGES.resetOtpSent);
      },
    );

    app.post(
      '/api/v1/reset-password',
      {
        schema: {
          tags,
          summary: 'Set a new password with the reset OTP; every session ends',
          body: resetPasswordRequestSchema,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        await identity.resetPassword(request.body);
        return ok(null, MESSAGES.passwordReset);
      },
    );

    app.get(
      '/api/v1/getUserData',
      {
        preValidation: guards.requireUser,
        schema: { tags, summary: 'The profile with balances', response: { 200: compiledResponse(profileEnvelope) } },
      },
      // Not async: with the session and balances cached the answer is sent without a promise (decision 0029).
      (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        const caller = callerOf(request);
        const cached = identity.cachedProfile(caller);
        return cached === null ? identity.profile(caller).then((profile) => ok(profile)) : ok(cached);
      },
    );

    app.post(
      '/api/v1/self-exclusion',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: 'Self-exclude for a number of days: every session ends and login is refused until then',
          body: selfExclusionRequestSchema,
          response: { 200: selfExclusionEnvelope },
        },
      },
      async (request) => {
        const until = await identity.selfExclude(
          callerOf(request),
          request.body.days,
          request.body.password,
          request.ip,
        );
        return ok({ selfExcludedUntil: until }, `You are self-excluded until ${until.slice(0, 10)}`);
      },
    );

    app.put(
      '/api/v1/wallet',
      {
        preValidation: guards.requireUser,
        schema: {
          tags,
          summary: "Choose the wallet bets and games use: '1' main, '2' bonus",
          body: z.object({
            selectedWallet: z.enum([WALLETS.MAIN, WALLETS.BONUS], { error: 'Choose the main or the bonus wallet' }),
          }),
          response: { 200: profileEnvelope },
        },
      },
      async (request) =>
        ok(await identity.selectWallet(callerOf(request), request.body.selectedWallet), MESSAGES.walletChanged),
    );
  };
}
