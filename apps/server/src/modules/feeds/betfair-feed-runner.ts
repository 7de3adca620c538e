/**
 * Runs a Betfair source into our markets: each message goes through the stream cache and the score
 * tracker, `createBetfairFeed` says what it does to our markets, and `createFeedActions` (the demo
 * feed's own applier) makes the service calls. The replay source feeds it from recorded files
 * (`handle`); the live source (betfair-live-feed.ts) gives it each message its client already applied
 * to the client's cache (`changed`). Each Betfair market has its own translation (one event each).
 *
 * Conflation: a market's book is translated at most once per `conflateMs` of publish time, the
 * latest book each time (as Betfair's own conflateMs does), except that a change of the market
 * definition (status, in play, delay, result) is translated at once.
 *
 * Back-pressure (decision 0042, addendum "lag"): translations run one after another in arrival order
 * on one queue, and `handle` waits only for a market definition change; a price change is queued and
 * `handle` returns. A market has at most one translation waiting, and it reads the latest book when
 * it runs, so when the writer is slower than the stream the books in between are skipped (as
 * Betfair conflates for a slow client) instead of piling up as lag. `drain` waits for the queue.
 */
import { StreamCache } from '@khel/betfair-stream';
import type { Applied, MarketChangeMessage } from '@khel/betfair-stream';
import type { CricketChange } from '@khel/cricket-feed';
import type { Clock } from '../../lib/clock.js';
import { createFeedActions } from '../sports/feed/index.js';
import type { FeedMarketAction } from '../sports/feed/index.js';
import type { SportsService } from '../sports/sports-service.js';
import { createBetfairFeed, sportOf } from './betfair-feed.js';
import type { BetfairFeedConfig, FeedStep, MarketDescription } from './betfair-feed.js';
import { playReplay } from './replay-source.js';
import type { ReplayItem, ReplayOptions } from './replay-source.js';

/** Team names by selection id, looked up ahead in a recorded score stream (a replay knows its future). */
export function teamNamesOf(items: readonly ReplayItem[]): Map<number, string> {
  const names = new Map<number, string>();
  for (const item of items) {
    if (!('score' in item)) continue;
    for (const change of (item.score.cc ?? []) as CricketChange[])
      for (const team of [change.homeTeam, change.awayTeam]) if (team) names.set(team.selectionId, team.name);
  }
  return names;
}

