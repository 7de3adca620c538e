import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningProduct } from '../support/harness.js';
import { DEMO, PHONE, api, freshMobile, launchBrowser, loginToken, readOtp, startProduct } from '../support/harness.js';
import { keptPages } from '../support/pages.js';
import { enrolOnPage, submitLogin, totpCode } from '../support/second-factor.js';

describe("operators' second factor in a real browser", () => {
  let product: RunningProduct;
  let browser: Browser;
  // One context per screen size: each test starts as a visitor in it (keptPages).
  const visitorPage = keptPages(
    () => browser,
    () => product.baseUrl,
  );
  const operator = { ...freshMobile(), password: 'Second-factor-e2e-5', id: '' };

  beforeAll(async () => {
    // No sports feed: this test needs none, and the server starts sooner on a busy machine.
    product = await startProduct();
    browser = await launchBrowser();
    // A support admin: a player signed up, then given role 2 by the demo director.
    const signUp = await api(product.baseUrl, 'POST', '/api/v1/signUp', {
      body: {
        name: 'Asha Verma',
        mobile_no: operator.mobileNo,
        password: operator.password,
        confirmPassword: operator.password,
        ageConfirmed: true,
      },
    });
    expect(signUp.meta.code, signUp.meta.message).toBe(200);
    const verify = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/verify-otp', {
      body: { mobile_no: operator.mobileNo, otp: await readOtp(product.baseUrl, operator.mobileNo) },
    });
    operator.id = verify.data._id;
    const director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
    const promoted = await api(product.baseUrl, 'PUT', `/api/v1/backoffice/users/${operator.id}`, {
      token: director,
      body: { role: 2 },
    });
    expect(promoted.meta.code, promoted.meta.message).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('says at start-up that only the demo director skips the second factor', () => {
    expect(product.output()).toContain(
      `Demo director: mobile ${DEMO.director.national} (India +91), password ${DEMO.director.password} (demo only: signs in without a second factor)`,
    );
    expect(product.output()).toContain('Operators set up two-step sign-in');
  });

  it('enrols an operator by QR code at the first sign-in, then asks for a code at the next, and takes a recovery code once', async () => {
    const { page } = await visitorPage(PHONE);
    await submitLogin(page, product.baseUrl, operator.national, operator.password);
    await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/backoffice/second-factor');

    // The QR code is a real image the browser decoded, and the server refuses back-office calls meanwhile.
    const qr = page.getByAltText('QR code to scan with your authenticator app');
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100);
    const token = (await page.evaluate(() => window.localStorage.getItem('bo_token'))) ?? '';
    const refused = await api(product.baseUrl, 'GET', '/api/v1/backoffice/users', { token });
    expect(refused.meta.error).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');

    // A wrong first code is refused on the page.
    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByText('That code is not right, please try again').waitFor();

    const { secret, recoveryCodes, usedCode } = await enrolOnPage(page);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    expect((await api(product.baseUrl, 'GET', '/api/v1/backoffice/users', { token })).meta.code).toBe(200);

    // Log out and in again: now the code step, and the code just used is spent. It is the enrolment's
    // own code, not one worked out again now: on a slow machine a 30-second step may have passed since,
    // and the apps' step of drift still accepts that code, so the server must answer that it was used.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await submitLogin(page, product.baseUrl, operator.national, operator.password);
    const field = page.getByLabel('Code from your authenticator app');
    await field.waitFor();
    await field.fill(usedCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code has already been used, wait for the next one').waitFor();
    // The next 30-second step's code (apps allow a step of drift) is new, so it passes.
    await field.fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();

    // The audit log shows the sign-ins with the browser, and filters them by what happened.
    await page.goto(`${product.baseUrl}/backoffice/audit-log`);
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByLabel('What').selectOption({ label: 'Sign-in refused' });
    const refusedRow = page.locator('tbody tr', { hasText: 'wrong authenticator code' }).first();
    await refusedRow.waitFor();
    expect(await refusedRow.innerText()).toContain('Asha Verma');
    expect(await refusedRow.innerText()).toContain('Chrome');
    await page.getByLabel('What').selectOption({ label: 'Two-step sign-in set up' });
    await page
      .locator('tbody tr', { hasText: 'Two-step sign-in set up' })
      .filter({ hasText: 'Asha Verma' })
      .first()
      .waitFor();

    // A lost phone: a recovery code signs in once, and only once.
    const [recovery] = recoveryCodes as [string];
    for (const attempt of ['first', 'second'] as const) {
      // Another phone: the same page made a visitor again (keptPages).
      const { page: otherPage } = await visitorPage(PHONE);
      await submitLogin(otherPage, product.baseUrl, operator.national, operator.password);
      await otherPage.getByLabel('Code from your authenticator app').fill(recovery);
      await otherPage.getByRole('button', { name: 'Verify' }).click();
      if (attempt === 'first') {
        await otherPage.getByRole('heading', { name: 'Users' }).waitFor();
        await otherPage.getByText('Recovery code used: 9 left').waitFor();
      } else {
        await otherPage.getByText('That code is not right, please try again').waitFor();
        expect(new URL(otherPage.url()).pathname).toBe('/backoffice/second-factor');
      }
    }
  });

  it('lets the demo director of a fresh play-mode start in with the password alone', async () => {
    const { page } = await visitorPage(PHONE);
    await submitLogin(page, product.baseUrl, DEMO.director.national, DEMO.director.password);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/backoffice/users');
  });
});
