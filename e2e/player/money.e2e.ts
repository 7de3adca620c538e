import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  DEMO,
  DESKTOP,
  PHONE,
  api,
  launchBrowser,
  loginToken,
  sharedProduct,
  type Product,
} from '../support/harness.js';
import {
  createVerifiedUser,
  expectToast,
  setFlags,
  signedInSession,
  uiLogin,
  waitForPath,
  type TestUser,
} from './support.js';
import { keptPages } from '../support/pages.js';

const ALL = { allowHome: true, allowLiveCasino: true, allowSlots: true, allowStatements: true, allowProfitLoss: true };

// A real, decodable PNG (the server checks images by content and re-encodes them): RGB, one colour.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function makePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** "₹1,00,000.50" / "-₹150.00" / "+₹500.00" → rupees. */
function rupees(text: string | null): number {
  const value = Number((text ?? '').replace(/[₹,+\s]/g, ''));
  if (!Number.isFinite(value)) throw new Error(`not an amount: ${text}`);
  return value;
}

async function balance(page: Page): Promise<number> {
  return rupees(await page.getByTestId('balance-amount').textContent());
}

async function waitForBalance(page: Page, expected: number): Promise<void> {
  await page.waitForFunction(
    (want) => {
      const text = document.querySelector('[data-testid="balance-amount"]')?.textContent ?? '';
      return Number(text.replace(/[₹,+\s]/g, '')) === want;
    },
    expected,
    { timeout: 15_000 },
  );
}

async function modal(page: Page, name: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  return dialog;
}

