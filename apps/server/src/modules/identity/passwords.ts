import { BACKOFFICE_ROLES, OPERATOR_ROLES, ROLES } from '@khel/contract';
import type { ChangePasswordRequest, ResetPasswordRequest } from '@khel/contract';
import type { Clock } from '../../lib/clock.js';
import { AppError, fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { ThrottleService } from '../throttle/throttle-service.js';
import type { AccountRules } from './account-rules.js';
import type { IdentityRepository } from './identity-repository.js';
import type { Caller, RequestOrigin } from './identity-types.js';
import { createLoginThrottle, loginKey } from './login-throttle.js';
import type { OtpService } from './otp-service.js';
import type { PasswordHasher } from './password-policy.js';
import type { Sessions } from './sessions.js';

/** Passwords and self-exclusion: each ends every session of the account. */
export function createPasswords(deps: {
  repository: IdentityRepository;
  rules: AccountRules;
  sessions: Sessions;
  otp: OtpService;
  throttle: ThrottleService;
  audit: AuditService;
  clock: Clock;
  loginFailuresPerIp: number;
  hasher: PasswordHasher;
}) {
  const { repository, rules, sessions, otp, audit, clock, hasher } = deps;
  const loginThrottle = createLoginThrottle(deps.throttle, { failuresPerIp: deps.loginFailuresPerIp });

  return {
    /** Every session of the account ends, this one included; the caller gets a fresh token. */
    async changePassword(caller: Caller, request: ChangePasswordRequest, origin: RequestOrigin): Promise<string> {
      const user = await rules.requireUser(caller.userId);
      const key = loginKey(user.id, user.mobile_no);
      const attempt = await loginThrottle.beforeAttempt(key, origin.ip);
      if (!(await hasher.verify(user.password_hash, request.old_password))) fail('WRONG_OLD_PASSWORD');
      await attempt.succeeded();
      await rules.assertAcceptablePassword(request.password, user.mobile_no);
      await repository.setPassword(user.id, await hasher.hash(request.password));
      await sessions.endSessions(user.id, 'password_changed');
      return sessions.openSession(user, origin);
    },

    /** Never reveals whether the number is registered (PRODUCT.md §3). */
    async forgotPassword(mobileNo: string, origin: RequestOrigin): Promise<void> {
      const user = await repository.findByMobile(mobileNo);
      if (user === null || user.phone_verified_at === null) return;
      try {
        await otp.issue(mobileNo, 'reset', origin.ip);
      } catch (error) {
        // A throttle answer would tell that the number exists; swallow it and send nothing.
        if (!(error instanceof AppError)) throw error;
      }
    },

    async resetPassword(request: ResetPasswordRequest): Promise<void> {
      // Checked before the code is spent, so a refused password does not cost the player their OTP.
      await rules.assertAcceptablePassword(request.password, request.mobile_no);
      await otp.verify(request.mobile_no, 'reset', request.otp);
      const user = (await repository.findByMobile(request.mobile_no)) ?? fail('OTP_INVALID');
      await repository.setPassword(user.id, await hasher.hash(request.password));
      await sessions.endSessions(user.id, 'password_reset');
    },

    /**
     * A new password set by an operator or an agent for an account below it (the subtree guard has
     * run): only a director resets an operator's. Every session of the account ends. Audited.
     */
    async resetPasswordFor(actor: Caller, id: string, password: string, ip: string): Promise<void> {
      const target = await rules.requireUser(id);
      if (actor.role !== ROLES.DIRECTOR && OPERATOR_ROLES.includes(target.role as never))
        fail('FORBIDDEN', 'Only a director may change roles or operator accounts');
      await rules.assertAcceptablePassword(password, target.mobile_no);
      // Someone else chose it: a back-office account picks its own at its next sign-in (decision 0050).
      await repository.setPassword(id, await hasher.hash(password), BACKOFFICE_ROLES.includes(target.role as never));
      await sessions.endSessions(id, 'password_reset');
      await audit.record({
        actorId: actor.userId,
        action: 'user.password_reset',
        targetType: 'user',
        targetId: id,
        details: {},
        ip,
      });
    },

    /**
     * The player closes their own account for a period: every session ends at once and login is
     * refused until it passes. A longer period may replace a shorter one, never the reverse.
     */
    async selfExclude(caller: Caller, days: number, password: string, ip: string): Promise<string> {
      const user = await rules.requireUser(caller.userId);
      if (!(await hasher.verify(user.password_hash, password))) fail('WRONG_OLD_PASSWORD', 'Password is incorrect');
      const now = clock.now();
      const requested = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
      const current = user.self_excluded_until;
      const until = current !== null && current.getTime() > requested.getTime() ? current : requested;
      await repository.setSelfExcludedUntil(user.id, until);
      await sessions.endSessions(user.id, 'self_excluded');
      await audit.record({
        actorId: user.id,
        action: 'user.self_exclude',
        targetType: 'user',
        targetId: user.id,
        details: { days, until: until.toISOString() },
        ip,
      });
      return until.toISOString();
    },
  };
}
