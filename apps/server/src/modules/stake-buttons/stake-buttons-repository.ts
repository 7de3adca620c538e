import type { Queryable } from '../../db/database.js';

/** A player's stake buttons as stored: eight amounts in paise. */
export function createStakeButtonsRepository(db: Queryable) {
  return {
    async find(userId: string): Promise<bigint[] | null> {
      // As text: both drivers give a bigint[] back as text without loss, whatever their bigint parsing.
      const result = await db.query<{ values_paise: string[] }>(
        'select values_paise::text[] as values_paise from stake_buttons where user_id = $1',
        [userId],
      );
      const row = result.rows[0];
      return row === undefined ? null : row.values_paise.map((value) => BigInt(value));
    },
    async save(userId: string, valuesPaise: readonly bigint[], at: Date): Promise<void> {
      await db.query(
        `insert into stake_buttons (user_id, values_paise, updated_at) values ($1, $2::text[]::bigint[], $3)
         on conflict (user_id) do update set values_paise = excluded.values_paise, updated_at = excluded.updated_at`,
        [userId, valuesPaise.map(String), at],
      );
    },
    async remove(userId: string): Promise<void> {
      await db.query('delete from stake_buttons where user_id = $1', [userId]);
    },
  };
}
