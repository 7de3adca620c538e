import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmakerRatesCrossed, fancyLinesCrossed } from '@khel/contract';
import type { TestApp } from '../../../../test/test-app.js';
import { createTestApp } from '../../../../test/test-app.js';
import { createFeedRunner } from './feed-runner.js';
import type { BookmakerQuoteJson, FancyQuoteJson } from '../sports-repository.js';

/**
 * Issue 9: the demo feed quotes through the same service calls an operator makes, which refuse a
 * crossed quote; the simulator must never produce one, so no feed action is refused for it and every
 * stored quote is uncrossed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the demo feed never quotes a sure profit', () => {
  it('drives an hour of simulated matches with every bookmaker and fancy quote accepted', async () => {
    const failures: string[] = [];
    const feed = createFeedRunner({
      sports: t.services.sports,
      onMarket: (marketId, action) => t.services.marketRouter.run('feed.market', { marketId, action }),
      clock: t.clock,
      seed: 9_090,
      tickMs: 1000,
      log: (message, error) => failures.push(`${message}: ${String(error)}`),
    });
    const quoted = { bookmaker: 0, fancy: 0 };
    for (let step = 0; step < 40; step += 1) {
      await feed.tick();
      t.clock.advanceMs(90_000);
    }
    const markets = await t.db.query<{ type: string; quote: BookmakerQuoteJson | FancyQuoteJson | null }>(
      'select type, quote from markets where feed_ref is not null and quote is not null',
    );
    for (const market of markets.rows) {
      if (market.type === 'BOOKMAKER') {
        quoted.bookmaker += 1;
        for (const runner of (market.quote as BookmakerQuoteJson).runners)
          expect(bookmakerRatesCrossed(runner.backRateHundredths, runner.layRateHundredths)).toBe(false);
      }
      if (market.type === 'FANCY') {
        quoted.fancy += 1;
        const line = market.quote as FancyQuoteJson;
        expect(fancyLinesCrossed(line.noLineRuns, line.yesLineRuns)).toBe(false);
      }
    }
    expect(failures).toEqual([]);
    expect(quoted.bookmaker).toBeGreaterThan(0);
    expect(quoted.fancy).toBeGreaterThan(0);
  }, 240_000);
});
