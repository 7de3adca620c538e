import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, sharedProduct, type Product } from '../support/harness.js';
import { PHONE_AND_DESKTOP } from './support.js';
import { openPage } from '../support/pages.js';

/** Issue 31: a visitor's header fits a 390 px phone on one line ("Sign Up" wrapped there). */
let product: Product;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([sharedProduct(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** Every header action's box, whether its text wraps (taller than one line), and the page's width. */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
    };
    const actions = Array.from(document.querySelectorAll('.app-header__inner > *, .app-header__actions > *'));
    const buttons = Array.from(document.querySelectorAll<HTMLElement>('.app-header__actions .button'));
    return {
      width: document.documentElement.clientWidth,
      scrollWidth: document.documentElement.scrollWidth,
      boxes: actions.filter((element) => element.getClientRects().length > 0).map(box),
      // A wrapped label is more than one line tall: its text's box is taller than 1.6 × the font size.
      wrapped: buttons
        .filter((button) => {
          const text = document.createRange();
          text.selectNodeContents(button);
          return text.getBoundingClientRect().height > 1.6 * Number.parseFloat(getComputedStyle(button).fontSize);
        })
        .map((button) => button.textContent),
    };
  });
}

describe('a visitor on Home', () => {
  it.each(PHONE_AND_DESKTOP)('%s: the header fits on one line, Sign Up unwrapped', async (_label, size) => {
    const { context, page, errors } = await openPage(browser, size);
    await page.goto(`${product.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).waitFor();
    // Measured once the fonts are in and the header has settled (the settings' logo and links land after the button).
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await expect.poll(async () => (await headerLayout(page)).wrapped, { timeout: 10_000 }).toEqual([]);
    const layout = await headerLayout(page);
    expect(layout.wrapped).toEqual([]);
    expect(layout.scrollWidth).toBeLessThanOrEqual(layout.width);
    for (const box of layout.boxes) expect(box.right).toBeLessThanOrEqual(layout.width + 0.5);
    const signUp = await page.getByRole('button', { name: 'Sign Up', exact: true }).boundingBox();
    expect(signUp?.height ?? 0).toBeLessThan(44);
    expect(errors).toEqual([]);
    await context.close();
  });
});
