import type { Queryable } from '../../db/database.js';

export interface RatesRow {
  user_id: string;
  partnership_bp: number;
  commission_bp: number;
  set_by: string;
  updated_at: Date;
}

/** The stored partnership and commission of the agents (agent_rates). */
export function createAgentRatesRepository(db: Queryable) {
  return {
    async all(): Promise<Pick<RatesRow, 'user_id' | 'partnership_bp' | 'commission_bp'>[]> {
      return (await db.query<RatesRow>('select user_id, partnership_bp, commission_bp from agent_rates')).rows;
    },
    async of(userId: string): Promise<RatesRow | null> {
      return (
        (
          await db.query<RatesRow>(
            'select user_id, partnership_bp, commission_bp, set_by, updated_at from agent_rates where user_id = $1',
            [userId],
          )
        ).rows[0] ?? null
      );
    },
    async roleOf(userId: string): Promise<number | null> {
      const row = (await db.query<{ role: number }>('select role from users where id = $1', [userId])).rows[0];
      return row === undefined ? null : Number(row.role);
    },
    /** Rate changes are rare: one lock keeps an upline lowering its own and a downline being raised apart. */
    async lock(): Promise<void> {
      await db.query("select pg_advisory_xact_lock(hashtext('agent_rates'))");
    },
    /** The highest rates an agent has given its direct downline (0 when none). */
    async highestGivenBy(agentId: string): Promise<{ partnershipBp: number; commissionBp: number }> {
      const row = (
        await db.query<{ partnership_bp: number | null; commission_bp: number | null }>(
          'select max(r.partnership_bp) as partnership_bp, max(r.commission_bp) as commission_bp from agent_rates r join users u on u.id = r.user_id where u.upline_id = $1',
          [agentId],
        )
      ).rows[0];
      return { partnershipBp: Number(row?.partnership_bp ?? 0), commissionBp: Number(row?.commission_bp ?? 0) };
    },
    async set(userId: string, partnershipBp: number, commissionBp: number, setBy: string, at: Date): Promise<void> {
      await db.query(
        `insert into agent_rates (user_id, partnership_bp, commission_bp, set_by, updated_at) values ($1, $2, $3, $4, $5)
         on conflict (user_id) do update set partnership_bp = excluded.partnership_bp, commission_bp = excluded.commission_bp, set_by = excluded.set_by, updated_at = excluded.updated_at`,
        [userId, partnershipBp, commissionBp, setBy, at],
      );
    },
  };
}
