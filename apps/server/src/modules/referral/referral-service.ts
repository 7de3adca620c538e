import { ROLES } from '@khel/contract';
import type {
  ReferralFlag,
  ReferralSettings,
  ReferralTransaction,
  ReferralUsers,
  WeeklyReferralQuery,
  WeeklyReferralRow,
} from '@khel/contract';
import { paiseToRupees, rupeesToPaise } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import { sha256Hex } from '../../lib/crypto.js';
import type { AuditService } from '../audit/audit-service.js';
import type { IdempotencyService } from '../idempotency/idempotency-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import { createReferralRepository } from './referral-repository.js';
import type { SettingsRow } from './referral-repository.js';
import { maskName, normaliseDeviceId, weekRange, weekStartOf, weeklyEarning, weeksTouching } from './referral-rules.js';
import { REFERRAL_HOUSE, abuseCheck } from './referral-weekly.js';

const EPOCH = new Date('2000-01-01T00:00:00.000Z');

function toSettings(row: SettingsRow): ReferralSettings {
  return {
    ratePercent: row.rate_bp / 100,
    capPerPlayerWeek: paiseToRupees(row.cap_per_player_week_paise),
    minClaim: paiseToRupees(row.min_claim_paise),
    firstDepositReward: paiseToRupees(row.first_deposit_reward_paise),
  };
}

/**
 * The referral programme for players (code, referred players, the referral account, weekly rows,
 * claim) and operators (settings, flagged pairs); the first-deposit reward hook.
 */
