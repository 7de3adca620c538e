import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { addDays, indiaDate } from '@khel/money';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { resultsSettleAlone } from '../../../test/one-operator-results.js';

/** My Bets' filters (issue 31): a sport, a market type, India dates; the player's own bets only. */
let t: TestApp;
let director: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
});
afterAll(async () => t.close());

const created = async (path: string, body: unknown) =>
  ((await call(t.app, 'POST', path, { token: director.token, body })).body.data as { _id: string })._id;

/** A sport with one event and a bookmaker market quoting back 45 / lay 48 on its first runner. */
async function bookmakerOf(sportName: string) {
  const sport = await created('/api/v1/backoffice/sports', { name: sportName });
  const league = await created('/api/v1/backoffice/leagues', { sportId: sport, name: `${sportName} League` });
  const event = await created('/api/v1/backoffice/events', {
    leagueId: league,
    name: `${sportName} Hawks v Owls`,
    startTime: '2026-11-21T14:00:00.000Z',
  });
  const market = await created('/api/v1/backoffice/markets', {
    eventId: event,
    marketType: 'BOOKMAKER',
    name: 'Bookmaker',
    runners: ['Hawks', 'Owls'],
  });
  const view = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${market}`, { token: director.token, body: {} }))
    .body.data as { runners: { _id: string }[] };
  const runner = view.runners[0]?._id as string;
  await call(t.app, 'PUT', `/api/v1/backoffice/markets/${market}/bookmaker-rates`, {
    token: director.token,
    body: { runners: [{ runnerId: runner, backRate: 45, layRate: 48 }] },
  });
  return { market, runner, event };
}

async function placed(token: string, m: { market: string; runner: string }) {
  const answer = await call(t.app, 'POST', '/api/v1/place-bet', {
    token,
    body: { marketId: m.market, selectionId: m.runner, selectionType: 'back', odds: 45, stake: 100 },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
  return answer.body.data as { _id: string; createdAt: string };
}

const ids = async (token: string, query: string) => {
  const answer = await call(t.app, 'GET', `/api/v1/my-bets?status=open${query}`, { token });
  expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
  return (answer.body.data as { _id: string }[]).map((bet) => bet._id).sort();
};

describe('My Bets filters (issue 31)', () => {
  it('filters by sport, market type and India dates, and never shows another player', async () => {
    const kabaddi = await bookmakerOf('Kabaddi');
    const hockey = await bookmakerOf('Hockey');
    const player = await signUpPlayer(t);
    const onKabaddi = await placed(player.token, kabaddi);
    const onHockey = await placed(player.token, hockey);
    const other = await signUpPlayer(t);
    await placed(other.token, kabaddi);

    expect(await ids(player.token, '')).toEqual([onKabaddi._id, onHockey._id].sort());
    expect(await ids(player.token, '&sport=kabaddi')).toEqual([onKabaddi._id]);
    expect(await ids(player.token, '&sport=hockey&marketType=BOOKMAKER')).toEqual([onHockey._id]);
    expect(await ids(player.token, '&marketType=FANCY')).toEqual([]);
    expect(await ids(player.token, '&sport=no-such-sport')).toEqual([]);

    // India dates, inclusive: the day the bets were placed has both, the day before none.
    const day = indiaDate(new Date(onKabaddi.createdAt));
    expect(await ids(player.token, `&start_date=${day}&end_date=${day}`)).toEqual([onKabaddi._id, onHockey._id].sort());
    expect(await ids(player.token, `&end_date=${addDays(day, -1)}`)).toEqual([]);
    expect(await ids(player.token, `&start_date=${addDays(day, 1)}&end_date=${addDays(day, 2)}`)).toEqual([]);
  });

  it("gives one event's bets, open and once settled: the event page keeps them after the result", async () => {
    const kabaddi = await bookmakerOf('Kho Kho');
    const hockey = await bookmakerOf('Polo');
    const player = await signUpPlayer(t);
    const onKabaddi = await placed(player.token, kabaddi);
    await placed(player.token, hockey);
    expect(await ids(player.token, `&eventId=${kabaddi.event}`)).toEqual([onKabaddi._id]);

    await resultsSettleAlone(t, director.token);
    const settle = await call(t.app, 'POST', `/api/v1/backoffice/markets/${kabaddi.market}/settle`, {
      token: director.token,
      body: { winnerId: kabaddi.runner },
    });
    expect(settle.body.meta.code, settle.body.meta.message).toBe(200);
    expect(await ids(player.token, `&eventId=${kabaddi.event}`)).toEqual([]);
    const settled = await call(t.app, 'GET', `/api/v1/my-bets?status=settled&eventId=${kabaddi.event}`, {
      token: player.token,
    });
    expect(settled.body.data).toMatchObject([{ _id: onKabaddi._id, status: 'settled', profitLoss: 45 }]);
  });

  it('refuses a malformed filter with a validation answer', async () => {
    const player = await signUpPlayer(t);
    for (const query of ['&marketType=ODDS', '&start_date=21/11/2026', '&eventId=42']) {
      const answer = await call(t.app, 'GET', `/api/v1/my-bets?status=open${query}`, { token: player.token });
      expect(answer.body.meta, query).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    }
  });
});
