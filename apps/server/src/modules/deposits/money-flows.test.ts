import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { PASSWORD, call, createOperator, createTestApp, nextIp, signUpPlayer } from '../../../test/test-app.js';
import { pngDataUrl } from '../../../test/images.js';
import { seedDemoData } from '../demo/demo-seed.js';

let t: TestApp;
let director: { token: string; userId: string };
let support: { token: string; userId: string };
let upiAccountId: string;
let bankAccountId: string;

beforeAll(async () => {
  t = await createTestApp({ SECOND_APPROVAL_ABOVE_RUPEES: '50000' });
  await seedDemoData(t.services);
  director = await createOperator(t, ROLES.DIRECTOR);
  support = await createOperator(t, ROLES.SUPPORT_ADMIN);
  const accounts = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token: director.token })).body.data as {
    _id: string;
    type: string;
  }[];
  upiAccountId = accounts.find((account) => account.type === 'upi')?._id as string;
  bankAccountId = accounts.find((account) => account.type === 'bank')?._id as string;
});
afterAll(async () => t.close());

const balanceOf = async (token: string) =>
  ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number }).balance;
let refCounter = 0;
const nextRef = () => `UTR${Date.now()}${(refCounter += 1)}`;

async function deposit(token: string, amount: number, extra: Record<string, unknown> = {}) {
  return call(t.app, 'POST', '/api/v1/admin-deposit-request', {
    token,
    body: { amount, accountId: upiAccountId, type: 'upi', txnRef: nextRef(), ...extra },
  });
}

describe('payment accounts (spec §5, §8)', () => {
  it('adds and edits a UPI id and a bank account with the specification toasts', async () => {
    const player = await signUpPlayer(t);
    const upi = await call(t.app, 'POST', '/api/v1/account-details', {
      token: player.token,
      body: { type: 'upi', accountNumber: 'ravi.k@okhdfc', accountHolderName: 'Ravi Kumar' },
    });
    expect(upi.body.meta).toMatchObject({ code: 200, message: MESSAGES.upiAdded });
    const upiId = (upi.body.data as { _id: string })._id;
    const edited = await call(t.app, 'PUT', '/api/v1/account-details', {
      token: player.token,
      body: { type: 'upi', accountId: upiId, accountNumber: 'ravi.kumar@okicici', accountHolderName: 'Ravi Kumar' },
    });
    expect(edited.body.meta).toMatchObject({ code: 200, message: MESSAGES.upiUpdated });

    const bank = await call(t.app, 'POST', '/api/v1/account-details', {
      token: player.token,
      body: {
        type: 'bank',
        accountNumber: '123456789012',
        accountHolderName: 'Ravi Kumar',
        bankName: 'State Bank of India',
        ifscCode: 'sbin0001234',
      },
    });
    expect(bank.body.meta).toMatchObject({ code: 200, message: MESSAGES.bankAdded });
    expect(bank.body.data).toMatchObject({ ifscCode: 'SBIN0001234', accountType: 'savings' });

    const list = (await call(t.app, 'GET', '/api/v1/account-details', { token: player.token })).body.data as {
      accountNumber: string;
    }[];
    expect(list.map((account) => account.accountNumber)).toEqual(['ravi.kumar@okicici', '123456789012']);
    const other = await signUpPlayer(t);
    const notMine = await call(t.app, 'PUT', '/api/v1/account-details', {
      token: other.token,
      body: { type: 'upi', accountId: upiId, accountNumber: 'xy@okaxis', accountHolderName: 'X' },
    });
    expect(notMine.body.meta.error).toBe('NOT_FOUND');
  });

  it.each([
    [{ type: 'upi', accountNumber: '', accountHolderName: 'A' }, MESSAGES.fillAllFields],
    [{ type: 'upi', accountNumber: 'ravi@okhdfc' }, MESSAGES.fillAllFields],
    [{ type: 'upi', accountNumber: 'not-a-upi-id', accountHolderName: 'A' }, MESSAGES.upiInvalid],
    [{ type: 'bank', accountNumber: '1234567890', accountHolderName: 'A', bankName: 'B' }, MESSAGES.fillAllFields],
    [
      { type: 'bank', accountNumber: '1234567890', accountHolderName: 'A', bankName: 'B', ifscCode: 'SBIN123' },
      MESSAGES.ifscInvalid,
    ],
    [
      { type: 'bank', accountNumber: '12ab', accountHolderName: 'A', bankName: 'B', ifscCode: 'SBIN0001234' },
      MESSAGES.accountNumberInvalid,
    ],
    [{ type: 'crypto', accountNumber: 'x' }, MESSAGES.fillAllFields],
  ])('refuses %o with "%s"', async (body, message) => {
    const player = await signUpPlayer(t);
    const answer = await call(t.app, 'POST', '/api/v1/account-details', { token: player.token, body });
    expect(answer.body.meta).toMatchObject({ code: 400, message });
  });

  it('suggests the bank from an IFSC', async () => {
    const player = await signUpPlayer(t);
    expect((await call(t.app, 'GET', '/api/v1/ifsc/hdfc0000123', { token: player.token })).body.data).toEqual({
      ifscCode: 'HDFC0000123',
      bankName: 'HDFC Bank',
    });
    expect((await call(t.app, 'GET', '/api/v1/ifsc/ZZZZ0000123', { token: player.token })).body.data).toEqual({
      ifscCode: 'ZZZZ0000123',
      bankName: null,
    });
  });

  it('shows receiving accounts with a upi://pay link and its QR, carrying the amount when given', async () => {
    const player = await signUpPlayer(t);
    const answer = await call(t.app, 'GET', '/api/v1/admin-account-details?amount=500', { token: player.token });
    const upi = (answer.body.data as { type: string; upiLink?: string; qrImage?: string }[]).find(
      (account) => account.type === 'upi',
    );
    expect(upi?.upiLink).toBe('upi://pay?pa=khel.demo%40okaxis&pn=Khel%20Demo%20%28play%20money%29&cu=INR&am=500.00');
    expect(upi?.qrImage).toMatch(/^data:image\/png;base64,/);
  });
});

