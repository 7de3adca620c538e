/**
 * Forwarding player bets to the market's owner (decision 0034): two service instances over one
 * database, each with its own connections to a real Redis, as two processes would be. The first to
 * take a command on the market owns it; bets and cancels sent to the other are run by the owner's
 * writer (the other's writer commits nothing) and answered with exactly the owner's envelope, refusals
 * too; one Idempotency-Key places one bet whichever process hears it; a graceful stop gives the lease
 * back and the other process then writes the market itself.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../../test/test-app.js';
import { call, createOperator, signUpPlayer } from '../../../../test/test-app.js';
import type { OtherProcess } from '../../../../test/two-processes.js';
import { REDIS_URL, newMarket, twoProcesses } from '../../../../test/two-processes.js';
import { createMarketLeases } from './market-lease.js';

let here: TestApp;
let owner: OtherProcess | null = null;
let marketId = '';
let runnerId = '';
let token = '';
let director = '';
let prefix = '';

beforeAll(async () => {
  ({ here, other: owner, prefix } = await twoProcesses());
  director = (await createOperator(here, ROLES.DIRECTOR)).token;
  const market = await newMarket(here, director);
  marketId = market.id;
  runnerId = market.runners[0] as string;
  token = (await signUpPlayer(here)).token;
}, 60_000);
afterAll(async () => {
  await owner?.app.close();
  await here.close();
});

const bet = (odds: number, stake = 100, side: 'back' | 'lay' = 'back', market = marketId, runner = runnerId) => ({
  marketId: market,
  selectionId: runner,
  selectionType: side,
  odds,
  stake,
});
const place = (app: FastifyInstance, body: ReturnType<typeof bet>, key?: string) =>
  call(app, 'POST', '/api/v1/place-bet', {
    token,
    body,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });
const stable = (body: unknown) =>
  JSON.parse(
    JSON.stringify(body, (name, value: unknown) => (name === 'placedAt' || name === 'delayUntil' ? undefined : value)),
  ) as unknown;

describe('bets forwarded to the market owner over Redis', () => {
  it('runs a bet sent to the other process through the owner writer and answers its envelope', async () => {
    const first = owner as NonNullable<typeof owner>;
    // The first command on the market, on the owner, takes the lease there.
    const onOwner = await place(first.app, bet(3));
    expect(onOwner.body.meta.code).toBe(200);
    const ownerCommands = first.services.books.counts().commands;
    const ownerRebuilds = first.services.books.counts().rebuilds;
    const hereCommands = here.services.books.counts().commands;

    const forwarded = await place(here.app, bet(3.05));
    expect(forwarded.status).toBe(200);
    expect(forwarded.body.meta).toMatchObject({ code: 200, message: 'Bet placed' });
    const placed = forwarded.body.data as { _id: string; status: string; odds: number };
    expect(placed.status).toBe('unmatched');
    // The owner's writer committed it; this process's writer committed nothing.
    expect(first.services.books.counts().commands).toBe(ownerCommands + 1);
    expect(here.services.books.counts().commands).toBe(hereCommands);
    // One writer: the owner's book is never behind the log, so it is never rebuilt.
    expect(first.services.books.counts().rebuilds).toBe(ownerRebuilds);
    // The answer is the bet as it stands in the database.
    const read = await call(here.app, 'GET', `/api/v1/bet-sport-byMarket?marketId=${marketId}`, { token });
    expect((read.body.data as { _id: string }[]).map((row) => row._id)).toContain(placed._id);

    // A refusal travels back as the owner's exact envelope.
    for (const refused of [bet(3.01), bet(3, 0.5)]) {
      const there = await place(first.app, refused);
      const relayed = await place(here.app, refused);
      expect(there.body.meta.error).toBeDefined();
      expect(relayed.status).toBe(there.status);
      expect(relayed.body).toEqual(there.body);
    }
    expect(here.services.books.counts().commands).toBe(hereCommands);
  });

  it('places one bet per Idempotency-Key whichever process hears it, and cancels through the owner', async () => {
    const first = owner as NonNullable<typeof owner>;
    const key = `fw-${randomUUID()}`;
    const viaHere = await place(here.app, bet(4), key);
    const viaOwner = await place(first.app, bet(4), key);
    const again = await place(here.app, bet(4), key);
    const ids = [viaHere, viaOwner, again].map((answer) => (answer.body.data as { _id: string })._id);
    expect(new Set(ids).size).toBe(1);
    expect(stable(again.body.data)).toEqual(stable(viaOwner.body.data));
    const count = await here.db.query<{ n: string }>(
      'select count(*) as n from bets where market_id = $1 and price_h = 400',
      [marketId],
    );
    expect(Number(count.rows[0]?.n)).toBe(1);

    const hereCommands = here.services.books.counts().commands;
    const cancelled = await call(here.app, 'POST', '/api/v1/cancel-bet', { token, body: { betId: ids[0] } });
    expect(cancelled.body.meta).toMatchObject({ code: 200, message: 'Bet cancelled' });
    expect((cancelled.body.data as { status: string }).status).toBe('cancelled');
    expect(here.services.books.counts().commands).toBe(hereCommands);
    const twice = await call(here.app, 'POST', '/api/v1/cancel-bet', { token, body: { betId: ids[0] } });
    expect(twice.body.meta.error).toBe('BET_NOT_CANCELLABLE');
  });

  it('writes the market itself once the owner stopped and gave its lease back', async () => {
    await owner?.app.close();
    owner = null;
    expect((await here.db.query('select * from market_leases where market_id = $1', [marketId])).rows).toEqual([]);
    const hereCommands = here.services.books.counts().commands;
    const answer = await place(here.app, bet(5));
    expect(answer.body.meta.code).toBe(200);
    expect(here.services.books.counts().commands).toBe(hereCommands + 1);
    expect((await here.db.query('select * from market_leases where market_id = $1', [marketId])).rows).toHaveLength(1);
  });
});

describe('an owner that is gone or does not answer', () => {
  async function marketHeldBy(ghost: string) {
    const { id: market, runners } = await newMarket(here, director);
    // A process that took the lease and then died: it never renews it.
    const leases = createMarketLeases({ db: here.db, owner: ghost, options: { leaseMs: 400, renewMs: 100 } });
    expect(await leases.route(market)).toEqual({ kind: 'local' });
    return { market, runner: runners[0] as string };
  }
  const leaseOwner = async (market: string) =>
    (await here.db.query<{ owner: string }>('select owner from market_leases where market_id = $1', [market])).rows[0]
      ?.owner;

  it('waits out the lease of an owner nobody hears, then takes the market and places the bet once', async () => {
    const ghost = `ghost-${randomUUID()}`;
    const { market, runner } = await marketHeldBy(ghost);
    const commands = here.services.books.counts().commands;
    const answer = await place(here.app, bet(2, 100, 'back', market, runner));
    expect(answer.body.meta).toMatchObject({ code: 200, message: 'Bet placed' });
    expect(here.services.books.counts().commands).toBe(commands + 1);
    expect(await leaseOwner(market)).not.toBe(ghost);
    expect(await leaseOwner(market)).toBeDefined();
  });

  it('takes over from an owner that heard but stopped renewing its lease, and places the bet once under the forward key', async () => {
    const ghost = `ghost-${randomUUID()}`;
    // It still listens (a stuck process) but never answers.
    const listener = new Redis(REDIS_URL);
    const heard: { kind: string; payload: { key?: string } }[] = [];
    try {
      await listener.subscribe(`${prefix}:req:${ghost}`);
      listener.on('message', (_channel: string, text: string) =>
        heard.push(JSON.parse(text) as (typeof heard)[number]),
      );
      const { market, runner } = await marketHeldBy(ghost);
      const answer = await place(here.app, bet(2.5, 100, 'back', market, runner));
      expect(answer.body.meta).toMatchObject({ code: 200, message: 'Bet placed' });
      expect(heard.length).toBeGreaterThanOrEqual(1);
      expect(heard[0]?.kind).toBe('bet.place');
      const key = heard[0]?.payload.key as string;
      expect(key).toMatch(/^fwd:/);
      expect(heard.every((message) => message.payload.key === key)).toBe(true);
      // Placed here after the takeover, under the key made for the forward: the retry could only replay it.
      const stored = await here.db.query<{ response: unknown }>(
        'select response from idempotency_keys where key = $1',
        [key],
      );
      expect(stored.rows.map((row) => row.response)).toEqual([(answer.body.data as { _id: string })._id]);
      expect(await leaseOwner(market)).not.toBe(ghost);
      const bets = await here.db.query('select id from bets where market_id = $1', [market]);
      expect(bets.rows).toHaveLength(1);
    } finally {
      await listener.quit();
    }
  });
});
