import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import type { Market, Score } from '@khel/contract';
import { liveClient } from '../../../lib/live/live-client';

/**
 * The newest market and score states the socket has delivered, keyed by id. Screens render what the
 * HTTP call answered until the socket says something newer (a higher market version), so a slow
 * refetch never takes a price back in time.
 */
const markets = new Map<string, Market>();
const scores = new Map<string, Score>();
const listeners = new Map<string, Set<() => void>>();

/**
 * Screens hear about changes once per animation frame, not once per message (ADR 0024): at hundreds of
 * price updates a second the state above is always current, but React renders each market at most once
 * a frame, so no update burst becomes a long task. A hidden tab gets no frames and catches up on return.
 */
const dirty = new Set<string>();
let frameScheduled = false;

const nextFrame = (callback: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(callback) : setTimeout(callback, 16);

/**
 * A frame's share of rendering: markets are rendered one commit each (flushSync) until this much time
 * has gone, the rest on the next frame, so a burst (the socket's first snapshot of every market on a
 * page, a feed catching up) becomes several short tasks instead of one long one.
 */
const FRAME_BUDGET_MS = 8;

/** Tells the screens now everything pending (tests deliver socket messages one by one). */
export function flushLiveUpdates(): void {
  flush(Number.POSITIVE_INFINITY);
}

function flush(budgetMs: number): void {
  frameScheduled = false;
  const started = performance.now();
  for (const key of dirty) {
    dirty.delete(key);
    const keyListeners = listeners.get(key);
    if (keyListeners !== undefined) flushSync(() => keyListeners.forEach((listener) => listener()));
    if (performance.now() - started >= budgetMs) break;
  }
  if (dirty.size > 0) schedule();
}

function schedule(): void {
  if (frameScheduled) return;
  frameScheduled = true;
  nextFrame(() => flush(FRAME_BUDGET_MS));
}

const notify = (key: string) => {
  dirty.add(key);
  schedule();
};

function listen(key: string, listener: () => void): () => void {
  let set = listeners.get(key);
  if (set === undefined) listeners.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(key);
  };
}

/** Applies one socket message; exported for tests. */
export function applyLiveMessage(message: { type: string; market?: Market; eventId?: string; score?: Score }): void {
  if (message.type === 'market' && message.market) {
    const previous = markets.get(message.market._id);
    if (previous !== undefined && previous.version > message.market.version) return;
    markets.set(message.market._id, message.market);
    notify(`m:${message.market._id}`);
  } else if (message.type === 'score' && message.eventId && message.score) {
    scores.set(message.eventId, message.score);
    notify(`s:${message.eventId}`);
  }
}

liveClient.onMessage(applyLiveMessage);

/** Exported for tests: listens to one market's changes as the screens do. */
export const listenToMarket = (marketId: string, listener: () => void) => listen(`m:${marketId}`, listener);

export function resetLiveMarkets(): void {
  markets.clear();
  scores.clear();
}

/** The newer of the market the page loaded and the socket's latest state. */
export function newestMarket(market: Market): Market {
  const live = markets.get(market._id);
  return live !== undefined && live.version >= market.version ? live : market;
}

export function useLiveMarket(market: Market): Market {
  return useLiveMarketValue(market, identity);
}

const identity = (market: Market) => market;

/**
 * One value picked from a market's newest state (a price, a size, a status). The component re-renders
 * only when that value changes (Object.is), so a frame re-renders the cells whose price moved and
 * nothing else; pick primitives.
 */
export function useLiveMarketValue<T>(market: Market, pick: (market: Market) => T): T {
  const subscribe = useCallback((onChange: () => void) => listen(`m:${market._id}`, onChange), [market._id]);
  const snapshot = () => pick(newestMarket(market));
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** What a market's frame shows apart from its prices: status, names, limits, runners, fancy lines open or not. */
function shapeOf(market: Market): string {
  const fancy = market.fancy;
  const lines =
    fancy === null
      ? ''
      : [fancy.noLine, fancy.noRate, fancy.yesLine, fancy.yesRate]
          .map((value) => (value === null ? 'x' : 'o'))
          .join('');
  return [
    market.status,
    market.suspendReason,
    market.inPlay,
    market.name,
    market.minStake,
    market.maxStake,
    lines,
    ...market.runners.map((runner) => `${runner._id}:${runner.name}`),
  ].join('\u0001');
}

/**
 * The market for its frame (header, runner rows, overlay): a new object only when the frame's shape
 * changes, not when a price moves, so price updates re-render the price cells alone
 * (`LivePriceCell`). Prices in the returned market may be stale; read them through the cells.
 */
export function useLiveMarketShape(market: Market): Market {
  const shape = useLiveMarketValue(market, shapeOf);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the shape is the reason to take the newest state again
  return useMemo(() => newestMarket(market), [market, shape]);
}

export function useLiveScore(eventId: string, score: Score | null): Score | null {
  const subscribe = useCallback((onChange: () => void) => listen(`s:${eventId}`, onChange), [eventId]);
  const snapshot = () => {
    const live = scores.get(eventId);
    if (live === undefined) return score;
    if (score === null) return live;
    return Date.parse(live.updatedAt) >= Date.parse(score.updatedAt) ? live : score;
  };
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
