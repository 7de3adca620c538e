import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { keptPages } from '../support/pages.js';
import type { RunningProduct } from '../support/harness.js';
import { DEMO, PHONE, api, freshMobile, launchBrowser, loginToken, readOtp, startProduct } from '../support/harness.js';

/**
 * Issue 28 in Chromium, at 1366×800 and 390×844: the director voids one bet from the bet list (reason,
 * confirmation; this one-operator demo site has switched results confirmation off, so it is void at
 * once), the player's exposure comes back, and Party win/loss shows the player's settled result and
 * opens its account from the row.
 */
const LAPTOP = { width: 1366, height: 800 } as const;

describe('the agent panel: void one bet, party win/loss', () => {
  let product: RunningProduct;
  let browser: Browser;
  // One context per screen size: each test starts as a visitor in it (keptPages).
  const visitorPage = keptPages(
    () => browser,
    () => product.baseUrl,
  );
  let token: string;
  let counter = 0;

  /** A bookmaker market with rates 80/85 on two runners. */
  async function bookmaker(name: string): Promise<{ id: string; runners: string[] }> {
    counter += 1;
    const sport = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/backoffice/sports', {
      token,
      body: { name: `Kabaddi ${counter}` },
    });
    const league = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/backoffice/leagues', {
      token,
      body: { sportId: sport.data._id, name: 'Panel League' },
    });
    const event = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/backoffice/events', {
      token,
      body: {
        leagueId: league.data._id,
        name: `Patna v Bengal ${counter}`,
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    const created = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/backoffice/markets', {
      token,
      body: {
        eventId: event.data._id,
        marketType: 'BOOKMAKER',
        name,
        runners: ['Patna', 'Bengal'],
        betDelaySeconds: 0,
      },
    });
    expect(created.meta.code, created.meta.message).toBe(200);
    const book = await api<{ market: { runners: { _id: string }[] } }>(
      product.baseUrl,
      'GET',
      `/api/v1/backoffice/markets/${created.data._id}/book`,
      { token },
    );
    const runners = book.data.market.runners.map((runner) => runner._id);
    await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${created.data._id}/bookmaker-rates`, {
      token,
      body: { runners: runners.map((runnerId) => ({ runnerId, backRate: 80, layRate: 85 })) },
    });
    return { id: created.data._id, runners };
  }

  async function player(): Promise<{ id: string; username: string; token: string }> {
    const { mobileNo } = freshMobile();
    const password = 'Panel-e2e-9';
    await api(product.baseUrl, 'POST', '/api/v1/signUp', {
      body: { name: 'Panel Player', mobile_no: mobileNo, password, confirmPassword: password, ageConfirmed: true },
    });
    const verify = await api<{ _id: string; username: string }>(product.baseUrl, 'POST', '/api/v1/verify-otp', {
      body: { mobile_no: mobileNo, otp: await readOtp(product.baseUrl, mobileNo) },
    });
    return { id: verify.data._id, username: verify.data.username, token: verify.meta.token ?? '' };
  }

  async function bet(playerToken: string, marketId: string, runnerId: string, stake: number): Promise<string> {
    const placed = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/place-bet', {
      token: playerToken,
      headers: { 'idempotency-key': `panel-e2e-${process.pid}-${Date.now()}-${(counter += 1)}` },
      body: { marketId, selectionId: runnerId, selectionType: 'back', odds: 80, stake },
    });
    expect(placed.meta.code, placed.meta.message).toBe(200);
    return placed.data._id;
  }

  const exposureOf = async (playerToken: string) =>
    (await api<{ exposure: number }>(product.baseUrl, 'GET', '/api/v1/getUserData', { token: playerToken })).data
      .exposure;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    token = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
    const off = await api(product.baseUrl, 'PUT', '/api/v1/backoffice/sports-desk/settings', {
      token,
      body: { resultsNeedConfirmation: false },
    });
    expect(off.meta.code, off.meta.message).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it.each([
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const)(
    '%s: voids one bet with a reason after a confirmation, and reads party win/loss down to the player',
    async (_name, viewport) => {
      const someone = await player();
      const open = await bookmaker(`Late bets ${counter}`);
      const ghost = await bet(someone.token, open.id, open.runners[0] as string, 200);
      const settled = await bookmaker(`Settled ${counter}`);
      await bet(someone.token, settled.id, settled.runners[0] as string, 100);
      const result = await api(product.baseUrl, 'POST', `/api/v1/backoffice/markets/${settled.id}/settle`, {
        token,
        body: { winnerId: settled.runners[0] },
      });
      expect(result.meta.code, result.meta.message).toBe(200);
      expect(await exposureOf(someone.token)).toBe(-200);

      const { page } = await visitorPage(viewport);
      await page.goto(`${product.baseUrl}/backoffice/`);
      await page.getByLabel('Mobile number').fill(DEMO.director.national);
      await page.getByLabel('Password', { exact: true }).fill(DEMO.director.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('heading', { name: 'Users' }).waitFor();

      await page.goto(`${product.baseUrl}/backoffice/reports?tab=bets`);
      await page.getByLabel('Player (username or mobile)').fill(someone.username);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('button', { name: `Void bet ${ghost}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Void this bet' });
      await dialog.getByText('Its stake comes back and its exposure is released.', { exact: false }).waitFor();
      // No reason, nothing sent.
      await dialog.getByRole('button', { name: 'Void bet' }).click();
      await dialog.getByText('Give a reason').waitFor();
      await dialog.getByLabel('Reason').fill('Late bet after the raid');
      await dialog.getByRole('button', { name: 'Void bet' }).click();
      await page.getByText('Bet void', { exact: true }).waitFor({ timeout: 15_000 });
      await dialog.waitFor({ state: 'detached' });
      expect(await exposureOf(someone.token)).toBe(0);
      // The list shows it void, with no Void button left.
      await page.getByRole('button', { name: `Void bet ${ghost}` }).waitFor({ state: 'detached', timeout: 15_000 });

      await page.getByRole('tab', { name: 'Party win/loss' }).click();
      const table = page.getByRole('table', { name: 'Party win/loss' });
      await table.waitFor({ timeout: 30_000 });
      // ₹100 at 80 won: +₹80 on the bookmaker, nothing from the voided bet.
      const row = table.getByRole('row', { name: new RegExp(someone.username) });
      expect(await row.innerText()).toContain('₹80.00');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await table.getByRole('link', { name: `Bets of ${someone.username}` }).click();
      await page.waitForURL(new RegExp(`/users/${someone.id}`));
    },
    120_000,
  );
});
