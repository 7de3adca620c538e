import { describe, expect, it } from 'vitest';
import { bookView, parseMarketMessages, replayUntil, StreamCache } from './index.js';
import type { MarketChangeMessage, MarketDefinition } from './index.js';
import { readFixture } from './test-fixtures.js';

const definition = (over: Partial<MarketDefinition> = {}): MarketDefinition => ({
  status: 'OPEN',
  inPlay: false,
  betDelay: 0,
  version: 1,
  runners: [
    { id: 11, status: 'ACTIVE', sortPriority: 2 },
    { id: 22, status: 'ACTIVE', sortPriority: 1 },
  ],
  ...over,
});
const mcm = (fields: Partial<MarketChangeMessage>): MarketChangeMessage => ({ op: 'mcm', pt: 1, ...fields });

describe('StreamCache', () => {
  it("ESA-4: depth ladders follow Betfair's own worked example (keyed by level, size 0 removes)", () => {
    // The five batl messages of the Exchange Stream API page, "Building a price cache / Examples".
    const cache = new StreamCache();
    const steps: [number, number, number][][] = [
      [
        [0, 1.4, 2],
        [1, 0, 0],
        [2, 0, 0],
        [3, 0, 0],
        [4, 0, 0],
        [5, 0, 0],
        [6, 0, 0],
        [7, 0, 0],
        [8, 0, 0],
        [9, 0, 0],
      ],
      [[1, 1.5, 2]],
      [
        [2, 1.5, 2],
        [1, 1.4, 2],
        [0, 1.3, 2],
      ],
      [
        [2, 0, 0],
        [1, 1.5, 2],
        [0, 1.4, 2],
      ],
      [
        [1, 0, 0],
        [0, 0, 0],
      ],
    ];
    const seen = steps.map((batl, index) => {
      cache.apply(mcm({ pt: index, mc: [{ id: '1.1', rc: [{ id: 11, batl }] }] }));
      return cache.book('1.1')!.runners[0]!.batl;
    });
    expect(seen).toEqual([
      [[1.4, 2]],
      [
        [1.4, 2],
        [1.5, 2],
      ],
      [
        [1.3, 2],
        [1.4, 2],
        [1.5, 2],
      ],
      [
        [1.4, 2],
        [1.5, 2],
      ],
      [],
    ]);
  });

  it('ESA-3: price-point ladders are keyed by price; back best-first is highest, lay lowest', () => {
    const cache = new StreamCache();
    cache.apply(mcm({ mc: [{ id: '1.1', marketDefinition: definition() }] }));
    cache.apply(
      mcm({
        mc: [
          {
            id: '1.1',
            rc: [
              {
                id: 11,
                atb: [
                  [2, 5],
                  [2.1, 7],
                  [1.9, 3],
                  [1.8, 1],
                ],
                atl: [
                  [2.2, 4],
                  [2.3, 6],
                  [2.5, 1],
                  [2.4, 9],
                ],
              },
            ],
          },
        ],
      }),
    );
    cache.apply(
      mcm({
        mc: [
          {
            id: '1.1',
            rc: [
              {
                id: 11,
                atb: [
                  [2.1, 0],
                  [2, 8],
                ],
                trd: [
                  [2.1, 10],
                  [2, 3],
                ],
              },
            ],
          },
        ],
      }),
    );
    const runner = cache.book('1.1')!.runners.find((r) => r.selectionId === 11)!;
    expect(runner.atb).toEqual([
      [2, 8],
      [1.9, 3],
      [1.8, 1],
    ]);
    expect(runner.atl).toEqual([
      [2.2, 4],
      [2.3, 6],
      [2.4, 9],
      [2.5, 1],
    ]);
    expect(runner.trd).toEqual([
      [2, 3],
      [2.1, 10],
    ]);
    expect(cache.market('1.1')!.bestPrices(2).get('11')).toEqual({
      back: [
        [2, 8],
        [1.9, 3],
      ],
      lay: [
        [2.2, 4],
        [2.3, 6],
      ],
    });
  });

  it('ESA-1: img replaces the market; a delta patches it', () => {
    const cache = new StreamCache();
    cache.apply(mcm({ mc: [{ id: '1.1', marketDefinition: definition(), rc: [{ id: 11, ltp: 2, atb: [[2, 5]] }] }] }));
    cache.apply(mcm({ mc: [{ id: '1.1', rc: [{ id: 22, ltp: 3 }] }] }));
    expect(cache.book('1.1')!.runners.map((r) => r.ltp)).toEqual([2, 3]);
    cache.apply(
      mcm({
        mc: [{ id: '1.1', img: true, marketDefinition: definition({ version: 2 }), rc: [{ id: 22, atl: [[3, 1]] }] }],
      }),
    );
    const book = cache.book('1.1')!;
    expect(book.version).toBe(2);
    expect(book.runners.map((r) => [r.selectionId, r.ltp, r.atb, r.atl])).toEqual([
      [11, null, [], []],
      [22, null, [], [[3, 1]]],
    ]);
  });

  it('ESA-5: values are null until sent and stay until changed; runners keyed by id and handicap', () => {
    const cache = new StreamCache();
    cache.apply(
      mcm({
        mc: [
          {
            id: '1.1',
            rc: [
              { id: 11, hc: 1.5, tv: 10 },
              { id: 11, hc: -1.5, ltp: 4 },
            ],
          },
        ],
      }),
    );
    cache.apply(mcm({ mc: [{ id: '1.1', tv: 99, rc: [{ id: 11, hc: 1.5, ltp: 2 }] }] }));
    const book = cache.book('1.1')!;
    expect(book.tv).toBe(99);
    expect(book.status).toBeNull();
    expect(book.runners.map((r) => [r.handicap, r.ltp, r.tv])).toEqual([
      [1.5, 2, 10],
      [-1.5, 4, null],
    ]);
  });

  it('ESA-6: a SUB_IMAGE (whole or its first segment) clears every market; RESUB_DELTA and HEARTBEAT do not', () => {
    const cache = new StreamCache();
    cache.apply(
      mcm({
        ct: 'SUB_IMAGE',
        mc: [
          { id: '1.1', rc: [{ id: 11, ltp: 2 }] },
          { id: '1.2', rc: [{ id: 1, ltp: 5 }] },
        ],
      }),
    );
    expect(cache.apply(mcm({ ct: 'HEARTBEAT' }))).toEqual({ marketIds: [], image: false, heartbeat: true });
    cache.apply(mcm({ ct: 'RESUB_DELTA', mc: [{ id: '1.2', rc: [{ id: 1, ltp: 6 }] }] }));
    expect(cache.marketIds()).toEqual(['1.1', '1.2']);
    cache.apply(mcm({ ct: 'SUB_IMAGE', segmentType: 'SEG_START', mc: [{ id: '1.3', rc: [{ id: 1, ltp: 7 }] }] }));
    cache.apply(mcm({ ct: 'SUB_IMAGE', segmentType: 'SEG_END', mc: [{ id: '1.4', rc: [{ id: 1, ltp: 8 }] }] }));
    expect(cache.marketIds()).toEqual(['1.3', '1.4']);
  });

  it('ESA-7: initialClk whenever sent; clk only from a whole message or the last segment', () => {
    const cache = new StreamCache();
    cache.apply(mcm({ ct: 'SUB_IMAGE', initialClk: 'I1', clk: 'C1' }));
    cache.apply(mcm({ segmentType: 'SEG_START', clk: 'partial-1' }));
    cache.apply(mcm({ segmentType: 'SEG', clk: 'partial-2' }));
    expect([cache.initialClk, cache.clk]).toEqual(['I1', 'C1']);
    cache.apply(mcm({ segmentType: 'SEG_END', clk: 'C2' }));
    cache.apply(mcm({ ct: 'HEARTBEAT', clk: 'C3' }));
    cache.apply(mcm({ mc: [] }));
    expect([cache.initialClk, cache.clk]).toEqual(['I1', 'C3']);
  });

  it('ESA-8, ESA-10: conflation is recorded per market and counted; status 503 marks the stream late', () => {
    const cache = new StreamCache();
    cache.apply(mcm({ conflateMs: 0, heartbeatMs: 5000, mc: [{ id: '1.1', con: true, rc: [{ id: 1, ltp: 2 }] }] }));
    expect([cache.book('1.1')!.conflated, cache.conflatedChanges]).toEqual([true, 1]);
    cache.apply(mcm({ status: 503, mc: [{ id: '1.1', rc: [{ id: 1, ltp: 3 }] }] }));
    expect([cache.book('1.1')!.conflated, cache.status, cache.heartbeatMs]).toEqual([false, 503, 5000]);
  });
});

