import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, api, launchBrowser, loginToken, startProduct, type RunningProduct } from '../support/harness.js';
import { PHONE_AND_DESKTOP, betToast, signedInSession, uiLogin } from './support.js';
import { keptPages } from '../support/pages.js';

/**
 * Issue 31, the bet slip on a phone (and a desktop). A connection blip keeps the page. While the phone has no network a "Reconnecting…" bar
 * shows (not the offline screen), prices grey out, the open bet slip keeps its selection and stake;
 * back online, the slip's price is refreshed from the market's fresh snapshot, and a reload brings the
 * slip back as it was. An accepted bet closes the slip with a toast (a setting keeps it open), and no
 * toast covers the header's balance, the bottom bar or the slip's buttons. Also: Cash Out while a market
 * is suspended, one-click betting and My Bets' filters.
 */
let product: RunningProduct;
let browser: Browser;
let director: string;
// One context per screen size: each test starts afresh in it, signed in where it asks (keptPages).
const visitorPage = keptPages(
  () => browser,
  () => product.baseUrl,
);
/** The demo player's browser, signed in before (the login page is signed in through in the last test). */
const signedIn = () => signedInSession(product.baseUrl, DEMO.player.mobileNo, DEMO.player.password);

async function created(path: string, body: unknown): Promise<string> {
  const answer = await api<{ _id: string }>(product.baseUrl, 'POST', path, { token: director, body });
  if (answer.meta.code !== 200) throw new Error(`${path}: ${answer.meta.message}`);
  return answer.data._id;
}

