import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, launchBrowser, sharedProduct, type Product } from '../support/harness.js';
import { VIEWPORTS, createVerifiedUser, pathOf, setFlags, uiLogin, waitForPath, type TestUser } from './support.js';
import { keptPages } from '../support/pages.js';

const ALL = { allowHome: true, allowLiveCasino: true, allowSlots: true, allowStatements: true, allowProfitLoss: true };

/** Startup, login redirect, route guard and session expiry (spec §4) in a real browser. */
describe('player route guards', () => {
  let product: Product;
  let browser: Browser;
  let user: TestUser;
  // One context per screen size: each test starts as a visitor in it (keptPages).
  const visitorPage = keptPages(
    () => browser,
    () => product.baseUrl,
  );
  beforeAll(async () => {
    [product, browser] = await Promise.all([sharedProduct(), launchBrowser()]);
    user = await createVerifiedUser(product.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  describe.each(VIEWPORTS)('%s', (label, viewport) => {
    it('sends a visitor to /login, but lets them open /register and /forgot-password', async () => {
      const { page } = await visitorPage(viewport);
      for (const path of ['/', '/slots', '/live-casino', '/statements', '/deposit', '/no-access']) {
        await page.goto(`${product.baseUrl}${path}`);
        await waitForPath(page, '/login');
      }
      for (const path of ['/register', '/forgot-password']) {
        await page.goto(`${product.baseUrl}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(pathOf(page)).toBe(path);
      }
      await page.getByRole('link', { name: 'Login' }).first().waitFor();
    });

    it.each([
      [ALL, '/slots', ['Home', 'In-Play', 'Live Casino', 'Slots']],
      [{ ...ALL, allowSlots: false }, '/', ['Home', 'In-Play', 'Live Casino']],
      [{ ...ALL, allowSlots: false, allowHome: false }, '/live-casino', ['Live Casino']],
      [{ ...ALL, allowSlots: false, allowHome: false, allowLiveCasino: false }, '/no-access', []],
    ])('after login with %o lands on %s and shows only the permitted navigation', async (flags, landing, nav) => {
      await setFlags(product.baseUrl, user.mobileNo, flags);
      const { page, errors } = await visitorPage(viewport);
      await uiLogin(page, product.baseUrl, user.national, user.password);
      await waitForPath(page, landing);
      const bar = label === 'phone' ? page.getByTestId('bottom-nav') : page.getByRole('navigation', { name: 'Main' });
      if (nav.length > 0) {
        await bar.waitFor();
        expect(await bar.getByRole('link').allTextContents()).toEqual(nav);
      } else {
        await page.getByTestId('no-access').waitFor();
        expect(await page.getByTestId('balance-amount').count()).toBe(0);
      }
      // A route that is not permitted goes back to the landing page; so does /login with a token.
      const allowed: Record<string, boolean> = {
        '/slots': flags.allowSlots,
        '/': flags.allowHome,
        '/live-casino': flags.allowLiveCasino,
        '/login': false,
      };
      for (const path of ['/slots', '/', '/live-casino', '/login']) {
        await page.goto(`${product.baseUrl}${path}`);
        const expected = landing === '/no-access' || !allowed[path] ? landing : path;
        await waitForPath(page, expected);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
      }
      expect(errors).toEqual([]);
    });

    it('expired session: a revoked token on a focus refresh clears userData and goes to /login', async () => {
      const { page } = await visitorPage(viewport);
      await uiLogin(page, product.baseUrl, DEMO.player.national, DEMO.player.password);
      await page.getByTestId('balance-amount').waitFor();
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const logout = await fetch(`${product.baseUrl}/api/v1/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(logout.status).toBe(200);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await waitForPath(page, '/login');
      expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      // The player can sign straight back in.
      await uiLogin(page, product.baseUrl, DEMO.player.national, DEMO.player.password);
      await page.getByTestId('balance-amount').waitFor();
    });

    it('remembers the theme across reloads, dark by default', async () => {
      const { page } = await visitorPage(viewport);
      await page.goto(`${product.baseUrl}/login`);
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await page.reload();
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      expect(
        await page.evaluate(() => [document.documentElement.dataset.theme, localStorage.getItem('theme')]),
      ).toEqual(['light', 'light']);
      await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    });
  });

  it('hides deposit, withdrawal, bonus, the bonus wallet and referral bonus from a credit player (phone)', async () => {
    const credit = await createVerifiedUser(product.baseUrl);
    await setFlags(product.baseUrl, credit.mobileNo, { ...ALL, role: 6, referralAllow: true });
    const { page } = await visitorPage(VIEWPORTS[1][1]);
    await uiLogin(page, product.baseUrl, credit.national, credit.password);
    await page.getByTestId('balance-amount').waitFor();
    expect(await page.getByRole('link', { name: 'Deposit' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Bonus' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByTestId('profile-menu');
    await menu.getByTestId('menu-username').waitFor();
    expect(await menu.getByRole('radio').count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Referral Bonus' }).count()).toBe(0);
    await page.goto(`${product.baseUrl}/deposit`);
    await waitForPath(page, '/slots');
  });

  it('applies the operator brand colour, favicon and site name, and shows the play-money notice', async () => {
    const { page } = await visitorPage(VIEWPORTS[0][1]);
    await page.goto(`${product.baseUrl}/login`);
    await page.getByTestId('play-money-bar').waitFor();
    await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--brand') !== '');
    const branding = await page.evaluate(() => ({
      brand: document.documentElement.style.getPropertyValue('--brand'),
      favicon: document.querySelector('link[rel="icon"]')?.getAttribute('href'),
      title: document.title,
    }));
    expect(branding.brand).toMatch(/^#[0-9a-f]{6}$/i);
    expect(branding.favicon).not.toBe('/favicon.svg');
    expect(branding.title).toBe('Khel');
  });
});
