import { describe, expect, it } from 'vitest';
import { DEFAULT_FEED, advanceFeed, createFeed, type FeedAction, type FeedState, type MarketSpec } from './index.js';

const T0 = 1_760_000_000_000;

/** Runs the feed with a 1-second timer for `durationMs`, collecting every action. */
function run(seed: number, durationMs: number, from: FeedState = createFeed(seed), startMs = T0) {
  let feed = from;
  const actions: { at: number; action: FeedAction }[] = [];
  for (let now = startMs; now < startMs + durationMs; now += 1000) {
    const step = advanceFeed(feed, now);
    feed = step.feed;
    for (const action of step.actions) actions.push({ at: now, action });
  }
  return { feed, actions };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const FOUR_HOURS = 4 * 3600_000;
const long = run(2025, FOUR_HOURS);

describe('FEED-1 / FEED-2 events and markets', () => {
  it('FEED-1 the first call creates three events per sport, each followed by its score and quotes', () => {
    const { feed, actions } = advanceFeed(createFeed(1), T0);
    const created = actions.filter((a) => a.type === 'createEvent');
    expect(created).toHaveLength(9);
    expect(feed.events.map((e) => e.sport).sort()).toEqual([
      'cricket',
      'cricket',
      'cricket',
      'football',
      'football',
      'football',
      'tennis',
      'tennis',
      'tennis',
    ]);
    const first = feed.events.filter((e) => e.sport === 'cricket').map((e) => e.startMs);
    expect(first).toEqual([
      T0 + DEFAULT_FEED.firstStartMs,
      T0 + DEFAULT_FEED.firstStartMs + DEFAULT_FEED.spacingMs.cricket,
      T0 + DEFAULT_FEED.firstStartMs + 2 * DEFAULT_FEED.spacingMs.cricket,
    ]);
    // Every quote or score names an event created earlier in the same batch.
    const seen = new Set<string>();
    for (const a of actions) {
      if (a.type === 'createEvent') seen.add(a.event.eventId);
      else if ('eventId' in a) expect(seen.has(a.eventId)).toBe(true);
    }
  });

  it.each([
    [
      'cricket',
      [
        'EXCHANGE:matchOdds:2',
        'BOOKMAKER:bookmaker:2',
        'FANCY:fancy:0',
        'FANCY:fancy:0',
        'FANCY:fancy:0',
        'FANCY:fancy:0',
        'FANCY:fancy:0',
      ],
    ],
    ['football', ['EXCHANGE:matchOdds:3', 'BOOKMAKER:bookmaker:3', 'EXCHANGE:overUnder25:2']],
    ['tennis', ['EXCHANGE:matchOdds:2', 'BOOKMAKER:bookmaker:2']],
  ] as const)('FEED-2 a %s event has its markets', (sport, shape) => {
    const { feed } = advanceFeed(createFeed(1), T0);
    const event = feed.events.find((e) => e.sport === sport);
    expect(event?.markets.map((m) => `${m.type}:${m.kind}:${m.runners.length}`)).toEqual(shape);
    expect(event?.name).toMatch(/^.+ v .+$/);
  });
});

describe('FEED-3..FEED-5 four hours of the feed', () => {
  it('FEED-4 events go in play at their start time and finish; the feed keeps topping up', () => {
    const inPlay = long.actions.filter((a) => a.action.type === 'eventStatus' && a.action.status === 'inPlay');
    const finished = long.actions.filter((a) => a.action.type === 'eventStatus' && a.action.status === 'finished');
    const created = new Map<string, number>();
    for (const { action } of long.actions)
      if (action.type === 'createEvent') created.set(action.event.eventId, action.event.startMs);
    for (const { at, action } of inPlay) {
      if (action.type !== 'eventStatus') continue;
      expect(at).toBeGreaterThanOrEqual(created.get(action.eventId) as number);
      expect(at).toBeLessThan((created.get(action.eventId) as number) + 2000);
    }
    for (const sport of ['cricket', 'football', 'tennis']) {
      expect(
        finished.filter((a) => a.action.type === 'eventStatus' && a.action.eventId.startsWith(sport)).length,
      ).toBeGreaterThanOrEqual(sport === 'cricket' ? 5 : 10);
    }
    for (const sport of ['cricket', 'football', 'tennis']) {
      expect(long.feed.events.filter((e) => e.sport === sport && e.status !== 'finished')).toHaveLength(3);
    }
  });

  it('FEED-5 every market of a finished event is settled exactly once, with a result that fits it', () => {
    const markets = new Map<string, MarketSpec>();
    const settled = new Map<string, number>();
    const finishedEvents = new Set<string>();
    for (const { action } of long.actions) {
      if (action.type === 'createEvent') for (const m of action.event.markets) markets.set(m.marketId, m);
      if (action.type === 'createMarket') markets.set(action.market.marketId, action.market);
      if (action.type === 'eventStatus' && action.status === 'finished') finishedEvents.add(action.eventId);
      if (action.type === 'settleMarket') {
        settled.set(action.marketId, (settled.get(action.marketId) ?? 0) + 1);
        const market = markets.get(action.marketId) as MarketSpec;
        expect(market).toBeDefined();
        if (market.type === 'FANCY') expect(['runs', 'void']).toContain(action.result.kind);
        else {
          expect(action.result.kind).toBe('winner');
          if (action.result.kind === 'winner')
            expect(market.runners.map((r) => r.runnerId)).toContain(action.result.runnerId);
        }
      }
    }
    for (const count of settled.values()) expect(count).toBe(1);
    for (const [marketId] of markets) {
      const eventId = marketId.split('/')[0] as string;
      if (finishedEvents.has(eventId)) expect(settled.has(marketId)).toBe(true);
    }
    // Chase sessions were created and several settled on runs.
    expect([...markets.keys()].some((id) => id.endsWith('/inn2-6ov'))).toBe(true);
    expect([...markets.keys()].some((id) => id.endsWith('/inn1-fow5'))).toBe(true);
    expect([...settled.keys()].filter((id) => id.includes('/inn')).length).toBeGreaterThan(20);
  });

  it('FEED-5 a fancy session settles on the runs the score panel showed at the end of its over', () => {
    let lastScore = new Map<string, string>();
    let checked = 0;
    for (const { action } of long.actions) {
      if (action.type === 'score' && action.panel.sport === 'cricket')
        lastScore = new Map(lastScore).set(action.eventId, action.panel.scoreText ?? '');
      if (action.type === 'settleMarket' && action.marketId.endsWith('-20ov') && action.result.kind === 'runs') {
        const text = lastScore.get(action.eventId) as string;
        // The 20-over session settles on the ball that ends the innings: the score just published.
        expect(text).toMatch(new RegExp(` ${action.result.runs}/\\d+ \\(`));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('FANCY-4 / FEED-3 while a ball is in the air the bookmaker and fancy quotes are suspended, the exchange keeps quoting', () => {
    let ballRunning = 0;
    for (const { action } of long.actions) {
      if (action.type === 'bookmakerQuote' && action.reason === 'BALL_RUNNING') {
        ballRunning++;
        expect(action.status).toBe('suspended');
      }
      if (action.type === 'fancyQuote' && action.quote.status === 'suspended' && action.quote.reason === 'BALL_RUNNING')
        ballRunning++;
    }
    expect(ballRunning).toBeGreaterThan(1000);
  });

  it('QUOTE-1 / FANCY-3 every published exchange quote has best back < best lay and every open fancy quote YES ≥ NO', () => {
    let exchange = 0;
    let fancy = 0;
    for (const { action } of long.actions) {
      if (action.type === 'exchangeQuote') {
        for (const r of action.runners) {
          const back = r.availableToBack[0]?.priceHundredths;
          const lay = r.availableToLay[0]?.priceHundredths;
          if (back !== undefined && lay !== undefined) expect(back).toBeLessThan(lay);
          exchange++;
        }
        const sum = action.runners.reduce((a, r) => a + r.fairProbability, 0);
        expect(sum).toBeCloseTo(1, 9);
      }
      if (action.type === 'fancyQuote' && action.quote.status === 'open') {
        expect(action.quote.yesLineRuns).toBeGreaterThanOrEqual(action.quote.noLineRuns);
        fancy++;
      }
    }
    expect(exchange).toBeGreaterThan(10_000);
    expect(fancy).toBeGreaterThan(1000);
  });
});

describe('FEED-6 determinism, persistence and catch-up', () => {
  it('FEED-6 the same seed and times give the same actions; the input state is never changed', () => {
    const a = run(3, 20 * 60_000);
    const b = run(3, 20 * 60_000);
    expect(a.actions).toEqual(b.actions);
    const frozen = deepFreeze(JSON.parse(JSON.stringify(a.feed)) as FeedState);
    expect(() => advanceFeed(frozen, T0 + 20 * 60_000)).not.toThrow();
  });

  it('FEED-6 a feed persisted as JSON and resumed gives the same actions as one that never stopped', () => {
    const straight = run(4, 40 * 60_000);
    const firstHalf = run(4, 20 * 60_000);
    const restored = JSON.parse(JSON.stringify(firstHalf.feed)) as FeedState;
    const secondHalf = run(4, 20 * 60_000, restored, T0 + 20 * 60_000);
    expect([...firstHalf.actions, ...secondHalf.actions]).toEqual(straight.actions);
  });

  it('FEED-6 after a long gap each event takes one step, not the backlog', () => {
    const warm = run(5, 5 * 60_000);
    const { actions } = advanceFeed(warm.feed, T0 + 5 * 60_000 + 3600_000);
    const scores = actions.filter((a) => a.type === 'score');
    const ids = scores.map((a) => (a.type === 'score' ? a.eventId : ''));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
