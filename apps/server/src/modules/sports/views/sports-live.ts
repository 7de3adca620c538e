import type { BetRow as BetDto, Market, Score, WsServerMessage } from '@khel/contract';
import { fail } from '../../../lib/app-error.js';
import type { LiveBus } from '../../live/live-bus.js';
import type { ChangeSet } from '../betting/index.js';
import type { KnownRows } from '../positions/index.js';
import { emptyChanges } from '../betting/index.js';
import { MarketNotFound } from '../writer/index.js';
import type { BetRow, MarketRow, RunnerRow, SportsRepository } from '../sports-repository.js';
import type { SportsViews } from './sports-views.js';

/**
 * The change sets of one turn as one: a row known by a change set is served only if no other change
 * set of the turn touched that bet or market without knowing it (that one wrote it itself: read it);
 * of two known rows of one bet, the later one (a later command of the batch) wins. A player's known
 * positions are served only if every change set that touched the player knew them on each market it
 * touched; otherwise all of that player's positions are read.
 */
export function unionOf(sets: readonly ChangeSet[]): ChangeSet {
  const union = emptyChanges();
  const known: KnownRows = { bets: new Map(), markets: new Map(), positions: new Map() };
  const unknownBets = new Set<string>();
  const unknownMarkets = new Set<string>();
  /** Players some change set touched on a market without knowing their positions there: all their positions are read. */
  const readPlayers = new Set<string>();
  for (const changes of sets) {
    for (const id of changes.marketIds) union.marketIds.add(id);
    for (const id of changes.userIds) union.userIds.add(id);
    for (const id of changes.betIds) union.betIds.add(id);
    for (const id of changes.betIds) if (changes.known?.bets.has(id) !== true) unknownBets.add(id);
    for (const id of changes.marketIds) if (changes.known?.markets.has(id) !== true) unknownMarkets.add(id);
    for (const [id, entry] of changes.known?.bets ?? [])
      if ((known.bets.get(id)?.tick ?? -1) < entry.tick) known.bets.set(id, entry);
    for (const [id, entry] of changes.known?.markets ?? [])
      if ((known.markets.get(id)?.tick ?? -1) < entry.tick) known.markets.set(id, entry);
    for (const [key, entry] of changes.known?.positions ?? [])
      if ((known.positions.get(key)?.tick ?? -1) < entry.tick) known.positions.set(key, entry);
    // The markets this change set touched: its own and its bets'; a bet it did not write itself may be on any market.
    const opaque = [...changes.betIds].some((id) => changes.known?.bets.has(id) !== true);
    const markets = new Set([
      ...changes.marketIds,
      ...[...(changes.known?.bets.values() ?? [])].map((entry) => entry.row.market_id),
    ]);
    for (const userId of changes.userIds) {
      if (
        opaque ||
        markets.size === 0 ||
        [...markets].some((marketId) => changes.known?.positions.has(`${userId}:${marketId}`) !== true)
      )
        readPlayers.add(userId);
    }
  }
  for (const key of known.positions.keys())
    if (readPlayers.has(key.slice(0, key.indexOf(':')))) known.positions.delete(key);
  for (const id of unknownBets) known.bets.delete(id);
  for (const id of unknownMarkets) known.markets.delete(id);
  // Only the bets this turn changed; a known market serves the bets on it.
  for (const id of known.bets.keys()) if (!union.betIds.has(id)) known.bets.delete(id);
  union.known = known;
  return union;
}

/** What changed goes out live: market prices, players' bets and positions, and a subscriber's first message. */
export function createSportsLive(deps: {
  repository: SportsRepository;
  views: SportsViews;
  bus: LiveBus;
  positions?: {
    publish(
      changes: ChangeSet,
      bets?: readonly BetRow[],
      known?: { markets: MarketRow[]; runners: RunnerRow[] },
    ): Promise<void>;
  };
}) {
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
      // What the group commit wrote is served as it wrote it; the rest (and the markets of bets read) is read once for all three messages.
      const knownBets = changes.known?.bets ?? new Map();
      const knownMarkets = changes.known?.markets ?? new Map();
      const rows = [...knownBets.values()].map((known) => known.row);
      rows.push(...(await repository.betsByIds([...changes.betIds].filter((id) => !knownBets.has(id)))));
      const marketIds = new Set([...changes.marketIds, ...rows.map((row) => row.market_id)]);
      const markets = [...knownMarkets.values()].map((known) => known.market);
      const runners = [...knownMarkets.values()].flatMap((known) => known.runners);
      const unknown = [...marketIds].filter((id) => !knownMarkets.has(id));
      markets.push(...(await repository.marketsByIds(unknown)));
      runners.push(...(await repository.runnersOf(unknown)));
      const changed = markets.filter((market) => changes.marketIds.has(market.id));
      for (const view of await marketViews(changed, runners, { committed: true }))
        bus.publish(`market:${view._id}`, { type: 'market', market: view } satisfies WsServerMessage);
      const events = [...knownMarkets.values()].flatMap((known) => (known.event == null ? [] : [known.event]));
      const built = await betViews(rows, { markets, runners, events });
      for (const [index, bet] of built.entries()) {
        views.set(bet._id, bet);
        bus.publish(`user:${(rows[index] as BetRow).user_id}`, { type: 'bet', bet } satisfies WsServerMessage);
      }
      // The risk view follows a market's bets live (decision 0064): once per market of the turn.
      for (const marketId of new Set(rows.map((row) => row.market_id)))
        bus.publish(`risk:${marketId}`, { type: 'risk', marketId } satisfies WsServerMessage);
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
  /**
   * Turns go out in order: a turn that must read something first would otherwise push its positions
   * and bets after a later turn's, which a batch's known rows answer at once, and overwrite them.
   */
  let previous: Promise<void> = Promise.resolve();
  function flush(): void {
    const group = waiting;
    waiting = [];
    const union = unionOf(group.map((entry) => entry.changes));
    previous = previous.then(async () => {
      const views = await publishNow(union);
      for (const { done } of group) done(views);
    });
  }
  function publish(changes: ChangeSet): Promise<Map<string, BetDto>> {
    return new Promise((done) => {
      waiting.push({ changes, done });
      if (waiting.length === 1) setImmediate(flush);
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
