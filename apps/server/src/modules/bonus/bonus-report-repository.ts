import type { Queryable } from '../../db/database.js';

export interface WeekFigures {
  granted: number;
  activated: number;
  posted_paise: number;
  completed: number;
  claimed: number;
  converted_paise: number;
  forfeited: number;
  expired: number;
  referral_earned_paise: number;
  referral_claimed_paise: number;
  referral_refused: number;
}

/** One week's bonus and referral figures, for the operators' report. */
export function createBonusReportRepository(db: Queryable) {
  return {
    async week(from: Date, to: Date, weekStart: string): Promise<WeekFigures> {
      const result = await db.query<WeekFigures>(
        `select
           (select count(*)::int from player_bonuses where created_at >= $1 and created_at < $2) as granted,
           (select count(*)::int from player_bonuses where activated_at >= $1 and activated_at < $2) as activated,
           (select coalesce(sum(amount_paise), 0)::bigint from player_bonuses where activated_at >= $1 and activated_at < $2) as posted_paise,
           (select count(*)::int from player_bonuses where completed_at >= $1 and completed_at < $2) as completed,
           (select count(*)::int from player_bonuses where status = 'claimed' and closed_at >= $1 and closed_at < $2) as claimed,
           (select coalesce(sum(converted_paise), 0)::bigint from player_bonuses where status = 'claimed' and closed_at >= $1 and closed_at < $2) as converted_paise,
           (select count(*)::int from player_bonuses where status = 'forfeited' and closed_at >= $1 and closed_at < $2) as forfeited,
           (select count(*)::int from player_bonuses where status = 'expired' and closed_at >= $1 and closed_at < $2) as expired,
           (select coalesce(sum(earned_paise), 0)::bigint from referral_earnings where status = 'paid' and week_start = $3::date) as referral_earned_paise,
           (select coalesce(sum(e.amount_paise), 0)::bigint from journal_transactions t join journal_entries e on e.transaction_id = t.id
              join ledger_accounts a on a.id = e.account_id and a.kind = 'player_main'
            where t.kind = 'referral_claim' and t.created_at >= $1 and t.created_at < $2) as referral_claimed_paise,
           (select count(*)::int from referral_earnings where status = 'refused' and week_start = $3::date) as referral_refused`,
        [from, to, weekStart],
      );
      return result.rows[0] as WeekFigures;
    },
  };
}
