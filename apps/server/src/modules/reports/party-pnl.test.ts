import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { PartyPnl } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp } from '../../../test/test-app.js';
import { resultsSettleAlone } from '../../../test/one-operator-results.js';
import { accountUnder, tokenOf } from '../agents/agent-money-test-support.js';
import { quotedMarket } from '../../../test/two-processes.js';

/**
 * Issue 28, decision 0056: party win/loss by client and by agent, rolled up level by level, with
 * sports by market type; each row equals what the journal moved on its accounts' wallets (a voided bet
 * nets out).
 */
let t: TestApp;
let director: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
});
afterAll(async () => t.close());

const market = (type: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY') => quotedMarket(t, director.token, type);

async function place(token: string, body: Record<string, unknown>): Promise<string> {
  const answer = await call(t.app, 'POST', '/api/v1/place-bet', { token, body });
  expect(answer.body.meta, JSON.stringify(answer.body.meta)).toMatchObject({ code: 200 });
  return (answer.body.data as { _id: string })._id;
}

async function settle(marketId: string, result: Record<string, unknown>): Promise<void> {
  const answer = await call(t.app, 'POST', `/api/v1/backoffice/markets/${marketId}/settle`, {
    token: director.token,
    body: result,
  });
  expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
}

async function report(path: string): Promise<PartyPnl> {
  const answer = await call(t.app, 'GET', path, { token: director.token });
  expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
  return answer.body.data as PartyPnl;
}

/** What the journal moved on the accounts' player wallets, in rupees, measured as their balance change. */
async function balanceChange(tokens: string[], before: number[]): Promise<number> {
  let total = 0;
  for (const [index, token] of tokens.entries()) {
    const profile = (await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number };
    total += profile.balance - (before[index] as number);
  }
  return Math.round(total * 100) / 100;
}

describe('party win/loss (issue 28)', () => {
  it('rolls up by agent level by level, splits sports by market type and equals the journal', async () => {
    const agent = await accountUnder(t, ROLES.AGENT, director.userId);
    const sub = await accountUnder(t, ROLES.AGENT, agent.userId);
    const p1 = await accountUnder(t, ROLES.PLAYER, agent.userId);
    const p2 = await accountUnder(t, ROLES.PLAYER, sub.userId);
    const p3 = await accountUnder(t, ROLES.PLAYER, director.userId);
    const [t1, t2, t3] = await Promise.all([tokenOf(t, p1.mobileNo), tokenOf(t, p2.mobileNo), tokenOf(t, p3.mobileNo)]);
    const balances = async () =>
      Promise.all(
        [t1, t2, t3].map(
          async (token) =>
            ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number }).balance,
        ),
      );
    const before = await balances();

    // Exchange: P1 backs Kings ₹100 at 2.0, P3 lays it; Kings win: P1 +98 (2% commission), P3 −100.
    const ex = await market('EXCHANGE');
    await place(t1, { marketId: ex.id, selectionId: ex.runners[0], selectionType: 'back', odds: 2, stake: 100 });
    await place(t3, { marketId: ex.id, selectionId: ex.runners[0], selectionType: 'lay', odds: 2, stake: 100 });
    await settle(ex.id, { winnerId: ex.runners[0] });
    // Bookmaker: P1 backs Kings ₹1,000 at 50 (+500); P2 backs Royals ₹400 (−400), later voided.
    const bm = await market('BOOKMAKER');
    await place(t1, { marketId: bm.id, selectionId: bm.runners[0], selectionType: 'back', odds: 50, stake: 1000 });
    const ghost = await place(t2, {
      marketId: bm.id,
      selectionId: bm.runners[1],
      selectionType: 'back',
      odds: 50,
      stake: 400,
    });
    await settle(bm.id, { winnerId: bm.runners[0] });
    // Fancy: P2 YES 63 for ₹200, 70 runs: +200.
    const fancy = await market('FANCY');
    await place(t2, { marketId: fancy.id, selectionType: 'back', odds: 63, oddsSize: 100, stake: 200 });
    await settle(fancy.id, { runs: 70 });
    const voided = await call(t.app, 'POST', `/api/v1/backoffice/bets/${ghost}/void`, {
      token: director.token,
      body: { reason: 'Ghost bet' },
    });
    expect(voided.body.meta.code, voided.body.meta.message).toBe(200);

    const top = await report('/api/v1/backoffice/reports/party-pnl');
    const agentRow = top.rows.find((row) => row.userId === agent.userId);
    expect(agentRow).toMatchObject({
      hasDownline: true,
      exchange: 98,
      bookmaker: 500,
      fancy: 200,
      sports: 798,
      casino: 0,
      total: 798,
    });
    expect(top.rows.find((row) => row.userId === p3.userId)).toMatchObject({
      hasDownline: false,
      exchange: -100,
      total: -100,
    });
    // Level by level: the agent's row is its player's and its sub-agent's; the sub-agent's is its player's.
    const second = await report(`/api/v1/backoffice/users/${agent.userId}/party-pnl`);
    expect(second.parentId).toBe(agent.userId);
    expect(second.rows.find((row) => row.userId === p1.userId)).toMatchObject({
      exchange: 98,
      bookmaker: 500,
      total: 598,
    });
    expect(second.rows.find((row) => row.userId === sub.userId)).toMatchObject({
      bookmaker: 0,
      fancy: 200,
      total: 200,
    });
    expect(second.total.total).toBe(798);
    const third = await report(`/api/v1/backoffice/users/${sub.userId}/party-pnl`);
    expect(third.rows.map((row) => row.userId)).toEqual([p2.userId]);

    // Equal to the journal: each row is what its accounts' wallets moved.
    expect(agentRow?.total).toBe(await balanceChange([t1, t2], [before[0] as number, before[1] as number]));
    expect(top.rows.find((row) => row.userId === p3.userId)?.total).toBe(
      await balanceChange([t3], [before[2] as number]),
    );
    // Outside the dates: nothing.
    const old = await report('/api/v1/backoffice/reports/party-pnl?start_date=2025-01-01&end_date=2025-01-31');
    expect(old.rows).toEqual([]);
  });
});
