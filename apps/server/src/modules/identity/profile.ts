import { ROLES, WALLETS } from '@khel/contract';
import type { Profile, WalletId } from '@khel/contract';
import { paiseToRupees } from '@khel/money';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { PlayerBalances, WalletService } from '../wallet/wallet-service.js';
import type { AccountRules } from './account-rules.js';
import type { IdentityRepository, UserRow } from './identity-repository.js';
import type { Caller } from './identity-types.js';
import type { Sessions } from './sessions.js';
import { createUserCache } from './user-cache.js';

/**
 * Decision 0029: a player's balances, cached per process. Dropped at once in this process when a
 * posting on their wallets commits (the wallet's balance hook) and in every other process when the
 * balance push for it arrives on the bus; the short life bounds a lost announcement.
 */
export const BALANCE_CACHE = { ttlMs: 5 * 1000, maxEntries: 100_000 };

/** The player's profile with balances (getUserData), and the wallet they bet from. */
export function createProfiles(deps: {
  repository: IdentityRepository;
  rules: AccountRules;
  sessions: Sessions;
  wallet: WalletService;
  clock: Clock;
  userChanged: (userId: string) => void;
}) {
  const { repository, rules, sessions, wallet, clock } = deps;
  const balances = createUserCache<PlayerBalances>(BALANCE_CACHE);

  async function balancesOf(userId: string): Promise<PlayerBalances> {
    const nowMs = clock.now().getTime();
    const cached = balances.get(userId, nowMs);
    if (cached !== undefined) return cached;
    const ticket = balances.begin();
    const read = await wallet.balancesOf(userId);
    balances.set(userId, userId, read, nowMs, ticket);
    return read;
  }

  async function profileOf(user: UserRow): Promise<Profile> {
    return profileWith(user, await balancesOf(user.id));
  }

  function profileWith(user: UserRow, money: PlayerBalances): Profile {
    return {
      _id: user.id,
      name: user.name,
      username: user.username,
      mobile_no: user.mobile_no,
      role: user.role,
      wallet: user.wallet,
      balance: paiseToRupees(money.mainBalancePaise),
      exposure: paiseToRupees(money.mainExposurePaise),
      bonus: paiseToRupees(money.bonusBalancePaise),
      bonusExposure: paiseToRupees(money.bonusExposurePaise),
      refBonus: paiseToRupees(money.referralBonusPaise),
      referralAllow: user.referral_allow && user.role !== ROLES.CREDIT_PLAYER,
      referralCode: user.referral_code,
      allowHome: user.allow_home,
      allowLiveCasino: user.allow_live_casino,
      allowSlots: user.allow_slots,
      allowStatements: user.allow_statements,
      allowProfitLoss: user.allow_profit_loss,
    };
  }

  return {
    profileOf,
    /** From the session cache and the balance cache when both hold the account: no database round trip. */
    async profile(caller: Caller): Promise<Profile> {
      return profileOf(sessions.cachedUser(caller.userId) ?? (await rules.requireUser(caller.userId)));
    },
    /** What `profile` answers when both caches hold the account, without a promise; null otherwise. */
    cachedProfile(caller: Caller): Profile | null {
      const user = sessions.cachedUser(caller.userId);
      const money = user === null ? undefined : balances.get(user.id, clock.now().getTime());
      return user === null || money === undefined ? null : profileWith(user, money);
    },
    async selectWallet(caller: Caller, selected: WalletId): Promise<Profile> {
      const user = await rules.requireUser(caller.userId);
      if (selected === WALLETS.BONUS && user.role === ROLES.CREDIT_PLAYER)
        fail('FORBIDDEN', 'Credit players have no bonus wallet');
      await repository.setWallet(user.id, selected);
      deps.userChanged(user.id);
      return profileOf({ ...user, wallet: selected });
    },
    /** The account's money moved (or may have): its cached balances go. */
    forgetBalances: (userId: string) => balances.drop(userId),
  };
}
