import type { Queryable } from '../../db/database.js';

export interface WeekRatesRow {
  user_id: string;
  week_start: string;
  partnership_bp: number;
  commission_bp: number;
}

const fromDb = (row: WeekRatesRow): WeekRatesRow => ({
  user_id: row.user_id,
  week_start: String(row.week_start).slice(0, 10),
  partnership_bp: Number(row.partnership_bp),
  commission_bp: Number(row.commission_bp),
});

/**
 * Rates by the week they take effect (migration 0035, decision 0051): a week uses, per agent, the newest
 * row that started on or before its Monday. Dates travel as text, so no time zone shifts a Monday.
 */
export function createAgentRatesRepository(db: Queryable) {
  return {
    /** Every agent's rates in force in the week starting `weekStart`. */
    async forWeek(weekStart: string): Promise<WeekRatesRow[]> {
      const result = await db.query<WeekRatesRow>(
        `select distinct on (user_id) user_id, week_start::text as week_start, partnership_bp, commission_bp
         from agent_rate_weeks where week_start <= $1::date order by user_id, week_start desc`,
        [weekStart],
      );
      return result.rows.map(fromDb);
    },
    /** One agent's rates in force that week, or null (0 % of both). */
    async ofAgentForWeek(userId: string, weekStart: string): Promise<WeekRatesRow | null> {
      const result = await db.query<WeekRatesRow>(
        `select user_id, week_start::text as week_start, partnership_bp, commission_bp from agent_rate_weeks
         where user_id = $1 and week_start <= $2::date order by week_start desc limit 1`,
        [userId, weekStart],
      );
      const row = result.rows[0];
      return row === undefined ? null : fromDb(row);
    },
    /** Rates from the week starting `weekStart`; a second change before then replaces the first. */
    async setFrom(row: {
      userId: string;
      weekStart: string;
      partnershipBp: number;
      commissionBp: number;
      setBy: string;
      at: Date;
    }): Promise<void> {
      await db.query(
        `insert into agent_rate_weeks (user_id, week_start, partnership_bp, commission_bp, set_by, set_at)
         values ($1, $2::date, $3, $4, $5, $6)
         on conflict (user_id, week_start) do update set partnership_bp = excluded.partnership_bp,
           commission_bp = excluded.commission_bp, set_by = excluded.set_by, set_at = excluded.set_at`,
        [row.userId, row.weekStart, row.partnershipBp, row.commissionBp, row.setBy, row.at],
      );
    },
  };
}
