import { useCallback, useSyncExternalStore } from 'react';
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

const nextFrame = (callback: () => void) => (typeof requestAnimationFrame === 'function' ? requestAnimationFrame(callback) : setTimeout(callback, 16));

/** Tells the screens now what is pending for the next frame (tests deliver socket messages one by one). */
export function flushLiveUpdates(): void {
  flush();
}

function flush(): void {
  frameScheduled = false;
  const keys = [...dirty];
  dirty.clear();
  for (const key of keys) for (const listener of listeners.get(key) ?? []) listener();
}

const notify = (key: string) => {
  dirty.add(key);
  if (frameScheduled) return;
  frameScheduled = true;
  nextFrame(flush);
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
  const subscribe = useCallback((onChange: () => void) => listen(`m:${market._id}`, onChange), [market._id]);
  const snapshot = () => newestMarket(market);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
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
