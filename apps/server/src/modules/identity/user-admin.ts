import { BACKOFFICE_ROLES, OPERATOR_ROLES, ROLES } from '@khel/contract';
import type { BackofficeUser, UserListQuery, UserUpdateRequest } from '@khel/contract';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import { downlineRootOf } from '../../lib/downline.js';
import type { AuditService } from '../audit/audit-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { AccountRules } from './account-rules.js';
import type { IdentityRepository, UserChanges, UserRow } from './identity-repository.js';
import type { Caller } from './identity-types.js';
import type { Sessions } from './sessions.js';

export function toBackofficeUser(user: UserRow): BackofficeUser {
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

/** The back office's view of accounts: list, create in the tree, change. */
export function createUserAdmin(deps: {
  repository: IdentityRepository;
  rules: AccountRules;
  sessions: Sessions;
  wallet: WalletService;
  audit: AuditService;
  clock: Clock;
  createAccount: (input: {
    name: string;
    mobileNo: string;
    password: string;
    role: number;
    referredBy: string | null;
    verified: boolean;
    uplineId?: string | null;
  }) => Promise<UserRow>;
  userChanged: (userId: string) => void;
}) {
  const { repository, rules, sessions, wallet, audit, clock } = deps;
  return {
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
    async createInTree(input: {
      name: string;
      mobileNo: string;
      password: string;
      role: number;
      uplineId: string;
    }): Promise<BackofficeUser> {
      await rules.assertAcceptablePassword(input.password, input.mobileNo);
      if ((await repository.findByMobile(input.mobileNo)) !== null) fail('MOBILE_ALREADY_REGISTERED');
      const created = await deps.createAccount({ ...input, referredBy: null, verified: true });
      // An upline chose this password: a back-office account picks its own at first sign-in (decision 0050).
      if (BACKOFFICE_ROLES.includes(input.role as never)) await repository.requirePasswordChange(created.id);
      return toBackofficeUser(created);
    },

    async getUser(id: string): Promise<BackofficeUser> {
      return toBackofficeUser(await rules.requireUser(id));
    },

    /**
     * Operators change roles, permission flags, referralAllow and suspension. A SUPPORT_ADMIN may not
     * touch operator accounts or roles; nobody may change their own role or suspend themselves.
     */
    async updateUser(actor: Caller, id: string, request: UserUpdateRequest, ip: string): Promise<BackofficeUser> {
      const target = await rules.requireUser(id);
      const actorIsDirector = actor.role === ROLES.DIRECTOR;
      if (!actorIsDirector && (OPERATOR_ROLES.includes(target.role as never) || request.role !== undefined)) {
        fail('FORBIDDEN', 'Only a director may change roles or operator accounts');
      }
      // An agent (already confined to its downline by the subtree guard) changes permission flags and suspension only.
      if (downlineRootOf(actor) !== null && request.referralAllow !== undefined)
        fail('FORBIDDEN', 'Agents change permission flags and suspension only');
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
      // Role and permission flags ride on every cached session of the account: all processes drop them.
      deps.userChanged(id);
      if (changes.suspended_at instanceof Date) await sessions.endSessions(id, 'suspended');
      if (request.role !== undefined && request.role !== target.role) await wallet.openAccountsFor(id, request.role);

      const before = toBackofficeUser(target);
      const after = toBackofficeUser(updated);
      const diff = Object.fromEntries(
        (Object.keys(after) as (keyof BackofficeUser)[])
          .filter((key) => before[key] !== after[key])
          .map((key) => [key, { from: before[key], to: after[key] }]),
      );
      await audit.record({
        actorId: actor.userId,
        action: 'user.update',
        targetType: 'user',
        targetId: id,
        details: diff,
        ip,
      });
      return after;
    },
  };
}
