import { BACKOFFICE_ROLES, OPERATOR_ROLES, PHONE_COUNTRIES, ROLES, WALLETS } from '@khel/contract';
import type {
  BackofficeUser,
  ChangePasswordRequest,
  LoginRequest,
  Profile,
  ResetPasswordRequest,
  SignUpRequest,
  UserListQuery,
  UserUpdateRequest,
  WalletId,
} from '@khel/contract';
import { paiseToRupees } from '@khel/money';
import type { Clock } from '../../lib/clock.js';
import { AppError, fail } from '../../lib/app-error.js';
import { downlineRootOf } from '../../lib/downline.js';
import { newOpaqueToken, newReadableCode, sha256Hex } from '../../lib/crypto.js';
import type { AuditService } from '../audit/audit-service.js';
import type { ThrottleService } from '../throttle/throttle-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { IdentityRepository, UserChanges, UserRow } from './identity-repository.js';
import type { OtpService } from './otp-service.js';
import { createLoginThrottle, loginKey } from './login-throttle.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './password-policy.js';
import { passwordProblem } from './password-rules.js';

export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

/** Who is calling, as the auth plugin established it. */
export interface Caller {
  userId: string;
  sessionId: string;
  role: number;
  /** The wallet bets and games use ('1' main, '2' bonus), as selected when the request was authenticated. */
  wallet: '1' | '2';
  /** The per-user permission flags (spec §6), as they were when the request was authenticated. */
  permissions: { allowHome: boolean; allowLiveCasino: boolean; allowSlots: boolean; allowStatements: boolean; allowProfitLoss: boolean };
}

export type AuthResult =
  | { kind: 'ok'; caller: Caller; expiresAt: Date; idleExpiresAt: Date }
  /** Token unknown, expired or revoked: HTTP 401 (spec §4: go to /login). */
  | { kind: 'invalid' }
  /** The account itself was closed to the session (suspended, self-excluded): meta.code 401 (spec §4: go to /). */
  | { kind: 'ended'; message: string };

/** Why sessions ended (sessions.revoke_reason). */
export type RevokeReason = 'logout' | 'password_changed' | 'password_reset' | 'suspended' | 'self_excluded' | 'expired';

/**
 * Sessions that just ended, for whatever holds them open (the live module closes their WebSockets, in
 * every process). `ended` is the reason to show when the account was closed to them, else null.
 */
export interface SessionRevocation {
  userId: string;
  sessionIds: string[];
  reason: RevokeReason;
  ended: string | null;
}

