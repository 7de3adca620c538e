import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { Services } from '../src/app.js';
import type { TestApp } from './test-app.js';
import { call, createTestApp } from './test-app.js';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A second process of the same server: its own services, writer, leases and Redis connections. */
export interface OtherProcess {
  app: FastifyInstance;
  services: Services;
}

/**
 * Two processes as the server runs them with Redis (decision 0034): two app instances over one
 * database and one clock, each with its own connections to a real Redis, on channels of this run only
 * (other test files on the same Redis hear nothing of it).
 */
export async function twoProcesses(
  env: Record<string, string> = {},
): Promise<{ here: TestApp; other: OtherProcess; prefix: string }> {
  const tag = randomUUID();
  const prefix = `khel:test-market:${tag}`;
  const here = await createTestApp({
    REDIS_URL,
    LIVE_CHANNEL: `khel:test-live:${tag}`,
    MARKET_FORWARD_CHANNEL: prefix,
    MARKET_FORWARD_TIMEOUT_MS: '1500',
    ...env,
  });
  const other = await buildApp({ config: here.config, db: here.db, clock: here.clock });
  await other.app.ready();
  return { here, other, prefix };
}

let made = 0;
/**
 * A market made through the back office of `t`, and its runners, read (not changed: a change to a
 * market is a command, and its first command takes the market's lease).
 */
export async function newMarket(
  t: TestApp,
  token: string,
  type: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY' = 'EXCHANGE',
  betDelaySeconds = 0,
): Promise<{ id: string; runners: string[] }> {
  made += 1;
  const sport = await call(t.app, 'POST', '/api/v1/backoffice/sports', { token, body: { name: 'Cricket' } });
  const league = await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
    token,
    body: { sportId: (sport.body.data as { _id: string })._id, name: 'Forward League' },
  });
  const event = await call(t.app, 'POST', '/api/v1/backoffice/events', {
    token,
    body: {
      leagueId: (league.body.data as { _id: string })._id,
      name: `Kings v Royals ${made}`,
      startTime: '2026-11-21T14:00:00.000Z',
    },
  });
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token,
    body: {
      eventId: (event.body.data as { _id: string })._id,
      marketType: type,
      name: type === 'FANCY' ? '10 over runs' : 'Match Odds',
      runners: type === 'FANCY' ? [] : ['Kings', 'Royals'],
      betDelaySeconds,
    },
  });
  const id = (created.body.data as { _id: string })._id;
  const book = await call(t.app, 'GET', `/api/v1/backoffice/markets/${id}/book`, { token });
  return {
    id,
    runners: (book.body.data as { market: { runners: { _id: string }[] } }).market.runners.map((runner) => runner._id),
  };
}

/** newMarket, open for bets at once: a bookmaker quoted 50 / 52 on every runner, a fancy line NO 61 / YES 63 at even money. */
export async function quotedMarket(
  t: TestApp,
  token: string,
  type: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY',
): Promise<{ id: string; runners: string[] }> {
  const market = await newMarket(t, token, type);
  if (type === 'BOOKMAKER')
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${market.id}/bookmaker-rates`, {
      token,
      body: { runners: market.runners.map((runnerId) => ({ runnerId, backRate: 50, layRate: 52 })) },
    });
  if (type === 'FANCY')
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${market.id}/fancy-line`, {
      token,
      body: { noLine: 61, noRate: 100, yesLine: 63, yesRate: 100 },
    });
  return market;
}
