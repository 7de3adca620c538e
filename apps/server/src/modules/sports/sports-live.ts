import type { BetRow as BetDto, Market, Score, WsServerMessage } from '@khel/contract';
import { fail } from '../../lib/app-error.js';
import type { LiveBus } from '../live/live-bus.js';
import type { ChangeSet } from './betting-service.js';
import { emptyChanges } from './betting-service.js';
import { MarketNotFound } from './market-books.js';
import type { BetRow, MarketRow, RunnerRow, SportsRepository } from './sports-repository.js';
import type { SportsViews } from './sports-views.js';

/** What changed goes out live: market prices, players' bets and positions, and a subscriber's first message. */
export function createSportsLive(deps: { repository: SportsRepository; views: SportsViews; bus: LiveBus; positions?: { publish(changes: ChangeSet, bets?: readonly BetRow[], known?: { markets: MarketRow[]; runners: RunnerRow[] }): Promise<void> } }) {
  const { repository, bus } = deps;
  const { marketViews, betViews } = deps.views;

  /**
   * After a change commits: new prices to market subscribers, bets to their players (balances are
   * pushed by the wallet itself after every commit that moves them).
   * Answers the bet views it built, so a caller can reply with them without reading them again.
   */
  async function publishNow(changes: ChangeSet): Promise<Map<string, BetDto>> {
    const views = new Map<string, BetDto>();
    try {
      // The changed markets and the bets' markets, and their runners, read once for all three messages.
      const rows = await repository.betsByIds([...changes.betIds]);
      const markets = await repository.marketsByIds([...new Set([...changes.marketIds, ...rows.map((row) => row.market_id)])]);
      const runners = await repository.runnersOf(markets.map((market) => market.id));
      const changed = markets.filter((market) => changes.marketIds.has(market.id));
      for (const view of await marketViews(changed, runners)) bus.publish(`market:${view._id}`, { type: 'market', market: view } satisfies WsServerMessage);
      const built = await betViews(rows, { markets, runners });
      for (const [index, bet] of built.entries()) {
        views.set(bet._id, bet);
        bus.publish(`user:${(rows[index] as BetRow).user_id}`, { type: 'bet', bet } satisfies WsServerMessage);
      }
      await deps.positions?.publish(changes, rows, { markets, runners });
    } catch {
      // Live updates are best effort: the change itself is committed, and clients re-read on reconnect.
    }
    return views;
  }

  /**
   * Publishing is coalesced (decision 0027): every change set handed in during one turn of the event
   * loop (a group commit settles all its bets in one turn) is published together once the turn is
   * over: each touched market once, the bets' views and the players' positions with a few multi-row
   * reads, instead of some fifteen reads per bet. Each caller still waits until its change went out.
   */
  let waiting: { changes: ChangeSet; done: (views: Map<string, BetDto>) => void }[] = [];
  async function flush(): Promise<void> {
    const group = waiting;
    waiting = [];
    const union = emptyChanges();
    for (const { changes } of group) {
      for (const id of changes.marketIds) union.marketIds.add(id);
      for (const id of changes.userIds) union.userIds.add(id);
      for (const id of changes.betIds) union.betIds.add(id);
    }
    const views = await publishNow(union);
    for (const { done } of group) done(views);
  }
  function publish(changes: ChangeSet): Promise<Map<string, BetDto>> {
    return new Promise((done) => {
      waiting.push({ changes, done });
      if (waiting.length === 1) setImmediate(() => void flush());
    });
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