/** last_seen_at is written at most this often, so a busy session does not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

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
  /** Failed logins per client address in 15 minutes (an abuse cap; accounts are delayed, never locked). */
  loginFailuresPerIp: number;
}) {
  const { repository, otp, throttle, wallet, audit, clock } = deps;
  const loginThrottle = createLoginThrottle(throttle, { failuresPerIp: deps.loginFailuresPerIp });

  /** Ends one session (sessionId) or every session of the account, and says so to onSessionsRevoked. */
  async function endSessions(userId: string, reason: RevokeReason, sessionId?: string): Promise<void> {
    const now = clock.now();
    const sessionIds = sessionId === undefined ? await repository.revokeAllSessions(userId, now, reason) : await repository.revokeSession(sessionId, now, reason);
    if (sessionIds.length > 0) deps.onSessionsRevoked?.({ userId, sessionIds, reason, ended: endedMessage(reason) });
  }

  async function assertAcceptablePassword(password: string, mobileNo: string): Promise<void> {
    const problem = passwordProblem(password, { siteName: await deps.siteName(), mobileNo });
    if (problem !== null) fail('WEAK_PASSWORD', problem);
  }

  function countryOf(mobileNo: string): string | null {
    return PHONE_COUNTRIES.find((country) => mobileNo.startsWith(country.dialCode))?.iso ?? null;
  }

  /** PRODUCT.md §5: in real-money mode only players from configured jurisdictions may sign up or log in. */
  function assertJurisdiction(mobileNo: string): void {
    if (deps.moneyMode !== 'real') return;
    const country = countryOf(mobileNo);
    if (country === null || !deps.realMoneyJurisdictions.includes(country)) fail('JURISDICTION_BLOCKED');
  }

  function assertMayEnter(user: UserRow): void {
    if (user.suspended_at !== null) fail('ACCOUNT_SUSPENDED');
    if (user.self_excluded_until !== null && user.self_excluded_until.getTime() > clock.now().getTime()) {
      fail('ACCOUNT_SELF_EXCLUDED', `Your account is self-excluded until ${user.self_excluded_until.toISOString().slice(0, 10)}`);
    }
  }

  async function uniqueUsername(name: string): Promise<string> {
    const base = name.toLowerCase().replace(/[^a-z]/g, '').slice(0, 12) || 'player';
    for (;;) {
      const candidate = `${base}${Math.floor(1000 + Math.random() * 9000)}`;
      if (!(await repository.usernameTaken(candidate))) return candidate;
    }
  }

  async function uniqueReferralCode(): Promise<string> {
    for (;;) {
      const candidate = newReadableCode(8);
      if ((await repository.findByReferralCode(candidate)) === null) return candidate;
    }
  }

  async function openSession(user: UserRow, origin: RequestOrigin): Promise<string> {
    const token = newOpaqueToken();
    const now = clock.now();
    await repository.insertSession({
      userId: user.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + deps.sessionAbsoluteMs),
      now,
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 300) ?? null,
    });
    await repository.setLastLogin(user.id, now);
    return token;
  }

  async function profileOf(user: UserRow): Promise<Profile> {
    const balances = await wallet.balancesOf(user.id);
    return {
      _id: user.id,
      name: user.name,
      username: user.username,
      mobile_no: user.mobile_no,
      role: user.role,
      wallet: user.wallet,
      balance: paiseToRupees(balances.mainBalancePaise),
      exposure: paiseToRupees(balances.mainExposurePaise),
      bonus: paiseToRupees(balances.bonusBalancePaise),
      bonusExposure: paiseToRupees(balances.bonusExposurePaise),
      refBonus: paiseToRupees(balances.referralBonusPaise),
      referralAllow: user.referral_allow && user.role !== ROLES.CREDIT_PLAYER,
      referralCode: user.referral_code,
      allowHome: user.allow_home,
      allowLiveCasino: user.allow_live_casino,
      allowSlots: user.allow_slots,
      allowStatements: user.allow_statements,
      allowProfitLoss: user.allow_profit_loss,
    };
  }

  function toBackofficeUser(user: UserRow): BackofficeUser {
    return {
      _id: user.id,
      name: user.name,
      username: user.username,
      mobile_no: user.mobile_no,
      role: user.role,
      referralAllow: user.referral_allow,
      referralCode: user.referral_code,
      allowHome: user.allow_home,
      allowLiveCasino: user.allow_live_casino,
      allowSlots: user.allow_slots,
      allowStatements: user.allow_statements,
      allowProfitLoss: user.allow_profit_loss,
      phoneVerified: user.phone_verified_at !== null,
      suspended: user.suspended_at !== null,
      suspendedReason: user.suspended_reason,
      selfExcludedUntil: user.self_excluded_until?.toISOString() ?? null,
      createdAt: user.created_at.toISOString(),
      lastLoginAt: user.last_login_at?.toISOString() ?? null,
      uplineId: user.upline_id,
    };
  }

  async function requireUser(userId: string): Promise<UserRow> {
    return (await repository.findById(userId)) ?? fail('NOT_FOUND', 'Account not found');
  }

  /** Creates an account with its wallets; the single path for sign-up, bootstrap and demo data. */
  async function createAccount(input: {
    name: string;
    mobileNo: string;
    password: string;
    role: number;
    referredBy: string | null;
    verified: boolean;
    /** The upline in the agent tree; omitted or null: under the tree's root (the first director). */
    uplineId?: string | null;
  }): Promise<UserRow> {
    const now = clock.now();
    const user = await repository.insertUser({
      name: input.name,
      username: await uniqueUsername(input.name),
      mobileNo: input.mobileNo,
      passwordHash: await hashPassword(input.password),
      role: input.role,
      referralCode: await uniqueReferralCode(),
      referredBy: input.referredBy,
      phoneVerifiedAt: input.verified ? now : null,
      ageConfirmedAt: now,
      uplineId: input.uplineId ?? null,
    });
    await wallet.openAccountsFor(user.id, input.role);
    return user;
  }

  /**
   * Where a sign-up lands in the tree (PRODUCT.md §9, decision 0018). The code is any account's
   * referral code: an AGENT's makes a PLAYER in its downline, a CREDIT_AGENT's a CREDIT_PLAYER in its
   * downline (no referral link: agents earn through partnership, not referral); a player's places the
   * new player beside the referrer (same upline) and links the referral; an operator's keeps today's
   * referral link under the root. A credit player's code is refused (they neither refer nor are referred).
   */
  async function signUpPlacement(code: string | undefined): Promise<{ role: number; referredBy: string | null; uplineId: string | null }> {
    if (code === undefined || code.length === 0) return { role: ROLES.PLAYER, referredBy: null, uplineId: null };
    const owner = await repository.findByReferralCode(code);
    if (owner === null || owner.role === ROLES.CREDIT_PLAYER) fail('REFERRAL_CODE_UNKNOWN');
    if (owner.role === ROLES.AGENT) return { role: ROLES.PLAYER, referredBy: null, uplineId: owner.id };
    if (owner.role === ROLES.CREDIT_AGENT) return { role: ROLES.CREDIT_PLAYER, referredBy: null, uplineId: owner.id };
    return { role: ROLES.PLAYER, referredBy: owner.id, uplineId: owner.role === ROLES.PLAYER ? owner.upline_id : null };
  }

  return {
    createAccount,

    async signUp(request: SignUpRequest, origin: RequestOrigin): Promise<void> {
      assertJurisdiction(request.mobile_no);
      await assertAcceptablePassword(request.password, request.mobile_no);
      const placement = await signUpPlacement(request.affiliateCode);
      const existing = await repository.findByMobile(request.mobile_no);
      if (existing !== null && existing.phone_verified_at !== null) fail('MOBILE_ALREADY_REGISTERED');
      if (existing === null) {
        await createAccount({ name: request.name, mobileNo: request.mobile_no, password: request.password, role: placement.role, referredBy: placement.referredBy, verified: false, uplineId: placement.uplineId });
      } else {
        await repository.refreshUnverifiedUser(existing.id, request.name, await hashPassword(request.password), placement.referredBy, clock.now(), placement);
        if (placement.role !== existing.role) await wallet.openAccountsFor(existing.id, placement.role);
      }
      await otp.issue(request.mobile_no, 'verify', origin.ip);
    },

    /** Answers the same whether or not the number waits for verification, so nothing is revealed. */
    async resendOtp(mobileNo: string, origin: RequestOrigin): Promise<void> {
      const user = await repository.findByMobile(mobileNo);
      if (user !== null && user.phone_verified_at === null) await otp.issue(mobileNo, 'verify', origin.ip);
    },

    async verifyOtp(mobileNo: string, code: string, origin: RequestOrigin): Promise<{ token: string; profile: Profile }> {
      await otp.verify(mobileNo, 'verify', code);
      const user = (await repository.findByMobile(mobileNo)) ?? fail('OTP_INVALID');
      assertMayEnter(user);
      await repository.markPhoneVerified(user.id, clock.now());
      const token = await openSession(user, origin);
      return { token, profile: await profileOf(user) };
    },

    async login(request: LoginRequest, origin: RequestOrigin): Promise<{ token: string; profile: Profile }> {
      const identifier = request.mobile_no ?? request.username ?? '';
      const user = request.mobile_no !== undefined ? await repository.findByMobile(request.mobile_no) : await repository.findByUsername(request.username ?? '');
      // Keyed on the account, so its mobile number and username share one count.
      const key = loginKey(user?.id ?? null, identifier);
      await loginThrottle.beforeAttempt(key, origin.ip);
      const passwordOk = user === null ? (await verifyAgainstDecoy(request.password), false) : await verifyPassword(user.password_hash, request.password);
      if (user === null || !passwordOk) {
        await loginThrottle.recordFailure(key, origin.ip);
        fail('INVALID_CREDENTIALS');
      }
      if (request.audience === 'backoffice' && !BACKOFFICE_ROLES.includes(user.role as never)) {
        fail('FORBIDDEN', 'This is not an operator account');
      }
      assertJurisdiction(user.mobile_no);
      assertMayEnter(user);
      if (user.phone_verified_at === null) {
        await otp.issue(user.mobile_no, 'verify', origin.ip);
        throw new AppError('PHONE_NOT_VERIFIED', undefined, { mobile_no: user.mobile_no });
      }
      const token = await openSession(user, origin);
      return { token, profile: await profileOf(user) };
    },

    async logout(caller: Caller): Promise<void> {
      await endSessions(caller.userId, 'logout', caller.sessionId);
    },

    /** Every session of the account ends, this one included; the caller gets a fresh token. */
    async changePassword(caller: Caller, request: ChangePasswordRequest, origin: RequestOrigin): Promise<string> {
      const user = await requireUser(caller.userId);
      const key = loginKey(user.id, user.mobile_no);
      await loginThrottle.beforeAttempt(key, origin.ip);
      if (!(await verifyPassword(user.password_hash, request.old_password))) {
        await loginThrottle.recordFailure(key, origin.ip);
        fail('WRONG_OLD_PASSWORD');
      }
      await assertAcceptablePassword(request.password, user.mobile_no);
      await repository.setPassword(user.id, await hashPassword(request.password));
      await endSessions(user.id, 'password_changed');
      return openSession(user, origin);
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
      await assertAcceptablePassword(request.password, request.mobile_no);
      await otp.verify(request.mobile_no, 'reset', request.otp);
      const user = (await repository.findByMobile(request.mobile_no)) ?? fail('OTP_INVALID');
      await repository.setPassword(user.id, await hashPassword(request.password));
      await endSessions(user.id, 'password_reset');
    },

    /**
     * The session behind a token. `touch: false` (the live module re-checking an open socket) leaves
     * last_seen_at alone, so an open socket alone never keeps a session from idling out.
     */
    async authenticate(token: string, options: { touch?: boolean } = {}): Promise<AuthResult> {
      if (token.length < 20 || token.length > 100) return { kind: 'invalid' };
      const found = await repository.findSessionByTokenHash(sha256Hex(token));
      if (found === null) return { kind: 'invalid' };
      const now = clock.now();
      if (found.revoked_at !== null) {
        if (found.revoke_reason === 'suspended') return { kind: 'ended', message: MESSAGES_ENDED.suspended };
        if (found.revoke_reason === 'self_excluded') return { kind: 'ended', message: MESSAGES_ENDED.selfExcluded };
        return { kind: 'invalid' };
      }
      const idleExpired = now.getTime() - found.last_seen_at.getTime() > deps.sessionIdleMs;
      if (idleExpired || found.expires_at.getTime() <= now.getTime()) {
        await endSessions(found.user.id, 'expired', found.session_id);
        return { kind: 'invalid' };
      }
      let lastSeenAt = found.last_seen_at;
      if (options.touch !== false && now.getTime() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await repository.touchSession(found.session_id, now);
        lastSeenAt = now;
      }
      const user = found.user;
      return {
        kind: 'ok',
        expiresAt: found.expires_at,
        idleExpiresAt: new Date(lastSeenAt.getTime() + deps.sessionIdleMs),
        caller: {
          userId: user.id,
          sessionId: found.session_id,
          role: user.role,
          wallet: user.wallet,
          permissions: {
            allowHome: user.allow_home,
            allowLiveCasino: user.allow_live_casino,
            allowSlots: user.allow_slots,
            allowStatements: user.allow_statements,
            allowProfitLoss: user.allow_profit_loss,
          },
        },
      };
    },

    async profile(caller: Caller): Promise<Profile> {
      return profileOf(await requireUser(caller.userId));
    },

    async selectWallet(caller: Caller, selected: WalletId): Promise<Profile> {
      const user = await requireUser(caller.userId);
      if (selected === WALLETS.BONUS && user.role === ROLES.CREDIT_PLAYER) fail('FORBIDDEN', 'Credit players have no bonus wallet');
      await repository.setWallet(user.id, selected);
      return profileOf({ ...user, wallet: selected });
    },

    /** BOOTSTRAP_DIRECTOR_*: creates a DIRECTOR only when the database has none. */
    async bootstrapDirector(mobileNo: string, password: string): Promise<boolean> {
      if (await repository.anyWithRole(ROLES.DIRECTOR)) return false;
      const existing = await repository.findByMobile(mobileNo);
      let directorId: string;
      if (existing !== null) {
        await repository.updateUser(existing.id, { role: ROLES.DIRECTOR });
        await repository.setPassword(existing.id, await hashPassword(password));
        await repository.markPhoneVerified(existing.id, clock.now());
        directorId = existing.id;
      } else {
        directorId = (await createAccount({ name: 'Director', mobileNo, password, role: ROLES.DIRECTOR, referredBy: null, verified: true })).id;
      }
      await audit.record({ actorId: null, action: 'user.bootstrap_director', targetType: 'user', targetId: directorId, details: { mobile_no: mobileNo }, ip: null });
      return true;
    },

    /**
     * The player closes their own account for a period: every session ends at once and login is
     * refused until it passes. A longer period may replace a shorter one, never the reverse.
     */
    async selfExclude(caller: Caller, days: number, password: string, ip: string): Promise<string> {
      const user = await requireUser(caller.userId);
      if (!(await verifyPassword(user.password_hash, password))) fail('WRONG_OLD_PASSWORD', 'Password is incorrect');
      const now = clock.now();
      const requested = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
      const current = user.self_excluded_until;
      const until = current !== null && current.getTime() > requested.getTime() ? current : requested;
      await repository.setSelfExcludedUntil(user.id, until);
      await endSessions(user.id, 'self_excluded');
      await audit.record({ actorId: user.id, action: 'user.self_exclude', targetType: 'user', targetId: user.id, details: { days, until: until.toISOString() }, ip });
      return until.toISOString();
    },

    async findByMobile(mobileNo: string): Promise<UserRow | null> {
      return repository.findByMobile(mobileNo);
    },

    // Back office

    /** Users within the caller's reach: an agent's downline (itself included), the whole site for an operator. */
    async listUsers(caller: Caller, query: UserListQuery): Promise<{ items: BackofficeUser[]; total: number }> {
      const { rows, total } = await repository.searchUsers({
        search: query.search,
        role: query.role,
        uplineId: query.uplineId,
        within: downlineRootOf(caller),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(toBackofficeUser), total };
    },

    /**
     * An account made in the back office (the agent tree decides role and upline, modules/agents):
     * verified at once, the password under the same policy as a sign-up.
     */
    async createInTree(input: { name: string; mobileNo: string; password: string; role: number; uplineId: string }): Promise<BackofficeUser> {
      await assertAcceptablePassword(input.password, input.mobileNo);
      if ((await repository.findByMobile(input.mobileNo)) !== null) fail('MOBILE_ALREADY_REGISTERED');
      return toBackofficeUser(await createAccount({ ...input, referredBy: null, verified: true }));
    },

    /**
     * A new password set by an operator or an agent for an account below it (the subtree guard has
     * run): only a director resets an operator's. Every session of the account ends. Audited.
     */
    async resetPasswordFor(actor: Caller, id: string, password: string, ip: string): Promise<void> {
      const target = await requireUser(id);
      if (actor.role !== ROLES.DIRECTOR && OPERATOR_ROLES.includes(target.role as never)) fail('FORBIDDEN', 'Only a director may change roles or operator accounts');
      await assertAcceptablePassword(password, target.mobile_no);
      await repository.setPassword(id, await hashPassword(password));
      await endSessions(id, 'password_reset');
      await audit.record({ actorId: actor.userId, action: 'user.password_reset', targetType: 'user', targetId: id, details: {}, ip });
    },

    async getUser(id: string): Promise<BackofficeUser> {
      return toBackofficeUser(await requireUser(id));
    },

    /**
     * Operators change roles, permission flags, referralAllow and suspension. A SUPPORT_ADMIN may not
     * touch operator accounts or roles; nobody may change their own role or suspend themselves.
     */
    async updateUser(actor: Caller, id: string, request: UserUpdateRequest, ip: string): Promise<BackofficeUser> {
      const target = await requireUser(id);
      const actorIsDirector = actor.role === ROLES.DIRECTOR;
      if (!actorIsDirector && (OPERATOR_ROLES.includes(target.role as never) || request.role !== undefined)) {
        fail('FORBIDDEN', 'Only a director may change roles or operator accounts');
      }
      // An agent (already confined to its downline by the subtree guard) changes permission flags and suspension only.
      if (downlineRootOf(actor) !== null && request.referralAllow !== undefined) fail('FORBIDDEN', 'Agents change permission flags and suspension only');
      // Changing one's own account is refused before this, for every back-office route (plugins/separation-of-duties.ts).
      const changes: UserChanges = {
        role: request.role,
        referral_allow: request.referralAllow,
        allow_home: request.allowHome,
        allow_live_casino: request.allowLiveCasino,
        allow_slots: request.allowSlots,
        allow_statements: request.allowStatements,
        allow_profit_loss: request.allowProfitLoss,
      };
      const now = clock.now();
      if (request.suspended === true && target.suspended_at === null) {
        changes.suspended_at = now;
        changes.suspended_reason = request.suspendedReason ?? null;
      } else if (request.suspended === false && target.suspended_at !== null) {
        changes.suspended_at = null;
        changes.suspended_reason = null;
      }
      const updated = (await repository.updateUser(id, changes)) ?? fail('NOT_FOUND');
      if (changes.suspended_at instanceof Date) await endSessions(id, 'suspended');
      if (request.role !== undefined && request.role !== target.role) await wallet.openAccountsFor(id, request.role);

      const before = toBackofficeUser(target);
      const after = toBackofficeUser(updated);
      const diff = Object.fromEntries(
        (Object.keys(after) as (keyof BackofficeUser)[])
          .filter((key) => before[key] !== after[key])
          .map((key) => [key, { from: before[key], to: after[key] }]),
      );
      await audit.record({ actorId: actor.userId, action: 'user.update', targetType: 'user', targetId: id, details: diff, ip });
      return after;
    },
  };
}

const MESSAGES_ENDED = {
  suspended: 'Your account is suspended, please contact support',
  selfExcluded: 'Your account is self-excluded, you have been logged out',
} as const;

function endedMessage(reason: RevokeReason): string | null {
  if (reason === 'suspended') return MESSAGES_ENDED.suspended;
  if (reason === 'self_excluded') return MESSAGES_ENDED.selfExcluded;
  return null;
}

export type IdentityService = ReturnType<typeof createIdentityService>;
