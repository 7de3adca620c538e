import { BACKOFFICE_ROLES, ROLES } from '@khel/contract';
import type { LoginRequest, Profile, SignUpRequest } from '@khel/contract';
import type { Clock } from '../../lib/clock.js';
import { AppError, fail } from '../../lib/app-error.js';
import { newReadableCode } from '../../lib/crypto.js';
import type { AuditService } from '../audit/audit-service.js';
import type { ThrottleService } from '../throttle/throttle-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { AccountRules } from './account-rules.js';
import type { IdentityRepository, UserRow } from './identity-repository.js';
import type { RequestOrigin } from './identity-types.js';
import { createLoginThrottle, loginKey } from './login-throttle.js';
import type { OtpService } from './otp-service.js';
import type { PasswordHasher } from './password-policy.js';
import type { Sessions } from './sessions.js';

/** Accounts come in: sign-up with its OTP, login, the bootstrap director. */
export function createSignUp(deps: {
  repository: IdentityRepository;
  rules: AccountRules;
  sessions: Sessions;
  otp: OtpService;
  throttle: ThrottleService;
  wallet: WalletService;
  audit: AuditService;
  clock: Clock;
  profileOf: (user: UserRow) => Promise<Profile>;
  /** The account changed (role, permissions, wallet): every process drops what it cached of it. */
  userChanged: (userId: string) => void;
  loginFailuresPerIp: number;
  hasher: PasswordHasher;
}) {
  const { repository, rules, sessions, otp, wallet, audit, clock, hasher } = deps;
  const loginThrottle = createLoginThrottle(deps.throttle, { failuresPerIp: deps.loginFailuresPerIp });

  async function uniqueUsername(name: string): Promise<string> {
    const base =
      name
        .toLowerCase()
        .replace(/[^a-z]/g, '')
        .slice(0, 12) || 'player';
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
    const passwordHash = await hasher.hash(input.password);
    // The username and referral code are checked free, then inserted: two sign-ups at the same moment can pick
    // the same one (two "Ravi Kumar"s share 9,000 usernames), so a taken key means new candidates, not an error.
    for (let attempt = 1; ; attempt += 1) {
      const user = await repository.insertUser({
        name: input.name,
        username: await uniqueUsername(input.name),
        mobileNo: input.mobileNo,
        passwordHash,
        role: input.role,
        referralCode: await uniqueReferralCode(),
        referredBy: input.referredBy,
        phoneVerifiedAt: input.verified ? now : null,
        ageConfirmedAt: now,
        uplineId: input.uplineId ?? null,
      });
      if (user !== null) {
        await wallet.openAccountsFor(user.id, input.role);
        return user;
      }
      if ((await repository.findByMobile(input.mobileNo)) !== null) fail('MOBILE_ALREADY_REGISTERED');
      // Each taken draw is another account's committed username (the next check sees it), so draws run out only
      // when that many accounts of the same name are created at once: a bound far above any real burst.
      if (attempt === 100) throw new Error('no free username or referral code after 100 attempts');
    }
  }

  /**
   * Where a sign-up lands in the tree (PRODUCT.md §9, decision 0018). The code is any account's
   * referral code: an AGENT's makes a PLAYER in its downline, a CREDIT_AGENT's a CREDIT_PLAYER in its
   * downline (no referral link: agents earn through partnership, not referral); a player's places the
   * new player beside the referrer (same upline) and links the referral; an operator's keeps today's
   * referral link under the root. A credit player's code is refused (they neither refer nor are referred).
   */
  async function signUpPlacement(
    code: string | undefined,
  ): Promise<{ role: number; referredBy: string | null; uplineId: string | null }> {
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
      rules.assertJurisdiction(request.mobile_no);
      await rules.assertAcceptablePassword(request.password, request.mobile_no);
      const placement = await signUpPlacement(request.affiliateCode);
      const existing = await repository.findByMobile(request.mobile_no);
      if (existing !== null && existing.phone_verified_at !== null) fail('MOBILE_ALREADY_REGISTERED');
      if (existing === null) {
        await createAccount({
          name: request.name,
          mobileNo: request.mobile_no,
          password: request.password,
          role: placement.role,
          referredBy: placement.referredBy,
          verified: false,
          uplineId: placement.uplineId,
        });
      } else {
        await repository.refreshUnverifiedUser(
          existing.id,
          request.name,
          await hasher.hash(request.password),
          placement.referredBy,
          clock.now(),
          placement,
        );
        if (placement.role !== existing.role) await wallet.openAccountsFor(existing.id, placement.role);
      }
      await otp.issue(request.mobile_no, 'verify', origin.ip);
    },

    /** Answers the same whether or not the number waits for verification, so nothing is revealed. */
    async resendOtp(mobileNo: string, origin: RequestOrigin): Promise<void> {
      const user = await repository.findByMobile(mobileNo);
      if (user !== null && user.phone_verified_at === null) await otp.issue(mobileNo, 'verify', origin.ip);
    },

    async verifyOtp(
      mobileNo: string,
      code: string,
      origin: RequestOrigin,
    ): Promise<{ token: string; profile: Profile }> {
      await otp.verify(mobileNo, 'verify', code);
      const user = (await repository.findByMobile(mobileNo)) ?? fail('OTP_INVALID');
      rules.assertMayEnter(user);
      await repository.markPhoneVerified(user.id, clock.now());
      const token = await sessions.openSession(user, origin);
      return { token, profile: await deps.profileOf(user) };
    },

    async login(request: LoginRequest, origin: RequestOrigin): Promise<{ token: string; profile: Profile }> {
      const identifier = request.mobile_no ?? request.username ?? '';
      const user =
        request.mobile_no !== undefined
          ? await repository.findByMobile(request.mobile_no)
          : await repository.findByUsername(request.username ?? '');
      // Keyed on the account, so its mobile number and username share one count.
      const key = loginKey(user?.id ?? null, identifier);
      const attempt = await loginThrottle.beforeAttempt(key, origin.ip);
      const passwordOk =
        user === null
          ? (await hasher.verifyAgainstDecoy(request.password), false)
          : await hasher.verify(user.password_hash, request.password);
      if (user === null || !passwordOk) fail('INVALID_CREDENTIALS');
      await attempt.succeeded();
      if (request.audience === 'backoffice' && !BACKOFFICE_ROLES.includes(user.role as never)) {
        fail('FORBIDDEN', 'This is not an operator account');
      }
      rules.assertJurisdiction(user.mobile_no);
      rules.assertMayEnter(user);
      if (user.phone_verified_at === null) {
        await otp.issue(user.mobile_no, 'verify', origin.ip);
        throw new AppError('PHONE_NOT_VERIFIED', undefined, { mobile_no: user.mobile_no });
      }
      const token = await sessions.openSession(user, origin);
      return { token, profile: await deps.profileOf(user) };
    },

    /** BOOTSTRAP_DIRECTOR_*: creates a DIRECTOR only when the database has none. */
    async bootstrapDirector(mobileNo: string, password: string): Promise<boolean> {
      if (await repository.anyWithRole(ROLES.DIRECTOR)) return false;
      const existing = await repository.findByMobile(mobileNo);
      let directorId: string;
      if (existing !== null) {
        await repository.updateUser(existing.id, { role: ROLES.DIRECTOR });
        await repository.setPassword(existing.id, await hasher.hash(password));
        await repository.markPhoneVerified(existing.id, clock.now());
        deps.userChanged(existing.id);
        directorId = existing.id;
      } else {
        directorId = (
          await createAccount({
            name: 'Director',
            mobileNo,
            password,
            role: ROLES.DIRECTOR,
            referredBy: null,
            verified: true,
          })
        ).id;
      }
      await audit.record({
        actorId: null,
        action: 'user.bootstrap_director',
        targetType: 'user',
        targetId: directorId,
        details: { mobile_no: mobileNo },
        ip: null,
      });
      return true;
    },

    async findByMobile(mobileNo: string): Promise<UserRow | null> {
      return repository.findByMobile(mobileNo);
    },
  };
}