describe('the NED v PNG recording (1.200806927)', () => {
  const messages = parseMarketMessages(readFixture('1.200806927.jsonl.gz'));

  it('ESA-9: replayed whole it is CLOSED with Netherlands (228749) the winner, runners in sortPriority order', () => {
    expect(messages).toHaveLength(18_529);
    const view = bookView(replayUntil(messages).book('1.200806927')!);
    expect(view).toMatchObject({ marketId: '1.200806927', status: 'CLOSED', inPlay: true, betDelay: 5 });
    expect(view.runners.map((r) => [r.id, r.status])).toEqual([
      [228749, 'WINNER'],
      [2857977, 'LOSER'],
    ]);
  });

  it('suspends before the start, turns in play with a 5 s bet delay, suspends at the end and closes', () => {
    const cache = new StreamCache();
    const states: string[] = [];
    for (const message of messages) {
      cache.apply(message);
      const book = cache.book('1.200806927')!;
      const state = `${book.status}/${book.inPlay}/${book.betDelay}`;
      if (states.at(-1) !== state) states.push(state);
    }
    expect(states).toEqual(['OPEN/false/0', 'SUSPENDED/false/0', 'OPEN/true/5', 'SUSPENDED/true/5', 'CLOSED/true/5']);
  });

  it('ESA-9: before any price the view has empty ladders and null ltp/tv; back highest first, lay lowest first', () => {
    const first = bookView(replayUntil(messages, messages[0]!.pt).book('1.200806927')!);
    expect(first.runners.map((r) => [r.ltp, r.tv, r.back, r.lay])).toEqual([
      [null, null, [], []],
      [null, null, [], []],
    ]);
    const middle = bookView(replayUntil(messages, messages[9000]!.pt).book('1.200806927')!);
    for (const runner of middle.runners) {
      expect(runner.back.length).toBe(3);
      expect(runner.lay.length).toBe(3);
      expect(runner.back.map(([p]) => p)).toEqual([...runner.back.map(([p]) => p)].sort((a, b) => b - a));
      expect(runner.lay.map(([p]) => p)).toEqual([...runner.lay.map(([p]) => p)].sort((a, b) => a - b));
      expect(runner.back[0]![0]).toBeLessThan(runner.lay[0]![0]);
    }
  });
});
