import type { Queryable } from '../../db/database.js';

export interface OddsPreferenceRow {
  mode: 'exact' | 'better' | 'ticks';
  ticks: number | null;
}

export function createOddsPreferenceRepository(db: Queryable) {
  return {
    async find(userId: string): Promise<OddsPreferenceRow | null> {
      const result = await db.query<OddsPreferenceRow>('select mode, ticks from odds_preferences where user_id = $1', [userId]);
      return result.rows[0] ?? null;
    },
    async save(userId: string, preference: OddsPreferenceRow, at: Date): Promise<void> {
      await db.query(
        `insert into odds_preferences (user_id, mode, ticks, updated_at) values ($1, $2, $3, $4)
         on conflict (user_id) do update set mode = excluded.mode, ticks = excluded.ticks, updated_at = excluded.updated_at`,
        [userId, preference.mode, preference.ticks, at],
      );
    },
  };
}
