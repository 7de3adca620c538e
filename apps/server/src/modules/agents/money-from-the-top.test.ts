import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { PASSWORD, call, createOperator, createTestApp } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { AppError } from '../../lib/app-error.js';
import { accountUnder, callerFor, tokenOf } from './agent-money-test-support.js';

/**
 * Issue 24, "nothing is created or paid out by one person" (PRODUCT.md §9, decision 0044): chips, credit
 * and settlements from the house count in the operators' four-eyes totals and wait above the line;
 * chips to a player count as its deposit; nothing reaches a suspended or self-excluded account.
 */
let t: TestApp;
let director: { token: string; userId: string };
let support: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp({ SECOND_APPROVAL_ABOVE_RUPEES: '50000' });
  director = await createOperator(t, ROLES.DIRECTOR);
  support = await createOperator(t, ROLES.SUPPORT_ADMIN);
});
afterAll(async () => {
  expect(await ledgerViolations(t.db)).toEqual([]);
  await t.close();
});

const chipsOf = (agentId: string) => t.services.wallet.agentBookBalance(agentId, 'chips');
const creditOf = (agentId: string) => t.services.wallet.agentBookBalance(agentId, 'credit');
const mainOf = async (userId: string) => (await t.services.wallet.balancesOf(userId)).mainBalancePaise;
const move = (token: string, id: string, book: 'chips' | 'credit', amount: number, action: 'give' | 'take' = 'give') =>
  call(t.app, 'POST', `/api/v1/backoffice/users/${id}/${book}`, { token, body: { action, amount } });
const waitingOf = (answer: Awaited<ReturnType<typeof move>>) =>
  (answer.body.data as { waiting: { _id: string; status: string; amount: number } | null }).waiting;
const codeOf = async (run: () => Promise<unknown>): Promise<string | null> => {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};

