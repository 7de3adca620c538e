/**
 * A batch PostgreSQL aborts for its timing (a deadlock, 40P01) runs again, whole (decision 0027,
 * addendum "house"): also when the deadlock met one command's own statement, which is then neither
 * refused nor left out; batch-mates commit once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../../test/test-app.js';
import { call, createOperator, createTestApp } from '../../../../test/test-app.js';

let t: TestApp;
let marketId: string;

beforeAll(async () => {
  t = await createTestApp();
  const token = (await createOperator(t, ROLES.DIRECTOR)).token;
  const id = (response: { body: { data?: unknown } }) => (response.body.data as { _id: string })._id;
  const sport = id(await call(t.app, 'POST', '/api/v1/backoffice/sports', { token, body: { name: 'Cricket' } }));
  const league = id(
    await call(t.app, 'POST', '/api/v1/backoffice/leagues', { token, body: { sportId: sport, name: 'Retry League' } }),
  );
  const event = id(
    await call(t.app, 'POST', '/api/v1/backoffice/events', {
      token,
      body: { leagueId: league, name: 'Kings v Royals', startTime: '2026-11-21T14:00:00.000Z' },
    }),
  );
  marketId = id(
    await call(t.app, 'POST', '/api/v1/backoffice/markets', {
      token,
      body: {
        eventId: event,
        marketType: 'BOOKMAKER',
        name: 'Bookmaker',
        runners: ['Kings', 'Royals'],
        betDelaySeconds: 0,
      },
    }),
  );
  await t.asOwner('create table retry_marks (job text not null)');
});

afterAll(async () => {
  await t.close();
});

describe('a batch aborted by a deadlock', () => {
  it('runs again whole, the command whose statement met it included, and commits each command once', async () => {
    let attempts = 0;
    const before = t.services.books.counts().timingRetries;
    const [first, second] = await Promise.allSettled([
      t.services.books.withMarket(marketId, async (context) => {
        await context.tx.query("insert into retry_marks (job) values ('first')");
        return 'first';
      }),
      t.services.books.withMarket(marketId, async (context) => {
        attempts += 1;
        // The first attempt meets a deadlock in its own statement, as a delayed bet's wallet update can.
        if (attempts === 1)
          await context.tx.exec("do $$ begin raise exception 'deadlock detected' using errcode = '40P01'; end $$");
        await context.tx.query("insert into retry_marks (job) values ('second')");
        return 'second';
      }),
    ]);
    expect(first).toEqual({ status: 'fulfilled', value: 'first' });
    expect(second).toEqual({ status: 'fulfilled', value: 'second' });
    expect(attempts).toBe(2);
    expect(t.services.books.counts().timingRetries - before).toBe(1);
    const marks = (await t.db.query<{ job: string }>('select job from retry_marks order by job')).rows.map(
      (row) => row.job,
    );
    expect(marks).toEqual(['first', 'second']);
  });

  it('refuses with the error once its retries are spent', async () => {
    const refused = t.services.books.withMarket(marketId, async (context) => {
      await context.tx.exec("do $$ begin raise exception 'deadlock detected' using errcode = '40P01'; end $$");
    });
    await expect(refused).rejects.toMatchObject({ code: '40P01' });
  });
});