describe('deposits (PRODUCT.md §4)', () => {
  it('credits the main wallet on approval; the statement shows the line with its running balance', async () => {
    const player = await signUpPlayer(t);
    const created = await deposit(player.token, 1500, { txnRef: 'UTR 5566-7788' });
    expect(created.body.meta).toMatchObject({ code: 200, message: MESSAGES.depositSubmitted });
    const id = (created.body.data as { _id: string; status: string })._id;
    expect(created.body.data).toMatchObject({ status: 'pending', amount: 1500, txnRef: 'UTR 5566-7788' });
    expect(await balanceOf(player.token)).toBe(10000);

    const approved = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${id}/approve`, { token: support.token });
    expect(approved.body.data).toMatchObject({ status: 'approved', player: { _id: player.userId } });
    expect(await balanceOf(player.token)).toBe(11500);
    const again = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${id}/approve`, { token: director.token });
    expect(again.body.meta.error).toBe('ALREADY_DECIDED');
    expect(await balanceOf(player.token)).toBe(11500);

    const statement = (await call(t.app, 'GET', '/api/v1/account-statement', { token: player.token })).body.data as {
      lines: { description: string; credit: number; balance: number }[];
      openingBalance: number;
      closingBalance: number;
    };
    expect(statement.lines.map((line) => [line.description, line.credit, line.balance])).toEqual([
      ['Welcome play chips', 10000, 10000],
      ['Deposit by UPI, ref UTR 5566-7788', 1500, 11500],
    ]);
    expect(statement.closingBalance).toBe(11500);
    const history = (await call(t.app, 'GET', '/api/v1/admin-deposit-request', { token: player.token })).body.data as {
      status: string;
    }[];
    expect(history[0]?.status).toBe('approved');
  });

  it('refuses a reference id used before, in any spelling, by anyone', async () => {
    const first = await signUpPlayer(t);
    const second = await signUpPlayer(t);
    expect((await deposit(first.token, 500, { txnRef: 'ABC-123 456' })).body.meta.code).toBe(200);
    const reuse = await deposit(second.token, 500, { txnRef: 'abc123456' });
    expect(reuse.body.meta).toMatchObject({ code: 409, error: 'DUPLICATE_REFERENCE_ID' });
  });

  it('gives exactly one pending request to two accounts racing with one reference id', async () => {
    const players = await Promise.all([signUpPlayer(t), signUpPlayer(t), signUpPlayer(t)]);
    const answers = await Promise.all(players.map((player) => deposit(player.token, 700, { txnRef: 'RACE-REF-1' })));
    expect(answers.map((answer) => answer.body.meta.code).sort()).toEqual([200, 409, 409]);
  });

  it.each([
    [{ amount: undefined }, MESSAGES.depositAmountRequired],
    [{ amount: 199.99 }, MESSAGES.depositMinimum],
    [{ txnRef: '' }, MESSAGES.depositProofRequired],
    [{ amount: 500.001 }, 'Amounts have at most two decimals'],
    [{ accountId: 'nope' }, 'Choose the account you paid into'],
  ])('validates %o → "%s"', async (change, message) => {
    const player = await signUpPlayer(t);
    const answer = await deposit(player.token, 500, change);
    expect(answer.body.meta).toMatchObject({ code: 400, message });
  });

  it('accepts the minimum of ₹200 itself (PRODUCT.md §6)', async () => {
    const player = await signUpPlayer(t);
    expect((await deposit(player.token, 200)).body.meta.code).toBe(200);
  });

  it('refuses a receiving account of the other type or a deactivated one', async () => {
    const player = await signUpPlayer(t);
    expect((await deposit(player.token, 500, { accountId: bankAccountId })).body.meta.message).toBe(
      'Choose the account you paid into',
    );
  });

  it('keeps a screenshot private: a re-encoded JPEG for its owner and operators only', async () => {
    const player = await signUpPlayer(t);
    const created = await deposit(player.token, 800, { txnRef: undefined, baseImage: await pngDataUrl(300, 200) });
    const depositRow = created.body.data as { _id: string; screenShot: string; screenShotUrl: string };
    expect(depositRow.screenShot).toMatch(/^data:image\/jpeg;base64,/);
    const own = await t.app.inject({
      method: 'GET',
      url: depositRow.screenShotUrl,
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const other = await signUpPlayer(t);
    const stranger = await call(t.app, 'GET', depositRow.screenShotUrl, { token: other.token });
    expect(stranger.body.meta.error).toBe('NOT_FOUND');
    const operator = await t.app.inject({
      method: 'GET',
      url: depositRow.screenShotUrl,
      headers: { authorization: `Bearer ${director.token}` },
    });
    expect(operator.statusCode).toBe(200);
    const mediaId = (
      await t.db.query<{ screenshot_media_id: string }>(
        'select screenshot_media_id from deposit_requests where id = $1',
        [depositRow._id],
      )
    ).rows[0]?.screenshot_media_id;
    const publicRoute = await call(t.app, 'GET', `/api/v1/media/${mediaId}`);
    expect(publicRoute.body.meta.error).toBe('NOT_FOUND');
  });

  it('rejects with a reason and moves no money', async () => {
    const player = await signUpPlayer(t);
    const id = ((await deposit(player.token, 900)).body.data as { _id: string })._id;
    const noReason = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${id}/reject`, {
      token: director.token,
      body: {},
    });
    expect(noReason.body.meta.message).toBe('Give a reason');
    const rejected = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${id}/reject`, {
      token: director.token,
      body: { reason: 'No payment received' },
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'No payment received' });
    expect(await balanceOf(player.token)).toBe(10000);
  });

  it('needs two different operators above the second-approval amount', async () => {
    const player = await signUpPlayer(t);
    const id = ((await deposit(player.token, 60000)).body.data as { _id: string })._id;
    const first = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${id}/approve`, { token: director.token });
    expect(first.body.data).toMatchObject({ status: 'pending', awaitingSecondApproval: true });
    expect(first.body.meta.message).toContain('second operator');
    expect(await balanceOf(player.token)).toBe(10000);
    const same = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${id}/approve`, { token: director.token });
    expect(same.body.meta.error).toBe('SECOND_APPROVER_REQUIRED');
    const second = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${id}/approve`, { token: support.token });
    expect(second.body.data).toMatchObject({ status: 'approved' });
    expect(await balanceOf(player.token)).toBe(70000);
    const audit = (
      await call(t.app, 'GET', `/api/v1/backoffice/audit-log?targetId=${player.userId}`, { token: director.token })
    ).body.data as { items: { action: string }[] };
    expect(audit.items.map((item) => item.action)).toEqual(['deposit.approve', 'deposit.first_approval']);
  });

  it('refuses deposits to credit players and keeps the desk to operators', async () => {
    const player = await signUpPlayer(t);
    expect((await call(t.app, 'GET', '/api/v1/backoffice/deposits', { token: player.token })).body.meta.error).toBe(
      'FORBIDDEN',
    );
    await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
      token: director.token,
      body: { role: ROLES.CREDIT_PLAYER },
    });
    expect((await deposit(player.token, 500)).body.meta.error).toBe('FORBIDDEN');
  });
});

describe('idempotency keys (PRODUCT.md §4)', () => {
  it('replays the first answer for a retry and refuses the key with another body', async () => {
    const player = await signUpPlayer(t);
    const key = randomUUID();
    const body = { amount: 600, accountId: upiAccountId, type: 'upi', txnRef: nextRef() };
    const first = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
      token: player.token,
      body,
      headers: { 'idempotency-key': key },
    });
    const retry = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
      token: player.token,
      body,
      headers: { 'idempotency-key': key },
    });
    expect(retry.body).toEqual(first.body);
    const other = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
      token: player.token,
      body: { ...body, amount: 601 },
      headers: { 'idempotency-key': key },
    });
    expect(other.body.meta).toMatchObject({ code: 422, error: 'IDEMPOTENCY_KEY_REUSED' });
    const count = await t.db.query('select id from deposit_requests where user_id = $1', [player.userId]);
    expect(count.rowCount).toBe(1);
  });

  it('holds a withdrawal once for concurrent retries of one key', async () => {
    const player = await signUpPlayer(t);
    const accountId = (
      (
        await call(t.app, 'POST', '/api/v1/account-details', {
          token: player.token,
          body: { type: 'upi', accountNumber: 'ravi@okaxis', accountHolderName: 'Ravi' },
        })
      ).body.data as { _id: string }
    )._id;
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t.app, 'POST', '/api/v1/withdrawal-request', {
          token: player.token,
          body: { amount: 1000, accountId },
          headers: { 'idempotency-key': key },
        }),
      ),
    );
    expect(new Set(answers.map((answer) => (answer.body.data as { _id: string })._id)).size).toBe(1);
    expect(await balanceOf(player.token)).toBe(9000);
  });

  it('refuses a malformed key', async () => {
    const player = await signUpPlayer(t);
    const answer = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
      token: player.token,
      body: { amount: 600, accountId: upiAccountId, type: 'upi', txnRef: nextRef() },
      headers: { 'idempotency-key': 'x'.repeat(101) },
    });
    expect(answer.body.meta.code).toBe(400);
  });
});

describe('withdrawals', () => {
  async function playerWithAccount() {
    const player = await signUpPlayer(t);
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
    return { ...player, accountId };
  }

  it('holds the amount at once, releases it on rejection and pays it on approval', async () => {
    const player = await playerWithAccount();
    const held = await call(t.app, 'POST', '/api/v1/withdrawal-request', {
      token: player.token,
      body: { amount: 2500, accountId: player.accountId },
    });
    expect(held.body.meta).toMatchObject({ code: 200, message: MESSAGES.withdrawalSubmitted });
    expect(await balanceOf(player.token)).toBe(7500);
    const rejectId = (held.body.data as { _id: string })._id;
    await call(t.app, 'POST', `/api/v1/backoffice/withdrawals/${rejectId}/reject`, {
      token: director.token,
      body: { reason: 'Account name mismatch' },
    });
    expect(await balanceOf(player.token)).toBe(10000);

    const paid = await call(t.app, 'POST', '/api/v1/withdrawal-request', {
      token: player.token,
      body: { amount: 4000, accountId: player.accountId },
    });
    const paidId = (paid.body.data as { _id: string })._id;
    const approved = await call(t.app, 'POST', `/api/v1/backoffice/withdrawals/${paidId}/approve`, {
      token: director.token,
    });
    expect(approved.body.data).toMatchObject({ status: 'approved', account: { bankName: 'HDFC Bank' } });
    expect(await balanceOf(player.token)).toBe(6000);
    const lines = (
      (await call(t.app, 'GET', '/api/v1/transaction', { token: player.token })).body.data as {
        lines: { description: string; amount: number; balance: number }[];
      }
    ).lines;
    expect(lines.map((line) => [line.amount, line.balance])).toEqual([
      [10000, 10000],
      [-2500, 7500],
      [2500, 10000],
      [-4000, 6000],
    ]);
  });

  it('refuses more than the available balance, and withdrawals to an account that is not the player’s', async () => {
    const player = await playerWithAccount();
    const tooMuch = await call(t.app, 'POST', '/api/v1/withdrawal-request', {
      token: player.token,
      body: { amount: 10000.01, accountId: player.accountId },
    });
    expect(tooMuch.body.meta).toMatchObject({ code: 422, error: 'WALLET_INSUFFICIENT_FUNDS' });
    expect(await balanceOf(player.token)).toBe(10000);
    const other = await playerWithAccount();
    const notMine = await call(t.app, 'POST', '/api/v1/withdrawal-request', {
      token: player.token,
      body: { amount: 100, accountId: other.accountId },
    });
    expect(notMine.body.meta.message).toBe('Choose the account to be paid into');
    const small = await call(t.app, 'POST', '/api/v1/withdrawal-request', {
      token: player.token,
      body: { amount: 99, accountId: player.accountId },
    });
    expect(small.body.meta.message).toBe(MESSAGES.withdrawalMinimum);
  });
});

describe('statements and permissions', () => {
  it('splits movements and results, and honours allowStatements and allowProfitLoss', async () => {
    const player = await signUpPlayer(t);
    const results = (await call(t.app, 'GET', '/api/v1/result-transaction', { token: player.token })).body.data as {
      lines: unknown[];
    };
    expect(results.lines).toEqual([]);
    const profitLoss = await call(t.app, 'GET', '/api/v1/profit-loss?start_date=2026-11-01&end_date=2026-11-30', {
      token: player.token,
    });
    expect(profitLoss.body.data).toEqual({ rows: [], total: 0 });
    const bonus = (await call(t.app, 'GET', '/api/v1/account-statement?isChecked=true', { token: player.token })).body
      .data as { lines: unknown[] };
    expect(bonus.lines).toEqual([]);
    const reversed = await call(t.app, 'GET', '/api/v1/account-statement?start_date=2026-11-30&end_date=2026-11-01', {
      token: player.token,
    });
    expect(reversed.body.meta.code).toBe(400);

    await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
      token: director.token,
      body: { allowStatements: false, allowProfitLoss: false },
    });
    expect((await call(t.app, 'GET', '/api/v1/account-statement', { token: player.token })).body.meta).toMatchObject({
      code: 403,
      message: 'You do not have access to statements',
    });
    expect((await call(t.app, 'GET', '/api/v1/profit-loss', { token: player.token })).body.meta.error).toBe(
      'FORBIDDEN',
    );
  });

  it('shows India dates: a line at 23:00 IST belongs to that India day', async () => {
    const player = await signUpPlayer(t);
    const now = t.clock.now();
    const istDate = new Date(now.getTime() + 5.5 * 3600 * 1000).toISOString().slice(0, 10);
    const answer = (
      await call(t.app, 'GET', `/api/v1/account-statement?start_date=${istDate}&end_date=${istDate}`, {
        token: player.token,
      })
    ).body.data as { lines: unknown[] };
    expect(answer.lines).toHaveLength(1);
  });
});

describe('adjustments', () => {
  it('applies small adjustments as journal entries and holds large ones for a second operator', async () => {
    const player = await signUpPlayer(t);
    const small = await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/adjustments`, {
      token: support.token,
      body: { wallet: 'bonus', amount: 250, reason: 'Goodwill for a delayed payout' },
    });
    expect(small.body.data).toMatchObject({ status: 'applied', amount: 250 });
    const profile = (await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).body.data as {
      bonus: number;
    };
    expect(profile.bonus).toBe(250);
    const debit = await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/adjustments`, {
      token: support.token,
      body: { wallet: 'main', amount: -20000, reason: 'Too much' },
    });
    expect(debit.body.meta.error).toBe('WALLET_INSUFFICIENT_FUNDS');

    const large = await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/adjustments`, {
      token: support.token,
      body: { wallet: 'main', amount: 75000, reason: 'Promotion settlement' },
    });
    const id = (large.body.data as { _id: string; status: string })._id;
    expect(large.body.data).toMatchObject({ status: 'pending' });
    // Its requester may not approve it: a request one made is never one's own to decide (issue 9).
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/adjustments/${id}/approve`, { token: support.token })).body.meta
        .error,
    ).toBe('SELF_SERVICE_REFUSED');
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/adjustments/${id}/approve`, { token: director.token })).body.data,
    ).toMatchObject({ status: 'applied' });
    expect(await balanceOf(player.token)).toBe(85000);
    const ledger = (
      await call(t.app, 'GET', `/api/v1/backoffice/users/${player.userId}/ledger?wallet=main`, {
        token: director.token,
      })
    ).body.data as { lines: { description: string }[] };
    expect(ledger.lines.at(-1)?.description).toBe('Adjustment: Promotion settlement');
  });
});

