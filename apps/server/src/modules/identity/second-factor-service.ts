import QRCode from 'qrcode';
import { Secret, TOTP } from 'otpauth';
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_ROLES,
  STEP_UP_WINDOW_MS,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '@khel/contract';
import type {
  RecoveryCodes,
  SecondFactorEnrolment,
  SecondFactorStatus,
  SecondFactorVerified,
  StepUp,
} from '@khel/contract';
import type { Database } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { newReadableCode, sha256Hex } from '../../lib/crypto.js';
import type { AuditService } from '../audit/audit-service.js';
import type { CountedAttempt, ThrottleService } from '../throttle/throttle-service.js';
import type { Caller, RequestOrigin, SessionRevocation } from './identity-service.js';
import { createIdentityRepository } from './identity-repository.js';
import type { IdentityRepository } from './identity-repository.js';
import { createSecondFactorRepository } from './second-factor-repository.js';
import type { SecondFactorRepository } from './second-factor-repository.js';
import type { SecretSealer } from './second-factor-secret.js';

/** Wrong codes per operator before a pause (enrolment and sign-in together). */
const FAILURE_RULE = { bucket: 'second-factor-failure', limit: 5, windowMs: 15 * 60 * 1000 } as const;
const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;

/** Recovery codes are typed by hand: case, spaces and dashes do not matter. */
function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * Operators' second factor: TOTP (RFC 6238, the otpauth library) enrolled by QR code, ten one-time
 * recovery codes, replay refused per 30-second step, wrong codes throttled per operator. A back-office
 * session counts only once it has passed (sessions.second_factor_at); the guard asks `assertPassed`.
 */
