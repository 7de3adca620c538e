import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../../test/test-app.js';
import { agentUnder, marketOf, placeBet, playerUnder } from '../../agents/agents-test-support.js';
import type { Caller } from '../../identity/identity-service.js';
import { exposureOf } from '../positions/index.js';
import { createSportsRepository } from '../sports-repository.js';
import { resultsSettleAlone } from '../../../../test/one-operator-results.js';

/**
 * Decision 0027: an exchange market's lane holds its players' positions, open bets and downline limits
 * between batches. Whatever changes them outside a placed bet must be seen by the very next bet.
 */
let t: TestApp;
let director: { token: string; userId: string };
let agent: Caller;
let player: { token: string; userId: string };
const noRules = { limits: [], blockedSports: [], blockedEvents: [] };
const onPostgres = process.env.TEST_DB === 'postgres';

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
  agent = await agentUnder(t, director.userId, ROLES.AGENT, 'Lane Agent');
  player = await playerUnder(t, agent.userId);
});
afterAll(async () => t.close());

const profileOf = async (token: string) =>
  (await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number; exposure: number };

/** Every stored exposure of the market equals a full recomputation from the player's bets and fills, and the wallet holds their sum. */
async function expectExposuresExact(marketId: string, userId: string) {
  const repo = createSportsRepository(t.db);
  const market = (await repo.market(marketId)) as NonNullable<Awaited<ReturnType<typeof repo.market>>>;
  const runners = await repo.runnersOf([marketId]);
  const bets = await repo.betsOfUserInMarket(userId, marketId);
  const fills = await repo.fillsOfBets(bets.map((bet) => bet.id));
  expect(await repo.marketExposure(userId, marketId, 'main')).toBe(exposureOf(market, runners, bets, fills));
  const wallet = (
    await t.db.query<{ exposure_paise: number }>(
      "select exposure_paise from ledger_accounts where user_id = $1 and kind = 'player_main'",
      [userId],
    )
  ).rows[0];
  const markets = (
    await t.db.query<{ total: number }>(
      "select coalesce(sum(exposure_paise), 0)::bigint as total from market_exposures where user_id = $1 and wallet = 'main'",
      [userId],
    )
  ).rows[0];
  expect(wallet?.exposure_paise).toBe(markets?.total);
}

