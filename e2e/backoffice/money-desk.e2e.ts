import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningProduct } from '../support/harness.js';
import {
  DEMO,
  DESKTOP,
  PHONE,
  api,
  freshMobile,
  launchBrowser,
  loginToken,
  readOtp,
  startProduct,
} from '../support/harness.js';
import { keptPages, type VisitorPage } from '../support/pages.js';
import { logInAndEnrol } from '../support/second-factor.js';
import { tinyPng } from './png.js';

/** Deposits and withdrawals above this need two operators (the server's SECOND_APPROVAL_ABOVE_RUPEES). */
const SECOND_APPROVAL_ABOVE = 50_000;

interface Player {
  id: string;
  mobileNo: string;
  national: string;
  password: string;
  token: string;
}

/** Signs a player up through the API and verifies the phone with the OTP from the dev outbox. */
async function createPlayer(baseUrl: string, name: string): Promise<Player> {
  const { mobileNo, national } = freshMobile();
  const password = 'Money-desk-e2e-9';
  const signUp = await api(baseUrl, 'POST', '/api/v1/signUp', {
    body: { name, mobile_no: mobileNo, password, confirmPassword: password, ageConfirmed: true },
  });
  expect(signUp.meta.code, signUp.meta.message).toBe(200);
  const verify = await api<{ _id: string }>(baseUrl, 'POST', '/api/v1/verify-otp', {
    body: { mobile_no: mobileNo, otp: await readOtp(baseUrl, mobileNo) },
  });
  expect(verify.meta.code, verify.meta.message).toBe(200);
  return { id: verify.data._id, mobileNo, national, password, token: verify.meta.token ?? '' };
}

async function balanceOf(baseUrl: string, token: string): Promise<number> {
  const profile = await api<{ balance: number }>(baseUrl, 'GET', '/api/v1/getUserData', { token });
  expect(profile.meta.code, profile.meta.message).toBe(200);
  return profile.data.balance;
}

let refSeq = 0;
/** A reference id (UTR) no other deposit in this run uses. */
function freshRef(): string {
  refSeq += 1;
  return `E2E${process.pid}${Date.now() % 1_000_000}${refSeq}`;
}

/** The player asks for a deposit into the first receiving account the deposit screens offer. */
async function requestDeposit(
  baseUrl: string,
  player: Player,
  amount: number,
  screenshot?: Buffer,
): Promise<{ id: string; txnRef: string }> {
  const accounts = await api<{ _id: string; type: 'upi' | 'bank' }[]>(baseUrl, 'GET', '/api/v1/admin-account-details', {
    token: player.token,
  });
  const account = accounts.data[0];
  expect(account, 'the demo data has a receiving account').toBeDefined();
  const txnRef = freshRef();
  const answer = await api<{ _id: string; status: string }>(baseUrl, 'POST', '/api/v1/admin-deposit-request', {
    token: player.token,
    body: {
      amount,
      accountId: account?._id,
      txnRef,
      type: account?.type,
      ...(screenshot === undefined ? {} : { baseImage: `data:image/png;base64,${screenshot.toString('base64')}` }),
    },
  });
  expect(answer.meta.code, answer.meta.message).toBe(200);
  expect(answer.data.status).toBe('pending');
  return { id: answer.data._id, txnRef };
}

async function logIn(
  seat: VisitorPage,
  baseUrl: string,
  national: string,
  password: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ page: Page }> {
  const { page } = await seat(viewport);
  await page.goto(`${baseUrl}/backoffice/`);
  await page.getByLabel('Mobile number').fill(national);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  return { page };
}

