import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  DEMO,
  DESKTOP,
  PHONE,
  api,
  launchBrowser,
  loginToken,
  sharedProduct,
  type Product,
} from '../support/harness.js';
import { betToast, createVerifiedUser, storedSession, type TestUser } from './support.js';
import { openPage } from '../support/pages.js';

/** "+₹1,00,000.50" / "-₹150.00" → rupees. */
function rupees(text: string | null): number {
  const value = Number((text ?? '').replace(/[^0-9.-]/g, ''));
  if (!Number.isFinite(value)) throw new Error(`not an amount: ${text}`);
  return value;
}

let product: Product;
let browser: Browser;
let director: string;
let maker: TestUser;

async function created(path: string, body: unknown): Promise<string> {
  const answer = await api<{ _id: string }>(product.baseUrl, 'POST', path, { token: director, body });
  if (answer.meta.code !== 200) throw new Error(`${path}: ${answer.meta.message}`);
  return answer.data._id;
}

async function offer(
  marketId: string,
  selectionId: string,
  selectionType: 'back' | 'lay',
  odds: number,
  stake: number,
): Promise<void> {
  const answer = await api(product.baseUrl, 'POST', '/api/v1/place-bet', {
    token: maker.token,
    body: { marketId, selectionId, selectionType, odds, stake },
  });
  if (answer.meta.code !== 200) throw new Error(`offer: ${answer.meta.message}`);
}

/** An in-play match of our own with a 1 s bet delay, another player's offers to trade against, and a fancy line. */
async function inPlayMatch(suffix: string) {
  const sport = await created('/api/v1/backoffice/sports', { name: 'E2E Trading Cricket' });
  const league = await created('/api/v1/backoffice/leagues', { sportId: sport, name: 'E2E Trading League' });
  const name = `Delta Lions v Gamma Hawks ${suffix}`;
  const event = await created('/api/v1/backoffice/events', {
    leagueId: league,
    name,
    startTime: new Date(Date.now() - 3600_000).toISOString(),
  });
  await api(product.baseUrl, 'PUT', `/api/v1/backoffice/events/${event}`, {
    token: director,
    body: { status: 'in_play' },
  });
  const exchange = await created('/api/v1/backoffice/markets', {
    eventId: event,
    marketType: 'EXCHANGE',
    name: 'Match Odds',
    runners: ['Delta Lions', 'Gamma Hawks'],
    betDelaySeconds: 1,
  });
  const fancy = await created('/api/v1/backoffice/markets', {
    eventId: event,
    marketType: 'FANCY',
    name: '6 over runs Delta',
    betDelaySeconds: 0,
  });
  await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${exchange}`, {
    token: director,
    body: { inPlay: true },
  });
  await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${fancy}/fancy-line`, {
    token: director,
    body: { noLine: 48, noRate: 100, yesLine: 50, yesRate: 100 },
  });
  const view = await api<{ runners: { _id: string }[] }>(
    product.baseUrl,
    'PUT',
    `/api/v1/backoffice/markets/${exchange}`,
    { token: director, body: {} },
  );
  const [lions, hawks] = view.data.runners.map((runner) => runner._id) as [string, string];
  // Lays at 3.0 to back into, backs at 2.0 to lay into (₹2,000 each), on Delta Lions.
  await offer(exchange, lions, 'lay', 3, 2000);
  await offer(exchange, lions, 'back', 2, 2000);
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { path: `/event?sport=e2e-trading-cricket&league=e2e-trading-league&event=${slug}`, exchange, hawks };
}

async function figuresOf(runner: Locator): Promise<number> {
  return rupees(await runner.getByTestId('position-matched').textContent());
}

async function waitForFigures(page: Page, lions: number, hawks: number): Promise<void> {
  await page.waitForFunction(
    ([wantLions, wantHawks]) => {
      const read = (name: string) => {
        const runner = document.querySelector(
          `[data-testid="exchange-market"] [data-runner="${name}"] [data-testid="position-matched"]`,
        );
        return runner === null ? Number.NaN : Number((runner.textContent ?? '').replace(/[^0-9.-]/g, ''));
      };
      return read('Delta Lions') === wantLions && read('Gamma Hawks') === wantHawks;
    },
    [lions, hawks],
    { timeout: 15_000 },
  );
}

