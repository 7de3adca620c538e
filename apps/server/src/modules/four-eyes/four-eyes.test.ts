import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { seedDemoData } from '../demo/demo-seed.js';

/** Issue 9: the second-approval line applies to what one operator moves for one player in an India day. */
let t: TestApp;
let director: { token: string; userId: string };
let support: { token: string; userId: string };
let upiAccountId: string;

beforeAll(async () => {
  t = await createTestApp({ SECOND_APPROVAL_ABOVE_RUPEES: '50000' });
  await seedDemoData(t.services);
  director = await createOperator(t, ROLES.DIRECTOR);
  support = await createOperator(t, ROLES.SUPPORT_ADMIN);
  const accounts = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token: director.token })).body.data as {
    _id: string;
    type: string;
  }[];
  upiAccountId = accounts.find((row) => row.type === 'upi')?._id as string;
});
afterAll(async () => t.close());

const balanceOf = async (token: string) =>
  ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number }).balance;
const adjust = (token: string, userId: string, amount: number) =>
  call(t.app, 'POST', `/api/v1/backoffice/users/${userId}/adjustments`, {
    token,
    body: { wallet: 'main', amount, reason: 'Goodwill' },
  });
let refCounter = 0;
async function deposit(token: string, amount: number): Promise<string> {
  refCounter += 1;
  const answer = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
    token,
    body: { amount, accountId: upiAccountId, type: 'upi', txnRef: `UTRFOUR${Date.now()}${refCounter}` },
  });
  return (answer.body.data as { _id: string })._id;
}

