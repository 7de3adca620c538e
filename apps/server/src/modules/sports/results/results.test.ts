import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type EventResults } from '@khel/contract';
import type { TestApp } from '../../../../test/test-app.js';
import { call, createOperator, createTestApp } from '../../../../test/test-app.js';
import { resultsSettleAlone } from '../../../../test/one-operator-results.js';

let t: TestApp;
let director: { token: string; userId: string };
beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
});
afterAll(async () => t.close());

async function event(name: string): Promise<string> {
  const sport = await call(t.app, 'POST', '/api/v1/backoffice/sports', {
    token: director.token,
    body: { name: 'Cricket' },
  });
  const league = await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
    token: director.token,
    body: { sportId: (sport.body.data as { _id: string })._id, name: 'Result League' },
  });
  const created = await call(t.app, 'POST', '/api/v1/backoffice/events', {
    token: director.token,
    body: { leagueId: (league.body.data as { _id: string })._id, name, startTime: '2026-11-21T04:00:00.000Z' },
  });
  return (created.body.data as { _id: string })._id;
}

async function market(eventId: string, type: 'EXCHANGE' | 'FANCY', name: string) {
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token: director.token,
    body: { eventId, marketType: type, name, runners: type === 'FANCY' ? [] : ['Kings', 'Royals'], betDelaySeconds: 0 },
  });
  const id = (created.body.data as { _id: string })._id;
  const view = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: director.token, body: {} })).body
    .data as { runners: { _id: string }[] };
  return { id, runners: view.runners.map((runner) => runner._id) };
}

async function decide(marketId: string, action: 'settle' | 'void', body: object): Promise<void> {
  const answer = await call(t.app, 'POST', `/api/v1/backoffice/markets/${marketId}/${action}`, {
    token: director.token,
    body,
  });
  expect(answer.body.meta.code, String(answer.body.meta.message)).toBe(200);
}

const results = async (query = '') =>
  (await call(t.app, 'GET', `/api/v1/results${query}`)).body as { meta: { code: number }; data: EventResults[] };

describe('results (issue 31)', () => {
  it('lists each settled or voided market of the day with its result, by event, and nothing still open', async () => {
    const first = await event('Kings v Royals');
    const odds = await market(first, 'EXCHANGE', 'Match Odds');
    const runs = await market(first, 'FANCY', '10 over runs');
    const voided = await market(first, 'EXCHANGE', 'Tied Match');
    await market(first, 'EXCHANGE', 'Still open');
    await decide(odds.id, 'settle', { winnerId: odds.runners[1] });
    t.clock.advanceMs(60_000);
    await decide(runs.id, 'settle', { runs: 74 });
    t.clock.advanceMs(60_000);
    await decide(voided.id, 'void', { reason: 'Rain, no result' });

    // A market settled the next India day (00:10 IST on 22 November) is that day's, not this one's.
    const second = await event('Giants v Titans');
    const tomorrow = await market(second, 'EXCHANGE', 'Match Odds');
    t.clock.advanceMs(Date.parse('2026-11-21T18:40:00.000Z') - t.clock.now().getTime());
    director = await createOperator(t, ROLES.DIRECTOR); // the first one's session has ended by now
    await decide(tomorrow.id, 'settle', { winnerId: tomorrow.runners[0] });

    const day = await results('?date=2026-11-21');
    expect(day.meta.code).toBe(200);
    expect(day.data).toHaveLength(1);
    const [entry] = day.data as [EventResults];
    expect(entry.event).toMatchObject({ _id: first, name: 'Kings v Royals', sport: { name: 'Cricket' } });
    expect(entry.markets.map((m) => [m.name, m.status, m.winner, m.runs, m.voidReason])).toEqual([
      ['Tied Match', 'voided', null, null, 'Rain, no result'],
      ['10 over runs', 'settled', null, 74, null],
      ['Match Odds', 'settled', 'Royals', null, null],
    ]);

    // Today (the clock's India day) is the default.
    const today = await results();
    expect(today.data.map((e) => [e.event.name, e.markets.map((m) => m.winner)])).toEqual([
      ['Giants v Titans', ['Kings']],
    ]);
    expect((await results('?date=2026-11-20')).data).toEqual([]);
  });

  it('refuses a date that is not a calendar date', async () => {
    for (const date of ['2026-13-01', '21-11-2026', 'yesterday'])
      expect((await results(`?date=${date}`)).meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
  });
});
