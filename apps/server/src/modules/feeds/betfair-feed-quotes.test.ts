/**
 * Issue 26, lag at 100× (decision 0042, addendum "lag"): the adapter translates only what a player can
 * see. A Betfair message that leaves Match Odds' visible house quotes as they were (best three prices
 * each side, their scaled and capped sizes, status, in play) sends the market's writer nothing; one
 * that changes them sends one quote, and the writer replaces the house's offers by difference. A
 * writer slower than the stream gets the latest book, not every book in between.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRestingOffers } from '@khel/exchange';
import { StreamCache } from '@khel/betfair-stream';
import type { MarketChangeMessage } from '@khel/betfair-stream';
import type { CricketChange } from '@khel/cricket-feed';
import type { TestApp } from '../../../test/test-app.js';
import { createTestApp } from '../../../test/test-app.js';
import type { FeedMarketAction } from '../sports/feed/index.js';
import { HOUSE_OWNER } from '../sports/betting/index.js';
import { createBetfairFeed } from './betfair-feed.js';
import { createBetfairFeedRunner, teamNamesOf } from './betfair-feed-runner.js';
import { FIXTURES_DIR } from './recorded-files.js';
import { loadReplay } from './replay-source.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const config = { sizeScalePaise: 100_00, houseLimitPaise: 25_000_00, league: 'Replays', label: '(test)' };
const definition = {
  status: 'OPEN' as const,
  inPlay: false,
  betDelay: 0,
  version: 1,
  eventId: '777',
  eventTypeId: '4',
  marketType: 'MATCH_ODDS',
  runners: [
    { id: 11, status: 'ACTIVE' as const, sortPriority: 1 },
    { id: 22, status: 'ACTIVE' as const, sortPriority: 2 },
  ],
};
let pt = 1_000;
const message = (
  rc: NonNullable<MarketChangeMessage['mc']>[number]['rc'],
  extra: object = {},
): MarketChangeMessage => ({
  op: 'mcm',
  pt: (pt += 500),
  mc: [{ id: '1.777', rc, ...extra }],
});

describe('the Betfair adapter sends the writer only what a player can see', () => {
  it('an unchanged visible book issues no writer command, a changed one one quote replaced by difference', async () => {
    const commands: FeedMarketAction['type'][] = [];
    const failures: string[] = [];
    let gate: Promise<void> = Promise.resolve(); // a slow writer, when a test closes it
    const runner = createBetfairFeedRunner({
      sports: t.services.sports,
      onMarket: async (marketId, action) => {
        commands.push(action.type);
        await gate;
        return t.services.marketRouter.run('feed.market', { marketId, action });
      },
      clock: t.clock,
      config,
      names: new Map([
        [11, 'Alpha'],
        [22, 'Beta'],
      ]),
      log: (text, error) => failures.push(`${text}: ${String(error)}`),
    });
    const handle = async (market: MarketChangeMessage) => {
      await runner.handle({ pt: market.pt, market });
      await runner.drain();
    };

    await handle(
      message(
        [
          {
            id: 11,
            atb: [
              [2.0, 10],
              [1.99, 20],
              [1.98, 30],
              [1.97, 40],
            ],
            atl: [
              [2.02, 10],
              [2.04, 20],
              [2.06, 30],
            ],
          },
          {
            id: 22,
            atb: [
              [1.96, 10],
              [1.95, 20],
              [1.94, 30],
            ],
            atl: [
              [1.98, 10],
              [2.0, 20],
              [2.02, 30],
            ],
          },
        ],
        { img: true, marketDefinition: definition },
      ),
    );
    expect(commands).toEqual(['exchangeQuote', 'bookmakerQuote']);
    const matchOdds = (await t.services.sports.repository.marketByFeedRef('betfair-777/match-odds'))!;
    const house = () =>
      t.services.books.withMarket(matchOdds.id, async (context) =>
        listRestingOffers(context.book!, HOUSE_OWNER).map((offer) => ({
          id: offer.offerId,
          side: offer.side,
          price: offer.priceHundredths,
          size: offer.remainingPaise,
        })),
      );
    const first = await house();
    expect(first).toHaveLength(12);
    expect(first).toContainEqual(expect.objectContaining({ side: 'lay', price: 200, size: 1_000_00 }));

    // A fourth-level price, traded volume and the last traded price: nothing a player sees of Match Odds.
    commands.length = 0;
    await handle(message([{ id: 11, atb: [[1.97, 55]], trd: [[2.0, 100]], ltp: 2.0, tv: 100 }], { tv: 100 }));
    await handle(message([{ id: 22, atl: [[2.08, 5]] }]));
    expect(commands).toEqual([]);
    expect(await house()).toEqual(first);

    // The best back size of Alpha moves: one quote, and only that offer is replaced (the rest keep their place).
    await handle(message([{ id: 11, atb: [[2.0, 15]] }]));
    expect(commands).toEqual(['exchangeQuote']);
    const second = await house();
    expect(second).toHaveLength(12);
    const kept = second.filter((offer) => first.some((before) => before.id === offer.id));
    expect(kept).toHaveLength(11);
    expect(second.filter((offer) => !kept.includes(offer))).toEqual([
      expect.objectContaining({ side: 'lay', price: 200, size: 1_500_00 }),
    ]);

    // A writer slower than the stream: the books that arrive while a quote is being written are
    // skipped, the latest one goes next (handle does not wait for a price change).
    commands.length = 0;
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    for (const size of [16, 17, 18])
      await runner.handle({ pt: (pt += 500), market: message([{ id: 11, atb: [[2.0, size]] }]) });
    expect(commands).toEqual(['exchangeQuote']);
    open();
    await runner.drain();
    expect(commands).toEqual(['exchangeQuote', 'exchangeQuote']);
    expect(await house()).toContainEqual(expect.objectContaining({ side: 'lay', price: 200, size: 1_800_00 }));
    expect(await house()).not.toContainEqual(expect.objectContaining({ side: 'lay', price: 200, size: 1_700_00 }));

    // Suspended: a player sees it, so it is sent.
    commands.length = 0;
    await handle(message([], { marketDefinition: { ...definition, status: 'SUSPENDED', version: 2 } }));
    expect(commands).toContain('exchangeQuote');
    expect((await t.services.sports.repository.market(matchOdds.id))!.status).toBe('suspended');
    expect(failures).toEqual([]);
  });

  it('a score message that changes nothing on the panel sends no score update', () => {
    const items = loadReplay(
      join(FIXTURES_DIR, 'betfair/1.200806927.jsonl.gz'),
      join(FIXTURES_DIR, 'betfair/ccm-1.200806927.jsonl.gz'),
    );
    const feed = createBetfairFeed(config, teamNamesOf(items));
    const cache = new StreamCache();
    const first = items.findIndex((item) => 'market' in item && item.market.mc?.some((mc) => mc.marketDefinition));
    const opening = items[first]!;
    if (!('market' in opening)) throw new Error('no market definition in the recording');
    const steps = cache.apply(opening.market).marketIds.flatMap((id) => feed.onMarket(cache.book(id)!, 0));
    expect(steps.map((step) => ('action' in step ? step.action.type : 'betDelay'))).toContain('createEvent');
    const scores = (from: number, to: number) =>
      items
        .slice(from, to)
        .flatMap((item) => ('score' in item ? feed.onScore((item.score.cc ?? []) as CricketChange[], 0) : []))
        .filter((step) => 'action' in step && step.action.type === 'score').length;
    // The recorded score stream up to the turn in play and a few overs on: the panel changes, updates go out.
    expect(scores(first + 1, first + 2_000)).toBeGreaterThan(0);
    // A score message with no change (a heartbeat): the panel is as it was, no update.
    expect(feed.onScore([], 0).filter((step) => 'action' in step && step.action.type === 'score')).toEqual([]);
  });
});
