import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadReplay, mergeByPublishTime, playReplay, replayDelayMs } from './replay-source.js';
import type { ReplayItem } from './replay-source.js';
import { FIXTURES_DIR } from './recorded-files.js';
import { createReplayLag } from './replay-lag.js';

const market = (pt: number) => ({ op: 'mcm' as const, pt, clk: `m${pt}` });
const score = (pt: number) => ({ op: 'ccm' as const, pt, clk: `s${pt}` });

describe('the replay source', () => {
  it('merges the market and score streams by publish time, the market first at equal times', () => {
    const merged = mergeByPublishTime(
      [market(1), market(5), market(5), market(9)],
      [score(0), score(5), score(7), score(12)],
    );
    expect(merged.map((item) => ('market' in item ? item.market.clk : item.score.clk))).toEqual([
      's0',
      'm1',
      'm5',
      'm5',
      's5',
      's7',
      'm9',
      's12',
    ]);
  });

  it('divides gaps by the speed and caps each wait at maxIdleMs', () => {
    expect(replayDelayMs(500, 1, 2_000)).toBe(500);
    expect(replayDelayMs(500, 100, 2_000)).toBe(5);
    expect(replayDelayMs(6 * 86_400_000, 100, 2_000)).toBe(2_000);
    expect(replayDelayMs(-3, 10, 2_000)).toBe(0);
  });

  it('plays the NED v PNG files in order, six days of pre-match compressed to the idle cap', async () => {
    const items = loadReplay(
      join(FIXTURES_DIR, 'betfair/1.200806927.jsonl.gz'),
      join(FIXTURES_DIR, 'betfair/ccm-1.200806927.jsonl.gz'),
    );
    expect(items.filter((item) => 'market' in item)).toHaveLength(18_529);
    expect(items.filter((item) => 'score' in item)).toHaveLength(2_170);
    const waits: number[] = [];
    const seen: ReplayItem[] = [];
    await playReplay(
      items,
      { speed: 100, maxIdleMs: 1_000, sleep: async (ms) => void waits.push(ms) },
      (item) => void seen.push(item),
    );
    expect(seen).toEqual(items);
    expect(Math.max(...waits)).toBe(1_000);
    const expected = items.slice(1).reduce((sum, item, i) => sum + Math.min((item.pt - items[i]!.pt) / 100, 1_000), 0);
    expect(waits.reduce((a, b) => a + b, 0)).toBeCloseTo(expected, 6);
    // Six days of recording replayed in minutes.
    expect(items.at(-1)!.pt - items[0]!.pt).toBeGreaterThan(6 * 86_400_000);
    expect(expected).toBeLessThan(10 * 60_000);
  });

  it('starts from an index and stops when aborted', async () => {
    const items = mergeByPublishTime([market(1), market(2), market(3), market(4)], []);
    const controller = new AbortController();
    const seen: number[] = [];
    await playReplay(
      items,
      { speed: 1, maxIdleMs: 10, sleep: async () => undefined },
      (item) => {
        seen.push(item.pt);
        if (item.pt === 3) controller.abort();
      },
      controller.signal,
      1,
    );
    expect(seen).toEqual([2, 3]);
  });

  it('reports its feed lag after each item: how far it trails its own schedule, growing as it falls behind', async () => {
    // A clock of its own: each wait and each item's handling moves it on, nothing else.
    let now = 0;
    const lags: number[] = [];
    await playReplay(
      mergeByPublishTime([market(0), market(1000), market(3000), market(60_000)], []),
      {
        speed: 2,
        maxIdleMs: 5000,
        now: () => now,
        sleep: async (ms) => void (now += ms),
        onLag: (seconds) => lags.push(seconds),
      },
      () => void (now += 200), // each update takes 200 ms to apply
    );
    // Gaps of 500, 1000 and (capped) 5000 ms: every item starts its wait 200 ms later than the schedule.
    expect(lags).toEqual([0.2, 0.4, 0.6, 0.8]);
  });
});

describe('createReplayLag', () => {
  it('never reports less than nothing, and only what trails the waits', () => {
    let now = 1000;
    const lags: number[] = [];
    const lag = createReplayLag(
      (seconds) => lags.push(seconds),
      () => now,
    );
    lag.waited(500); // the replay waited less than its schedule says (it was woken early)
    now += 100;
    lag.applied();
    now += 900;
    lag.applied();
    lag.waited(1000);
    now += 1250;
    lag.applied();
    expect(lags).toEqual([0, 0.5, 0.75]);
  });
});
