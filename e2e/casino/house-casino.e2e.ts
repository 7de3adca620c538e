import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
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

/**
 * The house provider's game pages in a real browser against the real server: launched with a token
 * from POST /play-game and /live-casino/{table_id}, as the player app's game frame will open them.
 * Money moves through the signed seamless wallet over HTTP; the balance is checked through
 * /api/v1/getUserData and the rounds through the statement and casino-bets-by-date.
 */

let product: RunningProduct;
let browser: Browser;
let token: string;

/** "₹10,000.00" → 10000 */
function rupees(text: string | null): number {
  const value = Number((text ?? '').replace(/[₹,+\s]/g, ''));
  if (!Number.isFinite(value)) throw new Error(`not an amount: ${text}`);
  return value;
}

async function apiBalance(): Promise<number> {
  return (await api<{ balance: number }>(product.baseUrl, 'GET', '/api/v1/getUserData', { token })).data.balance;
}

async function shownBalance(page: Page): Promise<number> {
  return rupees(await page.getByTestId('balance').textContent());
}

async function openGame(
  path: string,
  method: 'GET' | 'POST',
  viewport: { width: number; height: number } = PHONE,
): Promise<Page> {
  const launched = await api<{ url: string }>(
    product.baseUrl,
    method,
    path,
    method === 'POST' ? { token, body: { gameId: 'royal-bengal' } } : { token },
  );
  expect(launched.meta.code).toBe(200);
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    hasTouch: viewport === PHONE,
    isMobile: viewport === PHONE,
  });
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}${launched.data.url}`);
  return page;
}

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  token = await loginToken(product.baseUrl, DEMO.player.mobileNo, DEMO.player.password);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('house casino in a real browser', () => {
  it('lists the house games in the lobby', async () => {
    const slots = await api<{ title: string; provider_name: string; game_images: string }[]>(
      product.baseUrl,
      'GET',
      '/api/v1/casino-games?slots=true',
    );
    expect(slots.data[0]).toMatchObject({ title: 'Royal Bengal', provider_name: 'Khel Originals' });
    const image = await fetch(`${product.baseUrl}${slots.data[0]?.game_images}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('svg');
  });

  it('launches the slot, spins, and the balance changes in the page and on the server alike', async () => {
    const page = await openGame('/play-game', 'POST');
    await page.locator('[data-testid="reels"][data-state="idle"]').waitFor({ timeout: 20_000 });
    const before = await shownBalance(page);
    expect(before).toBe(await apiBalance());
    // The game fills the phone frame.
    const width = await page.evaluate(() => document.querySelector('main')?.getBoundingClientRect().width ?? 0);
    expect(width).toBeGreaterThan(PHONE.width - 20);
    const hash = await page.getByTestId('seed-hash').textContent();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);

    let spins = 0;
    let after = before;
    for (; spins < 3; spins += 1) {
      await page.getByTestId('spin-button').click();
      await page.locator(`[data-testid="reels"][data-state="idle"][data-spin-id]`).waitFor({ timeout: 20_000 });
      await page.waitForFunction(
        () => document.querySelector('[data-testid="reels"]')?.getAttribute('data-state') === 'idle',
      );
      after = await shownBalance(page);
    }
    expect(after).toBe(await apiBalance());
    const statement = await api<{ lines: { kind: string; description: string }[] }>(
      product.baseUrl,
      'GET',
      '/api/v1/account-statement',
      { token },
    );
    const debits = statement.data.lines.filter(
      (line) => line.kind === 'casino_debit' && line.description.startsWith('Slots / Khel Originals / '),
    );
    expect(debits.length).toBe(spins);
    expect(await page.getByTestId('recent-spins').locator('li').count()).toBe(spins);

    // Rotate the seed pair: the old seed is revealed and the last spin verifies in the browser.
    await page.getByTestId('rotate-seed').click();
    const revealed = await page.getByTestId('revealed-server-seed').textContent({ timeout: 10_000 });
    expect(revealed).toMatch(/^[0-9a-f]{64}$/);
    const spinId = await page.getByTestId('reels').getAttribute('data-spin-id');
    const verify = await page.context().newPage();
    await verify.goto(`${product.baseUrl}/house-casino/verify?spin=${spinId}`);
    await verify.getByTestId('verdict').filter({ hasText: 'Verified' }).waitFor({ timeout: 10_000 });
    expect(await verify.getByTestId('check-hash').getAttribute('class')).toBe('pass');
    await page.context().close();
  });

  it('joins a Dragon Tiger round, bets in the window, sees the reveal, the result, the road, and the round in the statement', async () => {
    const page = await openGame('/live-casino/dragon-tiger', 'GET', DESKTOP);
    const main = page.locator('#app');
    // Wait for a betting window with time left to click.
    await page.waitForFunction(
      () =>
        document.querySelector('#app')?.getAttribute('data-phase') === 'betting' &&
        /Place your bets · ([4-9]|1\d) s/.test(
          document.querySelector('[data-testid="table-status"]')?.textContent ?? '',
        ),
      undefined,
      { timeout: 40_000, polling: 200 },
    );
    const round = Number(await main.getAttribute('data-round'));
    expect(await page.getByTestId('round-hash').textContent()).toMatch(/^[0-9a-f]{16}…$/);
    const before = await shownBalance(page);
    await page.getByTestId('chip-100').click();
    await page.getByTestId('bet-dragon').click();
    await page.getByTestId('my-stake-dragon').filter({ hasText: '₹100.00' }).waitFor({ timeout: 10_000 });
    expect(await shownBalance(page)).toBe(before - 100);
    expect(await apiBalance()).toBe(before - 100);

    // The cards are dealt, the seed revealed, the round settled.
    await page.waitForFunction(
      (n) =>
        document.querySelector('#app')?.getAttribute('data-phase') === 'revealed' &&
        document.querySelector('#app')?.getAttribute('data-round') === String(n),
      round,
      { timeout: 30_000, polling: 200 },
    );
    await page.getByTestId('dragon-card').and(page.locator('[data-card]')).waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('round-seed').textContent()).toMatch(/^[0-9a-f]{16}…$/);
    await page.waitForFunction(
      (n) =>
        document.querySelector('#app')?.getAttribute('data-phase') === 'settled' &&
        document.querySelector('#app')?.getAttribute('data-round') === String(n),
      round,
      { timeout: 30_000, polling: 200 },
    );
    const result = await page.getByTestId('round-result').textContent();
    expect(result).toMatch(/Dragon wins|Tiger wins|Tie/);
    const bets = await api<{ roundId: string; description: string; status: string; stake: number; payout: number }[]>(
      product.baseUrl,
      'GET',
      '/api/v1/casino-bets-by-date?provider=khel-house',
      { token },
    );
    const mine = bets.data.find((bet) => bet.roundId === `dragon-tiger:${round}`);
    expect(mine).toMatchObject({ status: 'credited', stake: 100 });
    expect(mine?.description).toMatch(/^Live Casino \/ Khel Originals \/ \d{1,2}\/\d{1,2}\/\d{4}$/);
    const expected = before - 100 + (mine?.payout ?? 0);
    await page.waitForFunction(
      (value) =>
        document.querySelector('[data-testid="balance"]')?.textContent?.replace(/[₹,]/g, '') === value.toFixed(2),
      expected,
      { timeout: 10_000 },
    );
    expect(await apiBalance()).toBe(expected);
    const statement = await api<{ lines: { description: string; kind: string }[] }>(
      product.baseUrl,
      'GET',
      '/api/v1/account-statement',
      { token },
    );
    expect(
      statement.data.lines.some((line) => line.kind === 'casino_debit' && line.description === mine?.description),
    ).toBe(true);
    expect(await page.getByTestId('road').locator('a').count()).toBeGreaterThan(0);

    // Anyone can verify the round.
    const verify = await page.context().newPage();
    await verify.goto(`${product.baseUrl}/house-casino/verify?table=dragon-tiger&round=${round}`);
    await verify.getByTestId('verdict').filter({ hasText: 'Verified' }).waitFor({ timeout: 10_000 });
    await page.context().close();
  }, 120_000);
});