export function createBetfairFeedRunner(deps: {
  sports: SportsService;
  onMarket: (marketId: string, action: FeedMarketAction) => Promise<unknown>;
  clock: Clock;
  config: BetfairFeedConfig;
  /** Runner names by selection id (a replay's score stream, the live source's catalogue). */
  names?: Map<number, string>;
  /** The catalogue's event, competition and start of a market (the live source). */
  describe?: (marketId: string) => MarketDescription | null;
  /** The cache the messages are applied to; the live client's own (it applies them itself). */
  cache?: StreamCache;
  conflateMs?: number;
  log: (message: string, error?: unknown) => void;
  /** Each message handled, with the time it was published (the lag measurement hooks here). */
  onHandled?: (pt: number) => void;
  /** A replay's lag behind its schedule, after each message applied (the feed-lag metric). */
  onLag?: (seconds: number) => void;
}) {
  const actions = createFeedActions(deps);
  const cache = deps.cache ?? new StreamCache();
  const names = deps.names ?? new Map<number, string>();
  const feeds = new Map<string, ReturnType<typeof createBetfairFeed>>(); // Betfair market id → its translation
  const skipped = new Set<string>(); // markets we do not mirror (logged once)
  const feedOf = (marketId: string) => {
    let feed = feeds.get(marketId);
    if (feed === undefined) {
      feed = createBetfairFeed(deps.config, names, () => deps.describe?.(marketId) ?? null);
      feeds.set(marketId, feed);
    }
    return feed;
  };
  /** Only Match Odds of the sports we run are mirrored (decision 0070); others are named once in the log. */
  const mirrored = (marketId: string): boolean => {
    const definition = cache.market(marketId)?.definition;
    if (!definition) return false;
    const type = definition.marketType ?? 'MATCH_ODDS';
    if (type === 'MATCH_ODDS' && sportOf(definition) !== undefined) return true;
    if (!skipped.has(marketId)) {
      skipped.add(marketId);
      deps.log(`betfair market ${marketId} not mirrored: ${type} of event type ${definition.eventTypeId ?? '?'}`);
    }
    return false;
  };
  const flushed = new Map<string, { pt: number; definition: unknown }>();
  const dirty = new Set<string>();
  const latestPt = new Map<string, number>(); // market id → publish time of its latest message
  const queued = new Set<string>(); // markets with a translation queued and not yet started
  let queue: Promise<void> = Promise.resolve();
  let controller: AbortController | null = null;
  let done: Promise<void> | null = null;

  async function run(steps: FeedStep[]): Promise<void> {
    for (const step of steps) {
      try {
        if ('action' in step) await actions.apply(step.action);
        else {
          const marketId = await actions.idOf('market', step.betDelay.marketId);
          if (marketId !== null)
            await deps.onMarket(marketId, { type: 'inPlay', betDelaySeconds: step.betDelay.seconds });
        }
      } catch (error) {
        deps.log(`betfair feed step failed`, error);
      }
    }
  }

  async function flush(marketId: string, pt: number): Promise<void> {
    const book = cache.book(marketId);
    if (book === undefined || !mirrored(marketId)) return;
    dirty.delete(marketId);
    flushed.set(marketId, { pt, definition: book.definition });
    await run(feedOf(marketId).onMarket(book, deps.clock.now().getTime()));
  }

  /** Runs after everything queued before it. */
  function enqueue(task: () => Promise<void>): Promise<void> {
    queue = queue.then(task).catch((error: unknown) => deps.log('betfair feed step failed', error));
    return queue;
  }

  /** Queues a translation of the market's book unless one is waiting (it will read the latest book). */
  function translate(marketId: string): Promise<void> {
    if (queued.has(marketId)) return queue;
    queued.add(marketId);
    return enqueue(async () => {
      queued.delete(marketId);
      await flush(marketId, latestPt.get(marketId) ?? 0);
    });
  }

  /** After `message` was applied to the cache (by us or the live client). */
  async function changed(message: MarketChangeMessage, { marketIds }: Applied): Promise<void> {
    for (const marketId of marketIds) {
      latestPt.set(marketId, message.pt);
      const last = flushed.get(marketId);
      const definitionChanged = last === undefined || cache.market(marketId)?.definition !== last.definition;
      if (definitionChanged) await translate(marketId);
      else if (message.pt - last.pt >= (deps.conflateMs ?? 0)) void translate(marketId);
      else dirty.add(marketId);
    }
  }

  async function handle(item: ReplayItem): Promise<void> {
    if ('market' in item) await changed(item.market, cache.apply(item.market));
    else {
      const changes = (item.score.cc ?? []) as CricketChange[];
      // Each score change goes to its market's translation (joined by market id).
      for (const marketId of new Set(changes.map((change) => change.marketId))) {
        const mine = changes.filter((change) => change.marketId === marketId);
        void enqueue(() => run(feedOf(marketId).onScore(mine, deps.clock.now().getTime())));
      }
    }
    deps.onHandled?.(item.pt);
  }

  /** What the queue holds and what conflation held back, translated now (the end of a replay, a pause, a test). */
  async function drain(): Promise<void> {
    await queue;
    for (const marketId of [...dirty]) void translate(marketId);
    await queue;
  }

  return {
    handle,
    changed,
    drain,
    cache,
    feedOf,
    /** Translates a market again now (its names or description just arrived). */
    refresh: (marketId: string) => translate(marketId),
    /** Plays a recorded replay in the background until its end or `stop`. */
    start(items: readonly ReplayItem[], options: ReplayOptions): void {
      if (controller !== null) return;
      controller = new AbortController();
      done = playReplay(items, { onLag: deps.onLag, ...options }, handle, controller.signal)
        .then(drain)
        .catch((error: unknown) => deps.log('betfair replay failed', error));
    },
    async stop(): Promise<void> {
      controller?.abort();
      await done;
      controller = null;
    },
  };
}
