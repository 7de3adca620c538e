/**
 * The replay source: a recorded Betfair market stream (and, optionally, the same match's cricket score
 * stream) played back in publish-time order. `speed` divides the recorded gaps; no gap is longer than
 * `maxIdleMs` on the wall clock, so days of pre-match silence pass in moments while the in-play minutes
 * keep their rhythm. Time comes from the `sleep` given (tests pass one that only records).
 */
import { parseMarketMessages } from '@khel/betfair-stream';
import type { MarketChangeMessage } from '@khel/betfair-stream';
import { readRecordedText } from './recorded-files.js';
import { createReplayLag } from './replay-lag.js';

/** A Betfair cricket score stream message (`op: "ccm"`); its contents are read by the cricket adapter. */
export interface CricketChangeMessage {
  op: 'ccm';
  pt: number;
  clk?: string;
  cc?: unknown[];
}

export type ReplayItem = { pt: number; market: MarketChangeMessage } | { pt: number; score: CricketChangeMessage };

export interface ReplayOptions {
  speed: number;
  maxIdleMs: number;
  sleep?: (ms: number) => Promise<void>;
  /** Seconds each applied item trails the replay's schedule (modules/feeds/replay-lag.ts). */
  onLag?: (seconds: number) => void;
  /** The time lag is measured with (milliseconds; default performance.now). */
  now?: () => number;
}

/** Both streams in one publish-time order; at equal times the market message first (the file order). */
export function mergeByPublishTime(
  markets: readonly MarketChangeMessage[],
  scores: readonly CricketChangeMessage[],
): ReplayItem[] {
  const out: ReplayItem[] = [];
  let s = 0;
  for (const market of markets) {
    while (s < scores.length && scores[s]!.pt < market.pt) out.push({ pt: scores[s]!.pt, score: scores[s++]! });
    out.push({ pt: market.pt, market });
  }
  while (s < scores.length) out.push({ pt: scores[s]!.pt, score: scores[s++]! });
  return out;
}

/** The wall-clock wait before an item published `gapMs` after the previous one. */
export function replayDelayMs(gapMs: number, speed: number, maxIdleMs: number): number {
  return Math.min(Math.max(0, gapMs) / speed, maxIdleMs);
}

/** Reads `betfair-replay:<file>[,score=<ccm file>]`'s files. */
export function loadReplay(marketFile: string, scoreFile?: string): ReplayItem[] {
  const scores = scoreFile
    ? readRecordedText(scoreFile)
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as CricketChangeMessage)
        .filter((message) => message.op === 'ccm')
    : [];
  return mergeByPublishTime(parseMarketMessages(readRecordedText(marketFile)), scores);
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Plays `items` from `from` (an index), awaiting `onItem` for each; stops when `signal` aborts. */
export async function playReplay(
  items: readonly ReplayItem[],
  options: ReplayOptions,
  onItem: (item: ReplayItem, index: number) => Promise<void> | void,
  signal?: AbortSignal,
  from = 0,
): Promise<void> {
  const sleep = options.sleep ?? realSleep;
  const lag = createReplayLag(options.onLag, options.now);
  for (let index = from; index < items.length && !signal?.aborted; index += 1) {
    const item = items[index]!;
    if (index > from) {
      const wait = replayDelayMs(item.pt - items[index - 1]!.pt, options.speed, options.maxIdleMs);
      lag.waited(wait);
      if (wait > 0) await sleep(wait);
      if (signal?.aborted) return;
    }
    await onItem(item, index);
    lag.applied();
  }
}
