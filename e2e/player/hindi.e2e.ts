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
  startProduct,
  type RunningProduct,
} from '../support/harness.js';
import { betToast, expectToast, waitForPath } from './support.js';
import { openPage } from '../support/pages.js';

/** Issue 14, Language: a newcomer switches to Hindi and signs up, deposits and bets in Hindi (ADR 0030). */
const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', { width: 1366, height: 800 }],
] as const;

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

describe('Hindi in a real browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let director: string;
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct({ env: { DEMO_FEED: 'true' } }), launchBrowser()]);
    director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  async function approveDeposit(mobileNo: string): Promise<void> {
    const list = await api<{ items: { _id: string; player: { mobile_no: string } }[] }>(
      product.baseUrl,
      'GET',
      '/api/v1/backoffice/deposits?status=pending&pageSize=100',
      { token: director },
    );
    const found = list.data.items.find((item) => item.player.mobile_no === mobileNo);
    if (!found) throw new Error('no pending deposit for the test player');
    const approved = await api(product.baseUrl, 'POST', `/api/v1/backoffice/deposits/${found._id}/approve`, {
      token: director,
    });
    expect(approved.meta.code).toBe(200);
  }

  it.each(VIEWPORTS)(
    '%s: switch to Hindi, then sign up, deposit and bet in Hindi',
    { timeout: 150_000 },
    async (_label, viewport) => {
      const { context, page, errors } = await openPage(browser, viewport);
      const { mobileNo, national } = freshMobile();
      await page.goto(`${product.baseUrl}/login`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
      await page.waitForFunction(() => document.documentElement.lang === 'hi');
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('hi');
      // The first screen in Hindi, the play-money notice too; numerals stay Western digits.
      const login = page.getByTestId('login-form');
      await login.getByRole('button', { name: 'लॉग इन', exact: true }).waitFor();
      expect(await page.getByTestId('play-money-bar').textContent()).toBe('प्ले मनी: चिप्स का कोई नकद मूल्य नहीं है');

      // Sign up: Hindi labels and Hindi validation messages.
      await login.getByRole('button', { name: 'साइन अप करें' }).click();
      const signUp = page.getByTestId('sign-up-form');
      await signUp.getByRole('button', { name: 'साइन अप', exact: true }).click();
      await signUp.getByText('नाम ज़रूरी है').waitFor();
      await signUp.getByLabel('नाम').fill('हिन्दी खिलाड़ी');
      await signUp.getByLabel('मोबाइल नंबर').fill(national);
      await signUp.getByLabel('पासवर्ड', { exact: true }).fill('e2e-Secret-77');
      await signUp.getByLabel('पासवर्ड की पुष्टि करें').fill('e2e-Secret-77');
      await signUp.getByRole('checkbox').check();
      await signUp.getByRole('button', { name: 'साइन अप', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'OTP सत्यापित करें' });
      await sheet.waitFor();
      // A wrong code: the server answers OTP_INVALID and the client words the code in Hindi.
      const otp = await readOtp(product.baseUrl, mobileNo);
      const wrong = otp === '0000' ? '1111' : '0000';
      await sheet.getByLabel('4 में से अंक 1').click();
      await page.keyboard.type(wrong);
      await sheet.getByRole('button', { name: 'सत्यापित करें' }).click();
      await expectToast(page, 'OTP ग़लत है');
      await sheet.getByLabel('4 में से अंक 1').click();
      await page.keyboard.type(otp);
      await sheet.getByRole('button', { name: 'सत्यापित करें' }).click();
      await page.getByTestId('balance-amount').waitFor();
      await waitForPath(page, '/');

      // Deposit by UPI: Hindi sheet, Hindi validation toast, the server's success in Hindi.
      await page.getByRole('link', { name: 'जमा', exact: true }).click();
      await waitForPath(page, '/deposit');
      await page.getByRole('heading', { name: 'आप कैसे भुगतान करना चाहते हैं?' }).waitFor();
      await page.getByTestId('deposit-upi').click();
      const deposit = page.getByRole('dialog', { name: 'UPI से जमा करें' });
      await deposit.waitFor();
      await deposit.getByRole('button', { name: 'जमा भेजें' }).click();
      await expectToast(page, 'कृपया राशि डालें');
      await deposit.getByRole('button', { name: '₹1,000', exact: true }).click();
      const utr = String(Date.now()).slice(-12);
      await deposit.getByLabel('रेफ़रेंस आईडी (UTR)').fill(utr);
      await deposit.getByRole('button', { name: 'जमा भेजें' }).click();
      await expectToast(page, 'जमा का अनुरोध भेज दिया गया');
      await deposit.waitFor({ state: 'detached' });
      await approveDeposit(mobileNo);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await page.waitForFunction(
        () =>
          Number(
            (document.querySelector('[data-testid="balance-amount"]')?.textContent ?? '').replace(/[^\d.-]/g, ''),
          ) >= 1000,
        undefined,
        { timeout: 15_000 },
      );
      // Indian grouping in Hindi as in English.
      expect(await page.getByTestId('balance-amount').textContent()).toMatch(
        /^₹\d{1,2}(,\d\d)*,?\d{0,3}\.\d\d$|^₹\d{1,3}\.\d\d$/,
      );

      // A bet: Hindi slip, Hindi result.
      await page.goto(`${product.baseUrl}/`);
      const row = page
        .getByTestId('event-row')
        .filter({ has: page.getByTestId('event-prices') })
        .first();
      await row.waitFor({ timeout: 15_000 });
      await row.locator('.event-row__name').click();
      await waitForPath(page, '/event');
      const market = page.getByTestId('exchange-market').first();
      await market.getByText('बैक', { exact: true }).first().waitFor();
      const before = rupees(await page.getByTestId('balance-amount').textContent());
      await market.getByTestId('best-back').first().click();
      const slip = page.getByTestId('bet-slip');
      expect(await slip.getAttribute('aria-label')).toBe('बेट स्लिप');
      await slip.getByRole('button', { name: '100', exact: true }).click();
      await slip.getByRole('button', { name: 'बेट लगाएँ' }).click();
      // Matched against the house, or waiting if the price moved meanwhile: in Hindi either way, in the
      // toast that closes the slip (issue 31).
      expect(await betToast(page, /बेट/)).toMatch(/^(बेट मैच्ड: ₹100\.00, भाव \d|बेट लगी, अनमैच्ड: ₹100\.00 मैच की प्रतीक्षा में)/);
      await page.waitForFunction(
        (limit) =>
          Number(
            (document.querySelector('[data-testid="balance-amount"]')?.textContent ?? '').replace(/[^\d.-]/g, ''),
          ) <= limit,
        before - 100,
        { timeout: 15_000 },
      );

      // The account statement in Hindi: the deposit line worded from its kind and parts (the UTR as typed),
      // its date in hi-IN with Western digits.
      await page.goto(`${product.baseUrl}/statements`);
      const depositLine = page.getByTestId('statement-line').filter({ hasText: 'यूपीआई से जमा' }).first();
      await depositLine.waitFor({ timeout: 15_000 });
      expect(await depositLine.getByTestId('line-description').textContent()).toBe(`यूपीआई से जमा, रेफ़रेंस ${utr}`);
      const lineDate = (await depositLine.getByTestId('line-date').textContent()) ?? '';
      expect(lineDate).toMatch(/^\d{1,2} [\u0900-\u097F]+ \d{4}, \d{1,2}:\d\d/);
      expect(lineDate).not.toMatch(/[०-९]|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec/);
      expect(await page.getByText('Deposit by UPI').count()).toBe(0);

      // A casino lobby: the category names in Hindi (the house provider's "Video Slots").
      await page.goto(`${product.baseUrl}/slots`);
      await page.getByRole('heading', { name: 'स्लॉट', exact: true, level: 1 }).waitFor();
      await page.getByTestId('category-tile').filter({ hasText: 'वीडियो स्लॉट' }).first().waitFor({ timeout: 15_000 });
      await page.getByTestId('game-group').getByRole('heading', { name: 'वीडियो स्लॉट' }).first().waitFor();
      expect(await page.getByTestId('category-carousel').getByText('Video Slots', { exact: true }).count()).toBe(0);

      // Remembered across a reload, then back to English from the menu.
      await page.reload();
      await page.getByTestId('balance-amount').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await page.getByRole('button', { name: 'खाता मेनू' }).click();
      await page.getByTestId('profile-menu').getByRole('button', { name: 'English' }).click();
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('lang')])).toEqual([
        'en',
        'en',
      ]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('a browser that prefers Hindi opens in Hindi; one that prefers English in English', async () => {
    for (const [locale, lang, button] of [
      ['hi-IN', 'hi', 'लॉग इन'],
      ['en-IN', 'en', 'Login'],
    ] as const) {
      const context = await browser.newContext({ viewport: PHONE, locale });
      const page = await context.newPage();
      await page.goto(`${product.baseUrl}/login`);
      await page.getByTestId('login-form').getByRole('button', { name: button, exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await context.close();
    }
  });
});
