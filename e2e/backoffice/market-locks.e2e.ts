import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { keptPages } from '../support/pages.js';
import type { Product } from '../support/harness.js';
import { DEMO, PHONE, api, freshMobile, launchBrowser, loginToken, sharedProduct } from '../support/harness.js';
import { AGENTS, CASH_PLAYER, logInAsAgent } from './agent-support.js';

/**
 * Issue 28 in Chromium, at 1366×800 and 390×844 (decision 0064), an agent's evening: the demo cash agent
 * locks fancy for its sub-agent from the client list's toggles (the sub-agent's player is refused a
 * fancy bet from then on), then reads the book of a fancy line its own player bet on in the risk view,
 * which moves when a new bet comes in, pushed over the socket (the list's own refresh is half a minute
 * away).
 */
const LAPTOP = { width: 1366, height: 800 } as const;

describe('the agent panel: market locks and the fancy book', () => {
  let product: Product;
  let browser: Browser;
  // One context per screen size: each test starts as a visitor in it (keptPages).
  const visitorPage = keptPages(
    () => browser,
    () => product.baseUrl,
  );
  let director: string;
  let agent: string;
  let player: string;
  let counter = 0;

  async function created(path: string, body: unknown): Promise<string> {
    const answer = await api<{ _id: string }>(product.baseUrl, 'POST', path, { token: director, body });
    expect(answer.meta.code, answer.meta.message).toBe(200);
    return answer.data._id;
  }

  /** A fancy line, NO 61 / YES 63 at even money, on an event of its own. */
  async function fancyLine(name: string): Promise<string> {
    counter += 1;
    const sport = await created('/api/v1/backoffice/sports', { name: `E2E Fancy ${counter} ${process.pid}` });
    const league = await created('/api/v1/backoffice/leagues', { sportId: sport, name: 'E2E Fancy League' });
    const event = await created('/api/v1/backoffice/events', {
      leagueId: league,
      name: `Runs XI v Wickets XI ${counter}`,
      startTime: new Date(Date.now() + 3 * 3600_000).toISOString(),
    });
    const market = await created('/api/v1/backoffice/markets', {
      eventId: event,
      marketType: 'FANCY',
      name,
      runners: [],
      betDelaySeconds: 0,
    });
    const line = await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${market}/fancy-line`, {
      token: director,
      body: { noLine: 61, noRate: 100, yesLine: 63, yesRate: 100 },
    });
    expect(line.meta.code, line.meta.message).toBe(200);
    return market;
  }

  async function yes(marketId: string, stake: number, token = player) {
    return api(product.baseUrl, 'POST', '/api/v1/place-bet', {
      token,
      headers: { 'idempotency-key': `locks-e2e-${process.pid}-${Date.now()}-${(counter += 1)}` },
      body: { marketId, selectionType: 'back', odds: 63, oddsSize: 100, stake },
    });
  }
  async function taken(marketId: string, stake: number): Promise<void> {
    const placed = await yes(marketId, stake);
    expect(placed.meta.code, placed.meta.message).toBe(200);
  }

  beforeAll(async () => {
    [product, browser] = await Promise.all([sharedProduct(), launchBrowser()]);
    director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
    agent = await loginToken(product.baseUrl, `91${AGENTS.cash.national}`, AGENTS.cash.password);
    // The demo cash agent's own player: its bets are in the agent's scope, so in its risk view.
    player = await loginToken(product.baseUrl, CASH_PLAYER.mobileNo, CASH_PLAYER.password);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it.each([
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const)(
    '%s: locks fancy for a sub-agent from the client list, and reads the fancy book live',
    async (name, viewport) => {
      // The demo cash agent's sub-agent, with a player of its own, made by the agent.
      const agentName = `Sub-agent ${name} ${process.pid}`;
      const made = async (body: Record<string, unknown>) => {
        const answer = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/backoffice/downline', {
          token: agent,
          body: { mobile_no: freshMobile().mobileNo, password: 'agent-locks-77', ...body },
        });
        expect(answer.meta.code, answer.meta.message).toBe(200);
        return answer.data._id;
      };
      const agentId = await made({ role: 3, name: agentName });
      const subPlayer = { ...freshMobile(), password: 'sub-player-locks-8' };
      await api(product.baseUrl, 'POST', '/api/v1/backoffice/downline', {
        token: agent,
        body: {
          role: 4,
          name: `Punter ${name}`,
          mobile_no: subPlayer.mobileNo,
          password: subPlayer.password,
          uplineId: agentId,
        },
      });
      const subPlayerToken = await loginToken(product.baseUrl, subPlayer.mobileNo, subPlayer.password);
      const line = `Locks ${name} 10 over runs`;
      const market = await fancyLine(line);
      await taken(market, 200);

      const { page } = await visitorPage(viewport);
      await logInAsAgent(page, product.baseUrl, AGENTS.cash);

      await page.goto(`${product.baseUrl}/backoffice/downline`);
      await page.getByLabel('Search the downline').fill(agentName);
      const toggles = page.getByRole('group', { name: `Market locks of ${agentName}` });
      const fancy = toggles.getByRole('button', { name: `Lock Fancy for ${agentName}` });
      await fancy.click();
      await page.waitForFunction(
        (label) => document.querySelector(`[aria-label="${label}"]`)?.getAttribute('aria-pressed') === 'true',
        `Lock Fancy for ${agentName}`,
        { timeout: 15_000 },
      );
      const rules = await api<{ rules: { marketType: string; locked: boolean }[] }>(
        product.baseUrl,
        'GET',
        `/api/v1/backoffice/users/${agentId}/market-type-rules`,
        { token: agent },
      );
      expect(rules.data.rules.find((rule) => rule.marketType === 'FANCY')?.locked).toBe(true);
      // Inherited down the sub-agent's tree: its player is refused fancy, in the specification's words.
      expect((await yes(market, 100, subPlayerToken)).meta).toMatchObject({
        error: 'MARKET_TYPE_LOCKED',
        message: 'Fancy betting is locked for your account',
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );

      await page.goto(`${product.baseUrl}/backoffice/risk`);
      const book = page.getByRole('table', { name: `${line}: fancy book` });
      await book.waitFor({ timeout: 30_000 });
      // Below 63 the ₹200 YES loses: the book makes ₹200.
      const below = book.getByRole('row', { name: /^0–62/ });
      await below.getByText('₹200.00').first().waitFor();
      // A new bet moves the book without a reload: pushed, well before the list's 30 s refresh.
      await taken(market, 100);
      await below.getByText('₹300.00').first().waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    },
    120_000,
  );
});