describe('house chips and credit wait for a second operator above the line', () => {
  it('a top agent given ₹60,000 of house chips gets nothing until another operator approves', async () => {
    const agent = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    const asked = await move(support.token, agent, 'chips', 60_000);
    expect(asked.body.meta).toMatchObject({
      code: 200,
      message: 'Above your limit for today: a second operator must approve it',
    });
    const waiting = waitingOf(asked);
    expect(waiting).toMatchObject({ status: 'pending', amount: 60_000, kind: 'chips', action: 'give' });
    expect(await chipsOf(agent)).toBe(0);

    // The requester cannot approve (or reject) its own request.
    const self = await call(t.app, 'POST', `/api/v1/backoffice/house-money/${waiting?._id}/approve`, {
      token: support.token,
    });
    expect(self.body.meta).toMatchObject({ code: 403, error: 'SELF_SERVICE_REFUSED' });
    expect(await chipsOf(agent)).toBe(0);

    const listed = await call(t.app, 'GET', '/api/v1/backoffice/house-money?status=pending', { token: director.token });
    expect((listed.body.data as { items: { _id: string }[] }).items.map((item) => item._id)).toContain(waiting?._id);

    const approved = await call(t.app, 'POST', `/api/v1/backoffice/house-money/${waiting?._id}/approve`, {
      token: director.token,
    });
    expect(approved.body.meta, JSON.stringify(approved.body.meta)).toMatchObject({ code: 200 });
    expect(approved.body.data).toMatchObject({ status: 'applied', decidedBy: director.userId });
    expect(await chipsOf(agent)).toBe(60_000_00);

    const again = await call(t.app, 'POST', `/api/v1/backoffice/house-money/${waiting?._id}/approve`, {
      token: director.token,
    });
    expect(again.body.meta).toMatchObject({ code: 409, error: 'ALREADY_DECIDED' });
    expect(await chipsOf(agent)).toBe(60_000_00);
  });

  it('splitting does not help: two ₹30,000 gives to one player by one operator, the second waits', async () => {
    const player = (await accountUnder(t, ROLES.PLAYER, director.userId)).userId;
    const before = await mainOf(player);
    expect(waitingOf(await move(support.token, player, 'chips', 30_000))).toBeNull();
    const second = waitingOf(await move(support.token, player, 'chips', 30_000));
    expect(second).toMatchObject({ status: 'pending' });
    expect(await mainOf(player)).toBe(before + 30_000_00);
    // Another operator's own total is separate, as for adjustments.
    expect(waitingOf(await move(director.token, player, 'chips', 10_000))).toBeNull();
    expect(await mainOf(player)).toBe(before + 40_000_00);
  });

  it("the second approver sees the requester's total for the account today, what else waits for it and the first approval", async () => {
    const player = (await accountUnder(t, ROLES.PLAYER, director.userId)).userId;
    expect(waitingOf(await move(support.token, player, 'chips', 40_000))).toBeNull();
    const first = waitingOf(await move(support.token, player, 'chips', 15_000));
    const adjustment = await call(t.app, 'POST', `/api/v1/backoffice/users/${player}/adjustments`, {
      token: director.token,
      body: { wallet: 'main', amount: 70_000, reason: 'Goodwill' },
    });
    expect(adjustment.body.data).toMatchObject({ status: 'pending' });
    const second = waitingOf(await move(support.token, player, 'chips', 20_000, 'take'));
    const other = (await accountUnder(t, ROLES.PLAYER, director.userId)).userId;
    expect(waitingOf(await move(support.token, other, 'chips', 60_000))).toMatchObject({ status: 'pending' });

    const detail = await call(t.app, 'GET', `/api/v1/backoffice/house-money/${first?._id}`, { token: director.token });
    expect(detail.body.meta.code).toBe(200);
    const context = (detail.body.data as { context: Record<string, unknown> }).context;
    expect(context).toMatchObject({
      totalOf: { by: support.userId },
      requesterTotalToday: 40_000,
      firstApproval: { by: support.userId },
    });
    expect(context.indiaDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Everything else waiting for this player, in every queue; never the request itself nor another
    // player's. (The test clock stands still, so all were asked at one instant.)
    const others = [...(context.otherWaiting as { kind: string }[])].sort((a, b) => a.kind.localeCompare(b.kind));
    expect(others).toEqual([
      expect.objectContaining({
        kind: 'adjustment',
        amount: 70_000,
        _id: (adjustment.body.data as { _id: string })._id,
      }),
      expect.objectContaining({ kind: 'houseMoney', amount: -20_000, _id: second?._id }),
    ]);

    // Once the first is approved, it counts in the requester's total and no longer waits.
    await call(t.app, 'POST', `/api/v1/backoffice/house-money/${first?._id}/approve`, { token: director.token });
    const after = await call(t.app, 'GET', `/api/v1/backoffice/house-money/${second?._id}`, { token: director.token });
    const next = (after.body.data as { context: { requesterTotalToday: number; otherWaiting: { kind: string }[] } })
      .context;
    expect(next.requesterTotalToday).toBe(40_000);
    expect(next.otherWaiting.map((row) => row.kind)).toEqual(['adjustment']);

    const missing = await call(t.app, 'GET', '/api/v1/backoffice/house-money/00000000-0000-0000-0000-000000000000', {
      token: director.token,
    });
    expect(missing.body.meta).toMatchObject({ code: 404 });
  });

  it('chips taken back by the house count too (the house pays the account out)', async () => {
    const player = (await accountUnder(t, ROLES.PLAYER, director.userId)).userId;
    await move(director.token, player, 'chips', 45_000);
    const taken = await move(support.token, player, 'chips', 40_000, 'take');
    expect(waitingOf(taken)).toBeNull();
    expect(waitingOf(await move(support.token, player, 'chips', 20_000, 'take'))).toMatchObject({ action: 'take' });
  });

  it('credit from the house to a credit agent and to its credit player waits; lowering credit never does', async () => {
    const creditAgent = (await accountUnder(t, ROLES.CREDIT_AGENT, director.userId)).userId;
    const waiting = waitingOf(await move(director.token, creditAgent, 'credit', 75_000));
    expect(waiting).toMatchObject({ kind: 'credit', status: 'pending' });
    expect(await creditOf(creditAgent)).toBe(0);
    const rejected = await call(t.app, 'POST', `/api/v1/backoffice/house-money/${waiting?._id}/reject`, {
      token: support.token,
      body: { reason: 'Too much for a new agent' },
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', decidedBy: support.userId });
    expect(await creditOf(creditAgent)).toBe(0);
    const late = await call(t.app, 'POST', `/api/v1/backoffice/house-money/${waiting?._id}/approve`, {
      token: support.token,
    });
    expect(late.body.meta).toMatchObject({ error: 'ALREADY_DECIDED' });

    expect(waitingOf(await move(director.token, creditAgent, 'credit', 50_000))).toBeNull();
    expect(waitingOf(await move(director.token, creditAgent, 'credit', 20_000, 'take'))).toBeNull();
    expect(await creditOf(creditAgent)).toBe(30_000_00);
    const houseCreditPlayer = (await accountUnder(t, ROLES.CREDIT_PLAYER, director.userId)).userId;
    expect(waitingOf(await move(director.token, houseCreditPlayer, 'credit', 50_001))).toMatchObject({
      status: 'pending',
    });
  });

  it("an agent's chips and credit inside its own book are the agent's to decide, whatever the amount", async () => {
    const agent = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    await move(director.token, agent, 'chips', 50_000);
    const player = (await accountUnder(t, ROLES.PLAYER, agent)).userId;
    const caller = callerFor(agent, ROLES.AGENT);
    const moved = await t.services.agentChips.move(caller, player, { action: 'give', amount: 45_000 }, undefined, '');
    expect(moved.waitingId).toBeNull();
    await t.services.agentChips.move(caller, player, { action: 'take', amount: 45_000 }, undefined, '');
    expect(
      (await t.services.agentChips.move(caller, player, { action: 'give', amount: 49_000 }, undefined, '')).waitingId,
    ).toBeNull();
    expect(await chipsOf(agent)).toBe(1_000_00);
  });

  it("the house's settlement with its own credit player above the line waits; approval checks it again", async () => {
    const op3 = await createOperator(t, ROLES.SUPPORT_ADMIN);
    const op4 = await createOperator(t, ROLES.SUPPORT_ADMIN);
    const houseCreditPlayer = (await accountUnder(t, ROLES.CREDIT_PLAYER, director.userId)).userId;
    await move(director.token, houseCreditPlayer, 'credit', 50_000);
    await move(op3.token, houseCreditPlayer, 'credit', 10_000);
    // A loss of ₹55,000 (adjustments by two operators stand in for lost bets): Ref P&L −55,000.
    const lose = (userId: string, amount: number) =>
      t.services.adjustments.create(
        callerFor(userId, ROLES.SUPPORT_ADMIN),
        houseCreditPlayer,
        { wallet: 'main', amount: -amount, reason: 'Lost bets' },
        '',
      );
    await lose(op3.userId, 35_000);
    await lose(op4.userId, 20_000);
    const settle = (token: string, amount: number) =>
      call(t.app, 'POST', `/api/v1/backoffice/users/${houseCreditPlayer}/settlement`, { token, body: { amount } });
    expect(waitingOf(await settle(support.token, 30_000))).toBeNull();
    const waiting = waitingOf(await settle(support.token, 25_000));
    expect(waiting).toMatchObject({ kind: 'settlement', action: 'settle', status: 'pending', amount: 25_000 });
    expect(waitingOf(await settle(op4.token, 25_000))).toBeNull();
    expect(await mainOf(houseCreditPlayer)).toBe(60_000_00);
    // Meanwhile Ref P&L reached zero: the waiting settlement is checked again as things stand now.
    const approved = await call(t.app, 'POST', `/api/v1/backoffice/house-money/${waiting?._id}/approve`, {
      token: director.token,
    });
    expect(approved.body.meta).toMatchObject({
      code: 409,
      error: 'CONFLICT',
      message: 'Nothing to settle: Ref P&L is zero',
    });
    expect(await mainOf(houseCreditPlayer)).toBe(60_000_00);
  });

  it("a credit agent's settlements and credit to its own players are its own to decide", async () => {
    const creditAgent = (await accountUnder(t, ROLES.CREDIT_AGENT, director.userId)).userId;
    await move(director.token, creditAgent, 'credit', 10_000);
    const agentsPlayer = (await accountUnder(t, ROLES.CREDIT_PLAYER, creditAgent)).userId;
    await t.services.agentCredit.move(
      callerFor(creditAgent, ROLES.CREDIT_AGENT),
      agentsPlayer,
      { action: 'give', amount: 10_000 },
      undefined,
      '',
    );
    expect(await mainOf(agentsPlayer)).toBe(10_000_00);
  });
});

describe('chips to a player count as a deposit; nothing reaches a closed account', () => {
  it("a player's own daily deposit limit refuses the agent's chips past it, and chips use up the limit", async () => {
    const agent = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    await move(director.token, agent, 'chips', 10_000);
    const player = await accountUnder(t, ROLES.PLAYER, agent);
    const token = await tokenOf(t, player.mobileNo);
    const limit = await call(t.app, 'PUT', '/api/v1/deposit-limits', {
      token,
      body: { period: 'daily', amount: 1_000 },
    });
    expect(limit.body.meta.code).toBe(200);
    const caller = callerFor(agent, ROLES.AGENT);
    const give = (amount: number) =>
      t.services.agentChips.move(caller, player.userId, { action: 'give', amount }, undefined, '');
    await give(800);
    await expect(give(300)).rejects.toMatchObject({
      code: 'DEPOSIT_LIMIT_REACHED',
      message: "The player's own daily deposit limit is ₹1,000.00: chips count as a deposit, and only ₹200.00 is left",
    });
    expect(await chipsOf(agent)).toBe(10_000_00 - 800_00);
    // The chips used the limit: the player's own deposit request past it is refused too.
    const accounts = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token })).body.data as {
      _id: string;
      type: 'upi' | 'bank';
    }[];
    const account = accounts[0];
    if (account !== undefined) {
      const deposit = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
        token,
        body: { amount: 300, accountId: account._id, type: account.type, txnRef: 'UTRLIMIT0001' },
      });
      expect(deposit.body.meta).toMatchObject({ error: 'DEPOSIT_LIMIT_REACHED' });
    }
    const limits = (await call(t.app, 'GET', '/api/v1/deposit-limits', { token })).body.data as {
      period: string;
      used: number;
    }[];
    expect(limits.find((row) => row.period === 'daily')?.used).toBe(800);
    // Taking chips back is no deposit, and giving within what is left still works.
    await give(200);
    expect(await codeOf(() => give(1))).toBe('DEPOSIT_LIMIT_REACHED');
  });

  it('a self-excluded player receives no chips, from its agent or the house; taking back still works', async () => {
    const agent = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    await move(director.token, agent, 'chips', 10_000);
    const player = await accountUnder(t, ROLES.PLAYER, agent);
    const caller = callerFor(agent, ROLES.AGENT);
    await t.services.agentChips.move(caller, player.userId, { action: 'give', amount: 500 }, undefined, '');
    const token = await tokenOf(t, player.mobileNo);
    const excluded = await call(t.app, 'POST', '/api/v1/self-exclusion', {
      token,
      body: { days: 7, password: PASSWORD },
    });
    expect(excluded.body.meta.code).toBe(200);
    await expect(
      t.services.agentChips.move(caller, player.userId, { action: 'give', amount: 100 }, undefined, ''),
    ).rejects.toMatchObject({
      code: 'ACCOUNT_SELF_EXCLUDED',
      message: 'This account is self-excluded until 2026-11-28: it cannot receive chips or credit',
    });
    const houseGive = await move(director.token, player.userId, 'chips', 100);
    expect(houseGive.body.meta).toMatchObject({ code: 403, error: 'ACCOUNT_SELF_EXCLUDED' });
    const before = await mainOf(player.userId);
    await t.services.agentChips.move(caller, player.userId, { action: 'take', amount: 500 }, undefined, '');
    expect(await mainOf(player.userId)).toBe(before - 500_00);
  });

  it('a suspended agent or credit player receives nothing, and a waiting request for one is not approved', async () => {
    const agent = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    const waiting = waitingOf(await move(support.token, agent, 'chips', 70_000));
    const creditPlayer = (await accountUnder(t, ROLES.CREDIT_PLAYER, director.userId)).userId;
    for (const id of [agent, creditPlayer]) {
      const suspended = await call(t.app, 'PUT', `/api/v1/backoffice/users/${id}`, {
        token: director.token,
        body: { suspended: true, suspendedReason: 'Under review' },
      });
      expect(suspended.body.meta.code).toBe(200);
    }
    expect((await move(director.token, agent, 'chips', 100)).body.meta).toMatchObject({
      code: 403,
      error: 'ACCOUNT_SUSPENDED',
      message: 'This account is suspended: it cannot receive chips or credit',
    });
    expect((await move(director.token, creditPlayer, 'credit', 100)).body.meta).toMatchObject({
      error: 'ACCOUNT_SUSPENDED',
    });
    const approved = await call(t.app, 'POST', `/api/v1/backoffice/house-money/${waiting?._id}/approve`, {
      token: director.token,
    });
    expect(approved.body.meta).toMatchObject({ error: 'ACCOUNT_SUSPENDED' });
    expect(await chipsOf(agent)).toBe(0);
  });
});
