import type { Queryable } from '../../db/database.js';

export function createFourEyesRepository(db: Queryable) {
  return {
    /** The operator's solo total for the player that day, its row locked until the transaction ends. */
    async lockSoloTotal(operatorId: string, userId: string, indiaDate: string): Promise<number> {
      await db.query(
        'insert into operator_solo_totals (operator_id, user_id, india_date) values ($1, $2, $3) on conflict do nothing',
        [operatorId, userId, indiaDate],
      );
      const result = await db.query<{ amount_paise: string | number }>(
        'select amount_paise from operator_solo_totals where operator_id = $1 and user_id = $2 and india_date = $3 for update',
        [operatorId, userId, indiaDate],
      );
      return Number(result.rows[0]?.amount_paise ?? 0);
    },
    async addSolo(operatorId: string, userId: string, indiaDate: string, amountPaise: number): Promise<void> {
      await db.query(
        'update operator_solo_totals set amount_paise = amount_paise + $4 where operator_id = $1 and user_id = $2 and india_date = $3',
        [operatorId, userId, indiaDate, amountPaise],
      );
    },
  };
}
