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
import { betToast, closeSheet, openMyBets, uiLogin } from './support.js';
import { keptPages } from '../support/pages.js';

/** "₹1,00,000.50" / "-₹150.00" / "Exp -₹100.00" → rupees. */
function rupees(text: string | null): number {
  const value = Number((text ?? '').replace(/[^0-9.-]/g, ''));
  if (!Number.isFinite(value)) throw new Error(`not an amount: ${text}`);
  return value;
}

interface Ids {
  sport: string;
  league: string;
  event: string;
  bookmaker: string;
  bookmakerRunners: string[];
  fancy: string;
  exchange: string;
}

const EVENT_NAME = 'Alpha Kings v Beta Titans';
const EVENT_PATH = '/event?sport=e2e-cricket&league=e2e-league&event=alpha-kings-v-beta-titans';

let product: RunningProduct;
let browser: Browser;
let director: string;
let player: string;
const ids = {} as Ids;

async function created(path: string, body: unknown): Promise<string> {
  const answer = await api<{ _id: string }>(product.baseUrl, 'POST', path, { token: director, body });
  if (answer.meta.code !== 200) throw new Error(`${path}: ${answer.meta.message}`);
  return answer.data._id;
}

async function setRates(backRate: number, layRate: number): Promise<void> {
  const answer = await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${ids.bookmaker}/bookmaker-rates`, {
    token: director,
    body: {
      runners: ids.bookmakerRunners.map((runnerId, index) => ({
        runnerId,
        backRate: backRate + index * 10,
        layRate: layRate + index * 10,
      })),
    },
  });
  expect(answer.meta.code).toBe(200);
}

async function currentBackRate(runnerIndex: number): Promise<number> {
  const detail = await api<{ markets: { _id: string; runners: { backRate: number | null }[] }[] }>(
    product.baseUrl,
    'GET',
    `/api/v1${EVENT_PATH}`,
    { token: player },
  );
  const rate = detail.data.markets.find((market) => market._id === ids.bookmaker)?.runners[runnerIndex]?.backRate;
  if (rate === null || rate === undefined) throw new Error('no bookmaker rate');
  return rate;
}

// One context per screen size: each test signs in on it as a visitor again (keptPages).
const visitorPage = keptPages(
  () => browser,
  () => product.baseUrl,
);

async function playerPage(viewport: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await visitorPage(viewport);
  await uiLogin(opened.page, product.baseUrl, DEMO.player.national, DEMO.player.password);
  await opened.page.getByTestId('balance-amount').waitFor();
  return opened;
}

async function headerMoney(page: Page): Promise<{ balance: number; exposure: number }> {
  return {
    balance: rupees(await page.getByTestId('balance-amount').textContent()),
    exposure: rupees(await page.getByTestId('exposure-amount').textContent()),
  };
}

async function waitForHeader(page: Page, balance: number, exposure: number): Promise<void> {
  await page.waitForFunction(
    ([wantBalance, wantExposure]) => {
      const read = (id: string) =>
        Number((document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '').replace(/[^0-9.-]/g, ''));
      return (
        Math.abs(read('balance-amount') - (wantBalance ?? 0)) < 0.001 &&
        Math.abs(read('exposure-amount') - (wantExposure ?? 0)) < 0.001
      );
    },
    [balance, exposure],
    { timeout: 15_000 },
  );
}

beforeAll(async () => {
  product = await startProduct({ env: { DEMO_FEED: 'true' } });
  browser = await launchBrowser();
  director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
  // Results need a second operator by default (decision 0044): this file's director settles alone.
  await api(product.baseUrl, 'PUT', '/api/v1/backoffice/sports-desk/settings', {
    token: director,
    body: { resultsNeedConfirmation: false },
  });
  player = await loginToken(product.baseUrl, DEMO.player.mobileNo, DEMO.player.password);
  // A controlled event of our own: the demo feed's markets move by themselves.
  ids.sport = await created('/api/v1/backoffice/sports', { name: 'E2E Cricket' });
  ids.league = await created('/api/v1/backoffice/leagues', { sportId: ids.sport, name: 'E2E League' });
  ids.event = await created('/api/v1/backoffice/events', {
    leagueId: ids.league,
    name: EVENT_NAME,
    startTime: new Date(Date.now() + 3 * 3600_000).toISOString(),
  });
  ids.bookmaker = await created('/api/v1/backoffice/markets', {
    eventId: ids.event,
    marketType: 'BOOKMAKER',
    name: 'Bookmaker',
    runners: ['Alpha Kings', 'Beta Titans'],
  });
  ids.fancy = await created('/api/v1/backoffice/markets', {
    eventId: ids.event,
    marketType: 'FANCY',
    name: '10 over runs Alpha',
  });
  ids.exchange = await created('/api/v1/backoffice/markets', {
    eventId: ids.event,
    marketType: 'EXCHANGE',
    name: 'Match Odds',
    runners: ['Alpha Kings', 'Beta Titans'],
  });
  const detail = await api<{ markets: { _id: string; runners: { _id: string }[] }[] }>(
    product.baseUrl,
    'GET',
    `/api/v1${EVENT_PATH}`,
    { token: player },
  );
  ids.bookmakerRunners =
    detail.data.markets.find((market) => market._id === ids.bookmaker)?.runners.map((runner) => runner._id) ?? [];
  await setRates(45, 48);
  const line = await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${ids.fancy}/fancy-line`, {
    token: director,
    body: { noLine: 61, noRate: 100, yesLine: 63, yesRate: 90 },
  });
  expect(line.meta.code).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('sports exchange in a real browser', () => {
  it('Home lists events with live prices; backing a demo runner matches against house liquidity and moves balance and exposure', async () => {
    const { page, errors } = await playerPage(DESKTOP);
    await page.goto(`${product.baseUrl}/`);
    const row = page
      .getByTestId('event-row')
      .filter({ has: page.getByTestId('event-prices') })
      .first();
    await row.waitFor({ timeout: 15_000 });
    await page.getByTestId('live-indicator').filter({ hasText: 'Live' }).waitFor({ timeout: 10_000 });
    await row.locator('.event-row__name').click();
    await page.waitForURL((url) => url.pathname === '/event');
    const market = page.getByTestId('exchange-market').first();
    await market.waitFor();
    const before = await headerMoney(page);

    const cell = market.getByTestId('best-back').first();
    await cell.waitFor();
    await cell.click();
    const slip = page.getByTestId('bet-slip');
    await slip.getByRole('button', { name: '100', exact: true }).click();
    expect(await slip.getByTestId('slip-stake').inputValue()).toBe('100');
    const odds = Number(await slip.getByTestId('slip-odds').inputValue());
    // (odds − 1) × 100 in whole rupees, computed in hundredths.
    expect(rupees(await slip.getByTestId('slip-profit').textContent())).toBe(Math.round(odds * 100) - 100);
    // The demo market is in play (a 3 s bet delay) and its prices move by themselves: a back at the price just
    // shown can find it gone and rest unmatched. A back at 1.01 takes the best price there is when the delay
    // ends, as a player who wants the bet on at once would place it; it is matched at that price, not at 1.01.
    await slip.getByTestId('slip-odds').fill('1.01');
    await slip.getByTestId('slip-odds').press('Tab');
    expect(rupees(await slip.getByTestId('slip-profit').textContent())).toBe(1);
    await slip.getByTestId('place-bet').click();
    const result = await betToast(page, /Bet matched|unmatched|Partly matched|Bet lapsed/);
    expect(result).toMatch(/^Bet matched: ₹100(\.00)? at \d+(\.\d+)?$/);
    // Header: exposure −100, displayed balance (balance + exposure) 100 lower, pushed over the socket.
    await waitForHeader(page, before.balance - 100, before.exposure - 100);
    expect(errors).toEqual([]);
  });

  it('a fancy YES bet on a phone, settled by the director, shows in My Bets and Profit And Loss', async () => {
    const { page, errors } = await playerPage(PHONE);
    await page.goto(`${product.baseUrl}${EVENT_PATH}`);
    const row = page.getByTestId('fancy-market').filter({ hasText: '10 over runs Alpha' });
    await row.getByTestId('fancy-yes').click();
    // Phones: the slip is a bottom sheet.
    const sheet = page.getByRole('dialog', { name: 'Bet slip' });
    await sheet.waitFor();
    expect(await sheet.getByTestId('slip-odds').textContent()).toBe('63 runs @ 90');
    await sheet.getByTestId('slip-stake').fill('200');
    expect(await sheet.getByTestId('slip-profit').textContent()).toBe('₹180.00');
    expect(await sheet.getByTestId('slip-liability').textContent()).toBe('-₹200.00');
    await sheet.getByTestId('place-bet').click();
    await betToast(page, 'Bet matched');

    const settle = await api(product.baseUrl, 'POST', `/api/v1/backoffice/markets/${ids.fancy}/settle`, {
      token: director,
      body: { runs: 70 },
    });
    expect(settle.meta.code).toBe(200);

    const dialog = await openMyBets(page);
    await dialog.getByRole('button', { name: 'Settled' }).click();
    const settled = dialog.getByTestId('bet-row').filter({ hasText: '10 over runs Alpha' });
    await settled.waitFor({ timeout: 10_000 });
    expect(await settled.getByTestId('bet-result').textContent()).toBe('₹180.00');
    await closeSheet(page);

    await page.goto(`${product.baseUrl}/profit-loss`);
    const plRow = page.getByTestId('pl-row').filter({ hasText: EVENT_NAME });
    await plRow.first().waitFor({ timeout: 30_000 });
    expect(await plRow.first().textContent()).toContain('₹180.00');
    expect(errors).toEqual([]);
  });

  it('a bookmaker bet at a rate the house has moved is refused with "Odds changed"', async () => {
    const { page } = await playerPage(DESKTOP);
    await page.goto(`${product.baseUrl}${EVENT_PATH}`);
    const bookmaker = page.getByTestId('bookmaker-market');
    const runner = bookmaker.getByTestId('runner').filter({ hasText: 'Alpha Kings' });
    await runner.getByTestId('bm-back').filter({ hasText: '45' }).click();
    const slip = page.getByTestId('bet-slip');
    await slip.getByTestId('slip-stake').fill('100');
    expect(await slip.getByTestId('slip-profit').textContent()).toBe('₹45.00');
    // The house moves the rate between the tap and the click.
    await setRates(40, 43);
    await slip.getByTestId('slip-moved').waitFor({ timeout: 10_000 });
    await slip.getByTestId('place-bet').click();
    const error = slip.getByTestId('slip-error');
    await error.waitFor({ timeout: 10_000 });
    expect(await error.textContent()).toContain('Odds changed');
    // Taking the new rate places the bet.
    await slip.getByRole('button', { name: 'Use it' }).click();
    expect(await slip.getByTestId('slip-odds').textContent()).toBe('rate 40');
    await slip.getByTestId('place-bet').click();
    await betToast(page, 'Bet matched');
  });

  it('an unmatched lay far from the market is cancelled from My Bets, which groups bets by event with links', async () => {
    // A bet on our event too (through the API, as another device would), so My Bets has two groups.
    const placed = await fetch(`${product.baseUrl}/api/v1/place-bet`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${player}`,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        marketId: ids.bookmaker,
        selectionId: ids.bookmakerRunners[1],
        selectionType: 'back',
        odds: await currentBackRate(1),
        stake: 100,
      }),
    });
    expect(((await placed.json()) as { meta: { code: number } }).meta.code).toBe(200);
    const { page, errors } = await playerPage(DESKTOP);
    await page.goto(`${product.baseUrl}${EVENT_PATH}`);
    const market = page.getByTestId('exchange-market');
    await market.waitFor();
    const before = await headerMoney(page);
    // Our own exchange market has no offers yet: its price cells cannot be tapped.
    const lay = market.getByTestId('runner').filter({ hasText: 'Alpha Kings' }).getByTestId('best-lay');
    expect(await lay.isDisabled()).toBe(true);
    // On a demo event's market, lay at 1.01 where no back rests: the offer waits unmatched.
    await page.goto(`${product.baseUrl}/`);
    // Not the first demo event: the first test's back bet there would already cover this lay's liability.
    const demoRow = page
      .getByTestId('event-row')
      .filter({ has: page.getByTestId('event-prices') })
      .nth(1);
    await demoRow.waitFor({ timeout: 15_000 });
    await demoRow.locator('.event-row__name').click();
    await page.waitForURL((url) => url.pathname === '/event');
    const demoEvent = (await page.getByTestId('event-name').textContent()) ?? '';
    const demoMarket = page.getByTestId('exchange-market').first();
    await demoMarket.getByTestId('best-lay').first().click();
    const slip = page.getByTestId('bet-slip');
    const oddsField = slip.getByTestId('slip-odds');
    await oddsField.fill('1.01');
    await oddsField.blur();
    await slip.getByRole('button', { name: 'Higher odds' }).click();
    expect(await oddsField.inputValue()).toBe('1.02');
    await slip.getByRole('button', { name: 'Lower odds' }).click();
    expect(await oddsField.inputValue()).toBe('1.01');
    await slip.getByTestId('slip-stake').fill('500');
    expect(await slip.getByTestId('slip-liability').textContent()).toBe('-₹5.00');
    await slip.getByTestId('place-bet').click();
    expect(await betToast(page, 'unmatched')).toContain('unmatched');
    await waitForHeader(page, before.balance - 5, before.exposure - 5);

    const dialog = await openMyBets(page);
    const groups = dialog.getByTestId('bet-group');
    await groups.first().waitFor();
    const names = await groups.locator('.bet-group__toggle').allTextContents();
    expect(names.some((name) => name.includes(demoEvent))).toBe(true);
    expect(names.some((name) => name.includes(EVENT_NAME))).toBe(true);
    const ours = groups.filter({ hasText: EVENT_NAME });
    expect(await ours.getByRole('link', { name: 'View event' }).getAttribute('href')).toBe(EVENT_PATH);
    // Collapsible.
    const toggle = ours.locator('.bet-group__toggle');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await ours.getByTestId('bet-row').count()).toBe(0);
    await toggle.click();
    expect(await ours.getByTestId('bet-row').count()).toBeGreaterThan(0);

    const demoGroup = groups.filter({ hasText: demoEvent });
    const unmatched = demoGroup.getByTestId('bet-row').filter({ has: page.getByTestId('cancel-bet') });
    await unmatched.first().waitFor();
    await unmatched.first().getByTestId('cancel-bet').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="cancel-bet"]').length === 0, undefined, {
      timeout: 10_000,
    });
    await waitForHeader(page, before.balance, before.exposure);

    // The link takes the player to the event.
    await ours.getByRole('link', { name: 'View event' }).click();
    await page.waitForURL((url) => url.search.includes('alpha-kings-v-beta-titans'));
    await page.getByTestId('event-name').filter({ hasText: EVENT_NAME }).waitFor();
    expect(errors).toEqual([]);
  });

  it('shows a suspended market and the Score / Tv panel honestly', async () => {
    const suspended = await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${ids.bookmaker}`, {
      token: director,
      body: { status: 'suspended' },
    });
    expect(suspended.meta.code).toBe(200);
    const { page } = await playerPage(PHONE);
    await page.goto(`${product.baseUrl}${EVENT_PATH}`);
    const bookmaker = page.getByTestId('bookmaker-market');
    await bookmaker.getByTestId('market-overlay').first().waitFor();
    expect(await bookmaker.getByTestId('bm-back').first().isDisabled()).toBe(true);
    // Resumed live over the socket, without a reload.
    await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${ids.bookmaker}`, {
      token: director,
      body: { status: 'open' },
    });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="bookmaker-market"] [data-testid="market-overlay"]') === null,
      undefined,
      { timeout: 10_000 },
    );
    await page.getByRole('button', { name: 'Tv' }).click();
    await page.getByTestId('tv-empty').waitFor();
    await page.getByRole('button', { name: 'Score' }).click();
    await page.getByTestId('score-panel').waitFor();
  });
});
