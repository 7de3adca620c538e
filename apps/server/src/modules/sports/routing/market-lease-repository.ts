import type { Queryable } from '../../../db/database.js';

/** Every time is the database's clock (clock_timestamp), so processes never compare their own clocks. */
const ACQUIRE = {
  name: 'market_lease_acquire',
  text: `insert into market_leases (market_id, owner, expires_at)
    select m.id, $2, clock_timestamp() + $3::int * interval '1 millisecond' from markets m where m.id = $1
    on conflict (market_id) do update set owner = excluded.owner, expires_at = excluded.expires_at
      where market_leases.expires_at < clock_timestamp() or market_leases.owner = excluded.owner
    returning owner`,
};
const HOLDER = {
  name: 'market_lease_holder',
  text: `select owner, greatest(0, ceil(extract(epoch from (expires_at - clock_timestamp())) * 1000))::int as remaining_ms
    from market_leases where market_id = $1`,
};
const RENEW = {
  name: 'market_lease_renew',
  text: `update market_leases set expires_at = clock_timestamp() + $2::int * interval '1 millisecond' where owner = $1 returning market_id`,
};

export interface LeaseHolder {
  owner: string;
  /** Until the lease expires by the database's clock (0: expired). */
  remainingMs: number;
}

/** The market leases (migration 0023, decision 0034). Only this repository touches market_leases. */
export function createMarketLeaseRepository(db: Queryable) {
  const named = <Row>(statement: { name: string; text: string }, values: unknown[]) =>
    db.query<Row>(statement.text, values, statement.name);
  return {
    /**
     * Takes the market's lease for leaseMs when it is free, expired or already ours (then it is
     * renewed), in one atomic statement. False: another owner holds it, or there is no such market.
     */
    async acquire(marketId: string, owner: string, leaseMs: number): Promise<boolean> {
      const { rows } = await named<{ owner: string }>(ACQUIRE, [marketId, owner, leaseMs]);
      return rows.length === 1;
    },

    async holder(marketId: string): Promise<LeaseHolder | null> {
      const row = (await named<{ owner: string; remaining_ms: number }>(HOLDER, [marketId])).rows[0];
      return row === undefined ? null : { owner: row.owner, remainingMs: Number(row.remaining_ms) };
    },

    /** Renews every lease the owner still holds, in one statement; answers their markets (a missing one was taken over). */
    async renewAll(owner: string, leaseMs: number): Promise<string[]> {
      return (await named<{ market_id: string }>(RENEW, [owner, leaseMs])).rows.map((row) => row.market_id);
    },

    /** Gives up the owner's leases (all of them, or only the markets named). */
    async release(owner: string, marketIds?: readonly string[]): Promise<void> {
      if (marketIds === undefined) await db.query('delete from market_leases where owner = $1', [owner]);
      else if (marketIds.length > 0)
        await db.query('delete from market_leases where owner = $1 and market_id = any($2::uuid[])', [
          owner,
          marketIds,
        ]);
    },
  };
}
export type MarketLeaseRepository = ReturnType<typeof createMarketLeaseRepository>;
