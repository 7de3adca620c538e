import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, api, launchBrowser, loginToken, startProduct, type RunningProduct } from '../support/harness.js';
import { PHONE_AND_DESKTOP, openPage, uiLogin } from './support.js';

/**
 * Issue 31: a connection blip keeps the page. While the phone has no network a "Reconnecting…" bar
 * shows (not the offline screen), prices grey out, the open bet slip keeps its selection and stake;
 * back online, the slip's price is refreshed from the market's fresh snapshot, and a reload brings the
 * slip back as it was.
 */
let product: RunningProduct;
let browser: Browser;
let director: string;

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
  return { path, setRates };
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
      const { context, page, errors } = await openPage(browser, size);
      await uiLogin(page, product.baseUrl, DEMO.player.national, DEMO.player.password);
      await page.getByTestId('balance-amount').waitFor();
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
      await context.close();
    },
  );
});
