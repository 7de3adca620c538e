import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { keptPages, type VisitorPage } from '../support/pages.js';
import type { Product } from '../support/harness.js';
import {
  DEMO,
  DESKTOP,
  PHONE,
  api,
  freshMobile,
  launchBrowser,
  loginToken,
  readOtp,
  sharedProduct,
} from '../support/harness.js';

/**
 * Issue 12 (reports and the risk view) in Chromium: the director opens every report and the live risk
 * view on a desktop and on a phone; a bet placed while the risk view is open moves its worst outcome.
 */
let betSeq = 0;
async function placeBet(baseUrl: string, token: string, body: Record<string, unknown>): Promise<void> {
  betSeq += 1;
  const response = await fetch(`${baseUrl}/api/v1/place-bet`, {
    method: 'POST',
    signal: AbortSignal.timeout(15_000),
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': `reports-e2e-${process.pid}-${Date.now()}-${betSeq}`,
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { meta: { code: number; message: string } };
  expect(answer.meta.code, answer.meta.message).toBe(200);
}

async function logIn(
  seat: VisitorPage,
  baseUrl: string,
  viewport: { width: number; height: number },
): Promise<{ page: Page }> {
  const { page } = await seat(viewport);
  await page.goto(`${baseUrl}/backoffice/`);
  await page.getByLabel('Mobile number').fill(DEMO.director.national);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.director.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  return { page };
}

describe('reports and the risk view in a real browser', () => {
  let product: Product;
  let browser: Browser;
  // One context per screen size: each test starts as a visitor in it (keptPages).
  const visitorPage = keptPages(
    () => browser,
    () => product.baseUrl,
  );
  let directorToken: string;
  const market = { id: '', name: `Most sixes ${Date.now() % 100_000}`, runners: [] as { _id: string; name: string }[] };
  const player = { id: '', token: '', username: '', name: `Risk Taker ${Date.now() % 100_000}` };

  beforeAll(async () => {
    [product, browser] = await Promise.all([sharedProduct(), launchBrowser()]);
    directorToken = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
    const token = directorToken;
    const sport = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/backoffice/sports', {
      token,
      body: { name: 'Kabaddi' },
    });
    const league = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/backoffice/leagues', {
      token,
      body: { sportId: sport.data._id, name: 'Reports League' },
    });
    const event = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/backoffice/events', {
      token,
      body: {
        leagueId: league.data._id,
        name: 'Patna v Bengal',
        startTime: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    const created = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/backoffice/markets', {
      token,
      body: {
        eventId: event.data._id,
        marketType: 'BOOKMAKER',
        name: market.name,
        runners: ['Patna Pirates', 'Bengal Warriors'],
      },
    });
    expect(created.meta.code, created.meta.message).toBe(200);
    market.id = created.data._id;
    const book = await api<{ market: { runners: { _id: string; name: string }[] } }>(
      product.baseUrl,
      'GET',
      `/api/v1/backoffice/markets/${market.id}/book`,
      { token },
    );
    market.runners = book.data.market.runners;
    await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${market.id}/bookmaker-rates`, {
      token,
      body: { runners: market.runners.map((runner) => ({ runnerId: runner._id, backRate: 80, layRate: 85 })) },
    });

    const { mobileNo } = freshMobile();
    const password = 'Reports-e2e-9';
    await api(product.baseUrl, 'POST', '/api/v1/signUp', {
      body: { name: player.name, mobile_no: mobileNo, password, confirmPassword: password, ageConfirmed: true },
    });
    const verify = await api<{ _id: string; username: string }>(product.baseUrl, 'POST', '/api/v1/verify-otp', {
      body: { mobile_no: mobileNo, otp: await readOtp(product.baseUrl, mobileNo) },
    });
    player.id = verify.data._id;
    player.username = verify.data.username;
    player.token = verify.meta.token ?? '';
    const credit = await api(product.baseUrl, 'POST', `/api/v1/backoffice/users/${player.id}/adjustments`, {
      token,
      body: { wallet: 'main', amount: 2000, reason: 'Reports e2e stake money' },
    });
    expect(credit.meta.code, credit.meta.message).toBe(200);
    // ₹100 on Patna at 80: Patna wins → the player +₹80 (the site's worst so far), Bengal wins → −₹100.
    await placeBet(product.baseUrl, player.token, {
      marketId: market.id,
      selectionId: market.runners[0]?._id,
      selectionType: 'back',
      odds: 80,
      stake: 100,
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('on a desktop: the risk view marks the worst outcome and follows a new bet live; every report opens; the player page shows bets and sign-ins', async () => {
    const { page } = await logIn(visitorPage, product.baseUrl, DESKTOP);
    await page.getByRole('navigation').getByRole('link', { name: 'Risk view' }).click();
    await page.getByRole('heading', { name: 'Risk view', level: 1 }).waitFor();
    const card = page.getByRole('article', { name: market.name });
    const patna = card.getByRole('row', { name: /Patna Pirates/ });
    await patna.getByText('Worst outcome').waitFor();
    expect(await patna.getByRole('cell').first().innerText()).toBe('₹80.00');
    expect(await card.innerText()).toContain('-₹100.00');

    // ₹300 on Bengal: Bengal wins → +₹240 − ₹100 = +₹140; Patna wins → +₹80 − ₹300 = −₹220. The view follows without a reload.
    await placeBet(product.baseUrl, player.token, {
      marketId: market.id,
      selectionId: market.runners[1]?._id,
      selectionType: 'back',
      odds: 80,
      stake: 300,
    });
    const bengal = card.getByRole('row', { name: /Bengal Warriors/ });
    await bengal.getByText('Worst outcome').waitFor({ timeout: 15_000 });
    expect(await bengal.getByRole('cell').first().innerText()).toBe('₹140.00');
    expect(await patna.getByText('Worst outcome').count()).toBe(0);

    await card.getByRole('link', { name: 'Bets on this market' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    const bets = page.getByRole('table', { name: 'Bets' });
    await bets.waitFor();
    expect(await bets.getByRole('row').count()).toBe(3);
    expect(await bets.getByRole('link', { name: player.username }).count()).toBe(2);

    await page.getByRole('tab', { name: 'Profit and loss' }).click();
    await page.getByLabel('Group by').selectOption('event');
    await page
      .getByText(/No settled play in these dates|Total/)
      .first()
      .waitFor();
    await page.getByLabel('Product').selectOption('casino');
    await page
      .getByText(/No settled play in these dates|Total/)
      .first()
      .waitFor();
    await page.getByRole('tab', { name: 'Deposits and withdrawals' }).click();
    await page
      .getByText(/No deposits or withdrawals in these dates|Total/)
      .first()
      .waitFor();
    await page.getByRole('tab', { name: 'Players' }).click();
    const players = page.getByRole('table', { name: 'Active and new players by day' });
    await players.waitFor();
    await page.getByRole('tab', { name: 'Exposure' }).click();
    await page
      .getByRole('table', { name: 'Exposure by market' })
      .getByRole('row', { name: new RegExp(market.name) })
      .waitFor();

    await page.goto(`${product.baseUrl}/backoffice/users/${player.id}`);
    const activity = page.getByRole('region', { name: 'Bets and sign-ins' });
    await activity.getByRole('table', { name: 'Open bets' }).waitFor();
    expect(await activity.getByRole('table', { name: 'Open bets' }).getByRole('row').count()).toBe(3);
    await activity.getByRole('tab', { name: 'Sign-ins' }).click();
    const signIns = activity.getByRole('table', { name: 'Sign-in history' });
    await signIns.waitFor();
    expect(await signIns.innerText()).toMatch(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
  }, 60_000);

  it('on a phone: the risk view and the bet list fit the screen', async () => {
    const { page } = await logIn(visitorPage, product.baseUrl, PHONE);
    await page.goto(`${product.baseUrl}/backoffice/risk`);
    const card = page.getByRole('article', { name: market.name });
    await card
      .getByRole('row', { name: /Bengal Warriors/ })
      .getByText('Worst outcome')
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.goto(`${product.baseUrl}/backoffice/reports?tab=bets&marketId=${market.id}`);
    const bets = page.getByRole('table', { name: 'Bets' });
    await bets.waitFor();
    expect(await bets.getByRole('row').count()).toBe(3);
    await page.getByLabel('Status').selectOption('settled');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No bets match these filters').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  }, 60_000);
});
