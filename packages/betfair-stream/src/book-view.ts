import type { MarketBook, RunnerBook } from './market-cache.js';
import type { MarketChangeMessage, PriceSize } from './protocol.js';
import { StreamCache } from './stream-cache.js';

/** The operators' one-line view of a market (`npm run feed -- book`), ESA-9. */
export interface BookView {
  marketId: string;
  pt: number;
  status: string | null;
  inPlay: boolean | null;
  betDelay: number | null;
  runners: {
    id: number;
    status: string | null;
    ltp: number | null;
    tv: number | null;
    back: PriceSize[];
    lay: PriceSize[];
  }[];
}

/** Available to back, highest first: the full ladder, else the virtual best offers, else the best offers. */
export function backPrices(runner: RunnerBook, levels: number): PriceSize[] {
  const ladder = runner.atb.length > 0 ? runner.atb : runner.bdatb.length > 0 ? runner.bdatb : runner.batb;
  return ladder.slice(0, levels);
}

/** Available to lay, lowest first, from the same sources as `backPrices`. */
export function layPrices(runner: RunnerBook, levels: number): PriceSize[] {
  const ladder = runner.atl.length > 0 ? runner.atl : runner.bdatl.length > 0 ? runner.bdatl : runner.batl;
  return ladder.slice(0, levels);
}

/** Runners in the definition's sortPriority order (a runner with none goes last, in stream order). */
export function bookView(book: MarketBook, levels = 3): BookView {
  const runners = [...book.runners].sort(
    (a, b) => (a.sortPriority ?? Number.MAX_SAFE_INTEGER) - (b.sortPriority ?? Number.MAX_SAFE_INTEGER),
  );
  return {
    marketId: book.marketId,
    pt: book.publishTime,
    status: book.status,
    inPlay: book.inPlay,
    betDelay: book.betDelay,
    runners: runners.map((runner) => ({
      id: runner.selectionId,
      status: runner.status,
      ltp: runner.ltp,
      tv: runner.tv,
      back: backPrices(runner, levels),
      lay: layPrices(runner, levels),
    })),
  };
}

/** Lines of a recorded stream file (one JSON message a line; blank lines and other ops skipped). */
export function parseMarketMessages(text: string): MarketChangeMessage[] {
  const out: MarketChangeMessage[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    const message = JSON.parse(trimmed) as { op?: string };
    if (message.op === 'mcm') out.push(message as MarketChangeMessage);
  }
  return out;
}

/** Applies every message published at or before `atPt` (all of them without it). */
export function replayUntil(messages: readonly MarketChangeMessage[], atPt?: number): StreamCache {
  const cache = new StreamCache();
  for (const message of messages) {
    if (atPt !== undefined && message.pt > atPt) break;
    cache.apply(message);
  }
  return cache;
}
