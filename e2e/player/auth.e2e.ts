import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, freshMobile, launchBrowser, readOtp, sharedProduct, type Product } from '../support/harness.js';
import { VIEWPORTS, createVerifiedUser, pathOf, uiLogin, waitForPath, type TestUser } from './support.js';
import { keptPages } from '../support/pages.js';

/** The server spaces two OTP sends to one number 10 s apart (the sign-up's, then the reset's). */
const OTP_SPACING_MS = 10_500;

/** The player's identity journeys in a real browser against the real server, at desktop and phone sizes. */
describe('player identity journeys', () => {
  let product: Product;
  let browser: Browser;
  /** Whose password is reset below: signed up first, so its sign-up OTP is old by the time the reset asks for one. */
  let forgetful: { user: TestUser; otpSentAt: number };
  // One context per screen size: each test starts as a visitor in it (keptPages).
  const visitorPage = keptPages(
    () => browser,
    () => product.baseUrl,
  );
  beforeAll(async () => {
    [product, browser] = await Promise.all([sharedProduct(), launchBrowser()]);
    forgetful = { user: await createVerifiedUser(product.baseUrl), otpSentAt: Date.now() };
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  describe.each(VIEWPORTS)('%s', (_label, viewport) => {
    it('signs up, verifies the OTP from the outbox and lands on / logged in with the header balance', async () => {
      const { page, errors } = await visitorPage(viewport);
      const { mobileNo, national } = freshMobile();
      await page.goto(`${product.baseUrl}/register`);
      const form = page.getByTestId('sign-up-form');
      // The spec's messages first, word for word.
      await form.getByRole('button', { name: 'Sign Up' }).click();
      await form.getByText('Name is required').waitFor();
      await form.getByText('Mobile No is required').waitFor();
      await form.getByLabel('Name').fill('Browser Player');
      await form.getByLabel('Mobile No').fill(national);
      await form.getByLabel('Password', { exact: true }).fill('e2e-Secret-77');
      await form.getByLabel('Confirm Password').fill('e2e-Secret-77');
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: 'Sign Up' }).click();

      const dialog = page.getByRole('dialog', { name: 'Verify Otp' });
      await dialog.waitFor();
      expect(await page.evaluate(() => window.sessionStorage.getItem('mobile_no'))).toBe(mobileNo);
      const otp = await readOtp(product.baseUrl, mobileNo);
      await dialog.getByLabel('Digit 1 of 4').click();
      await page.keyboard.type(otp);
      expect(await dialog.getByLabel('Digit 4 of 4').inputValue()).toBe(otp[3]);
      await dialog.getByRole('button', { name: 'Verify' }).click();

      await page.getByTestId('balance-amount').waitFor();
      // Spec §4: OTP verification goes to / (issue 14: it used to end on /slots).
      expect(pathOf(page)).toBe('/');
      expect(await page.getByTestId('balance-amount').textContent()).toMatch(/^₹\d[\d,]*\.\d{2}$/);
      expect(await page.getByTestId('exposure-amount').textContent()).toMatch(/Exp -?₹/);
      const stored = await page.evaluate(() => ({
        token: localStorage.getItem('token'),
        user: localStorage.getItem('userData'),
        session: sessionStorage.length,
      }));
      expect(stored.token).toBeTruthy();
      expect(JSON.parse(stored.user ?? '{}').mobile_no).toBe(mobileNo);
      expect(stored.session).toBe(0);
      expect(errors).toEqual([]);
    });

    it('opens Sign Up with the referral code from ?referral_code= on any page', async () => {
      const { page } = await visitorPage(viewport);
      await page.goto(`${product.baseUrl}/slots?referral_code=FRIEND42`);
      const dialog = page.getByRole('dialog', { name: 'Sign Up' });
      await dialog.waitFor();
      expect(await dialog.getByLabel(/Referral Code/).inputValue()).toBe('FRIEND42');
      expect(pathOf(page)).toBe('/login');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('switches to the bonus wallet with a Wallet Changed toast and back', async () => {
      const user = await createVerifiedUser(product.baseUrl);
      const { page } = await visitorPage(viewport);
      await uiLogin(page, product.baseUrl, user.national, user.password);
      await page.getByTestId('balance-amount').waitFor();
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('radio', { name: /Bonus Wallet/ }).click();
      await page.getByTestId('toast').filter({ hasText: 'Wallet Changed' }).waitFor();
      await page.getByTestId('header-balance').getByText('Bonus', { exact: true }).waitFor();
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userData'))) ?? '{}').wallet).toBe('2');
      await page.reload();
      await page.getByTestId('header-balance').getByText('Bonus', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('radio', { name: /Main Wallet/ }).click();
      await page.getByTestId('header-balance').getByText('Main', { exact: true }).waitFor();
    });

    it('logs out with a Logged Out toast and no session left', async () => {
      const { page } = await visitorPage(viewport);
      await uiLogin(page, product.baseUrl, DEMO.player.national, DEMO.player.password);
      await page.getByTestId('balance-amount').waitFor();
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByTestId('profile-menu').getByRole('button', { name: 'Logout' }).click();
      await waitForPath(page, '/login');
      await page.getByTestId('toast').filter({ hasText: 'Logged Out' }).waitFor();
      expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userData')])).toEqual([
        null,
        null,
      ]);
    });
  });

  it('resets a forgotten password with the OTP, then logs in with the new one (phone)', async () => {
    const { user, otpSentAt } = forgetful;
    const { page } = await visitorPage(VIEWPORTS[1][1]);
    await page.goto(`${product.baseUrl}/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
    await dialog.getByLabel('Mobile No').fill(user.national);
    // The sign-up's OTP went out before the tests above ran; only what is left of the spacing is waited out.
    await new Promise((done) => setTimeout(done, Math.max(0, otpSentAt + OTP_SPACING_MS - Date.now())));
    await dialog.getByRole('button', { name: 'Send OTP' }).click();
    await dialog.getByTestId('reset-password-form').waitFor();
    const otp = await readOtp(product.baseUrl, user.mobileNo);
    await dialog.getByLabel('Digit 1 of 4').click();
    await page.keyboard.type(otp);
    await dialog.getByLabel('New Password').fill('Fresh-pass-88');
    await dialog.getByLabel('Confirm Password').fill('Fresh-pass-88');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/login');
    await uiLogin(page, product.baseUrl, user.national, 'Fresh-pass-88');
    await page.getByTestId('balance-amount').waitFor();
  });

  it('changes the password: toast, new token kept, old sessions revoked (desktop)', async () => {
    const user = await createVerifiedUser(product.baseUrl);
    const { page } = await visitorPage(VIEWPORTS[0][1]);
    await uiLogin(page, product.baseUrl, user.national, user.password);
    await page.getByTestId('balance-amount').waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByTestId('profile-menu').getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Old Password').fill('not-the-password');
    await dialog.getByLabel('New Password').fill('Changed-pass-99');
    await dialog.getByLabel('Confirm Password').fill('Changed-pass-99');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await dialog.getByTestId('change-password-error').waitFor();
    await dialog.getByLabel('Old Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Password Changed' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The API session from sign-up was revoked; this page's new token still works after a reload.
    const old = await fetch(`${product.baseUrl}/api/v1/getUserData`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(old.status).toBe(401);
    await page.reload();
    await page.getByTestId('balance-amount').waitFor();
    expect(pathOf(page)).not.toBe('/login');
  });
});
