import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import type { Services } from '../../app.js';
import type { Database, Queryable } from '../../db/database.js';
import type { LiveBus } from '../live/live-bus.js';
import { SESSIONS_REVOKED_TOPIC, USERS_CHANGED_TOPIC } from '../live/live-bus.js';
import type { TestApp } from '../../../test/test-app.js';
import { PASSWORD, call, createOperator, createTestApp, nextIp, signUpPlayer } from '../../../test/test-app.js';

/**
 * Decision 0029: sessions and balances answer from memory, and every process drops them at once when
 * any process ends a session or changes the account. "Another process" is a second app on the same
 * database, each with its own Redis connections, joined through the machine's Redis on a fresh channel.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The database with a count of the statements sent through it (in transactions too). */
function counting(db: Database): { db: Database; count: () => number } {
  let statements = 0;
  const countQueries = (target: Queryable): Queryable => ({
    query: (sql, params) => {
      statements += 1;
      return target.query(sql, params);
    },
    exec: (sql) => target.exec(sql),
  });
  const wrapped: Database = {
    kind: db.kind,
    ...countQueries(db),
    transaction: (fn) => db.transaction((tx) => fn(countQueries(tx))),
    close: () => db.close(),
  };
  return { db: wrapped, count: () => statements };
}

/** Settles when the bus delivers a message on the topic (Redis: to this process). */
function heard(bus: LiveBus, topic: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = bus.onMessage((message) => {
      if (message.topic !== topic) return;
      stop();
      resolve();
    });
  });
}

interface Profile {
  balance: number;
  allowStatements: boolean;
}

let t: TestApp;
let other: { app: FastifyInstance; services: Services; count: () => number };
beforeAll(async () => {
  t = await createTestApp({ REDIS_URL, LIVE_CHANNEL: `khel-test-sessions-${randomBytes(4).toString('hex')}` });
  const countingDb = counting(t.db);
  const second = await buildApp({ config: t.config, db: countingDb.db, clock: t.clock });
  await second.app.ready();
  await Promise.all([t.services.bus.ready(), second.services.bus.ready()]);
  other = { app: second.app, services: second.services, count: countingDb.count };
});
afterAll(async () => {
  await other.app.close();
  await t.close();
});

const profileOn = async (app: FastifyInstance, token: string) => {
  const answer = await call(app, 'GET', '/api/v1/getUserData', { token });
  return { status: answer.status, meta: answer.body.meta, profile: answer.body.data as Profile };
};

describe('the session cache', () => {
  it('answers getUserData with no database round trip once the session and balances are cached', async () => {
    const player = await signUpPlayer(t);
    expect((await profileOn(other.app, player.token)).status).toBe(200);
    // The sign-up's welcome chips are announced on the bus a moment later and drop the balance once: let that pass.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await profileOn(other.app, player.token)).status).toBe(200);
    const before = other.count();
    const again = await profileOn(other.app, player.token);
    expect(again.status).toBe(200);
    expect(other.count() - before).toBe(0);
  });

  it('still writes last_seen_at once a minute for a cached session: a call due its write is not answered from the cache alone', async () => {
    const player = await signUpPlayer(t);
    const lastSeen = async () =>
      (
        await t.db.query<{ last_seen_at: Date }>(
          'select last_seen_at from sessions where user_id = $1 and revoked_at is null',
          [player.userId],
        )
      ).rows[0]?.last_seen_at.getTime();
    const signedInAt = await lastSeen();
    t.clock.advanceMs(50_000);
    expect((await profileOn(other.app, player.token)).status).toBe(200);
    expect(await lastSeen()).toBe(signedInAt);
    // Still cached (30 s life), but now 65 s since it was last seen: this call writes last_seen_at.
    t.clock.advanceMs(15_000);
    expect((await profileOn(other.app, player.token)).status).toBe(200);
    expect(await lastSeen()).toBe(t.clock.now().getTime());
  });

  it('drops a balance at once when a posting on the wallet commits, here and in the other process', async () => {
    const player = await signUpPlayer(t);
    const start = (await profileOn(t.app, player.token)).profile.balance;
    expect((await profileOn(other.app, player.token)).profile.balance).toBe(start);
    const pushed = heard(other.services.bus, `user:${player.userId}`);
    await t.services.wallet.transaction((tx) =>
      t.services.wallet.post(tx, {
        kind: 'adjustment',
        description: 'test',
        entries: [
          { account: { house: 'house_cash' }, amountPaise: -300_00 },
          { account: { userId: player.userId, wallet: 'main' }, amountPaise: 300_00 },
        ],
      }),
    );
    // In the process that posted: before anything else happens.
    expect((await profileOn(t.app, player.token)).profile.balance).toBe(start + 300);
    await pushed;
    expect((await profileOn(other.app, player.token)).profile.balance).toBe(start + 300);
  });

  it('refuses a signed-out session in the other process at once, though it had it cached', async () => {
    const player = await signUpPlayer(t);
    expect((await profileOn(other.app, player.token)).status).toBe(200);
    const revoked = heard(other.services.bus, SESSIONS_REVOKED_TOPIC);
    expect(
      (await call(t.app, 'POST', '/api/v1/logout', { token: player.token, body: { user_id: player.userId } })).body.meta
        .code,
    ).toBe(200);
    await revoked;
    expect((await profileOn(other.app, player.token)).status).toBe(401);
  });

  it('refuses every session in the other process at once after a password change, a suspension or a permission change', async () => {
    const player = await signUpPlayer(t);
    expect((await profileOn(other.app, player.token)).status).toBe(200);
    const changedPassword = heard(other.services.bus, SESSIONS_REVOKED_TOPIC);
    const change = await call(t.app, 'POST', '/api/v1/change_password', {
      token: player.token,
      body: { old_password: PASSWORD, password: 'kite-festival-77', confirm_password: 'kite-festival-77' },
    });
    expect(change.body.meta.code).toBe(200);
    await changedPassword;
    expect((await profileOn(other.app, player.token)).status).toBe(401);

    const fresh = change.body.meta.token as string;
    expect((await profileOn(other.app, fresh)).profile.allowStatements).toBe(true);
    const director = await createOperator(t);
    const changed = heard(other.services.bus, USERS_CHANGED_TOPIC);
    expect(
      (
        await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
          token: director.token,
          body: { allowStatements: false },
          ip: nextIp(),
        })
      ).body.meta.code,
    ).toBe(200);
    await changed;
    expect((await profileOn(other.app, fresh)).profile.allowStatements).toBe(false);

    const suspended = heard(other.services.bus, SESSIONS_REVOKED_TOPIC);
    expect(
      (
        await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
          token: director.token,
          body: { suspended: true, suspendedReason: 'checks' },
          ip: nextIp(),
        })
      ).body.meta.code,
    ).toBe(200);
    await suspended;
    const refused = await profileOn(other.app, fresh);
    expect(refused.meta).toMatchObject({ code: 401, message: 'Your account is suspended, please contact support' });
  });
});
