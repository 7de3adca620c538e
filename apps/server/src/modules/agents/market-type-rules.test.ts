import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketTypeRule } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createTestApp } from '../../../test/test-app.js';
import type { Caller } from '../identity/identity-service.js';
import { agentTree, marketOf, placeBet } from './agents-test-support.js';

/**
 * Issue 28, decision 0064: match odds, bookmaker and fancy each lockable per downline account, and
 * stake and profit limits per market type, inherited down the tree (a lock anywhere on the chain
 * locks, the tightest figure wins); a lower agent cannot lift what its upline set.
 */
let t: TestApp;
let director: { token: string; userId: string };
let top: Caller;
let middle: Caller;
let low: Caller;
let player: { token: string; userId: string };
let cousin: { token: string; userId: string };
let outsider: { token: string; userId: string };
let sportId: string;
let markets: Record<'EXCHANGE' | 'BOOKMAKER' | 'FANCY', Awaited<ReturnType<typeof marketOf>>>;

const line = (marketType: MarketTypeRule['marketType'], fields: Partial<MarketTypeRule> = {}): MarketTypeRule => ({
  marketType,
  locked: false,
  minStake: null,
  maxStake: null,
  maxProfit: null,
  ...fields,
});

const bet = (who: { token: string }, type: keyof typeof markets, stake: number) => {
  const m = markets[type];
  if (type === 'FANCY')
    return placeBet(t, who.token, { marketId: m.id, selectionType: 'back', odds: 63, oddsSize: 100, stake });
  return placeBet(t, who.token, {
    marketId: m.id,
    selectionId: m.runners[0],
    selectionType: 'back',
    odds: type === 'EXCHANGE' ? 2 : 90,
    stake,
  });
};
const outcome = async (answer: ReturnType<typeof bet>) => {
  const meta = (await answer).body.meta;
  return meta.code === 200 ? 'taken' : meta.error;
};

beforeAll(async () => {
  t = await createTestApp();
  ({ director, top, middle, low, player, cousin, outsider } = await agentTree(t));
  sportId = (
    (await call(t.app, 'POST', '/api/v1/backoffice/sports', { token: director.token, body: { name: 'Lock Cricket' } }))
      .body.data as { _id: string }
  )._id;
  markets = {
    EXCHANGE: await marketOf(t, director.token, 'EXCHANGE', sportId),
    BOOKMAKER: await marketOf(t, director.token, 'BOOKMAKER', sportId),
    FANCY: await marketOf(t, director.token, 'FANCY', sportId),
  };
});
afterAll(async () => t.close());

