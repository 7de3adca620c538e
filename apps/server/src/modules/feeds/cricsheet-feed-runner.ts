/**
 * `FEED=cricsheet:<file>`: a real match from a Cricsheet file replayed ball by ball into our markets.
 * `@khel/cricket-feed`'s `createCricsheetFeed` says what each delivery does (score panel, the house's
 * quotes by the simulator's model, ball-running suspensions, settlement from the deliveries);
 * `createFeedActions` (the demo feed's own applier) makes the service calls.
 */
import { basename } from 'node:path';
import { createCricsheetFeed, cricsheetLabel, parseCricsheet } from '@khel/cricket-feed';
import type { CricsheetMatch, MatchRecord } from '@khel/cricket-feed';
import type { FeedAction } from '@khel/sports-sim';
import { createReplayLag } from './replay-lag.js';
import type { Clock } from '../../lib/clock.js';
import { createFeedActions } from '../sports/feed/index.js';
import type { FeedMarketAction } from '../sports/feed/index.js';
import type { SportsService } from '../sports/sports-service.js';
import { readRecordedText } from './recorded-files.js';

export interface CricsheetReplay {
  /** Our event's feed id: `cricsheet-<file name>`. */
  eventId: string;
  match: MatchRecord;
}

export function loadCricsheet(file: string): CricsheetReplay {
  const match = parseCricsheet(JSON.parse(readRecordedText(file)) as CricsheetMatch);
  return { eventId: `cricsheet-${basename(file).replace(/\.json(\.gz)?$/, '')}`, match };
}

export interface CricsheetTiming {
  /** One delivery every `ballMs` of match time, of which `ballInAirMs` with the lines suspended. */
  ballMs: number;
  ballInAirMs: number;
  /** 2 = twice as fast. */
  speed: number;
}

export function createCricsheetFeedRunner(deps: {
  sports: SportsService;
  onMarket: (marketId: string, action: FeedMarketAction) => Promise<unknown>;
  clock: Clock;
  replay: CricsheetReplay;
  league: string;
  log: (message: string, error?: unknown) => void;
  /** Seconds each delivery's update trails the replay's schedule (the feed-lag metric). */
  onLag?: (seconds: number) => void;
  /** The time lag is measured with (milliseconds; default performance.now). */
  now?: () => number;
}) {
  const actions = createFeedActions(deps);
  const feed = createCricsheetFeed(deps.replay.match, {
    eventId: deps.replay.eventId,
    league: deps.league,
    label: cricsheetLabel(deps.replay.match),
  });
  let opened = false;
  let next = 1;
  let controller: AbortController | null = null;
  let done: Promise<void> | null = null;

  async function run(list: FeedAction[]): Promise<void> {
    for (const action of list) {
      try {
        await actions.apply(action);
      } catch (error) {
        deps.log(`cricsheet feed ${action.type} failed`, error);
      }
    }
  }

  /** The event before its first ball (once). */
  async function open(): Promise<void> {
    if (opened) return;
    opened = true;
    await run(feed.open(deps.clock.now().getTime()));
  }

  /** The next delivery: bowling (lines suspended), then bowled; false when the match is over. */
  async function bowling(): Promise<boolean> {
    if (next > feed.deliveries) return false;
    await run(feed.bowling(next));
    return true;
  }
  async function bowled(): Promise<void> {
    await run(feed.bowled(next));
    next += 1;
  }

  /** Plays deliveries up to `count` bowled (all of them without it), with no waiting. */
  async function playTo(count = feed.deliveries): Promise<void> {
    await open();
    while (next <= Math.min(count, feed.deliveries)) {
      await bowling();
      await bowled();
    }
  }

  /**
   * Catches up to `count` bowled (all of them without it), `step` deliveries at a time, as a feed that
   * fell behind does: the markets offered on the way, then the state after each step (score, settlements,
   * quotes), with no ball-running suspension in between.
   */
  async function catchUpTo(count = feed.deliveries, step = 6): Promise<void> {
    await open();
    const end = Math.min(count, feed.deliveries);
    while (next <= end) {
      const to = Math.min(next - 1 + step, end);
      await run(feed.catchUp(next - 1, to));
      next = to + 1;
    }
  }

  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) return resolve();
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });

  return {
    feed,
    open,
    bowling,
    bowled,
    playTo,
    catchUpTo,
    /** Bowled so far. */
    bowledCount: () => next - 1,
    /** Plays the match in the background until its end or `stop`. */
    start(timing: CricsheetTiming): void {
      if (controller !== null) return;
      const signal = (controller = new AbortController()).signal;
      const inAir = timing.ballInAirMs / timing.speed;
      const after = Math.max(0, timing.ballMs - timing.ballInAirMs) / timing.speed;
      const lag = createReplayLag(deps.onLag, deps.now);
      const pause = async (ms: number) => {
        lag.waited(ms);
        await wait(ms, signal);
      };
      done = (async () => {
        await open();
        lag.applied();
        await pause(after);
        while (!signal.aborted && (await bowling())) {
          lag.applied();
          await pause(inAir);
          await bowled();
          lag.applied();
          await pause(after);
        }
      })().catch((error: unknown) => deps.log('cricsheet replay failed', error));
    },
    async stop(): Promise<void> {
      controller?.abort();
      await done;
      controller = null;
    },
  };
}
