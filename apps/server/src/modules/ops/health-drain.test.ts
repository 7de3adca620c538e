import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, WS_CLOSE } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { closedWithin, openLiveSocket } from '../../../test/live-sockets.js';
import { holdAccounts } from '../casino/casino-test-support.js';
import { readiness } from './health-service.js';

/** Issue 29: liveness, readiness and the graceful drain of one process (the cluster's drain is e2e/server/drain.e2e.ts). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('health probes', () => {
  it('live answers while the process runs; /api/health stays as the harness knows it', async () => {
    const live = await call(t.app, 'GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ status: 'ok' });
    const health = await call(t.app, 'GET', '/api/health');
    expect(health.body).toMatchObject({ status: 'ok', database: t.db.kind });
  });

  it('ready is 200 with every check passed, and 503 naming the migration the database lacks', async () => {
    const ready = await call(t.app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: {
        database: { ok: true },
        migrations: { ok: true },
        redis: { ok: true, detail: 'not configured' },
        markets: { ok: true },
      },
    });
    // A process started with newer code than the database's schema (another process has not migrated yet).
    const [last] = (await t.db.query<{ id: string }>('select id from schema_migrations order by id desc limit 1')).rows;
    // The server's role may not change schema_migrations (decision 0043): the owner takes the row away.
    const id = String(last?.id);
    expect(id).toMatch(/^[\w-]+$/);
    await t.asOwner(`delete from schema_migrations where id = '${id}'`);
    try {
      const behind = await call(t.app, 'GET', '/api/health/ready');
      expect(behind.status).toBe(503);
      expect(behind.body).toMatchObject({
        status: 'not_ready',
        checks: { migrations: { ok: false, detail: `not applied: ${last?.id}` }, database: { ok: true } },
      });
    } finally {
      await t.asOwner(`insert into schema_migrations (id) values ('${id}')`);
    }
  });

  it('ready fails its Redis check when the configured Redis does not answer, and passes with the real one', async () => {
    const deps = {
      db: t.db,
      repository: t.services.ops,
      marketsReachable: () => true,
      phase: () => 'serving' as const,
      startedAtMs: Date.now(),
    };
    const dead = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
    });
    dead.on('error', () => undefined);
    const down = await readiness({ ...deps, redis: dead });
    expect(down.status).toBe('not_ready');
    expect(down.checks.redis.ok).toBe(false);
    dead.disconnect();
    const real = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: false });
    try {
      const up = await readiness({ ...deps, redis: real });
      expect(up).toMatchObject({ status: 'ready', checks: { redis: { ok: true } } });
      const unreachableWriters = await readiness({ ...deps, redis: real, marketsReachable: () => false });
      expect(unreachableWriters).toMatchObject({ status: 'not_ready', checks: { markets: { ok: false } } });
    } finally {
      real.disconnect();
    }
  });
});

describe('graceful drain', () => {
  it('answers the bet in flight, refuses new requests with 503 SERVICE_RESTARTING, then closes sockets with 1012', async () => {
    const drained = await createTestApp();
    let release = async (): Promise<void> => undefined;
    try {
      const director = await createOperator(drained, ROLES.DIRECTOR);
      const player = await signUpPlayer(drained);
      const post = (url: string, body: unknown) =>
        call(drained.app, 'POST', url, { token: director.token, body }).then(
          (answer) => answer.body.data as { _id: string },
        );
      const sport = await post('/api/v1/backoffice/sports', { name: 'Cricket' });
      const league = await post('/api/v1/backoffice/leagues', { sportId: sport._id, name: 'Drain League' });
      const event = await post('/api/v1/backoffice/events', {
        leagueId: league._id,
        name: 'Stayers v Goers',
        startTime: '2026-11-21T14:00:00.000Z',
      });
      const market = await post('/api/v1/backoffice/markets', {
        eventId: event._id,
        marketType: 'EXCHANGE',
        name: 'Match Odds',
        runners: ['Stayers', 'Goers'],
        betDelaySeconds: 0,
      });
      const view = (
        await call(drained.app, 'PUT', `/api/v1/backoffice/markets/${market._id}`, { token: director.token, body: {} })
      ).body.data as { runners: { _id: string }[] };

      await drained.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(drained.app.server.address() as AddressInfo).port}`;
      const live = await openLiveSocket(drained.app, { token: player.token });
      await live.next('authenticated');

      // The player's ledger rows are held, as by a long settlement: the bet stays in flight.
      const hold = await holdAccounts(drained.db, player.userId);
      let released = false;
      release = async () => {
        if (!released) await hold.release();
        released = true;
      };
      const placing = fetch(`${base}/api/v1/place-bet`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${player.token}`,
          'idempotency-key': 'drain-1',
        },
        body: JSON.stringify({
          marketId: market._id,
          selectionId: view.runners[0]?._id,
          selectionType: 'lay',
          odds: 2,
          stake: 100,
        }),
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { meta: { code: number } },
      }));
      // The app's own drain, the one SIGTERM runs in server.ts; it starts once the bet is in flight.
      const running = drained.drain;
      await expect.poll(() => running.inFlight()).toBe(1);
      let drainedAt = 0;
      const draining = running.drain(10_000).then((result) => {
        drainedAt = Date.now();
        return result;
      });
      await expect.poll(() => running.phase()).toBe('refusing');

      const refused = await fetch(`${base}/api/v1/sports`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('connection')).toBe('close');
      expect(await refused.json()).toMatchObject({ meta: { code: 503, error: 'SERVICE_RESTARTING' } });
      const probe = await fetch(`${base}/api/health/live`);
      expect(probe.status).toBe(200);
      expect(drainedAt).toBe(0);
      const releasedAt = Date.now();
      await release();
      const answer = await placing;
      expect(answer).toMatchObject({ status: 200, body: { meta: { code: 200 } } });
      expect(await draining).toEqual({ unanswered: 0 });
      expect(drainedAt).toBeGreaterThanOrEqual(releasedAt);
      const bets = await drained.db.query('select id from bets where user_id = $1', [player.userId]);
      expect(bets.rowCount).toBe(1);

      await drained.app.close();
      const closed = await closedWithin(live, 5000);
      expect(closed).toMatchObject({ code: WS_CLOSE.RESTARTING.code, reason: WS_CLOSE.RESTARTING.reason });
    } finally {
      await release();
      await drained.close().catch(() => undefined);
    }
  }, 120_000);
});
