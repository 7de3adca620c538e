import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningProduct } from '../support/harness.js';
import { DEMO, PHONE, api, freshMobile, launchBrowser, loginToken, readOtp, startProduct } from '../support/harness.js';
import { keptPages } from '../support/pages.js';
import { logInAndEnrol, submitLogin } from '../support/second-factor.js';

/** A player signed up through the API: it lands under the director, so its chips come from the house. */
async function signUp(baseUrl: string, name: string): Promise<{ id: string; token: string; national: string }> {
  const { mobileNo, national } = freshMobile();
  const password = 'House-money-e2e-7';
  const signed = await api(baseUrl, 'POST', '/api/v1/signUp', {
    body: { name, mobile_no: mobileNo, password, confirmPassword: password, ageConfirmed: true },
  });
  expect(signed.meta.code, signed.meta.message).toBe(200);
  const verified = await api<{ _id: string }>(baseUrl, 'POST', '/api/v1/verify-otp', {
    body: { mobile_no: mobileNo, otp: await readOtp(baseUrl, mobileNo) },
  });
  expect(verified.meta.code, verified.meta.message).toBe(200);
  return { id: verified.data._id, token: verified.meta.token as string, national };
}

const balanceOf = async (baseUrl: string, token: string) =>
  (await api<{ balance: number }>(baseUrl, 'GET', '/api/v1/getUserData', { token })).data.balance;

describe('house chips above the line wait for a second operator (issue 24)', () => {
  let product: RunningProduct;
  let browser: Browser;
  const visitorPage = keptPages(
    () => browser,
    () => product.baseUrl,
  );

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('phone: the director confirms house chips above the line; a second operator sees the context and approves', async () => {
    const director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
    const player = await signUp(product.baseUrl, 'Chips Receiver');
    const support = await signUp(product.baseUrl, 'Second Operator');
    const promoted = await api(product.baseUrl, 'PUT', `/api/v1/backoffice/users/${support.id}`, {
      token: director,
      body: { role: 2 },
    });
    expect(promoted.meta.code, promoted.meta.message).toBe(200);
    const before = await balanceOf(product.baseUrl, player.token);

    // The director, on a phone, gives ₹20,000 (within the ₹50,000 line) and then ₹40,000 (above it).
    const { page } = await visitorPage(PHONE);
    await submitLogin(page, product.baseUrl, DEMO.director.national, DEMO.director.password);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.goto(`${product.baseUrl}/backoffice/users/${player.id}`);
    const panel = page.getByRole('region', { name: 'Credit and chips' });
    await panel.getByRole('table', { name: 'Downline figures' }).waitFor();
    // The figures fit the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const give = async (amount: string) => {
      await panel.getByLabel('Action').selectOption('give');
      await panel.getByLabel('Amount (₹)').fill(amount);
      await panel.getByRole('button', { name: 'Give' }).click();
      return page.getByRole('dialog', { name: 'Confirm: give chips' });
    };
    let dialog = await give('20000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => balanceOf(product.baseUrl, player.token)).toBe(before + 20_000);

    dialog = await give('40000');
    expect(await dialog.getByTestId('move-amount').innerText()).toBe('₹40,000.00');
    expect(await dialog.getByTestId('move-from').innerText()).toContain('The house');
    const to = (await dialog.getByTestId('move-to').innerText()).replace(/\s+/g, ' ');
    expect(to).toContain('Chips Receiver');
    expect(to).toContain('→');
    await dialog.getByText('waits for a second operator').waitFor();
    // The confirmation fits the phone too.
    const box = await dialog.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(PHONE.width);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Above your limit for today: a second operator must approve it').first().waitFor();
    expect(await balanceOf(product.baseUrl, player.token)).toBe(before + 20_000);

    // The second operator reviews it in context before approving.
    const second = await logInAndEnrol(visitorPage, product.baseUrl, support.national, 'House-money-e2e-7');
    await second.page.getByRole('link', { name: /House money/ }).click();
    const row = second.page.locator('tbody tr', { hasText: 'Chips Receiver' });
    await row.getByText('₹40,000.00').waitFor();
    await row.getByRole('button', { name: 'Review Chips Receiver' }).click();
    const review = second.page.getByRole('dialog', { name: 'Review before approving' });
    expect(await review.getByTestId('review-amount').innerText()).toBe('₹40,000.00');
    expect(await review.getByTestId('first-approval').innerText()).toContain('Demo Director');
    expect(await review.getByTestId('requester-total').innerText()).toContain('₹20,000.00');
    await review.getByText("Demo Director's total for this account on").waitFor();
    await review.getByTestId('other-waiting-none').waitFor();
    await review.getByRole('button', { name: 'Approve' }).click();
    await second.page.getByText('Approved: the money moved').first().waitFor();
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => balanceOf(product.baseUrl, player.token)).toBe(before + 60_000);
  });
});
