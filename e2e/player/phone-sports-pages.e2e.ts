import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, api, launchBrowser, loginToken, startProduct, type RunningProduct } from '../support/harness.js';
import { PHONE_AND_DESKTOP, betToast, uiLogin, waitForPath } from './support.js';
import { openPage } from '../support/pages.js';

/**
 * Issue 31 (decision 0072), on a phone and a desktop: In-Play from Home's tabs, the sports
 * menu (sport → competition → event), a pin on a market header, Multi Markets with live prices and a
 * bet placed from its slip, and Results with a settled market's winner.
 */
let product: RunningProduct;
let browser: Browser;
let director: string;

async function created(path: string, body: unknown): Promise<string> {
  const answer = await api<{ _id: string }>(product.baseUrl, 'POST', path, { token: director, body });
  if (answer.meta.code !== 200) throw new Error(`${path}: ${answer.meta.message}`);
  return answer.data._id;
}

async function director200(method: 'PUT' | 'POST', path: string, body: unknown): Promise<void> {
  const answer = await api(product.baseUrl, method, path, { token: director, body });
  if (answer.meta.code !== 200) throw new Error(`${path}: ${answer.meta.message}`);
}

/** An in-play event of our own: match odds, a quoted bookmaker, and a Toss market already settled. */
async function inPlayEvent(suffix: string) {
  const sport = `E2E Pin Cricket ${suffix}`;
  const league = `E2E Pin League ${suffix}`;
  const name = `Pin Lions v Pin Tigers ${suffix}`;
  const sportId = await created('/api/v1/backoffice/sports', { name: sport });
  const leagueId = await created('/api/v1/backoffice/leagues', { sportId, name: league });
  const event = await created('/api/v1/backoffice/events', {
    leagueId,
    name,
    startTime: new Date(Date.now() - 600_000).toISOString(),
  });
  const runners = ['Pin Lions', 'Pin Tigers'];
  await created('/api/v1/backoffice/markets', { eventId: event, marketType: 'EXCHANGE', name: 'Match Odds', runners });
  const bookmaker = await created('/api/v1/backoffice/markets', {
    eventId: event,
    marketType: 'BOOKMAKER',
    name: 'Bookmaker',
    runners,
    betDelaySeconds: 0,
  });
  const toss = await created('/api/v1/backoffice/markets', {
    eventId: event,
    marketType: 'EXCHANGE',
    name: 'Toss',
    runners,
  });
  await director200('PUT', `/api/v1/backoffice/events/${event}`, { status: 'in_play' });
  const runnerIds = async (market: string) =>
    (
      await api<{ runners: { _id: string }[] }>(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${market}`, {
        token: director,
        body: {},
      })
    ).data.runners.map((runner) => runner._id);
  const bookmakerRunners = await runnerIds(bookmaker);
  await director200('PUT', `/api/v1/backoffice/markets/${bookmaker}/bookmaker-rates`, {
    runners: bookmakerRunners.map((runnerId) => ({ runnerId, backRate: 45, layRate: 48 })),
  });
  // This product is this file's own: its director settles alone, as a one-operator site would (audited).
  await director200('PUT', '/api/v1/backoffice/sports-desk/settings', { resultsNeedConfirmation: false });
  await director200('POST', `/api/v1/backoffice/markets/${toss}/settle`, { winnerId: (await runnerIds(toss))[1] });
  return { sport, league, name, bookmaker };
}

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
}, 300_000); // the product migrates and starts: minutes on a machine shared by a whole team

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('In-Play, the sports menu, Multi Markets and Results (issue 31)', () => {
  it.each(PHONE_AND_DESKTOP)(
    '%s: In-Play from Home, menu → event → pin → Multi Markets with a bet, then Results',
    async (label, size) => {
      const match = await inPlayEvent(label.split(' ')[0] as string);
      const { context, page, errors } = await openPage(browser, size);
      await uiLogin(page, product.baseUrl, DEMO.player.national, DEMO.player.password);
      await page.getByTestId('balance-amount').waitFor();

      // In-Play: from Home's tabs.
      await page.goto(`${product.baseUrl}/`);
      const tabs = page.getByRole('navigation', { name: 'Sports pages' });
      await tabs.getByRole('link', { name: 'In-Play' }).click();
      await waitForPath(page, '/sports/in-play');
      const inPlay = page.getByTestId('in-play-list');
      await inPlay.getByTestId('event-row').filter({ hasText: match.name }).waitFor({ timeout: 20_000 });

      // The sports menu: sport → competition → event.
      await tabs.getByRole('link', { name: 'Sports', exact: true }).click();
      await page.getByRole('button', { name: new RegExp(match.sport) }).click();
      await page.getByRole('button', { name: new RegExp(match.league) }).click();
      await page.getByTestId('menu-event').filter({ hasText: match.name }).click();
      expect(await page.getByTestId('event-name').textContent()).toBe(match.name);

      // Pin the bookmaker from its header; the pin says so.
      const bookmaker = page.locator(`[data-testid="bookmaker-market"][data-market-id="${match.bookmaker}"]`);
      const pin = bookmaker.getByTestId('market-pin');
      await pin.click();
      await page.waitForFunction(
        (id) =>
          document
            .querySelector(`[data-market-id="${id}"] [data-testid="market-pin"]`)
            ?.getAttribute('aria-pressed') === 'true',
        match.bookmaker,
      );

      // Multi Markets: the pinned market with its live rates; a bet from its slip.
      await page.goto(`${product.baseUrl}/`);
      await tabs.getByRole('link', { name: 'Multi Markets' }).click();
      await waitForPath(page, '/sports/multi-markets');
      const pinned = page.locator(`[data-testid="bookmaker-market"][data-market-id="${match.bookmaker}"]`);
      const lions = pinned.getByTestId('runner').filter({ hasText: 'Pin Lions' });
      expect(await lions.getByTestId('bm-back').textContent()).toBe('45');
      await lions.getByTestId('bm-back').click();
      const slip = page.getByTestId('bet-slip');
      expect(await slip.getByTestId('slip-selection').textContent()).toBe('Pin Lions');
      await slip.getByTestId('slip-stake').fill('100');
      await slip.getByTestId('place-bet').click();
      expect(await betToast(page, 'Bet matched')).toBe('Bet matched: ₹100.00 at 45');

      // Unpinned from Multi Markets itself, the page says it is empty (this player's other pins aside).
      await pinned.getByTestId('market-pin').click();
      await pinned.waitFor({ state: 'detached' });

      // Results: today's, with the Toss's winner under our event.
      await tabs.getByRole('link', { name: 'Results' }).click();
      await waitForPath(page, '/sports/results');
      const result = page.getByTestId('results-event').filter({ hasText: match.name });
      await result.waitFor({ timeout: 20_000 });
      expect(await result.getByTestId('result-market').allTextContents()).toEqual(['TossPin Tigers']);
      expect(errors).toEqual([]);
      await context.close();
    },
    180_000,
  );
});
