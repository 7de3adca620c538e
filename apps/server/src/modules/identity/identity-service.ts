import type { Clock } from '../../lib/clock.js';
import type { AuditService } from '../audit/audit-service.js';
import type { ThrottleService } from '../throttle/throttle-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import { createAccountRules } from './account-rules.js';
import type { IdentityRepository } from './identity-repository.js';
import type { SessionRevocation } from './identity-types.js';
import type { OtpService } from './otp-service.js';
import { createPasswordHasher } from './password-policy.js';
import type { PasswordHashCost } from './password-policy.js';
import { createPasswords } from './passwords.js';
import { createProfiles } from './profile.js';
import { createSessions } from './sessions.js';
import { createSignUp } from './sign-up.js';
import { createUserAdmin } from './user-admin.js';

export type { AuthResult, Caller, RequestOrigin, RevokeReason, SessionRevocation } from './identity-types.js';

/**
 * Identity (decision 0029 split it by responsibility): sessions and their cache (sessions.ts), sign-up,
 * OTP and login (sign-up.ts), passwords and self-exclusion (passwords.ts), the profile and its balance
 * cache (profile.ts), the back office's accounts (user-admin.ts), the checks they share (account-rules.ts).
 */
export function createIdentityService(deps: {
  repository: IdentityRepository;
  otp: OtpService;
  throttle: ThrottleService;
  wallet: WalletService;
  audit: AuditService;
  clock: Clock;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  moneyMode: 'play' | 'real';
  realMoneyJurisdictions: string[];
  /** The site's name from branding: a new password may not contain it. */
  siteName: () => Promise<string>;
  /** Told after sessions end (logout, password change or reset, suspension, self-exclusion, expiry). */
  onSessionsRevoked?: (revocation: SessionRevocation) => void;
  /** Told after an account's role, permissions or wallet changed, for other processes' caches. */
  onUserChanged?: (userId: string) => void;
  /** Failed logins per client address in 15 minutes (an abuse cap; accounts are delayed, never locked). */
  loginFailuresPerIp: number;
  /** Argon2id's cost for new hashes (config PASSWORD_HASH_COST). */
  passwordHashCost: PasswordHashCost;
}) {
  const { repository, clock } = deps;
  const hasher = createPasswordHasher(deps.passwordHashCost);
  const rules = createAccountRules({
    repository,
    clock,
    moneyMode: deps.moneyMode,
    realMoneyJurisdictions: deps.realMoneyJurisdictions,
    siteName: deps.siteName,
  });
  const sessions = createSessions({
    repository,
    clock,
    sessionIdleMs: deps.sessionIdleMs,
    sessionAbsoluteMs: deps.sessionAbsoluteMs,
    onSessionsRevoked: deps.onSessionsRevoked,
  });
  const userChanged = (userId: string) => {
    sessions.forget(userId);
    deps.onUserChanged?.(userId);
  };
  const profiles = createProfiles({ repository, rules, sessions, wallet: deps.wallet, clock, userChanged });
  const signUp = createSignUp({ ...deps, rules, sessions, hasher, profileOf: profiles.profileOf, userChanged });
  const passwords = createPasswords({ ...deps, rules, sessions, hasher });
  const admin = createUserAdmin({ ...deps, rules, sessions, createAccount: signUp.createAccount, userChanged });

  return {
    ...signUp,
    ...passwords,
    ...admin,
    profile: profiles.profile,
    cachedProfile: profiles.cachedProfile,
    selectWallet: profiles.selectWallet,
    authenticate: sessions.authenticate,
    authenticateCached: sessions.authenticateCached,
    async logout(caller: { userId: string; sessionId: string }): Promise<void> {
      await sessions.endSessions(caller.userId, 'logout', caller.sessionId);
    },
    /** Another process (or this one) announced that the account's sessions ended or the account changed. */
    forgetUser: sessions.forget,
    /** The account's money moved: its cached balances go (the wallet's hook here, the bus from elsewhere). */
    forgetBalances: profiles.forgetBalances,
    sessionCacheSize: sessions.cacheSize,
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
