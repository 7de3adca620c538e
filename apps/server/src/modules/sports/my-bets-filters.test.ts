import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { addDays, indiaDate } from '@khel/money';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';

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
  return { market, runner };
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

  it('refuses a malformed filter with a validation answer', async () => {
    const player = await signUpPlayer(t);
    for (const query of ['&marketType=ODDS', '&start_date=21/11/2026']) {
      const answer = await call(t.app, 'GET', `/api/v1/my-bets?status=open${query}`, { token: player.token });
      expect(answer.body.meta, query).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    }
  });
});
