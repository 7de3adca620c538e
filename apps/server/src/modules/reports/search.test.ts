import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { BackofficeSearch } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signInCreatedAccount } from '../../../test/test-app.js';
import { seedDemoData } from '../demo/demo-seed.js';
import { accountUnder, tokenOf } from '../agents/agent-money-test-support.js';
import { marketOf, placeBet } from '../agents/agents-test-support.js';

/**
 * Issue 28, decision 0056: one search box finds a user by username or mobile, a bet by id and a
 * deposit by UTR, inside the caller's scope: an agent never finds anything outside its downline.
 */
let t: TestApp;
let director: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.services);
  director = await createOperator(t, ROLES.DIRECTOR);
});
afterAll(async () => t.close());

async function search(token: string, q: string): Promise<BackofficeSearch> {
  const answer = await call(t.app, 'GET', `/api/v1/backoffice/search?q=${encodeURIComponent(q)}`, { token });
  expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
  return answer.body.data as BackofficeSearch;
}

describe('the back office search box (issue 28)', () => {
  it('finds a user, a bet and a deposit, and an agent only inside its downline', async () => {
    const agent = await accountUnder(t, ROLES.AGENT, director.userId);
    const mine = await accountUnder(t, ROLES.PLAYER, agent.userId);
    const other = await accountUnder(t, ROLES.PLAYER, director.userId);
    const [mineToken, otherToken] = await Promise.all([tokenOf(t, mine.mobileNo), tokenOf(t, other.mobileNo)]);
    const username = async (token: string) =>
      ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { username: string }).username;
    const mineName = await username(mineToken);

    // A deposit with a UTR by each player.
    const accounts = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token: mineToken })).body.data as {
      _id: string;
      type: string;
    }[];
    const upi = accounts.find((account) => account.type === 'upi')?._id as string;
    for (const [token, ref] of [
      [mineToken, 'UTR 4455-0001'],
      [otherToken, 'UTR 4455-0002'],
    ] as const) {
      const made = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
        token,
        body: { amount: 500, accountId: upi, type: 'upi', txnRef: ref },
      });
      expect(made.body.meta.code, made.body.meta.message).toBe(200);
    }
    // A bet by the agent's player.
    const market = await marketOf(t, director.token, 'BOOKMAKER');
    const placed = await placeBet(t, mineToken, {
      marketId: market.id,
      selectionId: market.runners[0],
      selectionType: 'back',
      odds: 90,
      stake: 100,
    });
    expect(placed.body.meta.code, placed.body.meta.message).toBe(200);
    const betId = (placed.body.data as { _id: string })._id;

    // The director finds each by what an operator would type.
    expect((await search(director.token, mineName.slice(0, 5))).users.map((user) => user._id)).toContain(mine.userId);
    expect((await search(director.token, mine.mobileNo.slice(-8))).users.map((user) => user._id)).toEqual([
      mine.userId,
    ]);
    expect((await search(director.token, betId)).bets).toMatchObject([{ _id: betId, userId: mine.userId, stake: 100 }]);
    // A UTR as the player typed it or without its spaces and dashes.
    expect((await search(director.token, 'utr445 50001')).deposits).toMatchObject([
      { userId: mine.userId, amount: 500, txnRef: 'UTR 4455-0001', status: 'pending' },
    ]);

    // The agent: its own player's, never the other's.
    const agentToken = await signInCreatedAccount(t, agent.mobileNo);
    expect((await search(agentToken, mine.mobileNo.slice(-8))).users.map((user) => user._id)).toEqual([mine.userId]);
    expect((await search(agentToken, other.mobileNo.slice(-8))).users).toEqual([]);
    expect((await search(agentToken, betId)).bets).toHaveLength(1);
    expect((await search(agentToken, 'UTR44550001')).deposits).toHaveLength(1);
    expect((await search(agentToken, 'UTR44550002')).deposits).toEqual([]);
    // Too short to search.
    const short = await call(t.app, 'GET', '/api/v1/backoffice/search?q=a', { token: director.token });
    expect(short.body.meta).toMatchObject({ code: 400 });
  });
});
