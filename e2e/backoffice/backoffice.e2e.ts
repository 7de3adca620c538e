import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { keptPages } from '../support/pages.js';
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
import { tinyPng } from './png.js';

async function logInAsDirector(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/backoffice/`);
  await page.getByLabel('Mobile number').fill(DEMO.director.national);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.director.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
}

describe('back office in a real browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  // One context per screen size: each test starts as a visitor in it (keptPages).
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

  it('refuses a player at the back-office login without ever opening a session', async () => {
    const player = freshMobile();
    const password = 'Fresh-player-e2e-7';
    const signUp = await api(product.baseUrl, 'POST', '/api/v1/signUp', {
      body: {
        name: 'Fresh Player',
        mobile_no: player.mobileNo,
        password,
        confirmPassword: password,
        ageConfirmed: true,
      },
    });
    expect(signUp.meta.code, signUp.meta.message).toBe(200);
    const verify = await api(product.baseUrl, 'POST', '/api/v1/verify-otp', {
      body: { mobile_no: player.mobileNo, otp: await readOtp(product.baseUrl, player.mobileNo) },
    });
    expect(verify.meta.code, verify.meta.message).toBe(200);

    const { page } = await visitorPage(PHONE);
    await page.goto(`${product.baseUrl}/backoffice/users`);
    // A visitor without a session is sent to the login page first.
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/backoffice/login');

    await page.getByLabel('Mobile number').fill(player.national);
    await page.getByLabel('Password', { exact: true }).fill(password);
    const loginAnswer = page.waitForResponse((response) => response.url().endsWith('/api/v1/login'));
    await page.getByRole('button', { name: 'Log in' }).click();
    const answer = (await (await loginAnswer).json()) as { meta: { code: number; token?: string; error?: string } };
    // The back office asks with audience 'backoffice': the server refuses before any session exists.
    expect(answer.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    expect(answer.meta.token).toBeUndefined();

    await page.getByText('This is not an operator account').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('bo_token'))).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/backoffice/login');
  });

  it('finds the demo player, turns slots off, suspends with a reason and shows both in the audit log', async () => {
    const { page } = await visitorPage(DESKTOP);
    await logInAsDirector(page, product.baseUrl);

    await page.getByLabel('Search').fill(DEMO.player.national);
    await page.waitForURL(/\?q=9999900001/);
    await expect.poll(() => page.getByRole('link', { name: /Demo Player/ }).count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: /Demo Director/ }).count()).toBe(0);
    await page.getByRole('link', { name: /Demo Player/ }).click();

    const slots = page.getByRole('switch', { name: 'Slots' });
    await slots.waitFor();
    expect(await slots.isChecked()).toBe(true);
    await slots.click();
    await page.getByText('User updated').first().waitFor();
    await expect.poll(() => slots.isChecked()).toBe(false);

    await page.getByRole('button', { name: 'Suspend…' }).click();
    const dialog = page.getByRole('dialog', { name: /Suspend Demo Player/ });
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.getByText('Give a reason for the suspension').waitFor();
    await dialog.getByLabel('Reason').fill('Chargeback fraud, e2e');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Unsuspend' }).waitFor();

    // The server agrees.
    const token = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
    const userId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const stored = await api<{ allowSlots: boolean; suspended: boolean; suspendedReason: string | null }>(
      product.baseUrl,
      'GET',
      `/api/v1/backoffice/users/${userId}`,
      { token },
    );
    expect(stored.data).toMatchObject({ allowSlots: false, suspended: true, suspendedReason: 'Chargeback fraud, e2e' });

    // The user's own history on the page, then the full log.
    await page.getByRole('region', { name: 'History' }).getByText('Chargeback fraud, e2e').waitFor();
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const rows = page.locator('tbody tr');
    const slotsRow = rows.filter({ hasText: 'Slots:' });
    await slotsRow.first().waitFor();
    expect(await slotsRow.first().innerText()).toMatch(/Slots:\s*on\s*→\s*off/);
    expect(await slotsRow.first().innerText()).toContain('Demo Director');
    const suspensionRow = rows.filter({ hasText: 'Chargeback fraud, e2e' });
    expect(await suspensionRow.first().innerText()).toMatch(/Suspended:\s*off\s*→\s*on/);
  });

  it('changes the brand colour and the public app settings follow', async () => {
    const { page } = await visitorPage(DESKTOP);
    await logInAsDirector(page, product.baseUrl);
    await page.getByRole('link', { name: 'Branding' }).click();
    const colour = page.getByLabel('Brand colour', { exact: true });
    await colour.fill('#1e88e5');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page
      .getByText('Branding saved')
      .or(page.getByText(/updated|saved/i))
      .first()
      .waitFor();

    const settings = await api<{ color: string }>(product.baseUrl, 'GET', '/api/v1/app-settings');
    expect(settings.data.color).toBe('#1e88e5');
    // The back office repaints itself at once.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--brand')))
      .toBe('#1e88e5');
    // And after a reload, although the public answer may sit in the browser's HTTP cache for a while.
    await page.reload();
    await page.getByRole('heading', { name: 'Branding' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--brand')))
      .toBe('#1e88e5');
  });

  it('adds a banner from an uploaded PNG and players get it from /api/v1/advertisement', async () => {
    const before = await api<{ _id: string }[]>(product.baseUrl, 'GET', '/api/v1/advertisement');
    const { page } = await visitorPage(PHONE);
    await logInAsDirector(page, product.baseUrl);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Banners' }).click();
    await page.getByRole('heading', { name: 'Add a banner' }).waitFor();

    // A file that only pretends to be an image is refused before it travels.
    await page
      .getByLabel('Banner image')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await page.getByText('Choose a PNG, JPEG or WebP image').waitFor();

    await page
      .getByLabel('Banner image')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: tinyPng(30, 10, [30, 136, 229, 255]) });
    await page.getByRole('img', { name: 'Banner image preview' }).waitFor();
    await page.getByRole('button', { name: 'Add banner' }).click();
    await page.getByText('Banner added').waitFor();
    await expect.poll(() => page.locator('.banner-item').count()).toBe(before.data.length + 1);

    const after = await api<{ _id: string; baseImage: string; order: number }[]>(
      product.baseUrl,
      'GET',
      '/api/v1/advertisement',
    );
    expect(after.data).toHaveLength(before.data.length + 1);
    const added = after.data.find((banner) => !before.data.some((old) => old._id === banner._id));
    expect(added).toBeDefined();
    const image = await fetch(`${product.baseUrl}${added?.baseImage ?? ''}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });
});
