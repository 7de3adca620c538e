import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { keptPages } from '../support/pages.js';
import type { RunningProduct } from '../support/harness.js';
import { DEMO, DESKTOP, PHONE, api, freshMobile, launchBrowser, loginToken, startProduct } from '../support/harness.js';
import { AGENTS, CASH_PLAYER, bookmakerMarket, logInAsAgent } from './agent-support.js';

describe("agents' money in the back office (issue 12)", () => {
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
    // Results need a second operator by default (decision 0044): this file's director settles alone.
    await api(product.baseUrl, 'PUT', '/api/v1/backoffice/sports-desk/settings', {
      token: director,
      body: { resultsNeedConfirmation: false },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('phone: a credit agent creates a credit player, gives credit, sees the lost bet as Ref P&L and exposure, and settles', async () => {
    const { page } = await visitorPage(PHONE);
    await logInAsAgent(page, product.baseUrl, AGENTS.credit);
    const player = freshMobile();
    await page.getByRole('button', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Role').inputValue()).toBe('6');
    await dialog.getByLabel('Name').fill('Credit Made Player');
    await dialog.getByLabel('Mobile number').fill(player.national);
    await dialog.getByLabel('Password').fill('fresh-monsoon-e2e-8');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    const row = page.locator('tr', { hasText: 'Credit Made Player' });
    await row.waitFor();
    await row.getByRole('link', { name: 'Details' }).click();

    const panel = page.getByRole('region', { name: 'Credit and chips' });
    await panel.getByLabel('Action').selectOption('give');
    await panel.getByLabel('Amount (₹)').fill('1000');
    await panel.getByRole('button', { name: 'Give' }).click();
    // The confirmation step (issue 24): the amount, from the agent's free credit to the player's Credit Ref.
    const give = page.getByRole('dialog', { name: 'Confirm: give credit' });
    expect(await give.getByTestId('move-amount').innerText()).toBe('₹1,000.00');
    expect((await give.getByTestId('move-to').innerText()).replace(/\s+/g, ' ')).toContain(
      'Credit Ref ₹0.00 → ₹1,000.00',
    );
    await give.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Credit raised').first().waitFor();
    const own = panel.getByRole('row', { name: /This account/ });
    await own.getByText('₹1,000.00').first().waitFor();

    // The player bets ₹400 and the market is open: the agent sees the exposure.
    const token = await loginToken(product.baseUrl, player.mobileNo, 'fresh-monsoon-e2e-8');
    const market = await bookmakerMarket(product.baseUrl, director);
    const placed = await api(product.baseUrl, 'POST', '/api/v1/place-bet', {
      token,
      body: { marketId: market.id, selectionId: market.runners[0], selectionType: 'back', odds: 45, stake: 400 },
    });
    expect(placed.meta.code, placed.meta.message).toBe(200);
    await page.reload();
    await panel
      .getByRole('row', { name: /This account/ })
      .getByText('-₹400.00')
      .waitFor({ timeout: 15_000 });
    // It loses: Ref P&L −400, the agent settles ₹400 (cash outside the app) and it is back at zero.
    await api(product.baseUrl, 'POST', `/api/v1/backoffice/markets/${market.id}/settle`, {
      token: director,
      body: { winnerId: market.runners[1] },
    });
    await page.reload();
    const figures = (await panel.getByRole('row', { name: /This account/ }).innerText()).replace(/\s+/g, ' ');
    expect(figures).toContain('₹600.00');
    expect(figures).toContain('-₹400.00');
    await panel.getByLabel('Action').selectOption('settle');
    await panel.getByLabel('Amount (₹)').fill('400');
    await panel.getByRole('button', { name: 'Record settlement' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm the settlement' })
      .getByRole('button', { name: 'Record settlement' })
      .click();
    await page.getByText('Settlement recorded').first().waitFor();
    expect((await panel.getByRole('row', { name: /This account/ }).innerText()).replace(/\s+/g, ' ')).toContain(
      '₹1,000.00',
    );
    const line = await api<{ refPnl: number; balance: number }>(product.baseUrl, 'GET', '/api/v1/credit-line', {
      token,
    });
    expect(line.data).toMatchObject({ refPnl: 0, balance: 1000 });
  });

  it("desktop: a cash agent approves its own player's deposit from its queue, paid in the agent's chips", async () => {
    const token = await loginToken(product.baseUrl, CASH_PLAYER.mobileNo, CASH_PLAYER.password);
    const accounts = await api<{ _id: string; type: string }[]>(
      product.baseUrl,
      'GET',
      '/api/v1/admin-account-details',
      { token },
    );
    const txnRef = `AGENTE2E${Date.now()}`;
    const deposit = await api(product.baseUrl, 'POST', '/api/v1/admin-deposit-request', {
      token,
      body: {
        amount: 700,
        accountId: accounts.data.find((account) => account.type === 'upi')?._id,
        type: 'upi',
        txnRef,
      },
    });
    expect(deposit.meta.code, deposit.meta.message).toBe(200);

    const { page } = await visitorPage(DESKTOP);
    await logInAsAgent(page, product.baseUrl, AGENTS.cash);
    await page.getByRole('link', { name: /^Deposits/ }).click();
    await page.getByRole('heading', { name: 'Deposits' }).waitFor();
    const row = page.locator('tbody tr', { hasText: txnRef });
    await row.waitFor();
    await row.getByRole('button', { name: /^Approve the deposit/ }).click();
    await page.getByRole('dialog', { name: 'Approve this deposit' }).getByRole('button', { name: 'Approve' }).click();
    await page
      .getByText('Deposit approved, the wallet is credited')
      .waitFor()
      .catch(async (error: unknown) => {
        // Say what the page showed instead (CI, 29 November: a timeout alone told nothing).
        const toasts = await page.locator('.toast').allTextContents();
        const dialogs = await page.getByRole('dialog').allTextContents();
        throw new Error(`no approval toast; toasts: ${JSON.stringify(toasts)}; dialogs: ${JSON.stringify(dialogs)}`, {
          cause: error,
        });
      });
    const agentId = (
      await api<{ items: { _id: string }[] }>(product.baseUrl, 'GET', '/api/v1/backoffice/users?search=9999900010', {
        token: director,
      })
    ).data.items[0]?._id;
    const money = await api<{ own: number }>(product.baseUrl, 'GET', `/api/v1/backoffice/users/${agentId}/money`, {
      token: director,
    });
    expect(money.data.own).toBe(50_000 - 700);
  });
});
