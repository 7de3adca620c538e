import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { WS_CLOSE } from '@khel/contract';
import { buildApp } from '../../app.js';
import type { TestApp } from '../../../test/test-app.js';
import {
  PASSWORD,
  call,
  createOperator,
  createTestApp,
  latestOtp,
  nextIp,
  signUpPlayer,
} from '../../../test/test-app.js';
import type { LiveSocket } from '../../../test/live-sockets.js';
import { closedWithin, openLiveSocket } from '../../../test/live-sockets.js';

/**
 * Issue 9: an open WebSocket is closed at once on logout, password change,
 * password reset, suspension, self-exclusion, and idle or absolute expiry; also when the socket is held
 * by another process. "Another process" is a second app on the same database, joined to the first
 * through the machine's Redis on a channel of its own. "At once": the tests wait up to 10 s (a loaded
 * machine's budget, not a threshold); nothing else would close these sockets in that time, since the
 * periodic re-check runs on the app's clock, which only the expiry tests move.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const HOUR_MS = 60 * 60 * 1000;

interface Setup {
  t: TestApp;
  /** The app whose /ws the player's socket connects to. */
  socketApp: FastifyInstance;
  close(): Promise<void>;
}

async function sameProcess(): Promise<Setup> {
  const t = await createTestApp();
  return { t, socketApp: t.app, close: () => t.close() };
}

async function twoProcesses(): Promise<Setup> {
  const t = await createTestApp({ REDIS_URL, LIVE_CHANNEL: `khel-test-live-${randomBytes(4).toString('hex')}` });
  const second = await buildApp({ config: t.config, db: t.db, clock: t.clock });
  await second.app.ready();
  await Promise.all([t.services.bus.ready(), second.services.bus.ready()]);
  return {
    t,
    socketApp: second.app,
    async close() {
      await second.app.close();
      await t.close();
    },
  };
}

async function authenticatedSocket(app: FastifyInstance, token: string): Promise<LiveSocket> {
  const live = await openLiveSocket(app, { token });
  await live.next('authenticated');
  return live;
}

