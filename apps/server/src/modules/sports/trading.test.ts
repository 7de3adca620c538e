import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { CashOutQuote, MarketPosition } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { resultsSettleAlone } from '../../../test/one-operator-results.js';

let t: TestApp;
let director: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
});
afterAll(async () => t.close());

let counter = 0;
async function market(type: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY') {
  counter += 1;
  const sport = await call(t.app, 'POST', '/api/v1/backoffice/sports', {
    token: director.token,
    body: { name: 'Cricket' },
  });
  const league = await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
    token: director.token,
    body: { sportId: (sport.body.data as { _id: string })._id, name: 'Trading League' },
  });
  const event = await call(t.app, 'POST', '/api/v1/backoffice/events', {
    token: director.token,
    body: {
      leagueId: (league.body.data as { _id: string })._id,
      name: `Kings v Royals ${counter}`,
      startTime: '2026-11-21T14:00:00.000Z',
    },
  });
  const eventId = (event.body.data as { _id: string })._id;
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token: director.token,
    body: {
      eventId,
      marketType: type,
      name: type === 'FANCY' ? '10 over runs' : 'Match Odds',
      runners: type === 'FANCY' ? [] : ['Kings', 'Royals'],
      betDelaySeconds: 0,
    },
  });
  const id = (created.body.data as { _id: string })._id;
  const view = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: director.token, body: {} })).body
    .data as { runners: { _id: string }[] };
  return { id, eventId, runners: view.runners.map((runner) => runner._id) as [string, string] };
}

const bet = (token: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/v1/place-bet', { token, body: { stake: 100, ...body } });
const positionsOf = async (token: string, eventId: string) =>
  (await call(t.app, 'GET', `/api/v1/event-positions?eventId=${eventId}`, { token })).body.data as MarketPosition[];
const quoteOf = async (token: string, marketId: string, percent = 100) =>
  (await call(t.app, 'GET', `/api/v1/cash-out-quote?marketId=${marketId}&percent=${percent}`, { token })).body
    .data as CashOutQuote;
const cashOut = (token: string, body: Record<string, unknown>, key?: string) =>
  call(t.app, 'POST', '/api/v1/cash-out', {
    token,
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
const profileOf = async (token: string) =>
  (await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number; exposure: number };
const figures = (positions: MarketPosition[], marketId: string) =>
  positions
    .find((position) => position.marketId === marketId)
    ?.runners.map((runner) => [runner.profitLoss, runner.ifUnmatchedFill]);

/** A backer with ₹100 matched on Kings at 3.0, and ₹1,000 of other players' backs on Kings at 2.0 to lay into. */
async function backedExchange() {
  const m = await market('EXCHANGE');
  const layer = await signUpPlayer(t);
  const backer = await signUpPlayer(t);
  const maker = await signUpPlayer(t);
  await bet(layer.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'lay', odds: 3, stake: 100 });
  await bet(backer.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 3, stake: 100 });
  await bet(maker.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 2, stake: 1000 });
  return { m, layer, backer, maker };
}