describe('the money desk in a real browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  // A context per screen size for each of the two operators a test may hold at once (keptPages).
  const operator = keptPages(
    () => browser,
    () => product.baseUrl,
  );
  const checker = keptPages(
    () => browser,
    () => product.baseUrl,
  );

  beforeAll(async () => {
    [product, browser] = await Promise.all([
      startProduct({ env: { SECOND_APPROVAL_ABOVE_RUPEES: String(SECOND_APPROVAL_ABOVE) } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('approves a deposit from the queue and the player balance rises', async () => {
    const player = await createPlayer(product.baseUrl, 'Deposit Approved');
    const before = await balanceOf(product.baseUrl, player.token);
    const { txnRef } = await requestDeposit(product.baseUrl, player, 1500);

    const { page } = await logIn(operator, product.baseUrl, DEMO.director.national, DEMO.director.password);
    // The navigation counts what waits.
    await page.getByRole('link', { name: /Deposits.*pending/ }).waitFor();
    await page.getByRole('link', { name: /^Deposits/ }).click();
    await page.getByRole('heading', { name: 'Deposits' }).waitFor();
    await page.getByText('Play money.').first().waitFor();

    const row = page.locator('tbody tr', { hasText: txnRef });
    await row.waitFor();
    expect(await row.innerText()).toContain('₹1,500.00');
    expect(await row.innerText()).toContain('Deposit Approved');
    await row.getByRole('button', { name: /^Approve the deposit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve this deposit' });
    await dialog.getByText(txnRef).waitFor();
    // The approver sees the request in context first (issue 24): no first approval yet, their own total today.
    expect(await dialog.getByTestId('first-approval').innerText()).toBe('None yet');
    expect(await dialog.getByTestId('requester-total').innerText()).toContain('₹');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Deposit approved, the wallet is credited').waitFor();
    await row.waitFor({ state: 'detached' });

    expect(await balanceOf(product.baseUrl, player.token)).toBe(before + 1500);
    // And it is on the approved tab.
    await page.getByRole('tab', { name: 'Approved' }).click();
    await page.locator('tbody tr', { hasText: txnRef }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('approved');
  });

  it('shows the full screenshot, rejects from it only with a reason, and the player sees it', async () => {
    const player = await createPlayer(product.baseUrl, 'Deposit Rejected');
    const before = await balanceOf(product.baseUrl, player.token);
    const { id, txnRef } = await requestDeposit(product.baseUrl, player, 800, tinyPng(120, 240, [229, 57, 53, 255]));

    const { page } = await logIn(operator, product.baseUrl, DEMO.director.national, DEMO.director.password);
    await page.goto(`${product.baseUrl}/backoffice/deposits`);
    const row = page.locator('tbody tr', { hasText: txnRef });
    // The thumbnail comes with the list; the full image is fetched with the bearer header.
    await row.getByRole('button', { name: /^View the screenshot of the deposit of ₹800.00/ }).click();
    const viewer = page.getByRole('dialog', { name: /^Screenshot: ₹800.00 by Deposit Rejected/ });
    const full = viewer.getByRole('img', { name: 'Payment screenshot' });
    await full.waitFor();
    await expect
      .poll(() => full.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([120, 240]);
    expect(await full.getAttribute('src')).toMatch(/^blob:/);
    await viewer.getByRole('button', { name: 'Reject…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this deposit' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Give a reason').waitFor();
    await dialog.getByLabel('Reason').fill('No payment with this reference reached the account');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Deposit rejected').first().waitFor();
    await row.waitFor({ state: 'detached' });

    const mine = await api<{ _id: string; status: string; reason: string | null }[]>(
      product.baseUrl,
      'GET',
      '/api/v1/admin-deposit-request',
      { token: player.token },
    );
    expect(mine.data.find((deposit) => deposit._id === id)).toMatchObject({
      status: 'rejected',
      reason: 'No payment with this reference reached the account',
    });
    expect(await balanceOf(product.baseUrl, player.token)).toBe(before);
  });

  it('marks a withdrawal paid to the payout account shown on a phone', async () => {
    const player = await createPlayer(product.baseUrl, 'Withdrawal Paid');
    const added = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/account-details', {
      token: player.token,
      body: {
        type: 'bank',
        accountHolderName: 'Withdrawal Paid',
        bankName: 'State Bank of India',
        accountNumber: '301234567890',
        ifscCode: 'SBIN0004321',
        accountType: 'savings',
      },
    });
    expect(added.meta.code, added.meta.message).toBe(200);
    const requested = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/withdrawal-request', {
      token: player.token,
      body: { amount: 700, accountId: added.data._id },
    });
    expect(requested.meta.code, requested.meta.message).toBe(200);
    const held = await balanceOf(product.baseUrl, player.token);

    const { page } = await logIn(operator, product.baseUrl, DEMO.director.national, DEMO.director.password, PHONE);
    await page.goto(`${product.baseUrl}/backoffice/withdrawals`);
    const row = page.locator('tbody tr', { hasText: '301234567890' });
    await row.waitFor();
    expect(await row.innerText()).toContain('SBIN0004321');
    expect(await row.getByRole('button', { name: 'Copy account number' }).isVisible()).toBe(true);
    await row.getByRole('button', { name: /^Mark paid the withdrawal of ₹700.00/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark this withdrawal paid' });
    await dialog.getByText('301234567890').waitFor();
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByText('Withdrawal marked paid').waitFor();
    await row.waitFor({ state: 'detached' });

    const mine = await api<{ _id: string; status: string }[]>(product.baseUrl, 'GET', '/api/v1/withdrawal-request', {
      token: player.token,
    });
    expect(mine.data.find((withdrawal) => withdrawal._id === requested.data._id)?.status).toBe('approved');
    // The held amount stays gone; nothing comes back.
    expect(await balanceOf(product.baseUrl, player.token)).toBe(held);
  });

  it('needs a second operator for a ₹60,000 deposit', async () => {
    // A support admin: a player signed up, then given role 2 by the director.
    const support = await createPlayer(product.baseUrl, 'Second Operator');
    const director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
    const promoted = await api(product.baseUrl, 'PUT', `/api/v1/backoffice/users/${support.id}`, {
      token: director,
      body: { role: 2 },
    });
    expect(promoted.meta.code, promoted.meta.message).toBe(200);

    const player = await createPlayer(product.baseUrl, 'Big Depositor');
    const before = await balanceOf(product.baseUrl, player.token);
    const { txnRef } = await requestDeposit(product.baseUrl, player, 60_000);

    const first = await logIn(operator, product.baseUrl, DEMO.director.national, DEMO.director.password);
    await first.page.goto(`${product.baseUrl}/backoffice/deposits`);
    const firstRow = first.page.locator('tbody tr', { hasText: txnRef });
    await firstRow.getByRole('button', { name: /^Approve the deposit of ₹60,000.00/ }).click();
    await first.page
      .getByRole('dialog', { name: 'Approve this deposit' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await first.page.getByText(/First approval recorded: a second operator must approve/).waitFor();
    await firstRow.getByText('Needs second approval').waitFor();
    await firstRow.getByText('You gave the first approval; another operator must approve.').waitFor();
    expect(await firstRow.getByRole('button', { name: /^Approve the deposit/ }).isDisabled()).toBe(true);
    expect(await balanceOf(product.baseUrl, player.token)).toBe(before);

    // A new operator sets up the second factor at the first sign-in (only the demo director may skip it).
    const second = await logInAndEnrol(checker, product.baseUrl, support.national, support.password);
    await second.page.goto(`${product.baseUrl}/backoffice/deposits`);
    const secondRow = second.page.locator('tbody tr', { hasText: txnRef });
    await secondRow.getByText('Needs second approval').waitFor();
    await secondRow.getByRole('button', { name: /^Approve the deposit/ }).click();
    // The second approver sees who gave the first approval and that operator's total for the player today.
    const review = second.page.getByRole('dialog', { name: 'Give the second approval' });
    await review.getByTestId('first-approval').waitFor();
    expect(await review.getByTestId('first-approval').innerText()).toMatch(/^Demo Director, /);
    expect(await review.getByTestId('requester-total').innerText()).toContain('₹0.00');
    await review.getByRole('button', { name: 'Approve' }).click();
    await second.page.getByText('Deposit approved, the wallet is credited').waitFor();
    await secondRow.waitFor({ state: 'detached' });

    expect(await balanceOf(product.baseUrl, player.token)).toBe(before + 60_000);
    // Both steps are in the audit log, named after the player.
    await second.page.getByRole('link', { name: 'Audit log' }).click();
    await second.page
      .locator('tbody tr', { hasText: 'Deposit: first approval' })
      .filter({ hasText: 'Big Depositor' })
      .first()
      .waitFor();
    await second.page
      .locator('tbody tr', { hasText: 'Deposit approved' })
      .filter({ hasText: 'Big Depositor' })
      .first()
      .waitFor();
  });

  it("applies a manual adjustment with a reason and it shows in the player's ledger", async () => {
    const player = await createPlayer(product.baseUrl, 'Adjusted Player');
    const before = await balanceOf(product.baseUrl, player.token);

    const { page } = await logIn(operator, product.baseUrl, DEMO.director.national, DEMO.director.password);
    await page.goto(`${product.baseUrl}/backoffice/users/${player.id}`);
    const form = page.getByRole('form', { name: 'New adjustment' });
    await form.getByLabel('Amount (₹)').fill('1234.56');
    await form.getByRole('button', { name: 'Review adjustment' }).click();
    await form.getByText('Give a reason').waitFor();
    await form.getByLabel('Reason').fill('Goodwill for a delayed withdrawal');
    await form.getByRole('button', { name: 'Review adjustment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Credit this wallet?' });
    await dialog.getByText(/Add ₹1,234.56 to the main wallet of Adjusted Player/).waitFor();
    await dialog.getByRole('button', { name: 'Credit' }).click();
    await page.getByText('Adjustment applied').first().waitFor();

    const ledger = page.getByRole('region', { name: 'Ledger' });
    const line = ledger.locator('tbody tr', { hasText: 'Adjustment: Goodwill for a delayed withdrawal' });
    await line.waitFor();
    expect(await line.innerText()).toContain('₹1,234.56');
    expect(await balanceOf(product.baseUrl, player.token)).toBe(before + 1234.56);
  });
});
