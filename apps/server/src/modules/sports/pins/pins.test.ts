import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PINNED_MARKETS, ROLES, type PinnedMarket } from '@khel/contract';
import type { TestApp } from '../../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../../test/test-app.js';
import { resultsSettleAlone } from '../../../../test/one-operator-results.js';

let t: TestApp;
let director: { token: string; userId: string };
let eventId: string;
beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
  const sport = await call(t.app, 'POST', '/api/v1/backoffice/sports', {
    token: director.token,
    body: { name: 'Cricket' },
  });
  const league = await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
    token: director.token,
    body: { sportId: (sport.body.data as { _id: string })._id, name: 'Pin League' },
  });
  const event = await call(t.app, 'POST', '/api/v1/backoffice/events', {
    token: director.token,
    body: {
      leagueId: (league.body.data as { _id: string })._id,
      name: 'Kings v Royals',
      startTime: '2026-11-21T14:00:00.000Z',
    },
  });
  eventId = (event.body.data as { _id: string })._id;
});
afterAll(async () => t.close());

let made = 0;
async function market(): Promise<{ id: string; runners: string[] }> {
  made += 1;
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token: director.token,
    body: { eventId, marketType: 'EXCHANGE', name: `Market ${made}`, runners: ['Kings', 'Royals'], betDelaySeconds: 0 },
  });
  const id = (created.body.data as { _id: string })._id;
  const view = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: director.token, body: {} })).body
    .data as { runners: { _id: string }[] };
  return { id, runners: view.runners.map((runner) => runner._id) };
}

const pinnedIds = (answer: { body: { data: unknown } }) =>
  (answer.body.data as PinnedMarket[]).map((pin) => pin.market._id);

describe('pinned markets (issue 31)', () => {
  it('pins, lists with the market and its event, pins again without a copy, and unpins', async () => {
    const player = await signUpPlayer(t);
    const [first, second] = [await market(), await market()];
    expect((await call(t.app, 'GET', '/api/v1/pinned-markets', { token: player.token })).body.data).toEqual([]);

    const pinned = await call(t.app, 'POST', '/api/v1/pinned-markets', {
      token: player.token,
      body: { marketId: first.id },
    });
    expect(pinned.body.meta).toMatchObject({ code: 200, message: 'Market pinned' });
    t.clock.advanceMs(1000);
    await call(t.app, 'POST', '/api/v1/pinned-markets', { token: player.token, body: { marketId: second.id } });
    const again = await call(t.app, 'POST', '/api/v1/pinned-markets', {
      token: player.token,
      body: { marketId: first.id },
    });
    expect(pinnedIds(again)).toEqual([first.id, second.id]);

    const list = (await call(t.app, 'GET', '/api/v1/pinned-markets', { token: player.token })).body
      .data as PinnedMarket[];
    expect(list[0]).toMatchObject({
      market: { _id: first.id, marketType: 'EXCHANGE', eventId, runners: [{ name: 'Kings' }, { name: 'Royals' }] },
      event: { _id: eventId, name: 'Kings v Royals', sport: { name: 'Cricket' }, league: { name: 'Pin League' } },
    });

    const unpinned = await call(t.app, 'DELETE', `/api/v1/pinned-markets/${first.id}`, { token: player.token });
    expect(unpinned.body.meta).toMatchObject({ code: 200, message: 'Market unpinned' });
    expect(pinnedIds(unpinned)).toEqual([second.id]);
    expect(pinnedIds(await call(t.app, 'GET', '/api/v1/pinned-markets', { token: player.token }))).toEqual([second.id]);
  });

  it("keeps each player's pins their own: another player neither sees nor removes them", async () => {
    const [owner, other] = [await signUpPlayer(t), await signUpPlayer(t)];
    const m = await market();
    await call(t.app, 'POST', '/api/v1/pinned-markets', { token: owner.token, body: { marketId: m.id } });
    expect((await call(t.app, 'GET', '/api/v1/pinned-markets', { token: other.token })).body.data).toEqual([]);
    const removed = await call(t.app, 'DELETE', `/api/v1/pinned-markets/${m.id}`, { token: other.token });
    expect(removed.body.data).toEqual([]);
    expect(pinnedIds(await call(t.app, 'GET', '/api/v1/pinned-markets', { token: owner.token }))).toEqual([m.id]);
  });

  it(`holds at most ${MAX_PINNED_MARKETS} markets; a settled market drops off and frees its place`, async () => {
    const player = await signUpPlayer(t);
    const markets = [];
    for (let i = 0; i <= MAX_PINNED_MARKETS; i += 1) markets.push(await market());
    for (const m of markets.slice(0, MAX_PINNED_MARKETS)) {
      const answer = await call(t.app, 'POST', '/api/v1/pinned-markets', {
        token: player.token,
        body: { marketId: m.id },
      });
      expect(answer.body.meta.code).toBe(200);
    }
    const last = markets[MAX_PINNED_MARKETS] as { id: string };
    const full = await call(t.app, 'POST', '/api/v1/pinned-markets', {
      token: player.token,
      body: { marketId: last.id },
    });
    expect(full.body.meta).toMatchObject({ code: 422, error: 'PINS_FULL' });

    const settled = markets[0] as { id: string; runners: string[] };
    const settle = await call(t.app, 'POST', `/api/v1/backoffice/markets/${settled.id}/settle`, {
      token: director.token,
      body: { winnerId: settled.runners[0] },
    });
    expect(settle.body.meta.code).toBe(200);
    const list = pinnedIds(await call(t.app, 'GET', '/api/v1/pinned-markets', { token: player.token }));
    expect(list).toHaveLength(MAX_PINNED_MARKETS - 1);
    expect(list).not.toContain(settled.id);
    const now = await call(t.app, 'POST', '/api/v1/pinned-markets', {
      token: player.token,
      body: { marketId: last.id },
    });
    expect(pinnedIds(now)).toHaveLength(MAX_PINNED_MARKETS);

    const closed = await call(t.app, 'POST', '/api/v1/pinned-markets', {
      token: player.token,
      body: { marketId: settled.id },
    });
    expect(closed.body.meta).toMatchObject({ code: 409, error: 'MARKET_CLOSED' });
  });

  it('refuses an unknown market, bad input, visitors and operators', async () => {
    const player = await signUpPlayer(t);
    const unknown = await call(t.app, 'POST', '/api/v1/pinned-markets', {
      token: player.token,
      body: { marketId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.body.meta).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    const bad = await call(t.app, 'POST', '/api/v1/pinned-markets', { token: player.token, body: { marketId: 'x' } });
    expect(bad.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    const badPath = await call(t.app, 'DELETE', '/api/v1/pinned-markets/not-a-uuid', { token: player.token });
    expect(badPath.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect((await call(t.app, 'GET', '/api/v1/pinned-markets')).status).toBe(401);
    const m = await market();
    const operator = await call(t.app, 'POST', '/api/v1/pinned-markets', {
      token: director.token,
      body: { marketId: m.id },
    });
    expect(operator.body.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });
  });
});