describe('deposit limits (PRODUCT.md §7)', () => {
  it('shows approved deposits as deposited, pending ones apart, and counts both against the limit', async () => {
    const player = await signUpPlayer(t);
    const daily = async () =>
      (
        (await call(t.app, 'GET', '/api/v1/deposit-limits', { token: player.token })).body.data as { period: string }[]
      ).find((limit) => limit.period === 'daily');
    await call(t.app, 'PUT', '/api/v1/deposit-limits', {
      token: player.token,
      body: { period: 'daily', amount: 1000 },
    });
    const first = (await deposit(player.token, 300)).body.data as { _id: string };
    expect((await deposit(player.token, 200)).body.meta.code).toBe(200);
    expect(await daily()).toMatchObject({ used: 500, approved: 0, pending: 500 });
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/deposits/${first._id}/approve`, { token: director.token })).body
        .meta.code,
    ).toBe(200);
    expect(await daily()).toMatchObject({ used: 500, approved: 300, pending: 200 });
    expect((await deposit(player.token, 600)).body.meta.error).toBe('DEPOSIT_LIMIT_REACHED');
  });

  it('applies a lower limit at once and a higher one after 24 hours', async () => {
    const player = await signUpPlayer(t);
    const set = await call(t.app, 'PUT', '/api/v1/deposit-limits', {
      token: player.token,
      body: { period: 'daily', amount: 1000 },
    });
    expect(
      (set.body.data as { period: string; amount: number }[]).find((limit) => limit.period === 'daily'),
    ).toMatchObject({ amount: 1000, used: 0 });
    expect((await deposit(player.token, 800)).body.meta.code).toBe(200);
    const over = await deposit(player.token, 300);
    expect(over.body.meta).toMatchObject({ code: 422, error: 'DEPOSIT_LIMIT_REACHED' });
    expect(over.body.meta.message).toBe(
      'This deposit would exceed your daily deposit limit of ₹1,000.00 (₹200.00 left)',
    );

    const raise = await call(t.app, 'PUT', '/api/v1/deposit-limits', {
      token: player.token,
      body: { period: 'daily', amount: 5000 },
    });
    expect((raise.body.data as { period: string }[]).find((limit) => limit.period === 'daily')).toMatchObject({
      amount: 1000,
      pendingAmount: 5000,
    });
    expect((await deposit(player.token, 300)).body.meta.error).toBe('DEPOSIT_LIMIT_REACHED');
    // A day later (this moves the shared clock, so this block runs last: sessions idle out).
    t.clock.advanceMs(24 * 60 * 60 * 1000 + 1000);
    const token = (
      await call(t.app, 'POST', '/api/v1/login', {
        body: { mobile_no: player.mobileNo, password: PASSWORD },
        ip: nextIp(),
      })
    ).body.meta.token as string;
    expect((await deposit(token, 3000)).body.meta.code).toBe(200);
    const lower = await call(t.app, 'PUT', '/api/v1/deposit-limits', { token, body: { period: 'daily', amount: 200 } });
    expect((lower.body.data as { period: string }[]).find((limit) => limit.period === 'daily')).toMatchObject({
      amount: 200,
      pendingAmount: null,
    });
  });
});

describe('withdrawals above the second-approval amount', () => {
  it('stay held until a second operator marks them paid', async () => {
    // Operators of its own: this block runs after the file's 24-hour clock jump idles the shared ones out.
    const director = await createOperator(t, ROLES.DIRECTOR);
    const support = await createOperator(t, ROLES.SUPPORT_ADMIN);
    const player = await signUpPlayer(t);
    await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/adjustments`, {
      token: director.token,
      body: { wallet: 'main', amount: 45000, reason: 'Seed a large balance' },
    });
    const accountId = (
      (
        await call(t.app, 'POST', '/api/v1/account-details', {
          token: player.token,
          body: { type: 'upi', accountNumber: 'big@okaxis', accountHolderName: 'Big' },
        })
      ).body.data as { _id: string }
    )._id;
    const id = (
      (
        await call(t.app, 'POST', '/api/v1/withdrawal-request', {
          token: player.token,
          body: { amount: 55000, accountId },
        })
      ).body.data as { _id: string }
    )._id;
    const first = await call(t.app, 'POST', `/api/v1/backoffice/withdrawals/${id}/approve`, { token: support.token });
    expect(first.body.data).toMatchObject({ status: 'pending', awaitingSecondApproval: true });
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/withdrawals/${id}/approve`, { token: support.token })).body.meta
        .error,
    ).toBe('SECOND_APPROVER_REQUIRED');
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/withdrawals/${id}/approve`, { token: director.token })).body.data,
    ).toMatchObject({ status: 'approved' });
    expect(await balanceOf(player.token)).toBe(0);
  });
});

