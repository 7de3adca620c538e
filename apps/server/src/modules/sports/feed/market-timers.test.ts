/**
 * What changes markets without a request (decision 0034, addendum: the timers' rule), on two
 * processes over one database and one Redis. The demo feed's market actions go to the market's owner
 * like any command, and a quote run again (its owner died before answering) changes nothing. A bet's
 * in-play delay is decided only by a process that may write its market: when both processes sweep,
 * the owner decides each pending bet once and the other touches nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../../test/test-app.js';
import { call, createOperator, signUpPlayer } from '../../../../test/test-app.js';
import type { OtherProcess } from '../../../../test/two-processes.js';
import { newMarket, twoProcesses } from '../../../../test/two-processes.js';
import type { FeedMarketAction } from './feed-market.js';

let here: TestApp;
let owner: OtherProcess;
let director = '';

beforeAll(async () => {
  ({ here, other: owner } = await twoProcesses());
  director = (await createOperator(here, ROLES.DIRECTOR)).token;
}, 60_000);
afterAll(async () => {
  await owner.app.close();
  await here.close();
});

/** An exchange market whose lease the other process took with the market's first command. */
async function ownedByOther(betDelaySeconds = 0) {
  const market = await newMarket(here, director, 'EXCHANGE', betDelaySeconds);
  expect(
    (await call(owner.app, 'PUT', `/api/v1/backoffice/markets/${market.id}`, { token: director, body: {} })).body.meta
      .code,
  ).toBe(200);
  return market;
}

const counts = () => ({ here: here.services.books.counts(), owner: owner.services.books.counts() });
const lastSeq = async (marketId: string) =>
  Number(
    (
      await here.db.query<{ seq: string | null }>('select max(seq) as seq from market_commands where market_id = $1', [
        marketId,
      ])
    ).rows[0]?.seq ?? 0,
  );

describe('the demo feed on a market another process owns', () => {
  it('sends its quote to the owner; the same quote again changes nothing, a new one replaces it', async () => {
    const m = await ownedByOther();
    const quote = (quoteId: string, sizePaise = 50_000): FeedMarketAction => ({
      type: 'exchangeQuote',
      status: 'open',
      offers: [{ runnerId: m.runners[0] as string, side: 'lay', priceHundredths: 300, sizePaise }],
      quoteId,
    });
    const feed = (action: FeedMarketAction) =>
      here.services.marketRouter.run('feed.market', { marketId: m.id, action });
    const first = quote(randomUUID());

    // A new quote equal to what rests keeps the resting offers (decision 0042, addendum "lag": quotes by difference).
    for (const [action, moves] of [
      [first, true],
      [first, false],
      [quote(randomUUID()), false],
      [quote(randomUUID(), 60_000), true],
    ] as const) {
      const before = { counts: counts(), seq: await lastSeq(m.id) };
      await feed(action);
      const after = counts();
      expect(after.here).toEqual(before.counts.here);
      expect(after.owner.commands).toBeGreaterThan(before.counts.owner.commands);
      expect(after.owner.rebuilds).toBe(before.counts.owner.rebuilds);
      if (moves) expect(await lastSeq(m.id)).toBeGreaterThan(before.seq);
      else expect(await lastSeq(m.id)).toBe(before.seq);
    }
    const view = (await call(here.app, 'GET', `/api/v1/backoffice/markets/${m.id}/book`, { token: director })).body
      .data as { market: { runners: { back: { price: number; size: number }[] }[] } };
    expect(view.market.runners[0]?.back).toEqual([{ price: 3, size: 600 }]);
  });
});

describe('the in-play delay on two processes', () => {
  it('is decided by the owner alone, each pending bet once, when both sweep', async () => {
    const m = await ownedByOther(2);
    expect(
      (await call(owner.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, { token: director, body: { inPlay: true } }))
        .body.meta.code,
    ).toBe(200);
    const place = async (token: string, selectionType: 'back' | 'lay', stake: number) =>
      (
        await call(here.app, 'POST', '/api/v1/place-bet', {
          token,
          body: { marketId: m.id, selectionId: m.runners[0], selectionType, odds: 3, stake },
        })
      ).body.data as { _id: string; status: string };
    // A resting lay (it crosses nothing, so it skips the delay), then backs that would match it: each waits out the delay.
    expect((await place((await signUpPlayer(here)).token, 'lay', 1000)).status).toBe('unmatched');
    const backer = (await signUpPlayer(here)).token;
    const pending: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const bet = await place(backer, 'back', 100);
      expect(bet.status).toBe('pending');
      pending.push(bet._id);
    }
    // Only the explicit sweeps below decide them: the timers and the background sweeps stop.
    here.services.delayedBets.stop();
    owner.services.delayedBets.stop();
    try {
      here.clock.advanceMs(3000);
      const before = counts();
      const [onHere, onOwner] = await Promise.all([
        here.services.delayedBets.sweep(),
        owner.services.delayedBets.sweep(),
      ]);
      expect({ onHere, onOwner }).toEqual({ onHere: 0, onOwner: 3 });
      const after = counts();
      expect(after.here).toEqual(before.here);
      expect(after.owner.rebuilds).toBe(before.owner.rebuilds);
    } finally {
      here.services.delayedBets.start(1000);
      owner.services.delayedBets.start(1000);
    }
    const bets = await here.db.query<{ id: string; status: string }>(
      'select id, status from bets where id = any($1::uuid[]) order by id',
      [pending],
    );
    expect(bets.rows.map((row) => row.status)).toEqual(['matched', 'matched', 'matched']);
    // Each placed on the book once: one engine command per decided bet.
    const placed = await here.db.query<{ id: string; n: number }>(
      "select command->>'offerId' as id, count(*)::int as n from market_commands where market_id = $1 and command->>'type' = 'place' and command->>'offerId' = any($2::text[]) group by 1 order by 1",
      [m.id, pending],
    );
    expect(placed.rows).toEqual([...pending].sort().map((id) => ({ id, n: 1 })));
  });
});
