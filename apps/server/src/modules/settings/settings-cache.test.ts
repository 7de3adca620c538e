import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ROLES } from '@khel/contract';
import { buildApp } from '../../app.js';
import type { Services } from '../../app.js';
import type { Database, Queryable } from '../../db/database.js';
import type { LiveBus } from '../live/live-bus.js';
import { SETTINGS_CHANGED_TOPIC } from '../live/live-bus.js';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp } from '../../../test/test-app.js';
import { SETTINGS_CACHE_MS } from './settings-service.js';

/**
 * Decision 0029: each process answers the branding (app-settings, the player page, SMS texts) from
 * memory and drops it at once when any process changes it. "Another process" is a second app on the
 * same database with its own Redis connections, joined through the machine's Redis on a fresh channel.
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
  return {
    db: {
      kind: db.kind,
      ...countQueries(db),
      transaction: (fn) => db.transaction((tx) => fn(countQueries(tx))),
      close: () => db.close(),
    },
    count: () => statements,
  };
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

let t: TestApp;
let other: { app: FastifyInstance; services: Services; count: () => number };
beforeAll(async () => {
  t = await createTestApp({ REDIS_URL, LIVE_CHANNEL: `khel-test-settings-${randomBytes(4).toString('hex')}` });
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

const settingsOn = async (app: FastifyInstance) =>
  (await call(app, 'GET', '/api/v1/app-settings')).body.data as { siteName: string; color: string };

describe('the branding cache', () => {
  it('answers app-settings with no database round trip once the branding is cached', async () => {
    await settingsOn(other.app);
    const before = other.count();
    const answers = await Promise.all([settingsOn(other.app), settingsOn(other.app), settingsOn(other.app)]);
    expect(other.count() - before).toBe(0);
    expect(new Set(answers.map((answer) => answer.siteName)).size).toBe(1);
  });

  it('shows an operator change made through one process in the other at once, though it had the old branding cached', async () => {
    expect((await settingsOn(other.app)).siteName).not.toBe('Khel Monsoon');
    const director = await createOperator(t, ROLES.DIRECTOR);
    const announced = heard(other.services.bus, SETTINGS_CHANGED_TOPIC);
    const change = await call(t.app, 'PUT', '/api/v1/backoffice/branding', {
      token: director.token,
      body: { siteName: 'Khel Monsoon', color: '#1188CC' },
    });
    expect(change.body.meta.code).toBe(200);
    // In the process that changed it: before anything else happens.
    expect(await settingsOn(t.app)).toMatchObject({ siteName: 'Khel Monsoon', color: '#1188cc' });
    await announced;
    expect(await settingsOn(other.app)).toMatchObject({ siteName: 'Khel Monsoon', color: '#1188cc' });
    expect(await other.services.settings.siteName()).toBe('Khel Monsoon');
  });

  it('reads the database again once the entry has lived its time, so a lost announcement is bounded', async () => {
    await settingsOn(other.app);
    // A change the other process never hears of (made behind the service's back).
    await t.db.query("update site_settings set site_name = 'Khel Quiet' where id = 1");
    expect((await settingsOn(other.app)).siteName).not.toBe('Khel Quiet');
    t.clock.advanceMs(SETTINGS_CACHE_MS);
    expect((await settingsOn(other.app)).siteName).toBe('Khel Quiet');
  });
});