describe('player money screens in a real browser', () => {
  let product: Product;
  let browser: Browser;
  let user: TestUser;
  let director: string;
  // One context per screen size: each test starts as a visitor in it (keptPages).
  const visitorPage = keptPages(
    () => browser,
    () => product.baseUrl,
  );

  beforeAll(async () => {
    [product, browser] = await Promise.all([sharedProduct(), launchBrowser()]);
    user = await createVerifiedUser(product.baseUrl);
    await setFlags(product.baseUrl, user.mobileNo, ALL);
    director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  async function pendingDeposit(): Promise<{ _id: string; amount: number }> {
    const list = await api<{ items: { _id: string; amount: number; player: { mobile_no: string } }[] }>(
      product.baseUrl,
      'GET',
      '/api/v1/backoffice/deposits?status=pending&pageSize=100',
      { token: director },
    );
    const found = list.data.items.find((item) => item.player.mobile_no === user.mobileNo);
    if (!found) throw new Error('no pending deposit for the test player');
    return found;
  }

  it('phone: adds and edits a UPI id and a bank account, with the validation toasts', async () => {
    const { page, errors } = await visitorPage(PHONE);
    await uiLogin(page, product.baseUrl, user.national, user.password);
    await page.getByTestId('balance-amount').waitFor();
    // Reached from the profile menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByTestId('profile-menu').getByRole('link', { name: 'Payment Accounts' }).click();
    await waitForPath(page, '/payment-accounts');
    await page.getByTestId('play-money-panel').waitFor();
    const section = page.getByTestId('payment-accounts');
    await section.getByText('No Data Available').waitFor();

    await section.getByRole('button', { name: '+ Add UPI' }).click();
    let dialog = await modal(page, 'Add UPI');
    await dialog.getByRole('button', { name: 'Add UPI' }).click();
    await expectToast(page, 'Please fill all Fields');
    await dialog.getByLabel('UPI ID').fill('e2e-player-okaxis');
    await dialog.getByLabel('Account Holder Name').fill('E2E Player');
    await dialog.getByRole('button', { name: 'Add UPI' }).click();
    await expectToast(page, 'Enter a valid UPI id, like name@bank');
    await dialog.getByLabel('UPI ID').fill('e2e.player@okaxis');
    await dialog.getByRole('button', { name: 'Add UPI' }).click();
    await expectToast(page, 'Your UPI has been added');
    await dialog.waitFor({ state: 'detached' });
    await section.getByText('e2e.player@okaxis').waitFor();

    await section.getByRole('button', { name: 'Edit UPI e2e.player@okaxis' }).click();
    dialog = await modal(page, 'Edit UPI');
    expect(await dialog.getByLabel('UPI ID').inputValue()).toBe('e2e.player@okaxis');
    await dialog.getByLabel('Account Holder Name').fill('E2E Player Renamed');
    await dialog.getByRole('button', { name: 'Update UPI' }).click();
    await expectToast(page, 'Your UPI has been updated');
    await dialog.waitFor({ state: 'detached' });
    await section.getByText('E2E Player Renamed').waitFor();

    await section.getByRole('button', { name: '+ Add Bank Account' }).click();
    dialog = await modal(page, 'Add Bank Account');
    expect(await dialog.getByLabel('Account Type').inputValue()).toBe('savings');
    await dialog.getByLabel('Account Holder Name').fill('E2E Player');
    await dialog.getByRole('button', { name: 'Add Bank Account' }).click();
    await expectToast(page, 'Please fill all Fields');
    await dialog.getByLabel('Account Number').fill('123456789012');
    await dialog.getByLabel('IFSC Code').fill('SBIN00012');
    await dialog.getByLabel('Bank Name').fill('My bank');
    await dialog.getByRole('button', { name: 'Add Bank Account' }).click();
    await expectToast(page, 'Enter a valid IFSC code, like SBIN0001234');
    // The bank name is suggested from a complete IFSC code when the field is empty.
    await dialog.getByLabel('Bank Name').fill('');
    await dialog.getByLabel('IFSC Code').fill('sbin0001234');
    await dialog.getByText('SBIN0001234 belongs to State Bank of India').waitFor();
    expect(await dialog.getByLabel('Bank Name').inputValue()).toBe('State Bank of India');
    await dialog.getByRole('button', { name: 'Add Bank Account' }).click();
    await expectToast(page, 'Bank Account has been added');
    await dialog.waitFor({ state: 'detached' });
    await section.getByText('State Bank of India').waitFor();

    await section.getByRole('button', { name: 'Edit bank account 123456789012' }).click();
    dialog = await modal(page, 'Edit Bank Account');
    await dialog.getByLabel('Account Type').selectOption('current');
    await dialog.getByRole('button', { name: 'Update Bank Account' }).click();
    await expectToast(page, 'Bank Account has been updated');
    await dialog.waitFor({ state: 'detached' });
    await section.getByText(/123456789012 · SBIN0001234 · Current/).waitFor();
    expect(await section.getByTestId('payment-account').count()).toBe(2);
    expect(errors).toEqual([]);
  });

  it('phone: deposits by UPI with a screenshot; the operator approves and the header balance rises', async () => {
    const { page, errors } = await visitorPage(PHONE);
    await uiLogin(page, product.baseUrl, user.national, user.password);
    await page.getByTestId('balance-amount').waitFor();
    // The header shows the balance as the session starts; the landing page replaces the login form a moment
    // later (a lazy chunk, slow on a loaded machine). A player taps once it is there.
    await page.getByTestId('login-form').waitFor({ state: 'detached' });
    const before = await balance(page);
    await page.getByRole('link', { name: 'Deposit' }).click();
    await waitForPath(page, '/deposit');
    await page.getByTestId('play-money-panel').waitFor();
    await page.getByTestId('deposit-upi').click();
    const dialog = await modal(page, 'Deposit By UPI');
    await dialog.getByRole('img', { name: /UPI QR code for / }).waitFor();
    expect(await dialog.getByRole('link', { name: 'Pay with UPI app' }).getAttribute('href')).toMatch(/^upi:\/\/pay\?/);
    await dialog.getByRole('button', { name: 'Submit Deposit' }).click();
    await expectToast(page, 'Please enter amount');
    await dialog.getByRole('button', { name: '₹500', exact: true }).click();
    await dialog.getByRole('button', { name: 'Submit Deposit' }).click();
    await expectToast(page, 'Please provide reference-id or upload a screenshot.');
    // The QR and the UPI link now carry the amount.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="upi-app-link"]')?.getAttribute('href')?.includes('am=500.00') === true,
      undefined,
      { timeout: 10_000 },
    );
    await dialog
      .getByTestId('screenshot-input')
      .setInputFiles({ name: 'payment.png', mimeType: 'image/png', buffer: makePng(64, 96, [30, 160, 90]) });
    await dialog.getByTestId('screenshot-preview').waitFor();
    await dialog.getByRole('button', { name: 'Submit Deposit' }).click();
    await expectToast(page, 'Deposit request submitted');
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByTestId('deposit-row').first();
    await row.getByText('Pending').waitFor();
    await row.getByRole('button', { name: /View screenshot/ }).click();
    const viewer = await modal(page, 'Uploaded Screenshot');
    await viewer.locator('[data-loaded="full"]').waitFor();
    expect(
      await viewer.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    ).toBe(64);
    await viewer.getByRole('button', { name: 'Close' }).click();

    const deposit = await pendingDeposit();
    expect(deposit.amount).toBe(500);
    const approved = await api(product.baseUrl, 'POST', `/api/v1/backoffice/deposits/${deposit._id}/approve`, {
      token: director,
    });
    expect(approved.meta.code).toBe(200);
    // The profile refreshes when the window regains focus (spec §4).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await waitForBalance(page, before + 500);
    await page.reload();
    await page.getByTestId('deposit-row').first().getByText('Approved').waitFor();
    expect(errors).toEqual([]);
  });

  it('desktop: a rejected deposit shows rejected with the reason; a duplicate reference keeps the modal open', async () => {
    const session = await signedInSession(product.baseUrl, user.mobileNo, user.password);
    const { page, errors } = await visitorPage(DESKTOP, session);
    await page.goto(`${product.baseUrl}/deposit`);
    await page.getByTestId('deposit-bank').click();
    let dialog = await modal(page, 'Deposit By Account');
    await dialog.getByText('Account Number').waitFor();
    await dialog.getByLabel('Amount (₹)').fill('199');
    await dialog.getByLabel('Reference ID (UTR)').fill('E2E-UTR-REJECT-1');
    await dialog.getByRole('button', { name: 'Submit Deposit' }).click();
    await expectToast(page, 'Minimum deposit is ₹200');
    await dialog.getByLabel('Amount (₹)').fill('200');
    await dialog.getByRole('button', { name: 'Submit Deposit' }).click();
    await expectToast(page, 'Deposit request submitted');
    await dialog.waitFor({ state: 'detached' });

    // The same reference again: refused, the modal stays open with what was typed.
    await page.getByTestId('deposit-bank').click();
    dialog = await modal(page, 'Deposit By Account');
    await dialog.getByLabel('Amount (₹)').fill('300');
    await dialog.getByLabel('Reference ID (UTR)').fill('E2E-UTR-REJECT-1');
    await dialog.getByRole('button', { name: 'Submit Deposit' }).click();
    await expectToast(page, 'This reference id has already been used');
    expect(await dialog.getByLabel('Reference ID (UTR)').inputValue()).toBe('E2E-UTR-REJECT-1');
    await dialog.getByRole('button', { name: 'Close' }).click();

    const deposit = await pendingDeposit();
    const rejected = await api(product.baseUrl, 'POST', `/api/v1/backoffice/deposits/${deposit._id}/reject`, {
      token: director,
      body: { reason: 'Payment not received' },
    });
    expect(rejected.meta.code).toBe(200);
    await page.reload();
    const row = page.locator('[data-testid="deposit-row"][data-status="rejected"]');
    await row.getByText('Rejected').waitFor();
    expect(await row.getByTestId('deposit-reason').textContent()).toBe('Reason: Payment not received');
    expect(errors).toEqual([]);
  });

  it('desktop: a withdrawal is held at once, then paid by the operator; the statement shows every line with its running balance', async () => {
    const { page, errors } = await visitorPage(DESKTOP);
    await uiLogin(page, product.baseUrl, user.national, user.password);
    await page.getByTestId('balance-amount').waitFor();
    // The header shows the balance as the session starts; the landing page replaces the login form a moment
    // later (a lazy chunk, slow on a loaded machine). A player taps once it is there.
    await page.getByTestId('login-form').waitFor({ state: 'detached' });
    const before = await balance(page);
    await page.getByRole('link', { name: 'Withdrawal' }).click();
    await waitForPath(page, '/withdrawal');
    const form = page.getByTestId('withdrawal-form');
    await form.getByLabel('Amount (₹)').fill('1000');
    await form.getByRole('radio', { name: /State Bank of India/ }).check();
    await form.getByRole('button', { name: 'Request Withdrawal' }).click();
    await expectToast(page, 'Withdrawal request submitted, the amount is on hold');
    await waitForBalance(page, before - 1000);
    const row = page.getByTestId('withdrawal-row').first();
    await row.getByText('On hold').waitFor();

    const list = await api<{ items: { _id: string; player: { mobile_no: string } }[] }>(
      product.baseUrl,
      'GET',
      '/api/v1/backoffice/withdrawals?status=pending',
      { token: director },
    );
    const withdrawal = list.data.items.find((item) => item.player.mobile_no === user.mobileNo);
    expect(withdrawal).toBeDefined();
    const paid = await api(product.baseUrl, 'POST', `/api/v1/backoffice/withdrawals/${withdrawal?._id}/approve`, {
      token: director,
    });
    expect(paid.meta.code).toBe(200);
    await page.reload();
    await page.getByTestId('withdrawal-row').first().getByText('Paid').waitFor();
    await waitForBalance(page, before - 1000);

    await page.goto(`${product.baseUrl}/statements`);
    await page.getByTestId('play-money-panel').waitFor();
    const lines = page.getByTestId('statement-line');
    await lines.first().waitFor();
    const rows = await lines.evaluateAll((elements) =>
      elements.map((element) => [
        element.querySelector('[data-testid="line-amount"]')?.textContent ?? '',
        element.querySelector('[data-testid="line-balance"]')?.textContent ?? '',
      ]),
    );
    // Welcome chips, the approved deposit, the withdrawal hold (the rejected deposit moved nothing).
    expect(rows.length).toBeGreaterThanOrEqual(3);
    let running = rupees(await page.getByTestId('opening-balance').textContent());
    for (const [amount, lineBalance] of rows) {
      running = Math.round((running + rupees(amount ?? '')) * 100) / 100;
      expect(rupees(lineBalance ?? '')).toBe(running);
    }
    expect(rupees(await page.getByTestId('closing-balance').textContent())).toBe(running);
    expect(running).toBe(before - 1000);
    expect(rows.map(([amount]) => rupees(amount ?? ''))).toEqual(expect.arrayContaining([500, -1000]));
    // The Transactions tab holds the deposit and the withdrawal too.
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await page.getByTestId('statement-line').filter({ hasText: '₹500.00' }).first().waitFor();
    expect(errors).toEqual([]);
  });
});