describe('the second-approval line applies to totals (issue 9)', () => {
  it('splitting ₹1,47,000 into three ₹49,000 adjustments: the one that crosses ₹50,000, and each after it, waits for a second operator', async () => {
    const player = await signUpPlayer(t);
    const first = await adjust(director.token, player.userId, 49_000);
    const second = await adjust(director.token, player.userId, 49_000);
    expect(first.body.data).toMatchObject({ status: 'applied' });
    expect(second.body.data).toMatchObject({ status: 'pending' });
    expect(second.body.meta.message).toBe('Adjustment waits for a second operator');
    const third = await adjust(director.token, player.userId, 49_000);
    expect(third.body.data).toMatchObject({ status: 'pending' });
    expect(await balanceOf(player.token)).toBe(10_000 + 49_000);
    const approved = await call(
      t.app,
      'POST',
      `/api/v1/backoffice/adjustments/${(second.body.data as { _id: string })._id}/approve`,
      { token: support.token },
    );
    expect(approved.body.data).toMatchObject({ status: 'applied' });
    await call(t.app, 'POST', `/api/v1/backoffice/adjustments/${(third.body.data as { _id: string })._id}/approve`, {
      token: support.token,
    });
    expect(await balanceOf(player.token)).toBe(10_000 + 147_000);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('counts debits as well as credits, and approvals by a second operator are not money moved alone', async () => {
    const player = await signUpPlayer(t);
    expect((await adjust(director.token, player.userId, 30_000)).body.data).toMatchObject({ status: 'applied' });
    expect((await adjust(director.token, player.userId, -25_000)).body.data).toMatchObject({ status: 'pending' });
    // The support admin approved nothing alone for this player yet: their own line is untouched.
    expect((await adjust(support.token, player.userId, 50_000)).body.data).toMatchObject({ status: 'applied' });
  });

  it('is kept per player and per India day', async () => {
    const player = await signUpPlayer(t);
    const other = await signUpPlayer(t);
    expect((await adjust(director.token, player.userId, 50_000)).body.data).toMatchObject({ status: 'applied' });
    expect((await adjust(director.token, other.userId, 50_000)).body.data).toMatchObject({ status: 'applied' });
    expect((await adjust(director.token, player.userId, 1)).body.data).toMatchObject({ status: 'pending' });
    // 06:30 UTC is 12:00 in India; 18:30 UTC is the next India midnight.
    t.clock.advanceMs(12 * 60 * 60 * 1000);
    expect((await adjust(director.token, player.userId, 1)).body.data).toMatchObject({ status: 'applied' });
  });

  it('adds deposit approvals to the same total: the one that crosses asks for a second operator', async () => {
    const player = await signUpPlayer(t);
    expect((await adjust(director.token, player.userId, 45_000)).body.data).toMatchObject({ status: 'applied' });
    const small = await deposit(player.token, 6_000);
    const first = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${small}/approve`, { token: director.token });
    expect(first.body.data).toMatchObject({ status: 'pending', awaitingSecondApproval: true });
    expect(first.body.meta.message).toContain('second operator');
    const twice = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${small}/approve`, { token: director.token });
    expect(twice.body.meta.error).toBe('SECOND_APPROVER_REQUIRED');
    const second = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${small}/approve`, { token: support.token });
    expect(second.body.data).toMatchObject({ status: 'approved' });
    expect(await balanceOf(player.token)).toBe(10_000 + 45_000 + 6_000);
  });

  it('adds withdrawal payouts too', async () => {
    const player = await signUpPlayer(t);
    await adjust(support.token, player.userId, 50_000);
    const accountId = (
      (
        await call(t.app, 'POST', '/api/v1/account-details', {
          token: player.token,
          body: {
            type: 'bank',
            accountNumber: '987654321012',
            accountHolderName: 'Ravi',
            bankName: 'HDFC Bank',
            ifscCode: 'HDFC0000123',
          },
        })
      ).body.data as { _id: string }
    )._id;
    const ids: string[] = [];
    for (const amount of [30_000, 21_000]) {
      ids.push(
        (
          (
            await call(t.app, 'POST', '/api/v1/withdrawal-request', {
              token: player.token,
              body: { amount, accountId },
            })
          ).body.data as { _id: string }
        )._id,
      );
    }
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/withdrawals/${ids[0]}/approve`, { token: director.token })).body
        .data,
    ).toMatchObject({ status: 'approved' });
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/withdrawals/${ids[1]}/approve`, { token: director.token })).body
        .data,
    ).toMatchObject({ status: 'pending', awaitingSecondApproval: true });
  });

  it('counts two concurrent actions one after the other', async () => {
    const player = await signUpPlayer(t);
    const answers = await Promise.all([
      adjust(director.token, player.userId, 30_000),
      adjust(director.token, player.userId, 30_000),
      adjust(director.token, player.userId, 30_000),
    ]);
    expect(answers.map((answer) => (answer.body.data as { status: string }).status).sort()).toEqual([
      'applied',
      'pending',
      'pending',
    ]);
  });
});

type Context = {
  indiaDate: string;
  totalOf: { by: string; byName: string };
  requesterTotalToday: number;
  firstApproval: { by: string; byName: string; at: string } | null;
  otherWaiting: { kind: string; _id: string; amount: number }[];
};
const contextOf = async (token: string, path: string): Promise<Context> => {
  const answer = await call(t.app, 'GET', `/api/v1/backoffice/${path}/context`, { token });
  expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
  return answer.body.data as Context;
};

describe('a second approver sees the request in context (issue 24)', () => {
  it("an adjustment: the requester's total for the player that day, the requester as first approval, what else waits", async () => {
    const player = await signUpPlayer(t);
    expect((await adjust(director.token, player.userId, 30_000)).body.data).toMatchObject({ status: 'applied' });
    const waiting = (await adjust(director.token, player.userId, 25_000)).body.data as { _id: string; status: string };
    expect(waiting.status).toBe('pending');
    const depositId = await deposit(player.token, 1_000);
    const context = await contextOf(support.token, `adjustments/${waiting._id}`);
    expect(context).toMatchObject({
      totalOf: { by: director.userId },
      requesterTotalToday: 30_000,
      firstApproval: { by: director.userId },
    });
    expect(context.totalOf.byName).not.toBe('');
    expect(context.firstApproval?.byName).toBe(context.totalOf.byName);
    expect(context.indiaDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(context.otherWaiting).toEqual([expect.objectContaining({ kind: 'deposit', _id: depositId, amount: 1_000 })]);

    // The requester's total stays the one the line was applied to; the approval is not money moved alone.
    await call(t.app, 'POST', `/api/v1/backoffice/adjustments/${waiting._id}/approve`, { token: support.token });
    expect(await contextOf(support.token, `adjustments/${waiting._id}`)).toMatchObject({ requesterTotalToday: 30_000 });
    const missing = await call(
      t.app,
      'GET',
      '/api/v1/backoffice/adjustments/00000000-0000-0000-0000-000000000000/context',
      { token: support.token },
    );
    expect(missing.body.meta).toMatchObject({ code: 404, error: 'NOT_FOUND' });
  });

  it("a deposit: before its first approval, the caller's own total; after it, the first approver's, with when", async () => {
    const player = await signUpPlayer(t);
    expect((await adjust(director.token, player.userId, 45_000)).body.data).toMatchObject({ status: 'applied' });
    const depositId = await deposit(player.token, 6_000);
    const other = await deposit(player.token, 2_000);

    const before = await contextOf(director.token, `deposits/${depositId}`);
    expect(before).toMatchObject({
      totalOf: { by: director.userId },
      requesterTotalToday: 45_000,
      firstApproval: null,
    });
    expect(before.otherWaiting).toEqual([expect.objectContaining({ kind: 'deposit', _id: other, amount: 2_000 })]);
    expect((await contextOf(support.token, `deposits/${depositId}`)).requesterTotalToday).toBe(0);

    const first = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${depositId}/approve`, {
      token: director.token,
    });
    expect(first.body.data).toMatchObject({ status: 'pending', awaitingSecondApproval: true });
    const after = await contextOf(support.token, `deposits/${depositId}`);
    expect(after).toMatchObject({
      totalOf: { by: director.userId },
      requesterTotalToday: 45_000,
      firstApproval: { by: director.userId, at: t.clock.now().toISOString() },
    });
    expect(after.firstApproval?.byName).toBe(after.totalOf.byName);
  });

  it("a withdrawal: the first approver's total, the first approval, and a pending adjustment for the player signed", async () => {
    const player = await signUpPlayer(t);
    await adjust(support.token, player.userId, 50_000);
    const accountId = (
      (
        await call(t.app, 'POST', '/api/v1/account-details', {
          token: player.token,
          body: {
            type: 'bank',
            accountNumber: '987654321013',
            accountHolderName: 'Ravi',
            bankName: 'HDFC Bank',
            ifscCode: 'HDFC0000123',
          },
        })
      ).body.data as { _id: string }
    )._id;
    const withdrawal = (
      (
        await call(t.app, 'POST', '/api/v1/withdrawal-request', {
          token: player.token,
          body: { amount: 40_000, accountId },
        })
      ).body.data as { _id: string }
    )._id;
    const debit = (await adjust(director.token, player.userId, -60_000)).body.data as { _id: string; status: string };
    expect(debit.status).toBe('pending');
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/withdrawals/${withdrawal}/approve`, { token: support.token })).body
        .data,
    ).toMatchObject({ status: 'pending', awaitingSecondApproval: true });
    const context = await contextOf(director.token, `withdrawals/${withdrawal}`);
    expect(context).toMatchObject({
      totalOf: { by: support.userId },
      requesterTotalToday: 50_000,
      firstApproval: { by: support.userId },
    });
    expect(context.otherWaiting).toEqual([
      expect.objectContaining({ kind: 'adjustment', _id: debit._id, amount: -60_000 }),
    ]);
    // And the pending withdrawal shows, signed, beside the debit.
    const beside = await contextOf(support.token, `adjustments/${debit._id}`);
    expect(beside.otherWaiting).toEqual([
      expect.objectContaining({ kind: 'withdrawal', _id: withdrawal, amount: -40_000 }),
    ]);
  });
});
