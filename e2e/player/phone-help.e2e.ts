import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, PHONE, api, launchBrowser, loginToken, startProduct, type RunningProduct } from '../support/harness.js';
import { uiLogin } from './support.js';
import { openPage } from '../support/pages.js';

/** Issue 31: the operator's help numbers, set with the branding, on a 390×844 phone. */
let product: RunningProduct;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  const director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
  const saved = await api(product.baseUrl, 'PUT', '/api/v1/backoffice/branding', {
    token: director,
    body: { helpWhatsapp: '+91 98765 43210', helpPhone: '+91 80 1234 5678' },
  });
  if (saved.meta.code !== 200) throw new Error(`branding not saved: ${saved.meta.message}`);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** The link is on screen, inside the page's width, and a tap at its middle reaches it. */
async function tappable(page: Page, testId: string): Promise<boolean> {
  return page.evaluate((id) => {
    const element = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    if (element === null) return false;
    element.scrollIntoView({ block: 'nearest' });
    const box = element.getBoundingClientRect();
    if (box.left < 0 || box.right > window.innerWidth || box.top < 0 || box.bottom > window.innerHeight) return false;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  }, testId);
}

describe('the help entry on a phone', () => {
  it('links WhatsApp and a call under the login form and in the account drawer, above Logout', async () => {
    const { context, page, errors } = await openPage(browser, PHONE);
    await page.goto(`${product.baseUrl}/login`);
    const help = page.getByTestId('help-contact');
    await help.waitFor();
    expect(await help.getByTestId('help-whatsapp').getAttribute('href')).toBe('https://wa.me/919876543210');
    expect(await help.getByTestId('help-phone').getAttribute('href')).toBe('tel:+918012345678');
    expect(await tappable(page, 'help-whatsapp')).toBe(true);
    expect(await tappable(page, 'help-phone')).toBe(true);

    await uiLogin(page, product.baseUrl, DEMO.player.national, DEMO.player.password);
    await page.getByTestId('balance-amount').waitFor();
    await page.getByTestId('profile-menu-button').tap();
    const menu = page.getByTestId('profile-menu');
    await menu.getByTestId('help-contact').waitFor();
    expect(await tappable(page, 'help-whatsapp')).toBe(true);
    expect(await tappable(page, 'help-phone')).toBe(true);
    const rows = await menu.locator('.profile-menu__item').allTextContents();
    expect(rows.indexOf('Help on WhatsApp')).toBeGreaterThan(-1);
    expect(rows.indexOf('Help on WhatsApp')).toBeLessThan(rows.indexOf('Logout'));
    // A tap on the phone row keeps the player here (tel: hands over to the dialler) and closes the drawer.
    await menu.getByTestId('help-phone').tap();
    await menu.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
