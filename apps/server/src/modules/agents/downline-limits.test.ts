import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { PASSWORD, call, createTestApp, nextMobile, signInCreatedAccount } from '../../../test/test-app.js';
import { createTreeRepository } from './tree-repository.js';
import type { Caller } from '../identity/identity-service.js';
import { agentTree, marketOf, placeBet, playerUnder } from './agents-test-support.js';

/**
 * Decision 0020: bet limits and blocks an agent sets below it bind every account beneath, the
 * tightest of the whole chain applies, and the engine decides the refusal in its order.
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

const noRules = { limits: [], blockedSports: [], blockedEvents: [] };

beforeAll(async () => {
  t = await createTestApp();
  ({ director, top, middle, low, player, cousin, outsider } = await agentTree(t));
  sportId = (
    (
      await call(t.app, 'POST', '/api/v1/backoffice/sports', {
        token: director.token,
        body: { name: 'Limits Cricket' },
      })
    ).body.data as { _id: string }
  )._id;
  // Three levels, each adding one figure: top (for its whole downline) caps the stake at ₹500, middle
  // sets a ₹150 minimum (the market's own is ₹100) on low's branch, low caps the player's profit at ₹800.
  await t.services.downlineLimits.set(
    top,
    null,
    { ...noRules, limits: [{ sportId, minStake: null, maxStake: 500, maxProfit: null }] },
    '127.0.0.1',
  );
  await t.services.downlineLimits.set(
    middle,
    low.userId,
    { ...noRules, limits: [{ sportId, minStake: 150, maxStake: 2000, maxProfit: null }] },
    '127.0.0.1',
  );
  await t.services.downlineLimits.set(
    low,
    player.userId,
    { ...noRules, limits: [{ sportId, minStake: 10, maxStake: null, maxProfit: 800 }] },
    '127.0.0.1',
  );
});
afterAll(async () => t.close());

const refusal = (answer: Awaited<ReturnType<typeof placeBet>>) => ({
  error: answer.body.meta.error,
  message: answer.body.meta.message,
});

describe('limits inherited down three levels at placement', () => {
  it('exchange offers: the tightest stake and profit of the chain, named in the message', async () => {
    const m = await marketOf(t, director.token, 'EXCHANGE', sportId);
    const bet = (stake: number, odds: number, side = 'back', who = player) =>
      placeBet(t, who.token, { marketId: m.id, selectionId: m.runners[0], selectionType: side, odds, stake });
    expect(refusal(await bet(600, 2))).toEqual({ error: 'ABOVE_MAX_STAKE', message: 'Maximum stake is ₹500.00' });
    expect(refusal(await bet(120, 2))).toEqual({ error: 'BELOW_MIN_STAKE', message: 'Minimum stake is ₹150.00' });
    expect((await bet(450, 3)).body.meta.error).toBe('ABOVE_MAX_PROFIT');
    // A lay wins only the backer's stake: ₹450 is inside the ₹800 profit cap.
    expect((await bet(450, 3, 'lay')).body.meta.code).toBe(200);
    // The ladder comes before the amount (the engine's order).
    expect((await bet(600, 2.01 + 0.005)).body.meta.error).toBe('PRICE_NOT_ON_LADDER');
    // The cousin has only the top's cap; the outsider none of it.
    expect((await bet(120, 2, 'back', cousin)).body.meta.code).toBe(200);
    expect((await bet(600, 2, 'back', cousin)).body.meta.error).toBe('ABOVE_MAX_STAKE');
    expect((await bet(600, 2, 'back', outsider)).body.meta.code).toBe(200);
  });

  it('bookmaker and fancy bets: the same chain applies', async () => {
    const bookmaker = await marketOf(t, director.token, 'BOOKMAKER', sportId);
    const fancy = await marketOf(t, director.token, 'FANCY', sportId);
    const onBookmaker = (stake: number) =>
      placeBet(t, player.token, {
        marketId: bookmaker.id,
        selectionId: bookmaker.runners[0],
        selectionType: 'back',
        odds: 90,
        stake,
      });
    const onFancy = (stake: number, side = 'back') =>
      placeBet(t, player.token, {
        marketId: fancy.id,
        selectionType: side,
        odds: side === 'back' ? 63 : 61,
        oddsSize: 100,
        stake,
      });
    expect((await onBookmaker(600)).body.meta.error).toBe('ABOVE_MAX_STAKE');
    expect((await onBookmaker(120)).body.meta.error).toBe('BELOW_MIN_STAKE');
    expect((await onBookmaker(900)).body.meta.error).toBe('ABOVE_MAX_STAKE');
    expect((await onBookmaker(480)).body.meta.code).toBe(200);
    expect((await onFancy(120)).body.meta.error).toBe('BELOW_MIN_STAKE');
    expect((await onFancy(501, 'lay')).body.meta.error).toBe('ABOVE_MAX_STAKE');
    expect((await onFancy(200)).body.meta.code).toBe(200);
    expect(
      (
        await placeBet(t, outsider.token, {
          marketId: bookmaker.id,
          selectionId: bookmaker.runners[0],
          selectionType: 'back',
          odds: 90,
          stake: 900,
        })
      ).body.meta.code,
    ).toBe(200);
  });

  it('a lower profit cap below binds only its branch', async () => {
    const other = (
      (
        await call(t.app, 'POST', '/api/v1/backoffice/sports', {
          token: director.token,
          body: { name: 'Limits Tennis' },
        })
      ).body.data as { _id: string }
    )._id;
    await t.services.downlineLimits.set(
      low,
      player.userId,
      {
        ...noRules,
        limits: [
          { sportId, minStake: 10, maxStake: null, maxProfit: 800 },
          { sportId: other, minStake: null, maxStake: null, maxProfit: 100 },
        ],
      },
      '127.0.0.1',
    );
    const m = await marketOf(t, director.token, 'BOOKMAKER', other);
    const back = (who: { token: string }, stake: number) =>
      placeBet(t, who.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 90, stake });
    expect((await back(player, 200)).body.meta.error).toBe('ABOVE_MAX_PROFIT');
    expect((await back(player, 100)).body.meta.code).toBe(200);
    // Top's stake cap is per sport: the tennis market is free of it for the cousin.
    expect((await back(cousin, 700)).body.meta.code).toBe(200);
  });
});

describe('blocks', () => {
  it('an event blocked two levels up refuses every market type, before the market state', async () => {
    const exchange = await marketOf(t, director.token, 'EXCHANGE', sportId);
    await t.services.downlineLimits.set(
      middle,
      low.userId,
      {
        limits: [{ sportId, minStake: 150, maxStake: 2000, maxProfit: null }],
        blockedSports: [],
        blockedEvents: [exchange.eventId],
      },
      '127.0.0.1',
    );
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${exchange.id}`, {
      token: director.token,
      body: { status: 'suspended' },
    });
    const answer = await placeBet(t, player.token, {
      marketId: exchange.id,
      selectionId: exchange.runners[0],
      selectionType: 'back',
      odds: 2,
      stake: 100,
    });
    expect(answer.body.meta).toMatchObject({
      code: 403,
      error: 'BETTING_BLOCKED',
      message: 'Betting on this is blocked for your account',
    });
    // Outside the blocked branch the market answers for itself.
    expect(
      (
        await placeBet(t, cousin.token, {
          marketId: exchange.id,
          selectionId: exchange.runners[0],
          selectionType: 'back',
          odds: 2,
          stake: 100,
        })
      ).body.meta.error,
    ).toBe('MARKET_SUSPENDED');
  });

  it('a sport blocked by the top agent for its whole downline blocks bookmaker and fancy bets three levels down', async () => {
    const blockedSport = (
      (
        await call(t.app, 'POST', '/api/v1/backoffice/sports', {
          token: director.token,
          body: { name: 'Blocked Kabaddi' },
        })
      ).body.data as { _id: string }
    )._id;
    const bookmaker = await marketOf(t, director.token, 'BOOKMAKER', blockedSport);
    const fancy = await marketOf(t, director.token, 'FANCY', blockedSport);
    await t.services.downlineLimits.set(
      top,
      null,
      {
        limits: [{ sportId, minStake: null, maxStake: 500, maxProfit: null }],
        blockedSports: [blockedSport],
        blockedEvents: [],
      },
      '127.0.0.1',
    );
    for (const who of [player, cousin]) {
      expect(
        (
          await placeBet(t, who.token, {
            marketId: bookmaker.id,
            selectionId: bookmaker.runners[0],
            selectionType: 'back',
            odds: 90,
            stake: 200,
          })
        ).body.meta.error,
      ).toBe('BETTING_BLOCKED');
      expect(
        (
          await placeBet(t, who.token, {
            marketId: fancy.id,
            selectionType: 'back',
            odds: 63,
            oddsSize: 100,
            stake: 200,
          })
        ).body.meta.error,
      ).toBe('BETTING_BLOCKED');
    }
    expect(
      (
        await placeBet(t, outsider.token, {
          marketId: fancy.id,
          selectionType: 'back',
          odds: 63,
          oddsSize: 100,
          stake: 200,
        })
      ).body.meta.code,
    ).toBe(200);
    // A lower agent's own rules cannot lift it: lifting is the top's alone.
    await t.services.downlineLimits.set(low, player.userId, noRules, '127.0.0.1');
    expect(
      (
        await placeBet(t, player.token, {
          marketId: fancy.id,
          selectionType: 'back',
          odds: 63,
          oddsSize: 100,
          stake: 200,
        })
      ).body.meta.error,
    ).toBe('BETTING_BLOCKED');
    await t.services.downlineLimits.set(
      top,
      null,
      { limits: [{ sportId, minStake: null, maxStake: 500, maxProfit: null }], blockedSports: [], blockedEvents: [] },
      '127.0.0.1',
    );
    expect(
      (
        await placeBet(t, player.token, {
          marketId: fancy.id,
          selectionType: 'back',
          odds: 63,
          oddsSize: 100,
          stake: 200,
        })
      ).body.meta.code,
    ).toBe(200);
  });
});

describe('who may set them', () => {
  it('an agent sets rules only below itself; the panel shows its own and what binds from above', async () => {
    await expect(t.services.downlineLimits.set(low, cousin.userId, noRules, '127.0.0.1')).rejects.toMatchObject({
      code: 'NOT_IN_DOWNLINE',
    });
    await expect(t.services.downlineLimits.set(low, middle.userId, noRules, '127.0.0.1')).rejects.toMatchObject({
      code: 'NOT_IN_DOWNLINE',
    });
    await expect(t.services.downlineLimits.get(middle, top.userId)).rejects.toMatchObject({ code: 'NOT_IN_DOWNLINE' });
    const view = await t.services.downlineLimits.get(middle, player.userId);
    expect(view.limits).toEqual([]);
    expect(view.inherited.limits).toEqual([
      expect.objectContaining({ sportId, minStake: 150, maxStake: 500, maxProfit: null }),
    ]);
  });

  it('over HTTP: the director sets and reads them, unknown sports are a validation answer, the audit log records it', async () => {
    const saved = await call(t.app, 'PUT', `/api/v1/backoffice/users/${outsider.userId}/bet-limits`, {
      token: director.token,
      body: {
        limits: [{ sportId, minStake: 20, maxStake: 30, maxProfit: null }],
        blockedSports: [],
        blockedEvents: [],
      },
    });
    expect(saved.body.meta).toMatchObject({ code: 200, message: 'Limits saved' });
    expect((saved.body.data as { limits: unknown[] }).limits).toEqual([
      expect.objectContaining({ sportId, minStake: 20, maxStake: 30 }),
    ]);
    const unknown = await call(t.app, 'PUT', `/api/v1/backoffice/users/${outsider.userId}/bet-limits`, {
      token: director.token,
      body: { limits: [], blockedSports: ['00000000-0000-4000-8000-000000000000'], blockedEvents: [] },
    });
    expect(unknown.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    const inverted = await call(t.app, 'PUT', '/api/v1/backoffice/downline/bet-limits', {
      token: director.token,
      body: {
        limits: [{ sportId, minStake: 40, maxStake: 30, maxProfit: null }],
        blockedSports: [],
        blockedEvents: [],
      },
    });
    expect(inverted.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    const audit = await call(t.app, 'GET', `/api/v1/backoffice/audit-log?targetId=${outsider.userId}`, {
      token: director.token,
    });
    expect((audit.body.data as { items: { action: string }[] }).items.map((item) => item.action)).toContain(
      'agent.bet-limits.set',
    );
  });

  it('an agent blocks an event for its downline, chosen from the events it may read (issue 24)', async () => {
    // An agent signed in to the back office (decision 0050), with a player below it.
    const mobileNo = nextMobile();
    const account = await t.services.identity.createAccount({
      name: 'Blocking Agent',
      mobileNo,
      password: PASSWORD,
      role: ROLES.AGENT,
      referredBy: null,
      verified: true,
    });
    await createTreeRepository(t.db).setUpline(account.id, director.userId);
    const token = await signInCreatedAccount(t, mobileNo);
    const own = await playerUnder(t, account.id);
    const market = await marketOf(t, director.token, 'BOOKMAKER', sportId);
    const finished = await marketOf(t, director.token, 'BOOKMAKER', sportId);
    await call(t.app, 'PUT', `/api/v1/backoffice/events/${finished.eventId}`, {
      token: director.token,
      body: { status: 'finished' },
    });

    // The list comes from a call the agent may make (GET /backoffice/events is the operators').
    expect((await call(t.app, 'GET', '/api/v1/backoffice/events', { token })).body.meta.error).toBe('FORBIDDEN');
    const listed = await call(t.app, 'GET', '/api/v1/backoffice/blockable-events', { token });
    expect(listed.body.meta.code, listed.body.meta.message).toBe(200);
    const events = listed.body.data as { _id: string; sport: { _id: string } }[];
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ _id: market.eventId, sport: expect.objectContaining({ _id: sportId }) }),
      ]),
    );
    expect(events.map((event) => event._id)).not.toContain(finished.eventId);

    const bet = () =>
      placeBet(t, own.token, {
        marketId: market.id,
        selectionId: market.runners[0],
        selectionType: 'back',
        odds: 45,
        stake: 100,
      });
    const saved = await call(t.app, 'PUT', '/api/v1/backoffice/downline/bet-limits', {
      token,
      body: { limits: [], blockedSports: [], blockedEvents: [market.eventId] },
    });
    expect(saved.body.meta, saved.body.meta.message).toMatchObject({ code: 200 });
    expect((saved.body.data as { blockedEvents: { id: string }[] }).blockedEvents).toEqual([
      expect.objectContaining({ id: market.eventId }),
    ]);
    expect((await bet()).body.meta).toMatchObject({ code: 403, error: 'BETTING_BLOCKED' });
    // The rest of the site bets on it as before.
    const elsewhere = await placeBet(t, outsider.token, {
      marketId: market.id,
      selectionId: market.runners[0],
      selectionType: 'back',
      odds: 45,
      stake: 100,
    });
    expect(elsewhere.body.meta.error).not.toBe('BETTING_BLOCKED');
  });
});