describe('what the lane holds is never stale for the next bet', () => {
  it('a limit set after the lane cached the rules binds the next bet, and lifting it frees the one after', async () => {
    const m = await marketOf(t, director.token, 'EXCHANGE');
    const back = (stake: number) =>
      placeBet(t, player.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 5, stake });
    expect((await back(600)).body.meta.code).toBe(200);
    await t.services.downlineLimits.set(
      agent,
      player.userId,
      { ...noRules, limits: [{ sportId: m.sportId, minStake: null, maxStake: 500, maxProfit: null }] },
      '127.0.0.1',
    );
    expect((await back(600)).body.meta).toMatchObject({
      error: 'ABOVE_MAX_STAKE',
      message: 'Maximum stake is ₹500.00',
    });
    await t.services.downlineLimits.set(agent, player.userId, noRules, '127.0.0.1');
    expect((await back(600)).body.meta.code).toBe(200);
  });

  it.skipIf(!onPostgres)(
    'a limit lowered by a transaction that began before another limit change committed still binds the next bet',
    async () => {
      const m = await marketOf(t, director.token, 'EXCHANGE');
      const other = await playerUnder(t, agent.userId);
      await t.services.downlineLimits.set(
        agent,
        player.userId,
        { ...noRules, limits: [{ sportId: m.sportId, minStake: null, maxStake: 1000, maxProfit: null }] },
        '127.0.0.1',
      );
      await t.services.downlineLimits.set(
        agent,
        other.userId,
        { ...noRules, limits: [{ sportId: m.sportId, minStake: null, maxStake: 1000, maxProfit: null }] },
        '127.0.0.1',
      );
      const back = () =>
        placeBet(t, player.token, {
          marketId: m.id,
          selectionId: m.runners[0],
          selectionType: 'back',
          odds: 5,
          stake: 600,
        });
      // The lane holds the rules (₹1,000 at most).
      expect((await back()).body.meta.code).toBe(200);
      // T1 lowers this player's limit to ₹500 and stays open; T2, begun after it, changes another player's and commits first.
      let commitFirst: () => void = () => undefined;
      const firstOpen = new Promise<void>((opened) => {
        void t.db.transaction(async (tx) => {
          await tx.query('update downline_bet_limits set max_stake_paise = 50000 where owner_id = $1', [player.userId]);
          opened();
          await new Promise<void>((done) => (commitFirst = done));
        });
      });
      await firstOpen;
      const second = t.db.transaction((tx) =>
        tx.query('update downline_bet_limits set max_stake_paise = 90000 where owner_id = $1', [other.userId]),
      );
      // T2 commits at once where changes do not wait for each other (they do since migration 0024: then it waits for T1).
      await Promise.race([second, new Promise((done) => setTimeout(done, 300))]);
      const during = back();
      await new Promise((done) => setTimeout(done, 300));
      commitFirst();
      await second;
      await during;
      // Whatever the bet sent meanwhile met, the one after T1 committed is bound by ₹500.
      expect((await back()).body.meta).toMatchObject({ error: 'ABOVE_MAX_STAKE', message: 'Maximum stake is ₹500.00' });
      await t.services.downlineLimits.set(agent, player.userId, noRules, '127.0.0.1');
    },
  );

  it('a sport or an event blocked after a bet refuses the next one', async () => {
    const m = await marketOf(t, director.token, 'EXCHANGE');
    const back = () =>
      placeBet(t, player.token, {
        marketId: m.id,
        selectionId: m.runners[0],
        selectionType: 'back',
        odds: 5,
        stake: 100,
      });
    expect((await back()).body.meta.code).toBe(200);
    await t.services.downlineLimits.set(agent, null, { ...noRules, blockedSports: [m.sportId] }, '127.0.0.1');
    expect((await back()).body.meta.error).toBe('BETTING_BLOCKED');
    await t.services.downlineLimits.set(agent, null, { ...noRules, blockedEvents: [m.eventId] }, '127.0.0.1');
    expect((await back()).body.meta.error).toBe('BETTING_BLOCKED');
    await t.services.downlineLimits.set(agent, null, noRules, '127.0.0.1');
    expect((await back()).body.meta.code).toBe(200);
  });

  it('offers lapsed by a suspension are gone from the exposure of the next bet', async () => {
    const m = await marketOf(t, director.token, 'EXCHANGE');
    const start = (await profileOf(player.token)).exposure;
    // A resting back (liability ₹100) the lane now holds; the suspension lapses it.
    expect(
      (
        await placeBet(t, player.token, {
          marketId: m.id,
          selectionId: m.runners[0],
          selectionType: 'back',
          odds: 4,
          stake: 100,
        })
      ).body.meta.code,
    ).toBe(200);
    expect((await profileOf(player.token)).exposure).toBe(start - 100);
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, {
      token: director.token,
      body: { status: 'suspended' },
    });
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, { token: director.token, body: { status: 'open' } });
    expect((await profileOf(player.token)).exposure).toBe(start);
    // Had the lane kept the lapsed offer, this back on the other runner would hedge it and reserve less.
    expect(
      (
        await placeBet(t, player.token, {
          marketId: m.id,
          selectionId: m.runners[1],
          selectionType: 'back',
          odds: 3,
          stake: 200,
        })
      ).body.meta.code,
    ).toBe(200);
    expect((await profileOf(player.token)).exposure).toBe(start - 200);
    await expectExposuresExact(m.id, player.userId);
  });

  it('a settlement releases exposure and pays out before the next bet on the market, which is refused as closed', async () => {
    const m = await marketOf(t, director.token, 'EXCHANGE');
    const layer = await signUpPlayer(t);
    expect(
      (
        await placeBet(t, layer.token, {
          marketId: m.id,
          selectionId: m.runners[0],
          selectionType: 'lay',
          odds: 2,
          stake: 1000,
        })
      ).body.meta.code,
    ).toBe(200);
    expect(
      (
        await placeBet(t, player.token, {
          marketId: m.id,
          selectionId: m.runners[0],
          selectionType: 'back',
          odds: 2,
          stake: 1000,
        })
      ).body.meta.code,
    ).toBe(200);
    const before = await profileOf(player.token);
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: m.runners[0] },
    });
    const after = await profileOf(player.token);
    expect(after.exposure).toBe(before.exposure + 1000);
    expect(after.balance).toBeGreaterThan(before.balance);
    expect(
      (
        await placeBet(t, player.token, {
          marketId: m.id,
          selectionId: m.runners[0],
          selectionType: 'back',
          odds: 2,
          stake: 100,
        })
      ).body.meta.error,
    ).toBe('MARKET_CLOSED');
    expect((await profileOf(layer.token)).exposure).toBe(0);
    await expectExposuresExact(m.id, player.userId);
  });
});