describe.each([
  ['on the same process', sameProcess],
  ['on another process (Redis)', twoProcesses],
])('a socket %s closes at once when its session ends', (_where, setUp) => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(async () => s.close());

  it('on logout, and a bystander and a public socket stay open', async () => {
    const player = await signUpPlayer(s.t);
    const bystander = await signUpPlayer(s.t);
    const live = await authenticatedSocket(s.socketApp, player.token);
    const other = await authenticatedSocket(s.socketApp, bystander.token);
    const visitor = await openLiveSocket(s.socketApp);

    expect((await call(s.t.app, 'POST', '/api/v1/logout', { token: player.token })).body.meta.code).toBe(200);
    const closed = await closedWithin(live, 10_000);
    expect(closed).toMatchObject({ code: WS_CLOSE.SESSION_REVOKED.code, reason: WS_CLOSE.SESSION_REVOKED.reason });

    other.send({ type: 'ping' });
    visitor.send({ type: 'ping' });
    await other.next('pong');
    await visitor.next('pong');
    expect(other.isOpen() && visitor.isOpen()).toBe(true);
    other.socket.close();
    visitor.socket.close();
  });

  it('on a password change: every socket of the account, and the new token opens a new one', async () => {
    const player = await signUpPlayer(s.t);
    const second = await call(s.t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
      ip: nextIp(),
    });
    const sockets = [
      await authenticatedSocket(s.socketApp, player.token),
      await authenticatedSocket(s.socketApp, second.body.meta.token as string),
    ];
    const changed = await call(s.t.app, 'POST', '/api/v1/change_password', {
      token: player.token,
      body: { old_password: PASSWORD, password: 'kite-over-river-8', confirm_password: 'kite-over-river-8' },
    });
    expect(changed.body.meta.code).toBe(200);
    for (const live of sockets) expect((await closedWithin(live, 10_000)).code).toBe(WS_CLOSE.SESSION_REVOKED.code);
    const fresh = await authenticatedSocket(s.socketApp, changed.body.meta.token as string);
    expect(fresh.isOpen()).toBe(true);
    fresh.socket.close();
  });

  it('on a password reset', async () => {
    const player = await signUpPlayer(s.t);
    const live = await authenticatedSocket(s.socketApp, player.token);
    s.t.clock.advanceMs(11_000);
    await call(s.t.app, 'POST', '/api/v1/forgot-password', { body: { mobile_no: player.mobileNo }, ip: nextIp() });
    const otp = await latestOtp(s.t.services, player.mobileNo);
    const reset = await call(s.t.app, 'POST', '/api/v1/reset-password', {
      body: {
        mobile_no: player.mobileNo,
        otp,
        password: 'lantern-by-the-sea-3',
        confirm_password: 'lantern-by-the-sea-3',
      },
    });
    expect(reset.body.meta.code).toBe(200);
    expect((await closedWithin(live, 10_000)).code).toBe(WS_CLOSE.SESSION_REVOKED.code);
  });

  it('on suspension by an operator, with the reason', async () => {
    const player = await signUpPlayer(s.t);
    const director = await createOperator(s.t);
    const live = await authenticatedSocket(s.socketApp, player.token);
    const suspend = await call(s.t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
      token: director.token,
      body: { suspended: true, suspendedReason: 'Review' },
    });
    expect(suspend.body.meta.code).toBe(200);
    expect(await closedWithin(live, 10_000)).toMatchObject({
      code: WS_CLOSE.SESSION_ENDED.code,
      reason: 'Your account is suspended, please contact support',
    });
  });

  it('on self-exclusion, with the reason', async () => {
    const player = await signUpPlayer(s.t);
    const live = await authenticatedSocket(s.socketApp, player.token);
    const excluded = await call(s.t.app, 'POST', '/api/v1/self-exclusion', {
      token: player.token,
      body: { days: 7, password: PASSWORD },
    });
    expect(excluded.body.meta.code).toBe(200);
    expect(await closedWithin(live, 10_000)).toMatchObject({
      code: WS_CLOSE.SESSION_ENDED.code,
      reason: 'Your account is self-excluded, you have been logged out',
    });
  });

  it('on idle expiry: an open socket alone does not keep a session alive', async () => {
    const player = await signUpPlayer(s.t);
    const live = await authenticatedSocket(s.socketApp, player.token);
    s.t.clock.advanceMs(11 * HOUR_MS);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(live.isOpen()).toBe(true);
    s.t.clock.advanceMs(HOUR_MS + 1000);
    expect((await closedWithin(live, 10_000)).code).toBe(WS_CLOSE.SESSION_REVOKED.code);
    expect((await call(s.t.app, 'GET', '/api/v1/getUserData', { token: player.token })).status).toBe(401);
  });

  it('even when the announcement is lost (Redis pub/sub is at most once): at the next safety re-check', async () => {
    const player = await signUpPlayer(s.t);
    const live = await authenticatedSocket(s.socketApp, player.token);
    // Ended behind the bus's back, as if the announcement had been published while Redis reconnected.
    await s.t.db.query(`update sessions set revoked_at = $2, revoke_reason = 'logout' where user_id = $1`, [
      player.userId,
      s.t.clock.now(),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(live.isOpen()).toBe(true);
    s.t.clock.advanceMs(2 * 60 * 1000 + 1000);
    expect((await closedWithin(live, 10_000)).code).toBe(WS_CLOSE.SESSION_REVOKED.code);
  });

  it('on absolute expiry, though the session was busy all week', async () => {
    const player = await signUpPlayer(s.t);
    const live = await authenticatedSocket(s.socketApp, player.token);
    let elapsedMs = 0;
    while (elapsedMs + 11 * HOUR_MS < 168 * HOUR_MS) {
      s.t.clock.advanceMs(11 * HOUR_MS);
      elapsedMs += 11 * HOUR_MS;
      expect((await call(s.t.app, 'GET', '/api/v1/getUserData', { token: player.token })).status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(live.isOpen()).toBe(true);
    s.t.clock.advanceMs(168 * HOUR_MS - elapsedMs + 1000);
    expect((await closedWithin(live, 10_000)).code).toBe(WS_CLOSE.SESSION_REVOKED.code);
  });
});
