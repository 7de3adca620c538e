/**
 * Runs a Betfair source into our markets: each message goes through the stream cache and the score
 * tracker, `createBetfairFeed` says what it does to our markets, and `createFeedActions` (the demo
 * feed's own applier) makes the service calls. The replay source feeds it from recorded files; the
 * live client (betfair-stream-client.ts) would feed `handle` the same messages.
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
import type { MarketChangeMessage } from '@khel/betfair-stream';
import type { CricketChange } from '@khel/cricket-feed';
import type { Clock } from '../../lib/clock.js';
import { createFeedActions } from '../sports/feed/index.js';
import type { FeedMarketAction } from '../sports/feed/index.js';
import type { SportsService } from '../sports/sports-service.js';
import { createBetfairFeed } from './betfair-feed.js';
import type { BetfairFeedConfig, FeedStep } from './betfair-feed.js';
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
  names?: Map<number, string>;
  conflateMs?: number;
  log: (message: string, error?: unknown) => void;
  /** Each message handled, with the time it was published (the lag measurement hooks here). */
  onHandled?: (pt: number) => void;
  /** A replay's lag behind its schedule, after each message applied (the feed-lag metric). */
  onLag?: (seconds: number) => void;
}) {
  const actions = createFeedActions(deps);
  const cache = new StreamCache();
  const feed = createBetfairFeed(deps.config, deps.names);
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
    if (book === undefined) return;
    dirty.delete(marketId);
    flushed.set(marketId, { pt, definition: book.definition });
    await run(feed.onMarket(book, deps.clock.now().getTime()));
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

  async function market(message: MarketChangeMessage): Promise<void> {
    const { marketIds } = cache.apply(message);
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
    if ('market' in item) await market(item.market);
    else {
      const changes = (item.score.cc ?? []) as CricketChange[];
      void enqueue(() => run(feed.onScore(changes, deps.clock.now().getTime())));
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
    drain,
    cache,
    feed,
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