async function placeFromSlip(
  page: Page,
  stake: string,
  preview: { runner: string; figure: string } | null,
): Promise<void> {
  const slip = page.getByTestId('bet-slip');
  await slip.getByTestId('slip-stake').fill(stake);
  // The slip previews each runner's figure before the bet is placed (same maths as the server).
  if (preview !== null)
    await slip
      .getByTestId('slip-position')
      .filter({ hasText: preview.runner })
      .filter({ hasText: preview.figure })
      .waitFor({ timeout: 10_000 });
  await slip.getByTestId('place-bet').click();
  await betToast(page, 'Bet matched');
}

async function cashOut(page: Page, share: 100 | 50): Promise<void> {
  const market = page.getByTestId('exchange-market');
  await market.getByTestId('cash-out-open').click();
  const panel = market.getByTestId('cash-out');
  await panel.getByTestId(`cash-out-share-${share}`).click();
  const confirm = panel.getByTestId('cash-out-confirm');
  await panel
    .getByTestId('cash-out-value')
    .filter({ hasText: /Cash out ₹/ })
    .waitFor({ timeout: 10_000 });
  await confirm.click();
  await panel.waitFor({ state: 'detached', timeout: 15_000 });
}

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
  director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
  maker = await createVerifiedUser(product.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('trading on the event page (%s)', (label, viewport) => {
  it('back then lay in play: both runner figures; cash out partly then fully; a fancy book', async () => {
    const match = await inPlayMatch(label);
    const player = await createVerifiedUser(product.baseUrl);
    const { context, page, errors } = await openPage(
      browser,
      viewport,
      await storedSession(product.baseUrl, player.token),
    );
    await page.goto(`${product.baseUrl}${match.path}`);
    const market = page.getByTestId('exchange-market');
    const lions = market.getByTestId('runner').filter({ hasText: 'Delta Lions' });
    const hawks = market.getByTestId('runner').filter({ hasText: 'Gamma Hawks' });

    // Back Delta Lions ₹100 at 3.0 (after the 1 s in-play delay): +200 / −100.
    await lions.getByTestId('best-back').click();
    await placeFromSlip(page, '100', { runner: 'Delta Lions', figure: '+₹200.00' });
    await waitForFigures(page, 200, -100);
    // Lay Delta Lions ₹100 at 2.0: +100 / 0; both figures move.
    await lions.getByTestId('best-lay').click();
    await placeFromSlip(page, '100', { runner: 'Delta Lions', figure: '+₹100.00' });
    await waitForFigures(page, 100, 0);

    // Cash out half: lay ₹25 at 2.0 → +75 / +25.
    await cashOut(page, 50);
    await waitForFigures(page, 75, 25);
    // Cash out the rest: +50 whatever wins.
    await cashOut(page, 100);
    await waitForFigures(page, 50, 50);
    expect(await figuresOf(lions)).toBe(await figuresOf(hawks));

    // A fancy YES at 50 and NO at 48, ₹100 each: the Book shows the run ladder, both losing between the lines marked worst.
    const fancy = page.getByTestId('fancy-market').filter({ hasText: '6 over runs Delta' });
    await fancy.getByTestId('fancy-yes').click();
    await placeFromSlip(page, '100', null);
    await fancy.getByTestId('fancy-no').click();
    await placeFromSlip(page, '100', null);
    await fancy.getByTestId('fancy-book-open').click();
    const book = page.getByTestId('fancy-book');
    await book.waitFor();
    const rows = book.getByTestId('fancy-book-row');
    await rows.nth(2).waitFor();
    expect(await rows.allTextContents()).toEqual(['0–47₹0.00', '48–49-₹200.00Worst case', '50 and above₹0.00']);
    expect(await book.locator('[data-worst="true"]').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
