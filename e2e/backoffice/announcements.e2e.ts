import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { RunningProduct } from '../support/harness.js';
import { DEMO, launchBrowser, startProduct } from '../support/harness.js';
import { PHONE_AND_DESKTOP, uiLogin } from '../player/support.js';
import { keptPages } from '../support/pages.js';
import { AGENTS, CASH_PLAYER, logInAsAgent } from './agent-support.js';

/**
 * Issue 28 in Chromium, at 390×844 and 1366×800 (decision 0065): the demo cash agent posts a news line
 * in the back office, its own player sees it scroll under the player app's header, and a player outside
 * the agent's downline (the demo player, under no agent) is not told it.
 */
describe('announcements: an agent posts a news line, its players read the ticker', () => {
  let product: RunningProduct;
  let browser: Browser;
  const visitorPage = keptPages(
    () => browser,
    () => product.baseUrl,
  );

  beforeAll(async () => {
    // No sports feed: nothing here bets, and the server starts sooner on a busy machine.
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it.each(PHONE_AND_DESKTOP)(
    '%s: the agent posts from now to tomorrow, its player reads it, a player of no agent does not',
    async (size, viewport) => {
      const message = `Kabaddi markets open at 8 pm (${size}, ${process.pid})`;
      // The agent, its player and the outsider each take the same page in turn, a visitor again (keptPages).
      const { page: agentPage } = await visitorPage(viewport);
      await logInAsAgent(agentPage, product.baseUrl, AGENTS.cash);
      await agentPage.goto(`${product.baseUrl}/backoffice/announcements`);
      // The form starts now and ends in a day, in India time: the agent writes the line and posts it.
      await agentPage.getByLabel('Message').fill(message);
      await agentPage.getByRole('button', { name: 'Post', exact: true }).click();
      await agentPage.getByRole('table', { name: 'Announcements' }).getByText(message).waitFor();
      expect(
        await agentPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);

      const player = await visitorPage(viewport);
      await uiLogin(player.page, product.baseUrl, CASH_PLAYER.mobileNo.slice(2), CASH_PLAYER.password);
      const ticker = player.page.getByRole('complementary', { name: 'Announcements' });
      await ticker.getByText(message).first().waitFor({ timeout: 20_000 });
      expect(await player.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      expect(player.errors).toEqual([]);

      // Outside the agent's downline: the player app asks and is answered without the line.
      const outsider = await visitorPage(viewport);
      const answered = outsider.page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/v1/announcements',
        { timeout: 30_000 },
      );
      await uiLogin(outsider.page, product.baseUrl, DEMO.player.national, DEMO.player.password);
      const answer = (await (await answered).json()) as { data: { items: { message: string }[] } };
      expect(answer.data.items.map((line) => line.message)).not.toContain(message);
      expect(await outsider.page.getByText(message).count()).toBe(0);
    },
    120_000,
  );
});