export function createSecondFactorService(deps: {
  db: Database;
  repository: SecondFactorRepository;
  identity: IdentityRepository;
  sealer: SecretSealer;
  throttle: ThrottleService;
  audit: AuditService;
  clock: Clock;
  siteName: () => Promise<string>;
  moneyMode: 'play' | 'real';
  /** Told after a reset ended the operator's sessions. */
  onSessionsRevoked?: (revocation: SessionRevocation) => void;
}) {
  const { repository, sealer, throttle, audit, clock } = deps;

  function totpFor(secretBase32: string, issuer: string, label: string): TOTP {
    return new TOTP({
      issuer,
      label,
      algorithm: 'SHA1',
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      secret: Secret.fromBase32(secretBase32),
    });
  }

  /** The 30-second step a code belongs to (one step of clock drift either way), or null when wrong. */
  function matchingStep(secretBase32: string, code: string): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const now = clock.now().getTime();
    const delta = totpFor(secretBase32, '', 'x').validate({ token: code, timestamp: now, window: 1 });
    return delta === null ? null : Math.floor(now / PERIOD_MS) + delta;
  }

  /** The demo director of a play-mode start is exempt only while the installation plays with chips. */
  function exemptionHolds(state: { exempt: boolean; confirmed_at: Date | null }): boolean {
    return state.exempt && deps.moneyMode === 'play' && state.confirmed_at === null;
  }

  /** A wrong or reused code: it was counted before the check; the refusal is audited. */
  async function refuse(
    caller: Caller,
    origin: RequestOrigin,
    reason: 'wrong_code' | 'reused_code',
    stage: 'enrolment' | 'sign_in' | 'step_up',
  ): Promise<never> {
    await audit.record({
      actorId: stage === 'step_up' ? caller.userId : null,
      action: stage === 'step_up' ? 'operator.step_up_failed' : 'operator.sign_in_failed',
      targetType: 'user',
      targetId: caller.userId,
      details: { reason, stage },
      ip: origin.ip,
      userAgent: origin.userAgent,
    });
    return fail(reason === 'reused_code' ? 'SECOND_FACTOR_REUSED' : 'SECOND_FACTOR_INVALID');
  }

  /**
   * Counts the code as a wrong one BEFORE it is checked, atomically, or refuses it unchecked once the
   * operator has 5 in the window: 40 codes sent at once get at most 5 checks, as 40 sent one by one.
   * The caller forgives it when the code was right.
   */
  async function countGuess(caller: Caller): Promise<CountedAttempt> {
    const counted = await throttle.countAttempt([{ ...FAILURE_RULE, key: caller.userId }]);
    if ('refused' in counted) fail('SECOND_FACTOR_THROTTLED');
    return counted;
  }

  async function newRecoveryCodes(userId: string, repo: SecondFactorRepository): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${newReadableCode(5)}-${newReadableCode(5)}`);
    await repo.insertRecoveryCodes(
      userId,
      codes.map((code) => sha256Hex(normaliseRecoveryCode(code))),
      clock.now(),
    );
    return codes;
  }

  return {
    /** The back-office guard: throws unless this session may use back-office routes. */
    async assertPassed(caller: Caller): Promise<void> {
      if (!SECOND_FACTOR_ROLES.includes(caller.role as never)) return;
      const state = (await repository.sessionState(caller.sessionId)) ?? fail('SECOND_FACTOR_REQUIRED');
      if (state.second_factor_at === null && !exemptionHolds(state))
        fail(state.confirmed_at === null ? 'SECOND_FACTOR_ENROLMENT_REQUIRED' : 'SECOND_FACTOR_REQUIRED');
      // After the second factor, a password an upline chose is replaced (POST /change_password stays open).
      if (state.password_change_required) fail('PASSWORD_CHANGE_REQUIRED');
    },

    /**
     * The money routes' guard (decision 0049): a fresh authenticator code in this session within
     * STEP_UP_WINDOW_MS, else STEP_UP_REQUIRED. The play-mode demo exemption covers it as it covers sign-in.
     */
    async assertSteppedUp(caller: Caller): Promise<void> {
      if (!SECOND_FACTOR_ROLES.includes(caller.role as never)) return;
      const state = (await repository.sessionState(caller.sessionId)) ?? fail('SECOND_FACTOR_REQUIRED');
      if (exemptionHolds(state)) return;
      if (state.step_up_at !== null && clock.now().getTime() - state.step_up_at.getTime() < STEP_UP_WINDOW_MS) return;
      fail('STEP_UP_REQUIRED');
    },

    /**
     * A fresh 6-digit authenticator code (recovery codes are for signing in without the phone, not for
     * money): its step must be newer than every step used before, so a code seen once cannot be replayed.
     */
    async stepUp(caller: Caller, code: string, origin: RequestOrigin): Promise<StepUp> {
      const row = await repository.find(caller.userId);
      if (row === null || row.confirmed_at === null) fail('SECOND_FACTOR_ENROLMENT_REQUIRED');
      const guess = await countGuess(caller);
      const step = matchingStep(sealer.open(caller.userId, row.secret), code.replace(/\s/g, ''));
      if (step === null) return refuse(caller, origin, 'wrong_code', 'step_up');
      if (!(await repository.advanceStep(caller.userId, step))) return refuse(caller, origin, 'reused_code', 'step_up');
      await guess.forgive();
      const at = clock.now();
      await repository.markSessionSteppedUp(caller.sessionId, at);
      await audit.record({
        actorId: caller.userId,
        action: 'operator.step_up',
        targetType: 'user',
        targetId: caller.userId,
        details: { method: 'totp' },
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
      return { until: new Date(at.getTime() + STEP_UP_WINDOW_MS).toISOString() };
    },

    async status(caller: Caller): Promise<SecondFactorStatus> {
      const state = (await repository.sessionState(caller.sessionId)) ?? fail('SECOND_FACTOR_REQUIRED');
      const enrolled = state.confirmed_at !== null;
      const required = SECOND_FACTOR_ROLES.includes(caller.role as never) && !exemptionHolds(state);
      return {
        required,
        enrolled,
        passed: state.second_factor_at !== null || !required,
        recoveryCodesLeft: enrolled ? await repository.recoveryCodesLeft(caller.userId) : 0,
      };
    },

    /** A fresh secret for an operator without a confirmed factor; asking again replaces the pending one. */
    async startEnrolment(caller: Caller): Promise<SecondFactorEnrolment> {
      const user = (await deps.identity.findById(caller.userId)) ?? fail('NOT_FOUND');
      const secret = new Secret({ size: 20 }).base32;
      if (!(await repository.savePending(user.id, sealer.seal(user.id, secret), clock.now()))) {
        fail('CONFLICT', 'Two-step sign-in is already set up for this account');
      }
      const issuer = `${await deps.siteName()} back office`;
      const label = user.username;
      const otpauthUri = totpFor(secret, issuer, label).toString();
      const qrCodeDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      return { secret, otpauthUri, qrCodeDataUrl, issuer, label };
    },

    /** The first code proves the app holds the secret; the session passes and the recovery codes are shown once. */
    async confirmEnrolment(caller: Caller, code: string, origin: RequestOrigin): Promise<RecoveryCodes> {
      const row = await repository.find(caller.userId);
      if (row === null) fail('SECOND_FACTOR_ENROLMENT_REQUIRED', 'Start the set-up again to get a new QR code');
      if (row.confirmed_at !== null) fail('CONFLICT', 'Two-step sign-in is already set up for this account');
      const guess = await countGuess(caller);
      const step = matchingStep(sealer.open(caller.userId, row.secret), code.replace(/\s/g, ''));
      if (step === null) return refuse(caller, origin, 'wrong_code', 'enrolment');
      await guess.forgive();
      const recoveryCodes = await deps.db.transaction(async (tx) => {
        const repo = createSecondFactorRepository(tx);
        if (!(await repo.confirm(caller.userId, step, clock.now())))
          fail('CONFLICT', 'Two-step sign-in is already set up for this account');
        const codes = await newRecoveryCodes(caller.userId, repo);
        await repo.markSessionPassed(caller.sessionId, clock.now());
        await repo.markSessionSteppedUp(caller.sessionId, clock.now());
        return codes;
      });
      await audit.record({
        actorId: caller.userId,
        action: 'operator.second_factor_enrolled',
        targetType: 'user',
        targetId: caller.userId,
        details: { recoveryCodes: recoveryCodes.length },
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
      return { recoveryCodes };
    },

    /** A 6-digit code of a step newer than the last one used, or an unused recovery code. */
    async verify(caller: Caller, code: string, origin: RequestOrigin): Promise<SecondFactorVerified> {
      const row = await repository.find(caller.userId);
      if (row === null || row.confirmed_at === null) fail('SECOND_FACTOR_ENROLMENT_REQUIRED');
      const guess = await countGuess(caller);
      const compact = code.replace(/\s/g, '');
      let method: SecondFactorVerified['method'];
      if (/^\d{6}$/.test(compact)) {
        const step = matchingStep(sealer.open(caller.userId, row.secret), compact);
        if (step === null) return refuse(caller, origin, 'wrong_code', 'sign_in');
        if (!(await repository.advanceStep(caller.userId, step)))
          return refuse(caller, origin, 'reused_code', 'sign_in');
        method = 'totp';
      } else {
        const used = await repository.useRecoveryCode(
          caller.userId,
          sha256Hex(normaliseRecoveryCode(compact)),
          clock.now(),
        );
        if (!used) return refuse(caller, origin, 'wrong_code', 'sign_in');
        method = 'recovery_code';
      }
      await guess.forgive();
      await repository.markSessionPassed(caller.sessionId, clock.now());
      // A sign-in with a fresh authenticator code is a step-up too; a recovery code is not (decision 0049).
      if (method === 'totp') await repository.markSessionSteppedUp(caller.sessionId, clock.now());
      const recoveryCodesLeft = await repository.recoveryCodesLeft(caller.userId);
      await audit.record({
        actorId: caller.userId,
        action: 'operator.sign_in_second_factor',
        targetType: 'user',
        targetId: caller.userId,
        details: method === 'totp' ? { method } : { method, recoveryCodesLeft },
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
      return { method, recoveryCodesLeft };
    },

    /**
     * A director resets another operator's authenticator (a lost phone, codes used up): it and the
     * recovery codes are forgotten and every session of that operator ends, so the next sign-in
     * enrols again. Never one's own: that would let a stolen password replace the owner's factor.
     */
    async reset(actor: Caller, targetId: string, reason: string, origin: RequestOrigin): Promise<void> {
      if (targetId === actor.userId) fail('FORBIDDEN', 'You cannot reset your own two-step sign-in');
      const target = (await deps.identity.findById(targetId)) ?? fail('NOT_FOUND', 'Account not found');
      const sessionIds = await deps.db.transaction(async (tx) => {
        if (!(await createSecondFactorRepository(tx).remove(target.id)))
          fail('CONFLICT', 'This account has no two-step sign-in to reset');
        return createIdentityRepository(tx).revokeAllSessions(target.id, clock.now(), 'second_factor_reset');
      });
      // Every process drops the sessions from its cache and closes their sockets (decision 0029).
      if (sessionIds.length > 0)
        deps.onSessionsRevoked?.({ userId: target.id, sessionIds, reason: 'second_factor_reset', ended: null });
      await audit.record({
        actorId: actor.userId,
        action: 'operator.second_factor_reset',
        targetType: 'user',
        targetId: target.id,
        details: { reason },
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
    },

    /** Only the demo seed calls this, for the demo director (and the demo agents) it has just created. */
    async exemptDemoDirector(userId: string, reason = 'demo director of a fresh play-mode start'): Promise<void> {
      await repository.exempt(userId, reason, clock.now());
    },
  };
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