/** An event of our own with a bookmaker market whose rates only this test moves. */
async function bookmakerEvent(suffix: string) {
  const sport = await created('/api/v1/backoffice/sports', { name: `E2E Blip Cricket ${suffix}` });
  const league = await created('/api/v1/backoffice/leagues', { sportId: sport, name: `E2E Blip League ${suffix}` });
  const name = `Blip Lions v Blip Tigers ${suffix}`;
  const event = await created('/api/v1/backoffice/events', {
    leagueId: league,
    name,
    startTime: new Date(Date.now() + 3 * 3600_000).toISOString(),
  });
  const market = await created('/api/v1/backoffice/markets', {
    eventId: event,
    marketType: 'BOOKMAKER',
    name: 'Bookmaker',
    runners: ['Blip Lions', 'Blip Tigers'],
  });
  const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const path = `/event?sport=${slug(`E2E Blip Cricket ${suffix}`)}&league=${slug(`E2E Blip League ${suffix}`)}&event=${slug(name)}`;
  const detail = await api<{ markets: { _id: string; runners: { _id: string }[] }[] }>(
    product.baseUrl,
    'GET',
    `/api/v1${path}`,
    { token: director },
  );
  const runners = detail.data.markets.find((item) => item._id === market)?.runners.map((runner) => runner._id) ?? [];
  const setRates = async (backRate: number, layRate: number) => {
    const answer = await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${market}/bookmaker-rates`, {
      token: director,
      body: { runners: runners.map((runnerId) => ({ runnerId, backRate, layRate })) },
    });
    if (answer.meta.code !== 200) throw new Error(`rates: ${answer.meta.message}`);
  };
  await setRates(45, 48);
  return { path, setRates, market, runners };
}

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('a connection blip', () => {
  it.each(PHONE_AND_DESKTOP)(
    '%s: a 2 s offline blip keeps the page and the slip, refreshes its price, and a reload keeps it too',
    async (label, size) => {
      const match = await bookmakerEvent(label.split(' ')[0] as string);
      const { context, page, errors } = await visitorPage(size, await signedIn());
      await page.goto(`${product.baseUrl}${match.path}`);
      await page.getByTestId('live-indicator').filter({ hasText: 'Live' }).waitFor({ timeout: 15_000 });
      const runner = page.getByTestId('runner').filter({ hasText: 'Blip Lions' });
      await runner.getByTestId('bm-back').click();
      const slip = page.getByTestId('bet-slip');
      await slip.getByTestId('slip-stake').fill('150');
      expect(await slip.getByTestId('slip-odds').textContent()).toBe('rate 45');

      // The network goes for two seconds; the house moves its rate meanwhile.
      await context.setOffline(true);
      const bar = page.getByTestId('reconnecting-bar');
      await bar.waitFor({ timeout: 5_000 });
      expect(await bar.textContent()).toContain('Reconnecting…');
      expect(await page.getByTestId('offline-screen').count()).toBe(0);
      expect(await page.locator('.app--stale').count()).toBe(1);
      expect(await slip.getByTestId('slip-selection').textContent()).toBe('Blip Lions');
      expect(await slip.getByTestId('slip-stake').inputValue()).toBe('150');
      expect(await slip.getByTestId('place-bet').isDisabled()).toBe(true);
      await match.setRates(52, 55);
      await page.waitForTimeout(2_000); // the blip itself: two seconds without a network
      await context.setOffline(false);

      // Back: the bar goes, the slip is still there with its stake, and its rate is the market's new one.
      await bar.waitFor({ state: 'detached', timeout: 15_000 });
      await slip.getByTestId('slip-refreshed').waitFor({ timeout: 15_000 });
      expect(await slip.getByTestId('slip-refreshed').textContent()).toBe(
        'Price refreshed after reconnecting: rate 45 → rate 52',
      );
      expect(await slip.getByTestId('slip-odds').textContent()).toBe('rate 52');
      expect(await slip.getByTestId('slip-stake').inputValue()).toBe('150');
      expect(await runner.getByTestId('bm-back').textContent()).toBe('52');

      // A reload brings the slip back: selection, price and stake.
      await page.reload();
      await slip.waitFor({ timeout: 15_000 });
      expect(await slip.getByTestId('slip-selection').textContent()).toBe('Blip Lions');
      expect(await slip.getByTestId('slip-odds').textContent()).toBe('rate 52');
      expect(await slip.getByTestId('slip-stake').inputValue()).toBe('150');
      // Closing it forgets it: the next reload opens no slip.
      await slip.getByRole('button', { name: 'Close bet slip' }).click();
      await slip.waitFor({ state: 'detached' });
      // On a phone the sheet's history entry comes off first (Android Back, decision in back-close.ts).
      await page.waitForFunction(() => (window.history.state as { khelSheet?: boolean } | null)?.khelSheet !== true);
      await page.reload();
      await runner.getByTestId('bm-back').waitFor();
      expect(await page.getByTestId('bet-slip').count()).toBe(0);
      expect(errors).toEqual([]);
    },
  );
});

/** What the shown toast covers: the header balance, the bottom bar, any button of an open slip. */
async function coveredByToast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toast = document.querySelector('[data-testid="toast"]');
    if (toast === null) return ['no toast'];
    const box = toast.getBoundingClientRect();
    const targets: [string, Element][] = [
      ...Array.from(document.querySelectorAll('[data-testid="balance-amount"], .bottom-nav')).map(
        (element) => [element.className || 'balance', element] as [string, Element],
      ),
      ...Array.from(document.querySelectorAll('[data-testid="bet-slip"] button, [data-testid="bet-slip"] input')).map(
        (element) =>
          [`slip ${element.getAttribute('aria-label') ?? element.textContent}`, element] as [string, Element],
      ),
    ];
    return targets
      .filter(([, element]) => {
        const other = element.getBoundingClientRect();
        if (other.width === 0 || other.height === 0 || getComputedStyle(element).visibility === 'hidden') return false;
        return box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom;
      })
      .map(([name]) => name);
  });
}

describe('after a bet', () => {
  it.each(PHONE_AND_DESKTOP)(
    '%s: the slip closes with a toast, or stays open when the player asks; toasts cover neither the balance, the bottom bar nor the slip',
    async (label, size) => {
      const match = await bookmakerEvent(`toast ${label.split(' ')[0] as string}`);
      const { page, errors } = await visitorPage(size, await signedIn());
      await page.goto(`${product.baseUrl}${match.path}`);
      const runner = page.getByTestId('runner').filter({ hasText: 'Blip Lions' });
      await runner.getByTestId('bm-back').filter({ hasText: '45' }).click();
      const slip = page.getByTestId('bet-slip');
      await slip.getByTestId('slip-stake').fill('100');

      // A refusal while the slip is open: its warning toast leaves the slip's buttons free.
      await match.setRates(40, 43);
      await slip.getByTestId('slip-moved').waitFor({ timeout: 10_000 });
      await slip.getByTestId('place-bet').click();
      await page.getByTestId('toast').filter({ hasText: 'Odds changed' }).waitFor({ timeout: 10_000 });
      expect(await coveredByToast(page)).toEqual([]);

      // Accepted: the slip closes and the toast says what was matched, clear of the balance and bottom bar.
      await slip.getByRole('button', { name: 'Use it' }).click();
      await slip.getByTestId('place-bet').click();
      expect(await betToast(page, 'Bet matched')).toBe('Bet matched: ₹100.00 at 40');
      expect(await coveredByToast(page)).toEqual([]);

      // Kept open by the player's setting: the slip stays, says matched and is ready for the next stake.
      await runner.getByTestId('bm-back').filter({ hasText: '40' }).click();
      await slip.getByTestId('slip-keep-open').check();
      await slip.getByTestId('slip-stake').fill('100');
      await slip.getByTestId('place-bet').click();
      const result = slip.getByTestId('slip-result');
      await result.waitFor({ timeout: 15_000 });
      expect(await result.textContent()).toBe('Bet matched: ₹100.00 at 40');
      expect(await slip.getByTestId('slip-stake').inputValue()).toBe('');
      // The setting is remembered on this phone (and the slip kept open comes back with the reload).
      await page.reload();
      await slip.getByTestId('slip-keep-open').waitFor({ timeout: 15_000 });
      expect(await slip.getByTestId('slip-keep-open').isChecked()).toBe(true);
      expect(errors).toEqual([]);
    },
  );
});

describe('Cash Out while a market is suspended', () => {
  it.each(PHONE_AND_DESKTOP)(
    '%s: stays in place, greyed with the reason, and is live again when the market reopens',
    async (label, size) => {
      const match = await bookmakerEvent(`cash ${label.split(' ')[0] as string}`);
      const player = await loginToken(product.baseUrl, DEMO.player.mobileNo, DEMO.player.password);
      const placed = await api(product.baseUrl, 'POST', '/api/v1/place-bet', {
        token: player,
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: { marketId: match.market, selectionId: match.runners[0], selectionType: 'back', odds: 45, stake: 100 },
      });
      expect(placed.meta.code, placed.meta.message).toBe(200);
      const setStatus = async (status: 'open' | 'suspended') => {
        const answer = await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${match.market}`, {
          token: director,
          body: { status },
        });
        expect(answer.meta.code, answer.meta.message).toBe(200);
      };

      const { page, errors } = await visitorPage(size, await signedIn());
      await page.goto(`${product.baseUrl}${match.path}`);
      const market = page.getByTestId('bookmaker-market');
      const cashOut = market.getByTestId('cash-out-open');
      await cashOut.waitFor({ timeout: 15_000 });
      expect(await cashOut.isEnabled()).toBe(true);

      await setStatus('suspended');
      await market.getByTestId('market-overlay').first().waitFor({ timeout: 10_000 });
      // Still there, greyed, saying why.
      await page.waitForFunction(
        () =>
          (
            document.querySelector(
              '[data-testid="bookmaker-market"] [data-testid="cash-out-open"]',
            ) as HTMLButtonElement
          )?.disabled === true,
        undefined,
        { timeout: 10_000 },
      );
      expect(await cashOut.isVisible()).toBe(true);
      expect(await market.getByTestId('cash-out-reason').textContent()).toBe('Suspended');
      expect(await cashOut.getAttribute('aria-label')).toBe('Cash Out is paused: Suspended');

      await setStatus('open');
      await market.getByTestId('market-overlay').first().waitFor({ state: 'detached', timeout: 10_000 });
      await page.waitForFunction(
        () =>
          (
            document.querySelector(
              '[data-testid="bookmaker-market"] [data-testid="cash-out-open"]',
            ) as HTMLButtonElement
          )?.disabled === false,
        undefined,
        { timeout: 10_000 },
      );
      // Tappable again: the panel opens and asks the server for the value.
      await cashOut.click();
      await market.getByTestId('cash-out').waitFor({ timeout: 10_000 });
      expect(errors).toEqual([]);
    },
  );
});

