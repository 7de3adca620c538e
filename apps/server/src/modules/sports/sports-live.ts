import type { BetRow as BetDto, Market, Score, WsServerMessage } from '@khel/contract';
import { fail } from '../../lib/app-error.js';
import type { LiveBus } from '../live/live-bus.js';
import type { ChangeSet } from './betting-service.js';
import { emptyChanges } from './betting-service.js';
import { MarketNotFound } from './market-books.js';
import type { BetRow, SportsRepository } from './sports-repository.js';
import type { SportsViews } from './sports-views.js';

/** What changed goes out live: market prices, players' bets and positions, and a subscriber's first message. */
export function createSportsLive(deps: { repository: SportsRepository; views: SportsViews; bus: LiveBus; positions?: { publish(changes: ChangeSet): Promise<void> } }) {
  const { repository, bus } = deps;
  const { marketViews, betViews } = deps.views;

  /**
   * After a change commits: new prices to market subscribers, bets to their players (balances are
   * pushed by the wallet itself after every commit that moves them).
   * Answers the bet views it built, so a caller can reply with them without reading them again.
   */
  async function publish(changes: ChangeSet): Promise<Map<string, BetDto>> {
    const views = new Map<string, BetDto>();
    try {
      for (const marketId of changes.marketIds) {
        const market = await repository.market(marketId);
        if (market === null) continue;
        bus.publish(`market:${marketId}`, { type: 'market', market: (await marketViews([market]))[0] as Market } satisfies WsServerMessage);
      }
      const rows = await repository.betsByIds([...changes.betIds]);
      const built = await betViews(rows);
      for (const [index, bet] of built.entries()) {
        views.set(bet._id, bet);
        bus.publish(`user:${(rows[index] as BetRow).user_id}`, { type: 'bet', bet } satisfies WsServerMessage);
      }
      await deps.positions?.publish(changes);
    } catch {
      // Live updates are best effort: the change itself is committed, and clients re-read on reconnect.
    }
    return views;
  }

  /** Runs a market operation, turns a missing market into NOT_FOUND, then publishes what changed. */
  async function operate<T>(fn: (changes: ChangeSet) => Promise<T>): Promise<T> {
    const changes = emptyChanges();
    try {
      const result = await fn(changes);
      await publish(changes);
      return result;
    } catch (error) {
      if (error instanceof MarketNotFound) fail('NOT_FOUND', 'Market not found');
      throw error;
    }
  }

  return {
    publish,
    operate,

    /** A WebSocket subscriber's first message for a topic. */
    async snapshot(topic: string): Promise<WsServerMessage | null> {
      const [kind, id] = topic.split(':');
      if (id === undefined || !/^[0-9a-f-]{36}$/.test(id)) return null;
      if (kind === 'market') {
        const market = await repository.market(id);
        return market === null ? null : { type: 'market', market: (await marketViews([market]))[0] as Market };
      }
      if (kind === 'event') {
        const event = await repository.eventById(id);
        return event?.score == null ? null : { type: 'score', eventId: id, score: event.score as Score };
      }
      return null;
    },
  };
}
export type SportsLive = ReturnType<typeof createSportsLive>;
