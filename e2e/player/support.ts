import type { Page } from 'playwright-core';
import { DEMO, PHONE, api, freshMobile, loginToken, readOtp } from '../support/harness.js';
import type { StoredSession } from '../support/pages.js';

export interface TestUser {
  mobileNo: string;
  national: string;
  password: string;
  token: string;
  id: string;
}

/** Signs a player up through the API and verifies the phone with the OTP from the dev outbox. */
export async function createVerifiedUser(baseUrl: string, password = 'e2e-Secret-77'): Promise<TestUser> {
  const { mobileNo, national } = freshMobile();
  const signUp = await api(baseUrl, 'POST', '/api/v1/signUp', {
    body: { name: 'E2E Player', mobile_no: mobileNo, password, confirmPassword: password, ageConfirmed: true },
  });
  if (signUp.meta.code !== 200) throw new Error(`signUp failed: ${signUp.meta.message}`);
  const otp = await readOtp(baseUrl, mobileNo);
  const verify = await api<{ _id: string }>(baseUrl, 'POST', '/api/v1/verify-otp', {
    body: { mobile_no: mobileNo, otp },
  });
  if (verify.meta.code !== 200 || verify.meta.token === undefined)
    throw new Error(`verify failed: ${verify.meta.message}`);
  return { mobileNo, national, password, token: verify.meta.token, id: verify.data._id };
}

export type Flags = Partial<
  Record<
    'allowHome' | 'allowLiveCasino' | 'allowSlots' | 'allowStatements' | 'allowProfitLoss' | 'referralAllow',
    boolean
  >
> & { role?: number };

/** Sets permission flags through the back-office API, as an operator would. */
export async function setFlags(baseUrl: string, mobileNo: string, flags: Flags): Promise<void> {
  const director = await loginToken(baseUrl, DEMO.director.mobileNo, DEMO.director.password);
  const found = await api<{ items: { _id: string }[] }>(baseUrl, 'GET', `/api/v1/backoffice/users?search=${mobileNo}`, {
    token: director,
  });
  const id = found.data.items[0]?._id;
  if (id === undefined) throw new Error(`no user ${mobileNo}`);
  const update = await api(baseUrl, 'PUT', `/api/v1/backoffice/users/${id}`, { token: director, body: flags });
  if (update.meta.code !== 200) throw new Error(`flag update failed: ${update.meta.message}`);
}

/**
 * A returning player's browser (openPage's third argument): the session of `token` (a sign-in through the API),
 * so a test starts on the page it is about instead of loading the login page and the landing page first. The
 * login page itself is tested through uiLogin (auth.e2e.ts, guards.e2e.ts and the files that sign in as a
 * player would).
 */
export async function storedSession(baseUrl: string, token: string): Promise<StoredSession> {
  const profile = await api(baseUrl, 'GET', '/api/v1/getUserData', { token });
  if (profile.meta.code !== 200) throw new Error(`getUserData failed: ${profile.meta.message}`);
  const localStorage = [
    { name: 'token', value: token },
    { name: 'userData', value: JSON.stringify(profile.data) },
  ];
  return { cookies: [], origins: [{ origin: baseUrl, localStorage }] };
}

/** storedSession for a player signed in through the API with their number and password. */
export async function signedInSession(baseUrl: string, mobileNo: string, password: string): Promise<StoredSession> {
  return storedSession(baseUrl, await loginToken(baseUrl, mobileNo, password));
}

/** Logs in through the login page with an Indian number. */
export async function uiLogin(page: Page, baseUrl: string, national: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  const form = page.getByTestId('login-form');
  await form.getByLabel('Mobile No').fill(national);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * Closes the sheet on top (account drawer, dialog, bet slip) with Escape and waits until the app has taken
 * the sheet's history entry back off (apps/web/src/lib/back-close.ts does it with a Back, a moment after
 * the close). A navigation started before that Back lands is undone by it: `page.goto` then fails with
 * net::ERR_ABORTED, or the Back returns from the page just loaded. A player cannot type an address that fast.
 */
export async function closeSheet(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await sheetBackLanded(page);
}

/** Waits until no closed sheet's history entry is left for the app's Back to take off (see closeSheet). */
export async function sheetBackLanded(page: Page): Promise<void> {
  await page.waitForFunction(() => (history.state as { khelSheet?: unknown } | null)?.khelSheet !== true, null, {
    timeout: 10_000,
  });
}

/**
 * After an accepted bet the slip closes and a toast says what happened (issue 31). Waits for both (and
 * the slip's history entry to be gone) and answers the toast's message.
 */
export async function betToast(page: Page, text: string | RegExp, timeout = 20_000): Promise<string> {
  const message = page.getByTestId('toast').filter({ hasText: text }).first().locator('.toast__message');
  await message.waitFor({ timeout });
  const content = (await message.textContent()) ?? '';
  await page.getByTestId('bet-slip').waitFor({ state: 'detached' });
  // The slip closed by itself: its Back is on its way, and would undo a navigation started now.
  await sheetBackLanded(page);
  return content;
}

/**
 * Waits for a toast with this message. If none comes, the error names the toasts on screen instead,
 * so a failure in CI says what the player was told.
 */
export async function expectToast(page: Page, message: string, timeout = 10_000): Promise<void> {
  try {
    await page.getByTestId('toast').filter({ hasText: message }).first().waitFor({ timeout });
  } catch (error) {
    const shown = await page
      .getByTestId('toast')
      .allTextContents()
      .catch(() => []);
    throw new Error(`no toast "${message}" at ${pathOf(page)}; on screen: ${JSON.stringify(shown)}`, {
      cause: error,
    });
  }
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits for the page to be at `path`; if it does not get there, the error names where it is and the toasts on screen. */
export async function waitForPath(page: Page, path: string): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  } catch (error) {
    const shown = await page
      .getByTestId('toast')
      .allTextContents()
      .catch(() => []);
    throw new Error(`not at ${path}: at ${pathOf(page)}; on screen: ${JSON.stringify(shown)}`, { cause: error });
  }
}

export const VIEWPORTS = [
  ['desktop', { width: 1366, height: 900 }],
  ['phone', PHONE],
] as const;

/** Issue 31's two sizes: a 390×844 phone (touch, mobile) and a 1366×800 laptop. */
export const PHONE_AND_DESKTOP = [
  ['phone 390×844', PHONE],
  ['desktop 1366×800', { width: 1366, height: 800 }],
] as const;

/** My Bets from the account menu (either size): the open dialog. */
export async function openMyBets(page: Page) {
  await page.getByTestId('profile-menu-button').click();
  await page.getByRole('button', { name: 'My Bets' }).click();
  const dialog = page.getByTestId('my-bets-modal');
  await dialog.waitFor();
  return dialog;
}
