import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  DEMO,
  PHONE,
  api,
  freshMobile,
  launchBrowser,
  loginToken,
  readOtp,
  sharedProduct,
  type Product,
} from '../support/harness.js';
import { VIEWPORTS, uiLogin, waitForPath } from './support.js';
import { keptPages } from '../support/pages.js';

/** Issue 14's newcomer fixes as a phone (390×844) and a desktop see them (ADR 0024). */
describe('the newcomer fixes in a real browser', () => {
  let product: Product;
  let browser: Browser;
  // One context per screen size: each test starts as a visitor in it (keptPages).
  const visitorPage = keptPages(
    () => browser,
    () => product.baseUrl,
  );
  beforeAll(async () => {
    [product, browser] = await Promise.all([sharedProduct(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it.each(VIEWPORTS)(
    '%s: the casino lobby shows games on the first screen, search and provider folded; the logo is legible',
    async (_label, viewport) => {
      const { page, errors } = await visitorPage(viewport);
      await uiLogin(page, product.baseUrl, DEMO.player.national, DEMO.player.password);
      await waitForPath(page, '/slots');
      const card = page.getByTestId('game-card').first();
      await card.waitFor();
      const box = await card.boundingBox();
      expect((box?.y ?? Infinity) + (box?.height ?? 0) / 2).toBeLessThan(viewport.height);
      const filters = page.getByTestId('casino-filters');
      expect(await filters.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
      expect(await page.getByLabel('Search').first().isVisible()).toBe(false);
      // The logo keeps a readable height and the header fits the screen.
      const logo = page.locator('.brand__logo');
      await page.waitForFunction(
        () => ((document.querySelector('.brand__logo') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
      );
      expect((await logo.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(28);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(errors).toEqual([]);
    },
  );

  it("phone: a visitor's header fits the screen in English and in Hindi, so nothing on the page is cut or covered", async () => {
    const { page, errors } = await visitorPage(PHONE);
    await page.goto(`${product.baseUrl}/login`);
    await page.getByTestId('login-form').waitFor();
    // Against the phone's own width: a mobile browser widens innerWidth to fit wider content (zooming out).
    const fits = async () => (await page.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width;
    expect(await fits()).toBe(true);
    const language = page.getByRole('group', { name: 'Language' });
    await language.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('group', { name: 'भाषा' }).getByRole('button', { name: 'English' }).waitFor();
    expect(await fits()).toBe(true);
    await page.getByRole('group', { name: 'भाषा' }).getByRole('button', { name: 'English' }).click();
    await language.getByRole('button', { name: 'हिन्दी' }).waitFor();
    expect(errors).toEqual([]);
  });

  it("phone: Home's sport chips fade the edge that has more", async () => {
    // Sports of its own: the shared product holds only what the files before this one made, maybe none.
    const director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
    for (const name of ['Chip Kabaddi', 'Chip Badminton', 'Chip Table Tennis']) {
      const sport = await api(product.baseUrl, 'POST', '/api/v1/backoffice/sports', {
        token: director,
        body: { name: `${name} ${freshMobile().national}` },
      });
      expect(sport.meta.code, sport.meta.message).toBe(200);
    }
    const { page } = await visitorPage(PHONE);
    await uiLogin(page, product.baseUrl, DEMO.player.national, DEMO.player.password);
    await waitForPath(page, '/slots');
    await page.goto(`${product.baseUrl}/`);
    const tabs = page.getByRole('group', { name: 'Sport' });
    await tabs.getByRole('button', { name: 'All', exact: true }).waitFor();
    // Make sure the row overflows at this width whatever the number of sports (a style rule: it holds for the row
    // however often it renders).
    await page.addStyleTag({ content: '.sports-tabs { max-width: 160px; }' });
    await page.waitForFunction(() => document.querySelector('.sports-tabs')?.hasAttribute('data-more-end'));
    expect(await tabs.evaluate((element) => getComputedStyle(element).maskImage)).toContain('linear-gradient');
    await tabs.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await page.waitForFunction(() => {
      const element = document.querySelector('.sports-tabs');
      return element?.hasAttribute('data-more-start') && !element.hasAttribute('data-more-end');
    });
  });

  it('phone: sign-up opens Verify Otp on the countdown and the verified player lands on /', async () => {
    const { page } = await visitorPage(PHONE);
    const { mobileNo, national } = freshMobile();
    await page.goto(`${product.baseUrl}/login`);
    await page.getByTestId('login-form').getByRole('button', { name: 'Sign up' }).click();
    const signUp = page.getByTestId('sign-up-form');
    await signUp.getByLabel('Name').fill('Phone Newcomer');
    await signUp.getByLabel('Mobile No').fill(national);
    await signUp.getByLabel('Password', { exact: true }).fill('e2e-Secret-77');
    await signUp.getByLabel('Confirm Password').fill('e2e-Secret-77');
    await signUp.getByRole('checkbox').check();
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    const sheet = page.getByRole('dialog', { name: 'Verify Otp' });
    await sheet.waitFor();
    expect(await sheet.getByTestId('resend-countdown').textContent()).toMatch(/0:(10|09|08)/);
    const otp = await readOtp(product.baseUrl, mobileNo);
    await sheet.getByLabel('Digit 1 of 4').click();
    await page.keyboard.type(otp);
    await sheet.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('balance-amount').waitFor();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
