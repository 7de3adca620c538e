import type { Queryable } from '../../../db/database.js';

export interface PinRow {
  market_id: string;
  pinned_at: Date;
}

/** A player's pinned markets (issue 31). Settled and voided markets no longer count as pins. */
export function createPinsRepository(db: Queryable) {
  return {
    /** Serialises one player's pins, so two pins at once cannot pass the limit together. */
    async lockPlayer(userId: string): Promise<void> {
      await db.query('select pg_advisory_xact_lock(hashtext($1))', [`pins:${userId}`]);
    },
    async list(userId: string): Promise<PinRow[]> {
      const result = await db.query<PinRow>(
        `select p.market_id, p.pinned_at from pinned_markets p join markets m on m.id = p.market_id
         where p.user_id = $1 and m.status not in ('settled', 'voided') order by p.pinned_at, p.market_id`,
        [userId],
      );
      return result.rows;
    },
    /** The market's state and whether players see its event, or null when there is no such market. */
    async pinnable(marketId: string): Promise<{ status: string; listed: boolean } | null> {
      const result = await db.query<{ status: string; listed: boolean }>(
        'select m.status, e.listed from markets m join events e on e.id = m.event_id where m.id = $1',
        [marketId],
      );
      return result.rows[0] ?? null;
    },
    async add(userId: string, marketId: string, at: Date): Promise<void> {
      await db.query(
        'insert into pinned_markets (user_id, market_id, pinned_at) values ($1, $2, $3) on conflict do nothing',
        [userId, marketId, at],
      );
    },
    async remove(userId: string, marketId: string): Promise<void> {
      await db.query('delete from pinned_markets where user_id = $1 and market_id = $2', [userId, marketId]);
    },
  };
}
