import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DEMO,
  DESKTOP,
  PHONE,
  api,
  launchBrowser,
  loginToken,
  startProduct,
  type RunningProduct,
} from '../support/harness.js';
import { betToast, createVerifiedUser, uiLogin, type TestUser } from './support.js';
import { keptPages } from '../support/pages.js';

/**
 * Issue 13 in a real browser: a deposit approved in the back office moves the open player app's
 * balance within a second with its toast; an in-play slip is cleared once its bet is decided; an
 * unmatched offer is cancelled from the event page.
 */
const EVENT_PATH = '/event?sport=slip-cricket&league=slip-league&event=gamma-hawks-v-delta-owls';

let product: RunningProduct;
let browser: Browser;
let director: string;
const ids = { bookmaker: '', exchange: '', bookmakerRunners: [] as string[] };

async function created(path: string, body: unknown): Promise<string> {
  const answer = await api<{ _id: string }>(product.baseUrl, 'POST', path, { token: director, body });
  if (answer.meta.code !== 200) throw new Error(`${path}: ${answer.meta.message}`);
  return answer.data._id;
}

// A context per screen size for the players and one for the operator, who acts while a player's app is open
// (keptPages): each test starts as a visitor in them.
const visitorPage = keptPages(
  () => browser,
  () => product.baseUrl,
);
const operatorPage = keptPages(
  () => browser,
  () => product.baseUrl,
);

async function playerPage(
  user: TestUser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await visitorPage(viewport);
  await uiLogin(opened.page, product.baseUrl, user.national, user.password);
  await opened.page.getByTestId('balance-amount').waitFor();
  return opened;
}

