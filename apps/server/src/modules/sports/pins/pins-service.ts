import { MAX_PINNED_MARKETS, ROLES, type PinnedMarket } from '@khel/contract';
import type { Database } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { fail } from '../../../lib/app-error.js';
import type { Caller } from '../../identity/identity-service.js';
import { createSportsRepository } from '../sports-repository.js';
import type { SportsService } from '../sports-service.js';
import { createPinsRepository } from './pins-repository.js';

/**
 * Pinned markets (issue 31, decision 0072): each player's own list for the Multi Markets page, on the
 * server so it follows them to another phone. Pinning again is a no-op; a settled or voided market
 * drops off the list by itself and stops counting towards the limit.
 */
export function createPinsService(deps: {
  db: Database;
  clock: Clock;
  views: Pick<SportsService, 'marketViews' | 'summaryOf'>;
}) {
  const { db, clock, views } = deps;
  const pins = createPinsRepository(db);
  const sports = createSportsRepository(db);

  function assertPlayer(caller: Caller): void {
    if (caller.role !== ROLES.PLAYER && caller.role !== ROLES.CREDIT_PLAYER)
      fail('FORBIDDEN', 'Only player accounts pin markets');
  }

  async function list(caller: Caller): Promise<PinnedMarket[]> {
    const rows = await pins.list(caller.userId);
    if (rows.length === 0) return [];
    const marketRows = await sports.marketsByIds(rows.map((row) => row.market_id));
    const markets = new Map((await views.marketViews(marketRows)).map((market) => [market._id, market]));
    const events = new Map(
      (await sports.eventsByIds([...new Set(marketRows.map((row) => row.event_id))])).map((event) => [event.id, event]),
    );
    return rows.flatMap((row) => {
      const market = markets.get(row.market_id);
      const event = market === undefined ? undefined : events.get(market.eventId);
      if (market === undefined || event === undefined) return [];
      const { _id, name, slugName, sport, league, startTime, status, inPlay } = views.summaryOf(event, []);
      return [
        {
          market,
          event: { _id, name, slugName, sport, league, startTime, status, inPlay },
          pinnedAt: row.pinned_at.toISOString(),
        },
      ];
    });
  }

  return {
    list,
    async pin(caller: Caller, marketId: string): Promise<PinnedMarket[]> {
      assertPlayer(caller);
      await db.transaction(async (tx) => {
        const repository = createPinsRepository(tx);
        const market = await repository.pinnable(marketId);
        if (market === null || !market.listed) fail('NOT_FOUND', 'Market not found');
        if (market.status === 'settled' || market.status === 'voided')
          fail('MARKET_CLOSED', 'This market is settled: there is nothing left to follow');
        await repository.lockPlayer(caller.userId);
        const current = await repository.list(caller.userId);
        if (current.some((row) => row.market_id === marketId)) return;
        if (current.length >= MAX_PINNED_MARKETS) fail('PINS_FULL');
        await repository.add(caller.userId, marketId, clock.now());
      });
      return list(caller);
    },
    async unpin(caller: Caller, marketId: string): Promise<PinnedMarket[]> {
      assertPlayer(caller);
      await pins.remove(caller.userId, marketId);
      return list(caller);
    },
  };
}
export type PinsService = ReturnType<typeof createPinsService>;
