import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { WalletService } from '../wallet/wallet-service.js';
import { createReferralRepository } from './referral-repository.js';
import { lastClosedWeek, nextWeek, weekRange, weekStartOf, weeklyEarning } from './referral-rules.js';

export const REFERRAL_HOUSE = { house: 'house_cash' as const, ref: 'referral' };
/** The job looks back at most this many weeks the first time it runs. */
const MAX_CATCH_UP_WEEKS = 52;

/** Refuses (and flags) a pair that shares a payment account or a device; answers the reason or null. */
export async function abuseCheck(
  tx: Queryable,
  referrerId: string,
  referredId: string,
  at: Date,
): Promise<string | null> {
  const repo = createReferralRepository(tx);
  const shared = await repo.sharedBetween(referrerId, referredId);
  if (shared === null) return null;
  await repo.flag(referrerId, referredId, shared.reason, shared.detail, at);
  return shared.reason;
}

/**
 * Weekly referral earnings (PRODUCT.md §8). A week is paid once it has closed (Sunday 00:00 India
 * time): for each referred player, rate × that week's net loss, capped, into the referrer's referral
 * account. Exactly once however many processes run it and however often it restarts: each week runs
 * in one transaction under an advisory lock, a week already marked done is skipped, each
 * (referrer, referred, week) row has a unique key and each posting a natural idempotency key. A crash
 * mid-week rolls the whole week back, so the next run does it whole.
 */
export function createReferralWeekly(deps: { db: Database; wallet: WalletService; clock: Clock }) {
  const { db, wallet, clock } = deps;

  async function payWeek(tx: Queryable, weekStart: string): Promise<number> {
    const repo = createReferralRepository(tx);
    await repo.lockWeeklyJob();
    if (await repo.weekDone(weekStart)) return 0;
    const settings = await repo.settings();
    const { from, to, weekEnd } = weekRange(weekStart);
    const now = clock.now();
    let paid = 0;
    for (const pair of await repo.netResults(from, to, null)) {
      const earning = weeklyEarning(pair.net_result_paise, settings.rate_bp, settings.cap_per_player_week_paise);
      const refusedReason =
        earning.earnedPaise > 0 ? await abuseCheck(tx, pair.referrer_id, pair.referred_id, now) : null;
      const id = await repo.insertEarning({
        referrerId: pair.referrer_id,
        referredId: pair.referred_id,
        weekStart,
        netLossPaise: earning.netLossPaise,
        earnedPaise: refusedReason === null ? earning.earnedPaise : 0,
        capped: earning.capped,
        status: refusedReason === null ? 'paid' : 'refused',
        refusedReason,
        at: now,
      });
      if (id === null || refusedReason !== null || earning.earnedPaise === 0) continue;
      const journalId = await wallet.post(tx, {
        kind: 'referral_earning',
        idempotencyKey: `referral-earning:${pair.referrer_id}:${pair.referred_id}:${weekStart}`,
        description: `Referral earnings ${weekStart} to ${weekEnd}`,
        details: {
          referredId: pair.referred_id,
          weekStart,
          weekEnd,
          netLossPaise: earning.netLossPaise,
          rateBp: settings.rate_bp,
          capped: earning.capped,
        },
        entries: [
          { account: REFERRAL_HOUSE, amountPaise: -earning.earnedPaise },
          { account: { userId: pair.referrer_id, wallet: 'referral' }, amountPaise: earning.earnedPaise },
        ],
      });
      await repo.setEarningJournal(id, journalId);
      paid += 1;
    }
    await repo.markWeekDone(weekStart, now);
    return paid;
  }

  return {
    /** Pays every closed week not yet paid, oldest first; answers how many earnings were posted. */
    async run(): Promise<number> {
      const repo = createReferralRepository(db);
      const last = lastClosedWeek(clock.now());
      const done = await repo.lastDoneWeek();
      let week: string;
      if (done !== null) week = nextWeek(done);
      else {
        const first = await repo.firstReferralAt();
        if (first === null) return 0;
        // From the first referral's week (never later than the last closed one, never further back than the catch-up limit).
        const floor = weekStartOf(new Date(clock.now().getTime() - MAX_CATCH_UP_WEEKS * 7 * 86_400_000));
        const firstWeek = weekStartOf(first) < last ? weekStartOf(first) : last;
        week = firstWeek > floor ? firstWeek : floor;
      }
      let paid = 0;
      for (; week <= last; week = nextWeek(week)) {
        const current = week;
        paid += await db.transaction((tx) => payWeek(tx, current));
      }
      return paid;
    },
  };
}
export type ReferralWeekly = ReturnType<typeof createReferralWeekly>;