describe('locks per market type down the tree', () => {
  it('a fancy lock on an agent refuses fancy bets three levels below it, and only fancy, and only there', async () => {
    await t.services.marketTypeRules.set(top, middle.userId, { rules: [line('FANCY', { locked: true })] }, '127.0.0.1');
    const refused = (await bet(player, 'FANCY', 200)).body.meta;
    expect(refused).toMatchObject({
      code: 403,
      error: 'MARKET_TYPE_LOCKED',
      message: 'Fancy betting is locked for your account',
    });
    expect(await outcome(bet(player, 'BOOKMAKER', 200))).toBe('taken');
    expect(await outcome(bet(player, 'EXCHANGE', 200))).toBe('taken');
    // The cousin's branch and the rest of the site bet on fancy as before.
    expect(await outcome(bet(cousin, 'FANCY', 200))).toBe('taken');
    expect(await outcome(bet(outsider, 'FANCY', 200))).toBe('taken');
  });

  it('the lock comes before the market state, and after a block of the sport or event', async () => {
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${markets.FANCY.id}`, {
      token: director.token,
      body: { status: 'suspended' },
    });
    expect(await outcome(bet(player, 'FANCY', 200))).toBe('MARKET_TYPE_LOCKED');
    expect(await outcome(bet(cousin, 'FANCY', 200))).toBe('MARKET_SUSPENDED');
    await t.services.downlineLimits.set(
      low,
      player.userId,
      { limits: [], blockedSports: [], blockedEvents: [markets.FANCY.eventId] },
      '127.0.0.1',
    );
    expect(await outcome(bet(player, 'FANCY', 200))).toBe('BETTING_BLOCKED');
    await t.services.downlineLimits.set(
      low,
      player.userId,
      { limits: [], blockedSports: [], blockedEvents: [] },
      '127.0.0.1',
    );
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${markets.FANCY.id}`, {
      token: director.token,
      body: { status: 'open' },
    });
  });

  it("a lower agent cannot lift its upline's lock, sees it as inherited, and cannot lock itself or above", async () => {
    await t.services.marketTypeRules.set(middle, low.userId, { rules: [line('FANCY')] }, '127.0.0.1');
    await t.services.marketTypeRules.set(low, player.userId, { rules: [line('FANCY')] }, '127.0.0.1');
    expect(await outcome(bet(player, 'FANCY', 200))).toBe('MARKET_TYPE_LOCKED');
    const seen = await t.services.marketTypeRules.get(middle, low.userId);
    expect(seen.rules.find((rule) => rule.marketType === 'FANCY')?.locked).toBe(false);
    expect(seen.inherited).toEqual([line('EXCHANGE'), line('BOOKMAKER'), line('FANCY', { locked: true })]);
    await expect(
      t.services.marketTypeRules.set(middle, middle.userId, { rules: [] }, '127.0.0.1'),
    ).rejects.toMatchObject({ code: 'SELF_SERVICE_REFUSED' });
    await expect(t.services.marketTypeRules.set(middle, top.userId, { rules: [] }, '127.0.0.1')).rejects.toMatchObject({
      code: 'NOT_IN_DOWNLINE',
    });
    await expect(t.services.marketTypeRules.get(low, cousin.userId)).rejects.toMatchObject({
      code: 'NOT_IN_DOWNLINE',
    });
    // Only the setter lifts it.
    await t.services.marketTypeRules.set(top, middle.userId, { rules: [] }, '127.0.0.1');
    expect(await outcome(bet(player, 'FANCY', 200))).toBe('taken');
  });

  it('match odds and bookmaker lock on their own; the client list hears whose lock it is', async () => {
    await t.services.marketTypeRules.set(
      low,
      player.userId,
      { rules: [line('EXCHANGE', { locked: true }), line('BOOKMAKER', { locked: true })] },
      '127.0.0.1',
    );
    expect((await bet(player, 'EXCHANGE', 200)).body.meta.message).toBe(
      'Match odds betting is locked for your account',
    );
    expect((await bet(player, 'BOOKMAKER', 200)).body.meta.message).toBe(
      'Bookmaker betting is locked for your account',
    );
    expect(await outcome(bet(player, 'FANCY', 200))).toBe('taken');
    await t.services.marketTypeRules.set(
      middle,
      low.userId,
      { rules: [line('BOOKMAKER', { locked: true })] },
      '127.0.0.1',
    );
    const locks = await t.services.marketTypeRules.locks(low, [player.userId, cousin.userId, low.userId]);
    expect(locks.sort((a, b) => a.marketType.localeCompare(b.marketType))).toEqual([
      { userId: player.userId, marketType: 'BOOKMAKER', lockedBy: 'above' },
      { userId: player.userId, marketType: 'EXCHANGE', lockedBy: 'you' },
    ]);
    await t.services.marketTypeRules.set(middle, low.userId, { rules: [] }, '127.0.0.1');
    await t.services.marketTypeRules.set(low, player.userId, { rules: [] }, '127.0.0.1');
  });
});

