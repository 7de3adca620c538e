import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { DESKTOP } from './harness.js';
import type { VisitorPage } from './pages.js';

/** What an authenticator app would show for this base32 secret, `stepsAhead` 30-second steps from now. */
export function totpCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

/** Fills the back-office login form. */
export async function submitLogin(page: Page, baseUrl: string, national: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/backoffice/`);
  await page.getByLabel('Mobile number').fill(national);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * On the set-up page: reads the setup key the page shows (as a person would type it into an app),
 * confirms with the code for it, and answers the key and the recovery codes shown once.
 */
export async function enrolOnPage(page: Page): Promise<{ secret: string; recoveryCodes: string[]; usedCode: string }> {
  await page.getByRole('heading', { name: 'Set up two-step sign-in' }).waitFor();
  const shown = (await page.getByLabel('Setup key', { exact: true }).textContent()) ?? '';
  const secret = shown.replace(/\s/g, '');
  const usedCode = totpCode(secret);
  await page.getByLabel('6-digit code').fill(usedCode);
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
  const recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).locator('code').allInnerTexts();
  await page.getByRole('button', { name: 'I have saved them, continue' }).click();
  return { secret, recoveryCodes, usedCode };
}

/** A new operator's first back-office sign-in, on a page of `seat`: password, then setting up the authenticator. */
export async function logInAndEnrol(
  seat: VisitorPage,
  baseUrl: string,
  national: string,
  password: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ page: Page; secret: string; recoveryCodes: string[] }> {
  const { page } = await seat(viewport);
  await submitLogin(page, baseUrl, national, password);
  const enrolled = await enrolOnPage(page);
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  return { page, ...enrolled };
}