describe('one-click betting', () => {
  it.each(PHONE_AND_DESKTOP)(
    '%s: off by default; on, a tap on a price places the chosen stake at once',
    async (label, size) => {
      const match = await bookmakerEvent(`one ${label.split(' ')[0] as string}`);
      const { page, errors } = await visitorPage(size, await signedIn());
      await page.goto(`${product.baseUrl}${match.path}`);
      const control = page.getByTestId('one-click');
      expect(await control.getByTestId('one-click-toggle').isChecked()).toBe(false);
      await control.getByTestId('one-click-toggle').check();
      await control.getByTestId('one-click-stake').selectOption('100');
      expect(await control.getByRole('status').textContent()).toBe('A tap on a price places ₹100 at once.');

      const runner = page.getByTestId('runner').filter({ hasText: 'Blip Tigers' });
      await runner.getByTestId('bm-back').filter({ hasText: '45' }).click();
      await page
        .getByTestId('toast')
        .filter({ hasText: 'Bet matched: ₹100.00 at 45' })
        .first()
        .waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('bet-slip').count()).toBe(0);
      // The bet is the player's, listed on the event page.
      await page.getByTestId('event-bet').filter({ hasText: 'Blip Tigers' }).first().waitFor({ timeout: 15_000 });
      expect(errors).toEqual([]);
    },
  );
});

