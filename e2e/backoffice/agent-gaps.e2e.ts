import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { keptPages } from '../support/pages.js';
import type { RunningProduct } from '../support/harness.js';
import { DEMO, DESKTOP, PHONE, api, launchBrowser, loginToken, startProduct } from '../support/harness.js';
import { AGENTS, CASH_PLAYER, bookmakerMarket, logInAsAgent } from './agent-support.js';
import { tinyPng } from './png.js';

/**
 * Issue 12's last gaps in Chromium (decision 0026): a cash agent keeps its own receiving accounts,
 * which its players are offered, and opens its player's full deposit screenshot from its queue; a
 * credit agent sees credit given vs used in the risk view.
 */
const CREDIT_PLAYER = { mobileNo: '919999900021', password: 'demo-credit-player-1' };
type Offered = { _id: string; type: 'upi' | 'bank'; accountNumber: string }[];

describe("agents' receiving accounts, screenshots and credit utilisation (issue 12)", () => {
  let product: RunningProduct;
  let browser: Browser;
  // One context per screen size: each test starts as a visitor in it (keptPages).
  const visitorPage = keptPages(
    () => browser,
    () => product.baseUrl,
  );
  let director: string;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`${size}: a cash agent adds its own UPI id, its player is offered it and pays into it, and the agent opens the full screenshot`, async () => {
      const upiId = `agent.${size}${Date.now() % 100_000}@okicici`;
      const { page } = await visitorPage(viewport);
      await logInAsAgent(page, product.baseUrl, AGENTS.cash);
      await page.goto(`${product.baseUrl}/backoffice/receiving-accounts`);
      // The demo cash agent's own accounts (demo data), then one it adds.
      await page.getByRole('listitem', { name: 'UPI demo.agent@okicici' }).waitFor();
      await page.getByRole('textbox', { name: 'UPI id' }).fill(upiId);
      await page.getByLabel('Name shown to players').fill('Demo Agent Counter');
      await page.getByRole('button', { name: 'Add account' }).click();
      await page.getByRole('listitem', { name: `UPI ${upiId}` }).waitFor();

      const token = await loginToken(product.baseUrl, CASH_PLAYER.mobileNo, CASH_PLAYER.password);
      const offered = (await api<Offered>(product.baseUrl, 'GET', '/api/v1/admin-account-details', { token })).data;
      expect(offered.map((account) => account.accountNumber)).toEqual(
        expect.arrayContaining(['demo.agent@okicici', upiId]),
      );
      expect(offered.map((account) => account.accountNumber)).not.toContain('khel.demo@okaxis');
      const account = offered.find((row) => row.accountNumber === upiId);
      const image = `data:image/png;base64,${tinyPng(120, 240, [30, 136, 229, 255]).toString('base64')}`;
      const deposit = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/admin-deposit-request', {
        token,
        body: { amount: 300, accountId: account?._id, type: 'upi', baseImage: image },
      });
      expect(deposit.meta.code, deposit.meta.message).toBe(200);

      await page.goto(`${product.baseUrl}/backoffice/deposits`);
      await page
        .getByRole('button', { name: /^View the screenshot of the deposit of ₹300.00/ })
        .first()
        .click();
      const viewer = page.getByRole('dialog', { name: /^Screenshot: ₹300.00/ });
      const full = viewer.getByRole('img', { name: 'Payment screenshot' });
      await full.waitFor();
      await expect
        .poll(() => full.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
        .toEqual([120, 240]);
    });
  }

  it('phone and desktop: the credit agent sees credit given vs used per credit account in the risk view', async () => {
    const token = await loginToken(product.baseUrl, CREDIT_PLAYER.mobileNo, CREDIT_PLAYER.password);
    const market = await bookmakerMarket(product.baseUrl, director);
    const placed = await api(product.baseUrl, 'POST', '/api/v1/place-bet', {
      token,
      body: { marketId: market.id, selectionId: market.runners[0], selectionType: 'back', odds: 45, stake: 400 },
    });
    expect(placed.meta.code, placed.meta.message).toBe(200);
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await visitorPage(viewport);
      await logInAsAgent(page, product.baseUrl, AGENTS.credit);
      await page.goto(`${product.baseUrl}/backoffice/risk`);
      const panel = page.getByRole('region', { name: 'Credit utilisation' });
      const row = panel.getByRole('row', { name: /Demo Credit Player/ });
      await row.waitFor();
      // ₹10,000 given to the demo credit player, ₹400 of it in an open bet.
      const text = (await row.innerText()).replace(/\s+/g, ' ');
      expect(text).toContain('₹10,000.00');
      expect(text).toContain('₹400.00');
      expect(text).toContain('4%');
    }
  });
});
