/**
 * The market lease (decision 0034) on a real database: taken when free, renewed in one statement,
 * refused to another process while it runs, taken over once it expired (the first owner learns it
 * lost it at its next renewal), given back on a graceful stop. Times are the database's clock.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../../test/test-app.js';
import { call, createOperator, createTestApp } from '../../../../test/test-app.js';
import { createMarketLeases } from './market-lease.js';

let t: TestApp;

async function newMarket(): Promise<string> {
  const director = await createOperator(t, ROLES.DIRECTOR);
  const sport = await call(t.app, 'POST', '/api/v1/backoffice/sports', {
    token: director.token,
    body: { name: 'Cricket' },
  });
  const league = await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
    token: director.token,
    body: { sportId: (sport.body.data as { _id: string })._id, name: `Lease League ${randomUUID().slice(0, 6)}` },
  });
  const event = await call(t.app, 'POST', '/api/v1/backoffice/events', {
    token: director.token,
    body: {
      leagueId: (league.body.data as { _id: string })._id,
      name: 'Kings v Royals',
      startTime: '2026-11-21T14:00:00.000Z',
    },
  });
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token: director.token,
    body: {
      eventId: (event.body.data as { _id: string })._id,
      marketType: 'EXCHANGE',
      name: 'Match Odds',
      runners: ['Kings', 'Royals'],
      betDelaySeconds: 0,
    },
  });
  return (created.body.data as { _id: string })._id;
}

const leaseRow = async (marketId: string) =>
  (
    await t.db.query<{ owner: string; expires_at: Date }>(
      'select owner, expires_at from market_leases where market_id = $1',
      [marketId],
    )
  ).rows[0] ?? null;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('market lease', () => {
  it('is taken when free, refused to another process while it runs, and renewed in place', async () => {
    const marketId = await newMarket();
    const a = createMarketLeases({ db: t.db, owner: `A-${randomUUID()}` });
    const b = createMarketLeases({ db: t.db, owner: `B-${randomUUID()}` });
    expect(await a.route(marketId)).toEqual({ kind: 'local' });
    expect(a.holds(marketId)).toBe(true);
    const route = await b.route(marketId);
    expect(route.kind).toBe('owner');
    if (route.kind === 'owner') {
      expect(route.owner).toBe(a.owner);
      expect(route.remainingMs).toBeGreaterThan(0);
    }
    expect(b.holds(marketId)).toBe(false);

    const before = await leaseRow(marketId);
    await a.renew();
    const after = await leaseRow(marketId);
    expect(after?.owner).toBe(a.owner);
    expect((after?.expires_at as Date).getTime()).toBeGreaterThan((before?.expires_at as Date).getTime());
    expect(a.holds(marketId)).toBe(true);
    await a.stop();
    await b.stop();
  });

  it('is taken over once it expired, and its first owner learns it lost it at its next renewal', async () => {
    const marketId = await newMarket();
    const lost: string[] = [];
    // A short lease that A never renews (its timer is not started): a process that died.
    const a = createMarketLeases({
      db: t.db,
      owner: `A-${randomUUID()}`,
      options: { leaseMs: 200, renewMs: 50 },
      onLost: (id) => lost.push(id),
    });
    const b = createMarketLeases({ db: t.db, owner: `B-${randomUUID()}` });
    expect(await a.route(marketId)).toEqual({ kind: 'local' });
    let route = await b.route(marketId);
    expect(route.kind).toBe('owner');
    // Wait for the database's clock to pass the expiry (the condition, not a duration, ends the wait).
    while (route.kind === 'owner') {
      await new Promise((done) => setTimeout(done, route.kind === 'owner' ? route.remainingMs + 5 : 0));
      route = await b.route(marketId);
    }
    expect(b.holds(marketId)).toBe(true);
    expect((await leaseRow(marketId))?.owner).toBe(b.owner);

    await a.renew();
    expect(lost).toEqual([marketId]);
    expect(a.holds(marketId)).toBe(false);
    expect((await leaseRow(marketId))?.owner).toBe(b.owner);
    const back = await a.route(marketId);
    expect(back.kind === 'owner' && back.owner === b.owner).toBe(true);
    await a.stop();
    await b.stop();
  });

  it('is given back on a graceful stop, and the next command anywhere takes it', async () => {
    const marketId = await newMarket();
    const other = await newMarket();
    const a = createMarketLeases({ db: t.db, owner: `A-${randomUUID()}` });
    const b = createMarketLeases({ db: t.db, owner: `B-${randomUUID()}` });
    await a.route(marketId);
    await a.route(other);
    expect((await b.route(marketId)).kind).toBe('owner');
    await a.stop();
    expect(await leaseRow(marketId)).toBeNull();
    expect(await leaseRow(other)).toBeNull();
    expect(await b.route(marketId)).toEqual({ kind: 'local' });
    expect((await leaseRow(marketId))?.owner).toBe(b.owner);
    await b.stop();
    expect(await leaseRow(marketId)).toBeNull();
  });

  it('gives back a lease no command used for a while at the next renewal', async () => {
    const marketId = await newMarket();
    let now = 0;
    const a = createMarketLeases({
      db: t.db,
      owner: `A-${randomUUID()}`,
      options: { idleReleaseMs: 1000 },
      now: () => now,
    });
    await a.route(marketId);
    now = 500;
    await a.renew();
    expect(a.holds(marketId)).toBe(true);
    now = 1500;
    await a.renew();
    expect(a.holds(marketId)).toBe(false);
    expect(await leaseRow(marketId)).toBeNull();
    await a.stop();
  });

  it('leaves a command for a market that does not exist to run here (the writer answers NOT_FOUND)', async () => {
    const a = createMarketLeases({ db: t.db, owner: `A-${randomUUID()}` });
    expect(await a.route(randomUUID())).toEqual({ kind: 'local' });
    expect((await t.db.query('select * from market_leases where owner = $1', [a.owner])).rows).toEqual([]);
    await a.stop();
  });
});