describe('My Bets filters', () => {
  it.each(PHONE_AND_DESKTOP)('%s: a sport and a market type narrow the list on the server', async (label, size) => {
    const suffix = label.split(' ')[0] as string;
    const first = await bookmakerEvent(`filter one ${suffix}`);
    const second = await bookmakerEvent(`filter two ${suffix}`);
    // The demo player has chips: one bet on each event, through the API as another device would.
    const token = await loginToken(product.baseUrl, DEMO.player.mobileNo, DEMO.player.password);
    for (const match of [first, second]) {
      const placed = await api(product.baseUrl, 'POST', '/api/v1/place-bet', {
        token,
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: { marketId: match.market, selectionId: match.runners[0], selectionType: 'back', odds: 45, stake: 100 },
      });
      expect(placed.meta.code, placed.meta.message).toBe(200);
    }
    const { page, errors } = await visitorPage(size);
    await uiLogin(page, product.baseUrl, DEMO.player.national, DEMO.player.password);
    await page.getByTestId('balance-amount').waitFor();
    await page.getByTestId('profile-menu-button').click();
    await page.getByRole('button', { name: 'My Bets' }).click();
    const dialog = page.getByTestId('my-bets-modal');
    const groups = dialog.getByTestId('bet-group');
    await groups.filter({ hasText: `Blip Lions v Blip Tigers filter one ${suffix}` }).waitFor({ timeout: 15_000 });
    await groups.filter({ hasText: `Blip Lions v Blip Tigers filter two ${suffix}` }).waitFor();

    const sport = `e2e-blip-cricket-filter-two-${suffix}`;
    await dialog.getByTestId('my-bets-sport').selectOption(sport);
    await groups.filter({ hasText: `filter one ${suffix}` }).waitFor({ state: 'detached', timeout: 15_000 });
    await groups.filter({ hasText: `filter two ${suffix}` }).waitFor({ timeout: 15_000 });
    expect(await groups.count()).toBe(1);
    expect(await groups.first().textContent()).toContain(`filter two ${suffix}`);
    await dialog.getByTestId('my-bets-market-type').selectOption('FANCY');
    await dialog.getByTestId('my-bets-empty').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
  });
});