describe('stake and profit limits per market type', () => {
  it('the tightest of the chain applies per type, on the exchange and the house paths, with the sport limits', async () => {
    await t.services.marketTypeRules.set(
      top,
      middle.userId,
      { rules: [line('EXCHANGE', { maxStake: 300 }), line('FANCY', { maxProfit: 250 })] },
      '127.0.0.1',
    );
    await t.services.marketTypeRules.set(
      middle,
      low.userId,
      { rules: [line('EXCHANGE', { maxStake: 500 }), line('BOOKMAKER', { minStake: 200 })] },
      '127.0.0.1',
    );
    expect((await bet(player, 'EXCHANGE', 400)).body.meta).toMatchObject({
      error: 'ABOVE_MAX_STAKE',
      message: 'Maximum stake is ₹300.00',
    });
    expect(await outcome(bet(player, 'EXCHANGE', 300))).toBe('taken');
    expect((await bet(player, 'BOOKMAKER', 150)).body.meta).toMatchObject({
      error: 'BELOW_MIN_STAKE',
      message: 'Minimum stake is ₹200.00',
    });
    expect(await outcome(bet(player, 'BOOKMAKER', 200))).toBe('taken');
    // Fancy YES at rate 100 wins the stake: ₹300 could win more than ₹250.
    expect(await outcome(bet(player, 'FANCY', 300))).toBe('ABOVE_MAX_PROFIT');
    expect(await outcome(bet(player, 'FANCY', 250))).toBe('taken');
    // The lines bind middle's branch only: the cousin under top's other branch is free of them.
    expect(await outcome(bet(cousin, 'BOOKMAKER', 150))).toBe('taken');
    expect(await outcome(bet(cousin, 'EXCHANGE', 400))).toBe('taken');
    expect(await outcome(bet(cousin, 'FANCY', 300))).toBe('taken');
    // A sport limit tighter than the type's wins, and the type's tighter than the sport's.
    await t.services.downlineLimits.set(
      low,
      player.userId,
      { limits: [{ sportId, minStake: null, maxStake: 250, maxProfit: null }], blockedSports: [], blockedEvents: [] },
      '127.0.0.1',
    );
    expect((await bet(player, 'EXCHANGE', 280)).body.meta.message).toBe('Maximum stake is ₹250.00');
    expect((await bet(player, 'BOOKMAKER', 260)).body.meta.message).toBe('Maximum stake is ₹250.00');
    expect((await bet(player, 'BOOKMAKER', 180)).body.meta.message).toBe('Minimum stake is ₹200.00');
  });

  it('over HTTP: saved and read back, an inverted line is a validation answer, audited', async () => {
    const path = `/api/v1/backoffice/users/${outsider.userId}/market-type-rules`;
    const saved = await call(t.app, 'PUT', path, {
      token: director.token,
      body: { rules: [line('FANCY', { locked: true, minStake: 50, maxStake: 5000 })] },
    });
    expect(saved.body.meta).toMatchObject({ code: 200, message: 'Market locks saved' });
    expect((saved.body.data as { rules: MarketTypeRule[] }).rules).toEqual([
      line('EXCHANGE'),
      line('BOOKMAKER'),
      line('FANCY', { locked: true, minStake: 50, maxStake: 5000 }),
    ]);
    expect(await outcome(bet(outsider, 'FANCY', 200))).toBe('MARKET_TYPE_LOCKED');
    const inverted = await call(t.app, 'PUT', path, {
      token: director.token,
      body: { rules: [line('FANCY', { minStake: 500, maxStake: 50 })] },
    });
    expect(inverted.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    const twice = await call(t.app, 'PUT', path, {
      token: director.token,
      body: { rules: [line('FANCY'), line('FANCY', { locked: true })] },
    });
    expect(twice.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    const audit = await call(t.app, 'GET', `/api/v1/backoffice/audit-log?targetId=${outsider.userId}`, {
      token: director.token,
    });
    expect((audit.body.data as { items: { action: string }[] }).items.map((item) => item.action)).toContain(
      'agent.market-type-rules.set',
    );
    const locks = await call(t.app, 'GET', `/api/v1/backoffice/market-locks?userIds=${outsider.userId}`, {
      token: director.token,
    });
    expect((locks.body.data as { locks: unknown[] }).locks).toEqual([
      { userId: outsider.userId, marketType: 'FANCY', lockedBy: 'you' },
    ]);
  });
});