describe('positions under every runner', () => {
  it('back then lay: both runner figures, the second tone for the unmatched offer, pushed live after each fill', async () => {
    const { m, backer } = await backedExchange();
    const pushed: { topic: string; payload: { type: string; marketId?: string; positions?: MarketPosition[] } }[] = [];
    const stop = t.services.bus.onMessage((message) => pushed.push(message as (typeof pushed)[number]));
    expect(figures(await positionsOf(backer.token, m.eventId), m.id)).toEqual([
      [200, 200],
      [-100, -100],
    ]);
    // Lay ₹100 at 2.0: matches the maker's back → Kings 200 − 100 = 100, Royals −100 + 100 = 0.
    await bet(backer.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'lay', odds: 2, stake: 100 });
    // An unmatched lay of ₹100 on Royals at 4.0: if it filled, Royals −300 more, Kings +100.
    await bet(backer.token, { marketId: m.id, selectionId: m.runners[1], selectionType: 'lay', odds: 4, stake: 100 });
    stop();
    expect(figures(await positionsOf(backer.token, m.eventId), m.id)).toEqual([
      [100, 200],
      [0, -300],
    ]);
    const mine = pushed.filter(
      (message) => message.topic === `user:${backer.userId}` && message.payload.type === 'positions',
    );
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.at(-1)?.payload.positions?.[0]?.runners.map((runner) => runner.profitLoss)).toEqual([100, 0]);
  });

  it('settlement pushes every player in the market an empty position, and the event shows none', async () => {
    const { m, layer, backer, maker } = await backedExchange();
    const pushed: { topic: string; payload: { type: string; marketId?: string; positions?: MarketPosition[] } }[] = [];
    const stop = t.services.bus.onMessage((message) => pushed.push(message as (typeof pushed)[number]));
    const settled = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: m.runners[0] },
    });
    stop();
    expect(settled.body.meta.code).toBe(200);
    for (const player of [layer, backer, maker]) {
      const mine = pushed.filter(
        (message) =>
          message.topic === `user:${player.userId}` &&
          message.payload.type === 'positions' &&
          message.payload.marketId === m.id,
      );
      expect(mine.at(-1)?.payload.positions).toEqual([]);
      expect(await positionsOf(player.token, m.eventId)).toEqual([]);
    }
  });

  it('a fancy book: the run ladder with the worst case marked; nothing for another player', async () => {
    const m = await market('FANCY');
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/fancy-line`, {
      token: director.token,
      body: { noLine: 61, noRate: 100, yesLine: 63, yesRate: 100 },
    });
    const player = await signUpPlayer(t);
    await bet(player.token, { marketId: m.id, selectionType: 'back', odds: 63, oddsSize: 100, stake: 100 });
    await bet(player.token, { marketId: m.id, selectionType: 'lay', odds: 61, oddsSize: 100, stake: 100 });
    const book = (await positionsOf(player.token, m.eventId))[0]?.fancyBook;
    expect(book).toEqual([
      { fromRuns: 0, toRuns: 61, profitLoss: 0, worst: false },
      { fromRuns: 61, toRuns: 63, profitLoss: -200, worst: true },
      { fromRuns: 63, toRuns: null, profitLoss: 0, worst: false },
    ]);
    expect(await positionsOf((await signUpPlayer(t)).token, m.eventId)).toEqual([]);
  });
});

describe('exchange cash out', () => {
  it('full: lays ₹150 at 2.0, equal P&L (₹50) on every runner, exposure released; settles through the journal', async () => {
    const { m, backer } = await backedExchange();
    const quote = await quoteOf(backer.token, m.id);
    expect(quote).toMatchObject({
      available: true,
      value: 50,
      legs: [{ selectionId: m.runners[0], selectionType: 'lay', odds: 2, stake: 150 }],
    });
    const done = await cashOut(backer.token, { marketId: m.id, value: 50 }, 'cash-out-full-1');
    expect(done.body.meta).toMatchObject({ code: 200, message: 'Cashed out for ₹50.00' });
    expect((done.body.data as { bets: { cashOut: boolean; status: string }[] }).bets).toMatchObject([
      { cashOut: true, status: 'matched' },
    ]);
    expect(figures(await positionsOf(backer.token, m.eventId), m.id)).toEqual([
      [50, 50],
      [50, 50],
    ]);
    expect(await profileOf(backer.token)).toMatchObject({ balance: 10000, exposure: 0 });
    // A retry with the same key places nothing twice.
    expect((await cashOut(backer.token, { marketId: m.id, value: 50 }, 'cash-out-full-1')).body.meta.code).toBe(200);
    expect(figures(await positionsOf(backer.token, m.eventId), m.id)?.[0]).toEqual([50, 50]);
    expect((await quoteOf(backer.token, m.id)).reason).toBe('Your position is already the same whatever wins');
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: m.runners[1] },
    });
    // +₹50 net, less 2 % commission on net winnings.
    expect(await profileOf(backer.token)).toMatchObject({ balance: 10049, exposure: 0 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('partial: 40 % leaves 60 % of the position and locks 40 % of the value', async () => {
    const { m, backer } = await backedExchange();
    const quote = await quoteOf(backer.token, m.id, 40);
    expect(quote).toMatchObject({ available: true, value: 20, legs: [{ selectionType: 'lay', odds: 2, stake: 60 }] });
    expect((await cashOut(backer.token, { marketId: m.id, value: 20, percent: 40 })).body.meta.code).toBe(200);
    // Kings 0.6 × 200 + 20 = 140; Royals 0.6 × −100 + 20 = −40.
    expect(figures(await positionsOf(backer.token, m.eventId), m.id)).toEqual([
      [140, 140],
      [-40, -40],
    ]);
    expect(await profileOf(backer.token)).toMatchObject({ exposure: -40 });
  });

  it('a price move during cash out is refused with "Odds changed" and leaves nothing partly hedged', async () => {
    const { m, backer } = await backedExchange();
    const quote = await quoteOf(backer.token, m.id);
    expect(quote.value).toBe(50);
    // Another player takes ₹900 of the backs at 2.0 and one offers ₹500 more at 2.2: the hedge would now cost more.
    await bet((await signUpPlayer(t)).token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'lay',
      odds: 2,
      stake: 900,
    });
    await bet((await signUpPlayer(t)).token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 2.2,
      stake: 500,
    });
    const before = await call(t.app, 'GET', '/api/v1/my-bets?status=open', { token: backer.token });
    const refused = await cashOut(backer.token, { marketId: m.id, value: 50 });
    expect(refused.body.meta).toMatchObject({ code: 409, error: 'ODDS_CHANGED' });
    expect((await call(t.app, 'GET', '/api/v1/my-bets?status=open', { token: backer.token })).body.data).toEqual(
      before.body.data,
    );
    expect(figures(await positionsOf(backer.token, m.eventId), m.id)).toEqual([
      [200, 200],
      [-100, -100],
    ]);
    const market = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, { token: director.token, body: {} }))
      .body.data as { runners: { lay: { price: number; size: number }[] }[] };
    expect(market.runners[0]?.lay).toEqual([
      { price: 2, size: 100 },
      { price: 2.2, size: 500 },
    ]);
    // The new quote is lower; taking it works.
    const fresh = await quoteOf(backer.token, m.id);
    expect(fresh.value).toBeLessThan(50);
    expect((await cashOut(backer.token, { marketId: m.id, value: fresh.value })).body.meta.code).toBe(200);
    const after = figures(await positionsOf(backer.token, m.eventId), m.id) as number[][];
    expect(Math.abs((after[0]?.[0] as number) - (after[1]?.[0] as number))).toBeLessThanOrEqual(0.05);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('nothing to cash out, suspended markets and an unknown market are refused as business outcomes', async () => {
    const { m, backer, maker } = await backedExchange();
    expect((await quoteOf((await signUpPlayer(t)).token, m.id)).reason).toBe('You have no matched bets on this market');
    expect((await cashOut(maker.token, { marketId: m.id, value: 0 })).body.meta).toMatchObject({
      code: 409,
      error: 'CASH_OUT_UNAVAILABLE',
    });
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, {
      token: director.token,
      body: { status: 'suspended' },
    });
    expect(await quoteOf(backer.token, m.id)).toMatchObject({ available: false, reason: 'Market suspended' });
    expect((await cashOut(backer.token, { marketId: m.id, value: 50 })).body.meta).toMatchObject({
      code: 409,
      error: 'MARKET_SUSPENDED',
    });
    expect(
      (await cashOut(backer.token, { marketId: '00000000-0000-4000-8000-000000000000', value: 1 })).body.meta,
    ).toMatchObject({ code: 404 });
  });
});

describe('bookmaker and fancy cash out against the house', () => {
  it('bookmaker: refused on a moved quote; accepted, it settles now through the journal and the market’s settlement leaves it alone', async () => {
    const m = await market('BOOKMAKER');
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, {
      token: director.token,
      body: {
        runners: [
          { runnerId: m.runners[0], backRate: 90, layRate: 95 },
          { runnerId: m.runners[1], backRate: 100, layRate: 105 },
        ],
      },
    });
    const player = await signUpPlayer(t);
    expect(
      (
        await bet(player.token, {
          marketId: m.id,
          selectionId: m.runners[0],
          selectionType: 'back',
          odds: 90,
          stake: 100,
        })
      ).body.meta.code,
    ).toBe(200);
    expect(await profileOf(player.token)).toMatchObject({ balance: 10000, exposure: -100 });
    // Kings shortens: 40/42.
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, {
      token: director.token,
      body: { runners: [{ runnerId: m.runners[0], backRate: 40, layRate: 42 }] },
    });
    const quote = await quoteOf(player.token, m.id);
    expect(quote.available).toBe(true);
    const value = quote.value as number;
    // Green-up at lay 42 is worth about ₹33.80; the margin (3 % of the ₹190 spread) takes ₹5.70.
    expect(value).toBeGreaterThan(27);
    expect(value).toBeLessThan(29);
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, {
      token: director.token,
      body: { runners: [{ runnerId: m.runners[0], backRate: 50, layRate: 52 }] },
    });
    expect((await cashOut(player.token, { marketId: m.id, value })).body.meta).toMatchObject({
      code: 409,
      error: 'ODDS_CHANGED',
      message: 'The cash-out value changed: check the new one',
    });
    expect(await profileOf(player.token)).toMatchObject({ balance: 10000, exposure: -100 });
    expect((await cashOut(player.token, { marketId: m.id, value: 1_000_000 })).body.meta.error).toBe('ODDS_CHANGED');

    const fresh = (await quoteOf(player.token, m.id)).value as number;
    const done = await cashOut(player.token, { marketId: m.id, value: fresh });
    expect(done.body.meta.code).toBe(200);
    expect(await profileOf(player.token)).toMatchObject({
      balance: Math.round((10000 + fresh) * 100) / 100,
      exposure: 0,
    });
    expect(await positionsOf(player.token, m.eventId)).toEqual([]);
    const settled = (await call(t.app, 'GET', '/api/v1/my-bets?status=settled', { token: player.token })).body.data as {
      selection: string;
      cashOut: boolean;
      profitLoss: number | null;
    }[];
    expect(settled.find((row) => row.cashOut)).toMatchObject({ selection: 'Cash Out', profitLoss: fresh });
    const pnl = await call(t.app, 'GET', '/api/v1/result-transaction?start_date=2026-11-01&end_date=2026-11-30', {
      token: player.token,
    });
    expect(JSON.stringify(pnl.body.data)).toContain('Cash Out');

    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: m.runners[0] },
    });
    expect(await profileOf(player.token)).toMatchObject({
      balance: Math.round((10000 + fresh) * 100) / 100,
      exposure: 0,
    });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('fancy: YES 63 then the line runs up to 70/72: the house pays the valued position now; suspended: no cash out', async () => {
    const m = await market('FANCY');
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/fancy-line`, {
      token: director.token,
      body: { noLine: 61, noRate: 100, yesLine: 63, yesRate: 100 },
    });
    const player = await signUpPlayer(t);
    await bet(player.token, { marketId: m.id, selectionType: 'back', odds: 63, oddsSize: 100, stake: 100 });
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/fancy-line`, {
      token: director.token,
      body: { noLine: 70, noRate: 100, yesLine: 72, yesRate: 100 },
    });
    const quote = await quoteOf(player.token, m.id);
    // Every total within 8 runs of 71 is 63 or more: worth the ₹100 win, less 5 % of the ₹200 spread.
    expect(quote).toMatchObject({ available: true, value: 90 });
    expect((await quoteOf(player.token, m.id, 50)).reason).toBe('A fancy cash out closes the whole position');
    // The line falls back to 55/57 before the player accepts: the old value is refused, nothing moves.
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/fancy-line`, {
      token: director.token,
      body: { noLine: 55, noRate: 100, yesLine: 57, yesRate: 100 },
    });
    expect((await cashOut(player.token, { marketId: m.id, value: 90 })).body.meta).toMatchObject({
      code: 409,
      error: 'ODDS_CHANGED',
    });
    expect(await profileOf(player.token)).toMatchObject({ balance: 10000, exposure: -100 });
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/fancy-line`, {
      token: director.token,
      body: { noLine: 70, noRate: 100, yesLine: 72, yesRate: 100 },
    });
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, {
      token: director.token,
      body: { status: 'suspended', suspendReason: 'BALL_RUNNING' },
    });
    expect((await cashOut(player.token, { marketId: m.id, value: 90 })).body.meta.error).toBe('MARKET_SUSPENDED');
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, { token: director.token, body: { status: 'open' } });
    expect((await cashOut(player.token, { marketId: m.id, value: 90 })).body.meta.code).toBe(200);
    expect(await profileOf(player.token)).toMatchObject({ balance: 10090, exposure: 0 });
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { runs: 40 },
    });
    expect(await profileOf(player.token)).toMatchObject({ balance: 10090, exposure: 0 });
    // A void afterwards leaves the cash out standing.
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/void`, {
      token: director.token,
      body: { reason: 'Rain' },
    });
    expect(await profileOf(player.token)).toMatchObject({ balance: 10090, exposure: 0 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
