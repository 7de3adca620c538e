import type { Queryable } from '../../db/database.js';

export interface WeekRatesRow {
  user_id: string;
  week_start: string;
  partnership_bp: number;
  commission_bp: number;
  session_commission_bp: number;
}

const fromDb = (row: WeekRatesRow): WeekRatesRow => ({
  user_id: row.user_id,
  week_start: String(row.week_start).slice(0, 10),
  partnership_bp: Number(row.partnership_bp),
  commission_bp: Number(row.commission_bp),
  session_commission_bp: Number(row.session_commission_bp),
});

/** The newest rates set for an agent (`agent_rates`): the bounds its upline's and downline's are checked against. */
export interface RatesRow {
  user_id: string;
  partnership_bp: number;
  commission_bp: number;
  session_commission_bp: number;
  set_by: string;
  updated_at: Date;
}

/**
 * Rates by the week they take effect (migration 0035, decision 0051): a week uses, per agent, the newest
 * row that started on or before its Monday. Dates travel as text, so no time zone shifts a Monday.
 */
export function createAgentRatesRepository(db: Queryable) {
  return {
    /** Every agent's rates in force in the week starting `weekStart`. */
    async forWeek(weekStart: string): Promise<WeekRatesRow[]> {
      const result = await db.query<WeekRatesRow>(
        `select distinct on (user_id) user_id, week_start::text as week_start, partnership_bp, commission_bp, session_commission_bp
         from agent_rate_weeks where week_start <= $1::date order by user_id, week_start desc`,
        [weekStart],
      );
      return result.rows.map(fromDb);
    },
    /** One agent's rates in force that week, or null (0 % of both). */
    async ofAgentForWeek(userId: string, weekStart: string): Promise<WeekRatesRow | null> {
      const result = await db.query<WeekRatesRow>(
        `select user_id, week_start::text as week_start, partnership_bp, commission_bp, session_commission_bp from agent_rate_weeks
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
      sessionCommissionBp: number;
      setBy: string;
      at: Date;
    }): Promise<void> {
      await db.query(
        `insert into agent_rate_weeks (user_id, week_start, partnership_bp, commission_bp, session_commission_bp, set_by, set_at)
         values ($1, $2::date, $3, $4, $7, $5, $6)
         on conflict (user_id, week_start) do update set partnership_bp = excluded.partnership_bp,
           commission_bp = excluded.commission_bp, session_commission_bp = excluded.session_commission_bp,
           set_by = excluded.set_by, set_at = excluded.set_at`,
        [row.userId, row.weekStart, row.partnershipBp, row.commissionBp, row.setBy, row.at, row.sessionCommissionBp],
      );
    },

    /** The newest rates set for the agent, or null (never set: 0 % of both). */
    async current(userId: string): Promise<RatesRow | null> {
      const result = await db.query<RatesRow>(
        'select user_id, partnership_bp, commission_bp, session_commission_bp, set_by, updated_at from agent_rates where user_id = $1',
        [userId],
      );
      const row = result.rows[0];
      return row === undefined
        ? null
        : {
            ...row,
            partnership_bp: Number(row.partnership_bp),
            commission_bp: Number(row.commission_bp),
            session_commission_bp: Number(row.session_commission_bp),
          };
    },

    async roleOf(userId: string): Promise<number | null> {
      const result = await db.query<{ role: number }>('select role from users where id = $1', [userId]);
      const row = result.rows[0];
      return row === undefined ? null : Number(row.role);
    },

    /** Rate changes are rare: one lock keeps an upline lowering its own and a downline being raised apart. */
    async lockChanges(): Promise<void> {
      await db.query("select pg_advisory_xact_lock(hashtext('agent_rates'))");
    },

    /** The highest rates the agent already gave its direct downline agents (0 when none). */
    async highestGivenBelow(
      userId: string,
    ): Promise<{ partnershipBp: number; commissionBp: number; sessionCommissionBp: number }> {
      const result = await db.query<{
        partnership_bp: number | null;
        commission_bp: number | null;
        session_commission_bp: number | null;
      }>(
        `select max(r.partnership_bp) as partnership_bp, max(r.commission_bp) as commission_bp,
           max(r.session_commission_bp) as session_commission_bp
         from agent_rates r join users u on u.id = r.user_id where u.upline_id = $1`,
        [userId],
      );
      const row = result.rows[0];
      return {
        partnershipBp: Number(row?.partnership_bp ?? 0),
        commissionBp: Number(row?.commission_bp ?? 0),
        sessionCommissionBp: Number(row?.session_commission_bp ?? 0),
      };
    },

    /** The newest rates set: what the bounds are checked against from now on. */
    async setCurrent(row: {
      userId: string;
      partnershipBp: number;
      commissionBp: number;
      sessionCommissionBp: number;
      setBy: string;
      at: Date;
    }): Promise<void> {
      await db.query(
        `insert into agent_rates (user_id, partnership_bp, commission_bp, session_commission_bp, set_by, updated_at)
         values ($1, $2, $3, $6, $4, $5)
         on conflict (user_id) do update set partnership_bp = excluded.partnership_bp, commission_bp = excluded.commission_bp,
           session_commission_bp = excluded.session_commission_bp, set_by = excluded.set_by, updated_at = excluded.updated_at`,
        [row.userId, row.partnershipBp, row.commissionBp, row.setBy, row.at, row.sessionCommissionBp],
      );
    },
  };
}
