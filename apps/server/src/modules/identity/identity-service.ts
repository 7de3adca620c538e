import { OPERATOR_ROLES, PHONE_COUNTRIES, ROLES, WALLETS } from '@khel/contract';
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
import { newOpaqueToken, newReadableCode, sha256Hex } from '../../lib/crypto.js';
import type { AuditService } from '../audit/audit-service.js';
import type { ThrottleService } from '../throttle/throttle-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { IdentityRepository, UserChanges, UserRow } from './identity-repository.js';
import type { OtpService } from './otp-service.js';
import { hashPassword, isCommonPassword, verifyAgainstDecoy, verifyPassword } from './password-policy.js';

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
  | { kind: 'ok'; caller: Caller }
  /** Token unknown, expired or revoked: HTTP 401 (spec §4: go to /login). */
  | { kind: 'invalid' }
  /** The account itself was closed to the session (suspended, self-excluded): meta.code 401 (spec §4: go to /). */
  | { kind: 'ended'; message: string };

const LOGIN_RULES = {
  perAccount: { bucket: 'login-failure-account', limit: 5, windowMs: 15 * 60 * 1000 },
  perIp: { bucket: 'login-failure-ip', limit: 30, windowMs: 15 * 60 * 1000 },
} as const;

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
}) {
  const { repository, otp, throttle, wallet, audit, clock } = deps;

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
    });
    await wallet.openAccountsFor(user.id, input.role);
    return user;
  }

  return {
    createAccount,

    async signUp(request: SignUpRequest, origin: RequestOrigin): Promise<void> {
      assertJurisdiction(request.mobile_no);
      if (isCommonPassword(request.password)) fail('WEAK_PASSWORD');
      let referredBy: string | null = null;
      if (request.affiliateCode !== undefined && request.affiliateCode.length > 0) {
        const referrer = await repository.findByReferralCode(request.affiliateCode);
        if (referrer === null) fail('REFERRAL_CODE_UNKNOWN');
        referredBy = referrer.id;
      }
      const existing = await repository.findByMobile(request.mobile_no);
      if (existing !== null && existing.phone_verified_at !== null) fail('MOBILE_ALREADY_REGISTERED');
      if (existing === null) {
        await createAccount({ name: request.name, mobileNo: request.mobile_no, password: request.password, role: ROLES.PLAYER, referredBy, verified: false });
      } else {
        await repository.refreshUnverifiedUser(existing.id, request.name, await hashPassword(request.password), referredBy, clock.now());
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
      if (await throttle.isExceeded(LOGIN_RULES.perIp, origin.ip)) fail('LOGIN_THROTTLED');
      if (await throttle.isExceeded(LOGIN_RULES.perAccount, identifier.toLowerCase())) fail('LOGIN_THROTTLED');
      const user = request.mobile_no !== undefined ? await repository.findByMobile(request.mobile_no) : await repository.findByUsername(request.username ?? '');
      const passwordOk = user === null ? (await verifyAgainstDecoy(request.password), false) : await verifyPassword(user.password_hash, request.password);
      if (user === null || !passwordOk) {
        await throttle.record(LOGIN_RULES.perIp.bucket, origin.ip);
        await throttle.record(LOGIN_RULES.perAccount.bucket, identifier.toLowerCase());
        fail('INVALID_CREDENTIALS');
      }
      if (request.audience === 'backoffice' && !OPERATOR_ROLES.includes(user.role as never)) {
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
      await repository.revokeSession(caller.sessionId, clock.now(), 'logout');
    },

    /** Every session of the account ends, this one included; the caller gets a fresh token. */
    async changePassword(caller: Caller, request: ChangePasswordRequest, origin: RequestOrigin): Promise<string> {
      const user = await requireUser(caller.userId);
      const key = user.mobile_no;
      if (await throttle.isExceeded(LOGIN_RULES.perAccount, key)) fail('LOGIN_THROTTLED');
      if (!(await verifyPassword(user.password_hash, request.old_password))) {
        await throttle.record(LOGIN_RULES.perAccount.bucket, key);
        fail('WRONG_OLD_PASSWORD');
      }
      if (isCommonPassword(request.password)) fail('WEAK_PASSWORD');
      await repository.setPassword(user.id, await hashPassword(request.password));
      await repository.revokeAllSessions(user.id, clock.now(), 'password_changed');
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
      await otp.verify(request.mobile_no, 'reset', request.otp);
      const user = (await repository.findByMobile(request.mobile_no)) ?? fail('OTP_INVALID');
      if (isCommonPassword(request.password)) fail('WEAK_PASSWORD');
      await repository.setPassword(user.id, await hashPassword(request.password));
      await repository.revokeAllSessions(user.id, clock.now(), 'password_reset');
    },

    async authenticate(token: string): Promise<AuthResult> {
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
        await repository.revokeSession(found.session_id, now, 'expired');
        return { kind: 'invalid' };
      }
      if (now.getTime() - found.last_seen_at.getTime() > TOUCH_INTERVAL_MS) await repository.touchSession(found.session_id, now);
      const user = found.user;
      return {
        kind: 'ok',
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
      await repository.revokeAllSessions(user.id, now, 'self_excluded');
      await audit.record({ actorId: user.id, action: 'user.self_exclude', targetType: 'user', targetId: user.id, details: { days, until: until.toISOString() }, ip });
      return until.toISOString();
    },

    async findByMobile(mobileNo: string): Promise<UserRow | null> {
      return repository.findByMobile(mobileNo);
    },

    // Back office

    async listUsers(query: UserListQuery): Promise<{ items: BackofficeUser[]; total: number }> {
      const { rows, total } = await repository.searchUsers({
        search: query.search,
        role: query.role,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { items: rows.map(toBackofficeUser), total };
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
      if (target.id === actor.userId && (request.role !== undefined || request.suspended === true)) {
        fail('FORBIDDEN', 'You cannot change your own role or suspend yourself');
      }
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
      if (changes.suspended_at instanceof Date) await repository.revokeAllSessions(id, now, 'suspended');
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

export type IdentityService = ReturnType<typeof createIdentityService>;
