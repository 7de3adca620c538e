import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { keptPages } from '../support/pages.js';
import type { Product } from '../support/harness.js';
import {
  DEMO,
  DESKTOP,
  PHONE,
  api,
  freshMobile,
  launchBrowser,
  loginToken,
  sharedProduct,
} from '../support/harness.js';

/** The demo tree (apps/server/src/modules/demo/demo-seed.ts, README). */
const AGENTS = {
  cash: { national: '9999900010', password: 'demo-agent-1' },
  credit: { national: '9999900020', password: 'demo-credit-agent-1' },
} as const;

async function logInAsAgent(page: Page, baseUrl: string, agent: { national: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/backoffice/`);
  await page.getByLabel('Mobile number').fill(agent.national);
  await page.getByLabel('Password', { exact: true }).fill(agent.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: /^Downline of / }).waitFor();
}

describe('an agent in the back office (issue 12)', () => {
  let product: Product;
  let browser: Browser;
  // One context per screen size: each test starts as a visitor in it (keptPages).
  const visitorPage = keptPages(
    () => browser,
    () => product.baseUrl,
  );
  let creditPlayerId: string;

  beforeAll(async () => {
    [product, browser] = await Promise.all([sharedProduct(), launchBrowser()]);
    const director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
    const found = await api<{ items: { _id: string }[] }>(
      product.baseUrl,
      'GET',
      '/api/v1/backoffice/users?search=9999900021',
      { token: director },
    );
    creditPlayerId = found.data.items[0]?._id as string;
    expect(creditPlayerId).toBeTruthy();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('phone: a cash agent sees only its downline and its own menu, creates a player, and is refused another agent’s player by URL', async () => {
    const { page } = await visitorPage(PHONE);
    await logInAsAgent(page, product.baseUrl, AGENTS.cash);
    const list = page.getByRole('table', { name: 'Downline' });
    await list.getByText('Demo Cash Player', { exact: true }).waitFor();
    expect(await list.getByText('Demo Credit Player').count()).toBe(0);
    // The breadcrumb starts at the agent itself: nothing above it is shown.
    expect(await page.getByRole('navigation', { name: 'Breadcrumbs' }).innerText()).toBe('Demo Agent');
    // The menu shows only what an agent may do.
    const menu = (await page.locator('#sidebar').textContent()) ?? '';
    expect(menu).toContain('Downline');
    // A cash agent manages its own receiving accounts (decision 0026), never the site's other desks.
    expect(menu).toContain('Receiving accounts');
    for (const hidden of ['Sports', 'Casino', 'Branding', 'Bonuses']) expect(menu).not.toContain(hidden);

    const player = freshMobile();
    await page.getByRole('button', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Role').inputValue()).toBe('4');
    await dialog.getByLabel('Name').fill('Agent Made Player');
    await dialog.getByLabel('Mobile number').fill(player.national);
    await dialog.getByLabel('Password').fill('fresh-monsoon-e2e-7');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await list.getByText('Agent Made Player').waitFor();

    await page.goto(`${product.baseUrl}/backoffice/users/${creditPlayerId}`);
    await page.getByText('This account is not in your downline').waitFor();
    expect(await page.getByText('Demo Credit Player').count()).toBe(0);
  });

  it('desktop: a credit agent drills down a level with the breadcrumb, and sees that level’s players', async () => {
    const { page } = await visitorPage(DESKTOP);
    await logInAsAgent(page, product.baseUrl, AGENTS.credit);
    const list = page.getByRole('table', { name: 'Downline' });
    await list.getByText('Demo Credit Player', { exact: true }).waitFor();
    await list.getByRole('link', { name: 'Open the downline of Demo Sub Credit Agent' }).click();
    await page.getByRole('heading', { name: 'Downline of Demo Sub Credit Agent' }).waitFor();
    await list.getByText('Demo Sub Credit Player').waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await crumbs.innerText()).toContain('Demo Credit Agent');
    await crumbs.getByRole('link', { name: 'Demo Credit Agent' }).click();
    await page.getByRole('heading', { name: 'Downline of Demo Credit Agent' }).waitFor();
    // Search reaches every level of the agent's own subtree, and nothing outside it.
    await page.getByLabel('Search the downline').fill('Demo Cash');
    await page.getByText('No account in the downline matches').waitFor();
  });
});
