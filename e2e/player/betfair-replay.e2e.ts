/**
 * Issue 26: the recorded NED v PNG match replayed at 100× into the running product, watched on a
 * phone. Match Odds prices move as Betfair's did, the score panel moves ball by ball, and the fancy
 * lines show "Ball running" while Betfair's score stream says a ball is in progress.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, PHONE, api, launchBrowser, startProduct, type RunningProduct } from '../support/harness.js';
import { signedInSession } from './support.js';
import { openPage } from '../support/pages.js';

let product: RunningProduct;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct({
    env: { DEMO_REPLAY: 'true', FEED_SPEED: '100', FEED_MAX_IDLE_MS: '5' },
  });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

interface EventRow {
  name: string;
  slugName: string;
  sport: { slugName: string };
  league: { slugName: string };
}

async function replayEvent(): Promise<EventRow> {
  for (;;) {
    const events = await api<EventRow[]>(product.baseUrl, 'GET', '/api/v1/events');
    const found = (events.data ?? []).find((e) => e.name.includes('(replay of 11 Jul 2022)'));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('a replayed real match on a phone', () => {
  it('prices move, the score updates ball by ball, fancy lines suspend while a ball is in progress', async () => {
    const event = await replayEvent();
    expect(event.name).toBe('Netherlands v Papua New Guinea (replay of 11 Jul 2022)');
    const session = await signedInSession(product.baseUrl, DEMO.player.mobileNo, DEMO.player.password);
    const { page, errors } = await openPage(browser, PHONE, session);
    await page.goto(
      `${product.baseUrl}/event?sport=${event.sport.slugName}&league=${event.league.slugName}&event=${event.slugName}`,
    );
    await expect.poll(() => page.getByTestId('event-name').textContent()).toContain('replay of 11 Jul 2022');

    // Watch the screen (not the API): what a player sees changing, sampled until each thing was seen.
    const scores = new Set<string>();
    const prices = new Set<string>();
    let ballRunning = false;
    let fancyOpen = false;
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline && (scores.size < 4 || prices.size < 3 || !ballRunning || !fancyOpen)) {
      const seen = await page.evaluate(() => {
        const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';
        const fancy = Array.from(document.querySelectorAll('[data-testid="fancy-market"]'));
        return {
          score: text('[data-testid="score"]'),
          prices: text('[data-testid="exchange-market"]'),
          overlays: fancy.map((m) => m.querySelector('[data-testid="market-overlay"]')?.textContent ?? null),
        };
      });
      if (seen.score) scores.add(seen.score);
      if (/\d/.test(seen.prices)) prices.add(seen.prices);
      if (seen.overlays.includes('Ball running')) ballRunning = true;
      if (seen.overlays.includes(null)) fancyOpen = true;
      await page.waitForTimeout(100);
    }
    expect(scores.size).toBeGreaterThanOrEqual(4);
    expect([...scores].some((s) => s.includes('NET') || s.includes('PNG'))).toBe(true);
    expect(prices.size).toBeGreaterThanOrEqual(3);
    expect(ballRunning).toBe(true);
    expect(fancyOpen).toBe(true);

    // The market says how it settles (issue 26): its Rules sheet, read from the server when opened.
    await page.getByTestId('exchange-market').first().getByTestId('market-rules-open').click();
    const rules = page.getByTestId('market-rules');
    await expect
      .poll(() => rules.getByTestId('market-rules-text').textContent(), { timeout: 15_000 })
      .toContain('Matched bets settle on the official result.');
    await page.keyboard.press('Escape');
    await rules.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  }, 300_000);
});