describe('desk edge cases', () => {
  it('answers NOT_FOUND for an unknown player’s adjustment or ledger', async () => {
    const director2 = await createOperator(t, ROLES.DIRECTOR);
    const ghost = '00000000-0000-4000-8000-000000000999';
    const adjustment = await call(t.app, 'POST', `/api/v1/backoffice/users/${ghost}/adjustments`, {
      token: director2.token,
      body: { wallet: 'main', amount: 5, reason: 'ghost' },
    });
    expect(adjustment.status).toBe(200);
    expect(adjustment.body.meta.error).toBe('NOT_FOUND');
    const ledger = await call(t.app, 'GET', `/api/v1/backoffice/users/${ghost}/ledger`, { token: director2.token });
    expect(ledger.body.meta.error).toBe('NOT_FOUND');
  });

  it('checks who is calling before what they sent', async () => {
    const player = await signUpPlayer(t);
    const asPlayer = await call(t.app, 'POST', '/api/v1/backoffice/receiving-accounts', {
      token: player.token,
      body: { type: 'upi' },
    });
    expect(asPlayer.body.meta.error).toBe('FORBIDDEN');
    const anonymous = await call(t.app, 'POST', '/api/v1/admin-deposit-request', { body: { amount: 'lots' } });
    expect(anonymous.status).toBe(401);
  });

  it('names the operators who approved', async () => {
    const operator = await createOperator(t, ROLES.DIRECTOR);
    const player = await signUpPlayer(t);
    const id = ((await deposit(player.token, 300)).body.data as { _id: string })._id;
    const approved = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${id}/approve`, { token: operator.token });
    expect(approved.body.data).toMatchObject({
      decidedBy: operator.userId,
      decidedByName: 'Op Erator',
      firstApprovedByName: null,
    });
  });
});
