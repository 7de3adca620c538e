import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentBookStatement } from '@khel/contract';
import { ROLES } from '@khel/contract';
import { indiaDate } from '@khel/money';
import { AppError } from '../../lib/app-error.js';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { seedDemoData } from '../demo/demo-seed.js';
import { accountUnder, bookmakerMarket, callerFor, tokenOf } from './agent-money-test-support.js';
import { resultsSettleAlone } from '../../../test/one-operator-results.js';

/**
 * Issue 24, "Agents' books" (decision 0054): an agent's own statement — every move of its chips or
 * credit in and out with the running balance, in India dates — read by the agent and its upline, never
 * by a sibling or by the agent below.
 */
let t: TestApp;
let director: { token: string; userId: string };
let top: string;
let sub: string;
let sibling: string;
let player: { userId: string; mobileNo: string };
let upiAccountId: string;

const names = new Map<string, string>();
const nameOf = async (id: string) => {
  const known = names.get(id);
  if (known !== undefined) return known;
  const user = await call(t.app, 'GET', `/api/v1/backoffice/users/${id}`, { token: director.token });
  const name = (user.body.data as { name: string }).name;
  names.set(id, name);
  return name;
};
const codeOf = async (run: () => Promise<unknown>): Promise<string | null> => {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};
const book = (as: string, role: number, agentId: string, range: { start_date?: string; end_date?: string } = {}) =>
  t.services.agentBook.statement(callerFor(as, role), agentId, range);
const chips = (from: string, to: string, action: 'give' | 'take', amount: number) =>
  t.services.agentChips.move(callerFor(from, ROLES.AGENT), to, { action, amount }, undefined, '127.0.0.1');

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.services);
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
  top = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
  sub = (await accountUnder(t, ROLES.AGENT, top)).userId;
  sibling = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
  player = await accountUnder(t, ROLES.PLAYER, sub);
  const accounts = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token: director.token })).body.data as {
    _id: string;
    type: string;
  }[];
  upiAccountId = accounts.find((row) => row.type === 'upi')?._id as string;

  const given = await call(t.app, 'POST', `/api/v1/backoffice/users/${top}/chips`, {
    token: director.token,
    body: { action: 'give', amount: 20_000 },
  });
  expect(given.body.meta.code, given.body.meta.message).toBe(200);
  await chips(top, sub, 'give', 5_000);
  await chips(sub, player.userId, 'give', 1_000);
  await chips(top, sub, 'take', 1_000);
  // The player's deposit into the house's account takes its chips from its agent's book (decision 0044).
  const deposit = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
    token: await tokenOf(t, player.mobileNo),
    body: { amount: 500, accountId: upiAccountId, type: 'upi', txnRef: `BOOKUTR${Date.now()}` },
  });
  expect(deposit.body.meta.code, deposit.body.meta.message).toBe(200);
  const approved = await call(
    t.app,
    'POST',
    `/api/v1/backoffice/deposits/${(deposit.body.data as { _id: string })._id}/approve`,
    { token: director.token },
  );
  expect(approved.body.data, approved.body.meta.message).toMatchObject({ status: 'approved' });
});
afterAll(async () => {
  expect(await ledgerViolations(t.db)).toEqual([]);
  await t.close();
});