export function createReferralService(deps: {
  db: Database;
  wallet: WalletService;
  idempotency: IdempotencyService;
  audit: AuditService;
  clock: Clock;
}) {
  const { db, wallet, idempotency, audit, clock } = deps;
  const repository = createReferralRepository(db);

  async function assertReferrer(caller: Caller) {
    const user = await repository.user(caller.userId);
    if (user === null || user.role !== ROLES.PLAYER || !user.referral_allow) fail('REFERRAL_NOT_ALLOWED');
    return user;
  }

  async function totals(userId: string, settings: SettingsRow) {
    const lines = (await wallet.statement(userId, 'referral', EPOCH, new Date(clock.now().getTime() + 86_400_000)))
      .lines;
    const earned = lines.filter((line) => line.amount_paise > 0).reduce((sum, line) => sum + line.amount_paise, 0);
    const claimed = -lines.filter((line) => line.amount_paise < 0).reduce((sum, line) => sum + line.amount_paise, 0);
    return {
      earned: paiseToRupees(earned),
      claimable: paiseToRupees(earned - claimed),
      claimed: paiseToRupees(claimed),
      minClaim: paiseToRupees(settings.min_claim_paise),
    };
  }

  return {
    async users(caller: Caller): Promise<ReferralUsers> {
      const user = await assertReferrer(caller);
      const settings = await repository.settings();
      const referred = await repository.referredUsers(caller.userId);
      return {
        referralCode: user.referral_code,
        sharePath: `/?referral_code=${user.referral_code}`,
        totals: await totals(caller.userId, settings),
        users: referred.map((row) => ({
          _id: row.id,
          name: maskName(row.name),
          joinedAt: row.created_at.toISOString(),
          firstDepositMade: row.first_deposit_made,
          totalEarned: paiseToRupees(row.total_earned_paise),
        })),
      };
    },

    /** Every movement of the referral account, newest first, with the balance after each. */
    async transactions(caller: Caller): Promise<ReferralTransaction[]> {
      await assertReferrer(caller);
      const lines = (
        await wallet.statement(caller.userId, 'referral', EPOCH, new Date(clock.now().getTime() + 86_400_000))
      ).lines;
      return lines
        .map((line) => {
          const details = line.details as { weekStart?: string; weekEnd?: string };
          return {
            _id: String(line.id),
            kind: line.amount_paise > 0 ? ('earned' as const) : ('claimed' as const),
            amount: paiseToRupees(line.amount_paise),
            weekStartDate: details.weekStart ?? null,
            weekEndDate: details.weekEnd ?? null,
            description: line.description,
            balance: paiseToRupees(line.balance_paise),
            createdAt: line.created_at.toISOString(),
          };
        })
        .reverse();
    },

    /** Each referred player's weeks touching the range: paid or refused rows of closed weeks, a provisional row for the open week. */
    async weekly(caller: Caller, query: WeeklyReferralQuery): Promise<{ rows: WeeklyReferralRow[]; total: number }> {
      await assertReferrer(caller);
      const weeks = weeksTouching(query.startDate, query.endDate);
      const rows: WeeklyReferralRow[] = (
        await repository.earnings(caller.userId, weeks[0] as string, weeks[weeks.length - 1] as string)
      ).map((row) => ({
        referredUserId: row.referred_id,
        name: maskName(row.referred_name),
        weekStartDate: row.week_start,
        weekEndDate: weekRange(row.week_start).weekEnd,
        netLoss: paiseToRupees(row.net_loss_paise),
        earned: paiseToRupees(row.earned_paise),
        capped: row.capped,
        status: row.status,
        refusedReason: row.refused_reason,
      }));
      const openWeek = weekStartOf(clock.now());
      if (weeks.includes(openWeek)) {
        const settings = await repository.settings();
        const { from, to, weekEnd } = weekRange(openWeek);
        const pairs = await repository.netResults(from, to, caller.userId);
        const names = await repository.namesOf(pairs.map((pair) => pair.referred_id));
        for (const pair of pairs) {
          const earning = weeklyEarning(pair.net_result_paise, settings.rate_bp, settings.cap_per_player_week_paise);
          rows.push({
            referredUserId: pair.referred_id,
            name: maskName(names.get(pair.referred_id) ?? ''),
            weekStartDate: openWeek,
            weekEndDate: weekEnd,
            netLoss: paiseToRupees(earning.netLossPaise),
            earned: paiseToRupees(earning.earnedPaise),
            capped: earning.capped,
            status: 'open',
            refusedReason: null,
          });
        }
      }
      const total = rows
        .filter((row) => row.status === 'paid')
        .reduce((sum, row) => sum + (rupeesToPaise(row.earned) ?? 0), 0);
      return { rows, total: paiseToRupees(total) };
    },

    /** Moves the whole referral account to main, if it is at least the minimum. One posting, idempotent. */
    async claim(
      caller: Caller,
      idempotencyKey: string | undefined,
    ): Promise<{ claimed: number; refBonus: number; balance: number }> {
      await assertReferrer(caller);
      return idempotency.runLocked(
        { userId: caller.userId, key: idempotencyKey, route: 'referral.claim', body: null },
        async (tx) => {
          const repo = createReferralRepository(tx);
          await repo.lockReferralAccount(caller.userId);
          const settings = await repo.settings();
          const balances = await wallet.balancesOf(caller.userId, tx);
          const amountPaise = balances.referralBonusPaise;
          if (amountPaise <= 0 || amountPaise < settings.min_claim_paise)
            fail(
              'REF_BONUS_BELOW_MINIMUM',
              `Your referral bonus is below the minimum claim of ₹${paiseToRupees(settings.min_claim_paise)}`,
            );
          // The key names the balance being claimed: a replay moves nothing twice; a later claim of new earnings has its own.
          await wallet.post(tx, {
            kind: 'referral_claim',
            idempotencyKey: `referral-claim:${caller.userId}:${(await repo.claimCount(caller.userId)) + 1}`,
            description: 'Referral bonus claimed to the main wallet',
            actorId: caller.userId,
            entries: [
              { account: { userId: caller.userId, wallet: 'referral' }, amountPaise: -amountPaise },
              { account: { userId: caller.userId, wallet: 'main' }, amountPaise },
            ],
          });
          const after = await wallet.balancesOf(caller.userId, tx);
          return {
            claimed: paiseToRupees(amountPaise),
            refBonus: paiseToRupees(after.referralBonusPaise),
            balance: paiseToRupees(after.mainBalancePaise + after.mainExposurePaise),
          };
        },
      );
    },

    /** The optional fixed reward to the referrer's bonus wallet on a referred player's first approved deposit. */
    async onDepositApproved(
      tx: Queryable,
      deposit: { depositId: string; userId: string; firstApproved: boolean; at: Date },
    ): Promise<void> {
      if (!deposit.firstApproved) return;
      const repo = createReferralRepository(tx);
      const settings = await repo.settings();
      if (settings.first_deposit_reward_paise <= 0) return;
      const referred = await repo.user(deposit.userId);
      if (referred === null || referred.referred_by === null || referred.role !== ROLES.PLAYER) return;
      const referrer = await repo.user(referred.referred_by);
      if (referrer === null || referrer.role !== ROLES.PLAYER || !referrer.referral_allow) return;
      if (await repo.transactionExists(`referral-first-deposit:${referred.id}`)) return;
      if ((await abuseCheck(tx, referrer.id, referred.id, deposit.at)) !== null) return;
      await wallet.post(tx, {
        kind: 'referral_first_deposit',
        idempotencyKey: `referral-first-deposit:${referred.id}`,
        description: 'Referral reward: a friend made their first deposit',
        details: { referredId: referred.id, depositId: deposit.depositId },
        entries: [
          { account: REFERRAL_HOUSE, amountPaise: -settings.first_deposit_reward_paise },
          { account: { userId: referrer.id, wallet: 'bonus' }, amountPaise: settings.first_deposit_reward_paise },
        ],
      });
    },

    /** The device the player app identifies itself with (X-Device-Id): normalised and kept as a hash, for the shared-device rule. */
    async recordDevice(userId: string, deviceId: string): Promise<void> {
      const normalised = normaliseDeviceId(deviceId);
      if (normalised !== null) await repository.recordDevice(userId, sha256Hex(`device:${normalised}`), clock.now());
    },

    // Back office

    async settings(): Promise<ReferralSettings> {
      return toSettings(await repository.settings());
    },
    async saveSettings(actor: Caller, body: ReferralSettings, ip: string): Promise<ReferralSettings> {
      const before = toSettings(await repository.settings());
      const saved = toSettings(
        await repository.saveSettings(
          {
            rate_bp: Math.round(body.ratePercent * 100),
            cap_per_player_week_paise: rupeesToPaise(body.capPerPlayerWeek) as number,
            min_claim_paise: rupeesToPaise(body.minClaim) as number,
            first_deposit_reward_paise: rupeesToPaise(body.firstDepositReward) as number,
          },
          clock.now(),
        ),
      );
      await audit.record({
        actorId: actor.userId,
        action: 'referral_settings.update',
        targetType: 'settings',
        targetId: null,
        details: { before, after: saved },
        ip,
      });
      return saved;
    },
    async flags(): Promise<ReferralFlag[]> {
      return (await repository.flags()).map((row) => ({
        _id: row.id,
        referrer: {
          _id: row.referrer_id,
          name: row.referrer_name,
          username: row.referrer_username,
          mobile_no: row.referrer_mobile,
        },
        referred: {
          _id: row.referred_id,
          name: row.referred_name,
          username: row.referred_username,
          mobile_no: row.referred_mobile,
        },
        reason: row.reason,
        detail: row.detail,
        createdAt: row.created_at.toISOString(),
      }));
    },
  };
}
export type ReferralService = ReturnType<typeof createReferralService>;
