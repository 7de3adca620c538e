import type { BonusReportRow } from '@khel/contract';
import { paiseToRupees, indiaDate, indiaMidnight, indiaPeriodStart } from '@khel/money';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { createBonusReportRepository } from './bonus-report-repository.js';

const WEEK_MS = 7 * 86_400_000;

/** Bonus cost and completion and referral payouts per India week (Sunday–Saturday), newest first. */
export function createBonusReportService(deps: { db: Database; clock: Clock }) {
  const repository = createBonusReportRepository(deps.db);
  return {
    async weekly(weeks: number): Promise<BonusReportRow[]> {
      const rows: BonusReportRow[] = [];
      let from = indiaPeriodStart('weekly', deps.clock.now());
      for (let index = 0; index < weeks; index += 1) {
        const to = new Date(from.getTime() + WEEK_MS);
        const weekStart = indiaDate(from);
        const figures = await repository.week(from, to, weekStart);
        rows.push({
          weekStartDate: weekStart,
          weekEndDate: indiaDate(new Date(to.getTime() - 86_400_000)),
          bonusesGranted: figures.granted,
          bonusesActivated: figures.activated,
          bonusPosted: paiseToRupees(figures.posted_paise),
          bonusesCompleted: figures.completed,
          bonusesClaimed: figures.claimed,
          bonusConverted: paiseToRupees(figures.converted_paise),
          bonusesForfeited: figures.forfeited,
          bonusesExpired: figures.expired,
          referralEarned: paiseToRupees(figures.referral_earned_paise),
          referralClaimed: paiseToRupees(figures.referral_claimed_paise),
          referralRefused: figures.referral_refused,
        });
        from = indiaMidnight(indiaDate(new Date(from.getTime() - WEEK_MS)));
      }
      return rows;
    },
  };
}
export type BonusReportService = ReturnType<typeof createBonusReportService>;