describe("an agent's own statement (issue 24)", () => {
  it('lists every move of the chips in and out, from the agent side, with the running balance and India dates', async () => {
    const statement = await book(sub, ROLES.AGENT, sub);
    const today = indiaDate(t.clock.now());
    expect(statement).toMatchObject({ book: 'chips', openingBalance: 0, closingBalance: 2_500, endDate: today });
    expect(statement.agent).toMatchObject({ _id: sub, role: ROLES.AGENT });
    expect(
      statement.lines.map(({ description, amount, balance, counterparty, indiaDate: day }) => ({
        description,
        amount,
        balance,
        counterparty: counterparty?._id ?? null,
        day,
      })),
    ).toEqual([
      { description: `Chips from ${await nameOf(top)}`, amount: 5_000, balance: 5_000, counterparty: top, day: today },
      {
        description: `Chips given to ${await nameOf(player.userId)}`,
        amount: -1_000,
        balance: 4_000,
        counterparty: player.userId,
        day: today,
      },
      {
        description: `Chips taken back by ${await nameOf(top)}`,
        amount: -1_000,
        balance: 3_000,
        counterparty: top,
        day: today,
      },
      {
        description: `Deposit of ${await nameOf(player.userId)} approved`,
        amount: -500,
        balance: 2_500,
        counterparty: player.userId,
        day: today,
      },
    ]);
    // The closing balance is the book's balance in the journal.
    expect(await t.services.wallet.agentBookBalance(sub, 'chips')).toBe(2_500_00);
  });

  it("the top agent's own: chips from the house, given to and taken back from its sub-agent", async () => {
    const statement = await book(top, ROLES.AGENT, top);
    expect(
      statement.lines.map(({ description, amount, balance, counterparty }) => [
        description,
        amount,
        balance,
        counterparty,
      ]),
    ).toEqual([
      ['Chips from the house', 20_000, 20_000, null],
      [`Chips given to ${await nameOf(sub)}`, -5_000, 15_000, { _id: sub, name: await nameOf(sub) }],
      [`Chips taken back from ${await nameOf(sub)}`, 1_000, 16_000, { _id: sub, name: await nameOf(sub) }],
    ]);
  });

  it('the upline and an operator read it; a sibling, the agent below and a player cannot', async () => {
    const own = await book(sub, ROLES.AGENT, sub);
    expect(await book(top, ROLES.AGENT, sub)).toEqual(own);
    const byDirector = await call(t.app, 'GET', `/api/v1/backoffice/users/${sub}/book`, { token: director.token });
    expect(byDirector.body.meta.code, byDirector.body.meta.message).toBe(200);
    expect(byDirector.body.data).toEqual(own);
    expect(await codeOf(() => book(sibling, ROLES.AGENT, sub))).toBe('NOT_IN_DOWNLINE');
    expect(await codeOf(() => book(sub, ROLES.AGENT, top))).toBe('NOT_IN_DOWNLINE');
    expect(await codeOf(() => book(player.userId, ROLES.PLAYER, sub))).toBe('FORBIDDEN');
    expect(await codeOf(() => book(top, ROLES.AGENT, player.userId))).toBe('WRONG_ACCOUNT_KIND');
  });

  it('a range of India dates: what came before is the opening balance', async () => {
    const tomorrow = indiaDate(new Date(t.clock.now().getTime() + 24 * 60 * 60 * 1000));
    const later = await book(sub, ROLES.AGENT, sub, { start_date: tomorrow, end_date: tomorrow });
    expect(later).toMatchObject({
      startDate: tomorrow,
      endDate: tomorrow,
      openingBalance: 2_500,
      closingBalance: 2_500,
      lines: [],
    });
    const refused = await call(
      t.app,
      'GET',
      `/api/v1/backoffice/users/${sub}/book?start_date=2026-11-30&end_date=2026-11-01`,
      {
        token: director.token,
      },
    );
    expect(refused.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
  });

  it("a credit agent's own book: credit from the house and given to its player; its settlements beside it", async () => {
    const creditAgent = (await accountUnder(t, ROLES.CREDIT_AGENT, director.userId)).userId;
    const creditAccount = await accountUnder(t, ROLES.CREDIT_PLAYER, creditAgent);
    const creditPlayer = creditAccount.userId;
    const given = await call(t.app, 'POST', `/api/v1/backoffice/users/${creditAgent}/credit`, {
      token: director.token,
      body: { action: 'give', amount: 10_000 },
    });
    expect(given.body.meta.code, given.body.meta.message).toBe(200);
    const agentCaller = callerFor(creditAgent, ROLES.CREDIT_AGENT);
    await t.services.agentCredit.move(
      agentCaller,
      creditPlayer,
      { action: 'give', amount: 2_000 },
      undefined,
      '127.0.0.1',
    );
    // The player loses ₹1,500 on a bet and pays the agent ₹1,000 of it outside the product.
    const market = await bookmakerMarket(t, director.token);
    const placed = await call(t.app, 'POST', '/api/v1/place-bet', {
      token: await tokenOf(t, creditAccount.mobileNo),
      body: { marketId: market.id, selectionId: market.runners[0], selectionType: 'back', odds: 45, stake: 1_500 },
    });
    expect(placed.body.meta.code, placed.body.meta.message).toBe(200);
    const settledMarket = await call(t.app, 'POST', `/api/v1/backoffice/markets/${market.id}/settle`, {
      token: director.token,
      body: { winnerId: market.runners[1] },
    });
    expect(settledMarket.body.meta.code, settledMarket.body.meta.message).toBe(200);
    await t.services.agentCredit.settle(agentCaller, creditPlayer, { amount: 1_000 }, undefined, '127.0.0.1');

    const statement: AgentBookStatement = await book(creditAgent, ROLES.CREDIT_AGENT, creditAgent);
    expect(statement.book).toBe('credit');
    expect(statement.lines.map(({ description, amount, balance }) => [description, amount, balance])).toEqual([
      ['Credit from the house', 10_000, 10_000],
      [`Credit given to ${await nameOf(creditPlayer)}`, -2_000, 8_000],
    ]);
    expect(statement.settlements).toEqual({
      openingBalance: 0,
      closingBalance: 1_000,
      lines: [
        expect.objectContaining({
          description: `Settlement: cash received from ${await nameOf(creditPlayer)}`,
          amount: 1_000,
          balance: 1_000,
          counterparty: { _id: creditPlayer, name: await nameOf(creditPlayer) },
        }),
      ],
    });
    // A cash agent has no settlements of its own.
    expect((await book(sub, ROLES.AGENT, sub)).settlements).toBeNull();
  });
});
