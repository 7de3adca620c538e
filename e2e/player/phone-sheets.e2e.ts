import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, launchBrowser, startProduct, type RunningProduct } from '../support/harness.js';
import { PHONE_AND_DESKTOP, uiLogin, waitForPath } from './support.js';
import { keptPages } from '../support/pages.js';

/** Issue 31: the account drawer and every sheet on a phone, and the same at a desktop size. */
let product: RunningProduct;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct({ env: { DEMO_FEED: 'true' } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

// One context per screen size: each test signs in on it as a visitor again (keptPages).
const visitorPage = keptPages(
  () => browser,
  () => product.baseUrl,
);

async function signedIn(viewport: { width: number; height: number }) {
  const opened = await visitorPage(viewport);
  await uiLogin(opened.page, product.baseUrl, DEMO.player.national, DEMO.player.password);
  await opened.page.getByTestId('balance-amount').waitFor();
  await opened.page.goto(`${product.baseUrl}/`);
  await opened.page.getByTestId('balance-amount').waitFor();
  return opened;
}

/** Whether a tap at the middle of the element would reach the element itself (nothing drawn over it). */
async function reachable(page: Page, selector: string, index: number): Promise<boolean> {
  return page.evaluate(
    ([css, at]) => {
      // Rows hidden at this size (the phone-only theme row on a desktop) do not count.
      const shown = Array.from(document.querySelectorAll<HTMLElement>(css)).filter(
        (item) => item.getClientRects().length > 0,
      );
      const element = shown[at as number];
      if (element === undefined) return false;
      element.scrollIntoView({ block: 'nearest' });
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (y < 0 || y > window.innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      return hit !== null && element.contains(hit);
    },
    [selector, index] as const,
  );
}

describe('the account drawer and sheets', () => {
  it.each(PHONE_AND_DESKTOP)('%s: every row of the account drawer can be tapped, Logout last', async (_label, size) => {
    const { page, errors } = await signedIn(size);
    await page.getByTestId('profile-menu-button').click();
    const menu = page.getByTestId('profile-menu');
    await menu.waitFor();
    const rows = await menu.locator('.profile-menu__item:visible').count();
    expect(rows).toBeGreaterThanOrEqual(7);
    for (let index = 0; index < rows; index += 1) {
      expect(await reachable(page, '[data-testid="profile-menu"] .profile-menu__item', index), `row ${index}`).toBe(
        true,
      );
    }
    // A real tap (a click on desktop) on Logout: it must reach the button, not the bottom bar under it.
    const logout = menu.getByRole('button', { name: 'Logout' });
    if (size.width < 768) await logout.tap({ timeout: 5_000 });
    else await logout.click({ timeout: 5_000 });
    await waitForPath(page, '/login');
    await page.getByText('Logged Out').first().waitFor();
    expect(errors).toEqual([]);
  });

  it.each(PHONE_AND_DESKTOP)(
    '%s: Back closes an open drawer, dialog or bet slip and stays on the page',
    async (_label, size) => {
      const { page, errors } = await signedIn(size);
      // The drawer.
      await page.getByTestId('profile-menu-button').click();
      await page.getByTestId('profile-menu').waitFor();
      await page.goBack();
      await page.getByTestId('profile-menu').waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/');
      // A dialog opened from the drawer (the drawer's own entry is reused, not stacked).
      await page.getByTestId('profile-menu-button').click();
      await page.getByTestId('profile-menu').getByRole('button', { name: 'My Bets' }).click();
      await page.getByTestId('my-bets-modal').waitFor();
      await page.goBack();
      await page.getByTestId('my-bets-modal').waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/');
      // Closing by its button leaves no extra entry: one Back then leaves the page as usual.
      await page.getByTestId('profile-menu-button').click();
      await page.getByTestId('profile-menu').getByRole('button', { name: 'My Bets' }).click();
      await page.getByTestId('my-bets-modal').getByRole('button', { name: 'Close' }).click();
      await page.getByTestId('my-bets-modal').waitFor({ state: 'detached' });
      // The bet slip on an event page.
      const row = page
        .getByTestId('event-row')
        .filter({ has: page.getByTestId('event-prices') })
        .first();
      await row.waitFor({ timeout: 20_000 });
      await row.locator('.event-row__name').click();
      await page.waitForURL((url) => url.pathname === '/event');
      const eventUrl = page.url();
      const cell = page.getByTestId('exchange-market').first().getByTestId('best-back').first();
      await cell.waitFor();
      await cell.click();
      await page.getByTestId('bet-slip').waitFor();
      if (size.width < 768) {
        await page.goBack();
        await page.getByTestId('bet-slip').waitFor({ state: 'detached' });
        expect(page.url()).toBe(eventUrl);
      }
      // And Back with nothing open leaves the event page for Home.
      await page.goBack();
      await waitForPath(page, '/');
      expect(errors).toEqual([]);
    },
  );
});
