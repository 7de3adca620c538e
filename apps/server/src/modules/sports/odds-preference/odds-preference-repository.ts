import type { Queryable } from '../../../db/database.js';

export interface OddsPreferenceRow {
  mode: 'exact' | 'better' | 'ticks';
  ticks: number | null;
}

export function createOddsPreferenceRepository(db: Queryable) {
  return {
    async find(userId: string): Promise<OddsPreferenceRow | null> {
      const result = await db.query<OddsPreferenceRow>('select mode, ticks from odds_preferences where user_id = $1', [
        userId,
      ]);
      return result.rows[0] ?? null;
    },
    /** Several players' stored preferences (those with none are left out), one read for a batch of house bets. */
    async findMany(userIds: readonly string[]): Promise<Map<string, OddsPreferenceRow>> {
      if (userIds.length === 0) return new Map();
      const result = await db.query<OddsPreferenceRow & { user_id: string }>(
        'select user_id, mode, ticks from odds_preferences where user_id = any($1::uuid[])',
        [userIds],
      );
      return new Map(result.rows.map(({ user_id: userId, mode, ticks }) => [userId, { mode, ticks }]));
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