async function backOffice(): Promise<{ page: Page }> {
  const { page } = await operatorPage(DESKTOP);
  await page.goto(`${product.baseUrl}/backoffice/`);
  await page.getByLabel('Mobile number').fill(DEMO.director.national);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.director.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  return { page };
}

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
  const sport = await created('/api/v1/backoffice/sports', { name: 'Slip Cricket' });
  const league = await created('/api/v1/backoffice/leagues', { sportId: sport, name: 'Slip League' });
  const event = await created('/api/v1/backoffice/events', {
    leagueId: league,
    name: 'Gamma Hawks v Delta Owls',
    startTime: new Date(Date.now() + 3600_000).toISOString(),
  });
  ids.bookmaker = await created('/api/v1/backoffice/markets', {
    eventId: event,
    marketType: 'BOOKMAKER',
    name: 'Bookmaker',
    runners: ['Gamma Hawks', 'Delta Owls'],
    betDelaySeconds: 2,
  });
  ids.exchange = await created('/api/v1/backoffice/markets', {
    eventId: event,
    marketType: 'EXCHANGE',
    name: 'Match Odds',
    runners: ['Gamma Hawks', 'Delta Owls'],
  });
  const inPlay = await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${ids.bookmaker}`, {
    token: director,
    body: { inPlay: true },
  });
  expect(inPlay.meta.code).toBe(200);
  const market = await api<{ runners: { _id: string }[] }>(
    product.baseUrl,
    'PUT',
    `/api/v1/backoffice/markets/${ids.bookmaker}`,
    { token: director, body: {} },
  );
  ids.bookmakerRunners = market.data.runners.map((runner) => runner._id);
  const rates = await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${ids.bookmaker}/bookmaker-rates`, {
    token: director,
    body: {
      runners: ids.bookmakerRunners.map((runnerId, index) => ({
        runnerId,
        backRate: 45 + index * 10,
        layRate: 48 + index * 10,
      })),
    },
  });
  expect(rates.meta.code).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('trading slip and balances that move themselves (issue 13)', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${name}: an operator's deposit approval moves the open app's balance within a second, with its toast`, async () => {
      const user = await createVerifiedUser(product.baseUrl);
      const { page, errors } = await playerPage(user, viewport);
      const before = await page.getByTestId('balance-amount').textContent();
      expect(before).toBe('₹10,000.00');
      const accounts = await api<{ _id: string; type: 'upi' | 'bank' }[]>(
        product.baseUrl,
        'GET',
        '/api/v1/admin-account-details',
        { token: user.token },
      );
      const txnRef = `SLIP${process.pid}${Date.now() % 1_000_000}${name.length}`;
      const asked = await api(product.baseUrl, 'POST', '/api/v1/admin-deposit-request', {
        token: user.token,
        body: { amount: 1000, accountId: accounts.data[0]?._id, txnRef, type: accounts.data[0]?.type },
      });
      expect(asked.meta.code).toBe(200);

      const desk = await backOffice();
      await desk.page.goto(`${product.baseUrl}/backoffice/deposits`);
      const row = desk.page.locator('tbody tr', { hasText: txnRef });
      await row.getByRole('button', { name: /^Approve the deposit/ }).click();
      const dialog = desk.page.getByRole('dialog', { name: 'Approve this deposit' });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await desk.page.getByText('Deposit approved, the wallet is credited').waitFor();
      const approvedAt = Date.now();

      await page.getByTestId('balance-amount').filter({ hasText: '₹11,000.00' }).waitFor({ timeout: 1000 });
      await page.getByText('Deposit of ₹1,000.00 approved').first().waitFor({ timeout: 1000 });
      expect(Date.now() - approvedAt).toBeLessThan(1500);
      expect(errors).toEqual([]);
    });
  }

  it('phone: an in-play bookmaker slip closes after the delay with a toast saying the bet was accepted', async () => {
    const user = await createVerifiedUser(product.baseUrl);
    const { page, errors } = await playerPage(user, PHONE);
    await page.goto(`${product.baseUrl}${EVENT_PATH}`);
    const runner = page.getByTestId('bookmaker-market').getByTestId('runner').filter({ hasText: 'Gamma Hawks' });
    await runner.getByTestId('bm-back').filter({ hasText: '45' }).click();
    const sheet = page.getByRole('dialog', { name: 'Bet slip' });
    await sheet.getByTestId('slip-stake').fill('100');
    await sheet.getByTestId('place-bet').click();
    await sheet.getByTestId('slip-pending').waitFor({ timeout: 10_000 });
    expect(await betToast(page, 'Bet matched')).toContain('Bet matched');
    // The matched bet is listed on the event page.
    await page.getByTestId('event-bet').filter({ hasText: 'Gamma Hawks' }).waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
  });

  it('desktop: a slip whose rate moved during the delay is cleared and says the bet was refused', async () => {
    const user = await createVerifiedUser(product.baseUrl);
    const { page } = await playerPage(user, DESKTOP);
    await page.goto(`${product.baseUrl}${EVENT_PATH}`);
    const runner = page.getByTestId('bookmaker-market').getByTestId('runner').filter({ hasText: 'Delta Owls' });
    await runner.getByTestId('bm-back').filter({ hasText: '55' }).click();
    const slip = page.getByTestId('bet-slip');
    await slip.getByTestId('slip-stake').fill('100');
    await slip.getByTestId('place-bet').click();
    await slip.getByTestId('slip-pending').waitFor({ timeout: 10_000 });
    const moved = await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${ids.bookmaker}/bookmaker-rates`, {
      token: director,
      body: { runners: [{ runnerId: ids.bookmakerRunners[1], backRate: 50, layRate: 53 }] },
    });
    expect(moved.meta.code).toBe(200);
    await slip
      .getByTestId('slip-resolved')
      .filter({ hasText: 'Refused after the in-play delay' })
      .waitFor({ timeout: 10_000 });
    expect(await slip.getByTestId('slip-result').textContent()).toBe(
      'Bet lapsed: The price moved during the bet delay',
    );
    expect(await slip.getByTestId('slip-stake').inputValue()).toBe('');
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${name}: cancels an unmatched offer from the event page, and all on a market`, async () => {
      const user = await createVerifiedUser(product.baseUrl);
      const runners =
        (
          await api<{ markets: { _id: string; runners: { _id: string }[] }[] }>(
            product.baseUrl,
            'GET',
            `/api/v1${EVENT_PATH}`,
            { token: user.token },
          )
        ).data.markets.find((market) => market._id === ids.exchange)?.runners ?? [];
      for (const odds of [50, 60]) {
        const placed = await api<{ status: string }>(product.baseUrl, 'POST', '/api/v1/place-bet', {
          token: user.token,
          body: { marketId: ids.exchange, selectionId: runners[0]?._id, selectionType: 'back', odds, stake: 100 },
        });
        expect(placed.data.status).toBe('unmatched');
      }
      const { page, errors } = await playerPage(user, viewport);
      await page.goto(`${product.baseUrl}${EVENT_PATH}`);
      const list = page.getByTestId('event-bets');
      await list.getByTestId('event-bet').nth(1).waitFor({ timeout: 10_000 });
      expect(await list.getByTestId('event-bet').count()).toBe(2);
      await page.getByTestId('exposure-amount').filter({ hasText: '-₹200.00' }).waitFor();

      await list.getByRole('button', { name: 'Cancel Back Gamma Hawks @ 50' }).click();
      await list.getByTestId('event-bet').filter({ hasText: '@ 50' }).waitFor({ state: 'detached', timeout: 10_000 });
      await page.getByTestId('exposure-amount').filter({ hasText: '-₹100.00' }).waitFor({ timeout: 5000 });

      const again = await api(product.baseUrl, 'POST', '/api/v1/place-bet', {
        token: user.token,
        body: { marketId: ids.exchange, selectionId: runners[0]?._id, selectionType: 'back', odds: 40, stake: 100 },
      });
      expect(again.meta.code).toBe(200);
      // Placed on another device: the list follows the socket.
      await list.getByTestId('event-bet').nth(1).waitFor({ timeout: 10_000 });
      await list.getByRole('button', { name: 'Cancel all unmatched bets on Match Odds' }).click();
      await page.getByTestId('event-bets-empty').waitFor({ timeout: 10_000 });
      await page.getByTestId('exposure-amount').filter({ hasText: '₹0.00' }).waitFor({ timeout: 5000 });
      expect(errors).toEqual([]);
    });
  }
});
