import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DEMO,
  DESKTOP,
  PHONE,
  api,
  cleanupDir,
  freshMobile,
  launchBrowser,
  loginToken,
  readOtp,
  startProduct,
  type RunningProduct,
} from '../support/harness.js';
import {
  betToast,
  closeSheet,
  expectToast,
  createVerifiedUser,
  setFlags,
  uiLogin,
  waitForPath,
  type TestUser,
} from './support.js';
import { keptPages, openPage } from '../support/pages.js';

/**
 * Bonuses and the referral programme (PRODUCT.md §8) in a real browser, phone and desktop: an operator
 * creates a welcome offer and grants a manual bonus in the back office; a new player deposits, is
 * approved, activates the bonus, bets from the bonus wallet, sees progress move and claims; a forfeit;
 * a referred friend's losing week is paid once the week has closed and claimed to the main wallet.
 */

const ALL = { allowHome: true, allowLiveCasino: true, allowSlots: true, allowStatements: true, allowProfitLoss: true };
const EVENT_PATH = '/event?sport=e2e-bonus-cricket&league=e2e-bonus-league&event=gamma-lions-v-delta-hawks';
const WEEK_MS = 7 * 86_400_000;

let product: RunningProduct;
let browser: Browser;
let director: string;
let dataDir: string;
/** Bookmaker markets on one event of our own: two for the bonus bets, one for the referred friend. */
const markets: { id: string; runners: string[] }[] = [];

async function created(path: string, body: unknown): Promise<string> {
  const answer = await api<{ _id: string }>(product.baseUrl, 'POST', path, { token: director, body });
  if (answer.meta.code !== 200) throw new Error(`${path}: ${answer.meta.message}`);
  return answer.data._id;
}

/** The player asks for a deposit into the first receiving account; the director approves it. */
async function approvedDeposit(player: { token: string }, amount: number): Promise<void> {
  const accounts = await api<{ _id: string; type: 'upi' | 'bank' }[]>(
    product.baseUrl,
    'GET',
    '/api/v1/admin-account-details',
    { token: player.token },
  );
  const account = accounts.data[0];
  const deposit = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/admin-deposit-request', {
    token: player.token,
    body: {
      amount,
      accountId: account?._id,
      txnRef: `E2EBONUS${process.pid}${Date.now()}${Math.floor(Math.random() * 1000)}`,
      type: account?.type,
    },
  });
  expect(deposit.meta.code, deposit.meta.message).toBe(200);
  const approved = await api(product.baseUrl, 'POST', `/api/v1/backoffice/deposits/${deposit.data._id}/approve`, {
    token: director,
  });
  expect(approved.meta.code, approved.meta.message).toBe(200);
}

async function settle(marketIndex: number, winnerIndex: number): Promise<void> {
  const market = markets[marketIndex];
  const answer = await api(product.baseUrl, 'POST', `/api/v1/backoffice/markets/${market?.id}/settle`, {
    token: director,
    body: { winnerId: market?.runners[winnerIndex] },
  });
  expect(answer.meta.code, answer.meta.message).toBe(200);
}

async function profileOf(
  token: string,
): Promise<{ balance: number; bonus: number; refBonus: number; referralCode: string }> {
  const answer = await api<{ balance: number; bonus: number; refBonus: number; referralCode: string }>(
    product.baseUrl,
    'GET',
    '/api/v1/getUserData',
    { token },
  );
  expect(answer.meta.code, answer.meta.message).toBe(200);
  return answer.data;
}

// One context per screen size for the operator and the players, who take turns (keptPages); the test that moves
// the clock forward a week opens its own.
const visitorPage = keptPages(
  () => browser,
  () => product.baseUrl,
);

async function backOffice(viewport: { width: number; height: number }): Promise<{ page: Page }> {
  const { page } = await visitorPage(viewport);
  await page.goto(`${product.baseUrl}/backoffice/`);
  await page.getByLabel('Mobile number').fill(DEMO.director.national);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.director.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  return { page };
}

async function playerPage(user: TestUser, viewport: { width: number; height: number }) {
  const opened = await visitorPage(viewport);
  await uiLogin(opened.page, product.baseUrl, user.national, user.password);
  await opened.page.getByTestId('balance-amount').waitFor();
  return opened;
}

/** Backs Gamma Lions at the bookmaker rate 100 (decimal odds 2.00) in the slip, from whichever wallet pays. */
async function backInSlip(page: Page, marketName: string, stake: number): Promise<void> {
  await page.goto(`${product.baseUrl}${EVENT_PATH}`);
  const market = page.getByTestId('bookmaker-market').filter({ hasText: marketName });
  await market.getByTestId('runner').filter({ hasText: 'Gamma Lions' }).getByTestId('bm-back').click();
  const slip = page.getByTestId('bet-slip');
  await slip.waitFor();
  expect(await slip.getByTestId('slip-wallet').textContent()).toContain('Paid from your Bonus wallet');
  expect(await slip.getByTestId('slip-wagering-note').textContent()).toBe(
    'This bet counts towards your bonus wagering once it settles.',
  );
  await slip.getByTestId('slip-stake').fill(String(stake));
  await slip.getByTestId('place-bet').click();
  await betToast(page, 'Bet matched');
}

async function progressText(page: Page): Promise<string> {
  await page.goto(`${product.baseUrl}/bonus`);
  const text = page.getByTestId('bonus-view').getByTestId('wagering-progress-text').first();
  await text.waitFor();
  return (await text.textContent()) ?? '';
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'khel-e2e-bonus-'));
  [product, browser] = await Promise.all([startProduct({ dataDir }), launchBrowser()]);
  director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
  // Results need a second operator by default (decision 0044): this file's director settles alone.
  await api(product.baseUrl, 'PUT', '/api/v1/backoffice/sports-desk/settings', {
    token: director,
    body: { resultsNeedConfirmation: false },
  });
  const sport = await created('/api/v1/backoffice/sports', { name: 'E2E Bonus Cricket' });
  const league = await created('/api/v1/backoffice/leagues', { sportId: sport, name: 'E2E Bonus League' });
  const event = await created('/api/v1/backoffice/events', {
    leagueId: league,
    name: 'Gamma Lions v Delta Hawks',
    startTime: new Date(Date.now() + 3 * 3600_000).toISOString(),
  });
  for (const name of ['Bookmaker One', 'Bookmaker Two', 'Bookmaker Three']) {
    const id = await created('/api/v1/backoffice/markets', {
      eventId: event,
      marketType: 'BOOKMAKER',
      name,
      runners: ['Gamma Lions', 'Delta Hawks'],
    });
    const detail = await api<{ markets: { _id: string; runners: { _id: string }[] }[] }>(
      product.baseUrl,
      'GET',
      `/api/v1${EVENT_PATH}`,
      { token: director },
    );
    const runners = detail.data.markets.find((market) => market._id === id)?.runners.map((runner) => runner._id) ?? [];
    const rates = await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${id}/bookmaker-rates`, {
      token: director,
      body: {
        runners: runners.map((runnerId, index) => ({
          runnerId,
          backRate: 100 + index * 10,
          layRate: 105 + index * 10,
        })),
      },
    });
    expect(rates.meta.code, rates.meta.message).toBe(200);
    markets.push({ id, runners });
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  if (dataDir) cleanupDir(dataDir);
});

describe('bonuses and referrals in a real browser', () => {
  it('desktop: an operator creates a welcome offer in the back office', async () => {
    const { page } = await backOffice(DESKTOP);
    await page.getByRole('link', { name: 'Bonuses' }).click();
    await page.getByRole('heading', { name: 'Bonuses' }).waitFor();
    await page.getByRole('button', { name: 'New offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New offer' });
    await dialog.getByLabel('Name').fill('E2E Welcome');
    await dialog.getByLabel('Cap (₹)').fill('1000');
    await dialog.getByLabel('Wagering multiple (× bonus)').fill('2');
    await dialog.getByLabel('Minimum odds').fill('1.5');
    await dialog.getByRole('button', { name: 'Create offer' }).click();
    await page.getByText('Offer created').waitFor();
    const row = page.getByRole('table', { name: 'Bonus offers' }).getByRole('row').filter({ hasText: 'E2E Welcome' });
    await row.waitFor();
    expect(await row.textContent()).toContain('100% up to ₹1,000.00');
    expect(await row.textContent()).toContain('2× at odds ≥ 1.50');
  });

  it('phone: a new player deposits, is approved, activates the welcome bonus, bets from the bonus wallet, sees progress move and claims', async () => {
    const user = await createVerifiedUser(product.baseUrl);
    await setFlags(product.baseUrl, user.mobileNo, ALL);
    await approvedDeposit(user, 500);
    const before = await profileOf(user.token);

    const { page, errors } = await playerPage(user, PHONE);
    await page.getByRole('link', { name: 'Bonus', exact: true }).click();
    await waitForPath(page, '/bonus');
    const offered = page.getByRole('article', { name: 'E2E Welcome, Offered' });
    await offered.waitFor();
    expect(await offered.getByTestId('bonus-amount').textContent()).toBe('₹500.00');
    await offered.getByRole('button', { name: 'Activate' }).click();
    let dialog = page.getByRole('dialog', { name: 'Activate this bonus?' });
    expect(await dialog.textContent()).toContain('₹500.00 will be added to your bonus wallet.');
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await expectToast(page, 'Bonus activated');
    const active = page.getByRole('article', { name: 'E2E Welcome, Active' });
    await active.waitFor();
    expect(await active.getByTestId('wagering-progress-text').textContent()).toBe('₹0.00 of ₹1,000.00 wagered (0%)');

    // The bonus wallet pays from now on.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page
      .getByTestId('profile-menu')
      .getByRole('radio', { name: /Bonus Wallet/ })
      .click(); // selected once the server has switched (the toast)
    await expectToast(page, 'Wallet Changed');
    expect(await page.getByTestId('wallet-pays').textContent()).toContain('Bonus wallet');
    await closeSheet(page);

    await backInSlip(page, 'Bookmaker One', 400);
    await settle(0, 0);
    expect(await progressText(page)).toBe('₹400.00 of ₹1,000.00 wagered (40%)');
    expect(await page.getByTestId('bonus-shortcut-progress').textContent()).toBe('40%');

    await backInSlip(page, 'Bookmaker Two', 600);
    await settle(1, 0);
    await page.goto(`${product.baseUrl}/bonus`);
    const complete = page.getByRole('article', { name: 'E2E Welcome, Ready to claim' });
    await complete.waitFor();
    expect(await complete.getByTestId('wagering-progress-text').textContent()).toBe(
      '₹1,000.00 of ₹1,000.00 wagered (100%)',
    );
    // 500 − 400 + 800 − 600 + 1,200: both bets won at rate 100.
    await complete.getByRole('button', { name: 'Claim' }).click();
    dialog = page.getByRole('dialog', { name: 'Claim this bonus?' });
    expect(await dialog.textContent()).toContain('₹1,500.00 moves from your bonus wallet to your main wallet.');
    await dialog.getByRole('button', { name: 'Claim' }).click();
    await expectToast(page, 'Bonus claimed to your main wallet');
    await page.getByRole('article', { name: 'E2E Welcome, Claimed' }).waitFor();
    const after = await profileOf(user.token);
    expect(after.balance).toBe(before.balance + 1500);
    expect(after.bonus).toBe(0);
    expect(errors).toEqual([]);
  });

  it('desktop: an operator grants a manual bonus on the player page; the player activates it, then forfeits it', async () => {
    const manual = await api(product.baseUrl, 'POST', '/api/v1/backoffice/bonus-offers', {
      token: director,
      body: {
        name: 'E2E Goodwill',
        kind: 'manual',
        percent: null,
        capAmount: null,
        fixedAmount: 300,
        minDeposit: null,
        frequency: 'once',
        wageringMultiple: 5,
        minOdds: 1.5,
        contributions: { exchange: 100, bookmaker: 100, fancy: 50, slots: 100, liveCasino: 10 },
        daysToActivate: 7,
        daysToComplete: 30,
        maxConversion: null,
      },
    });
    expect(manual.meta.code, manual.meta.message).toBe(200);
    const user = await createVerifiedUser(product.baseUrl);
    await setFlags(product.baseUrl, user.mobileNo, ALL);

    const office = await backOffice(DESKTOP);
    await office.page.goto(`${product.baseUrl}/backoffice/users/${user.id}`);
    const form = office.page.getByRole('form', { name: 'Grant a bonus' });
    await form.waitFor();
    await form.getByLabel('Reason').fill('Sorry for the delayed withdrawal');
    await form.getByRole('button', { name: 'Review bonus' }).click();
    const confirm = office.page.getByRole('dialog', { name: 'Offer this bonus?' });
    expect(await confirm.textContent()).toContain('Offer ₹300.00 from E2E Goodwill');
    await confirm.getByRole('button', { name: 'Grant bonus' }).click();
    await office.page.getByText('Bonus offered to the player').first().waitFor();
    await office.page.getByRole('listitem', { name: 'E2E Goodwill, Offered' }).waitFor();

    const { page, errors } = await playerPage(user, DESKTOP);
    await page.goto(`${product.baseUrl}/bonus`);
    await page
      .getByRole('article', { name: 'E2E Goodwill, Offered' })
      .getByRole('button', { name: 'Activate' })
      .click();
    await page.getByRole('dialog', { name: 'Activate this bonus?' }).getByRole('button', { name: 'Activate' }).click();
    await expectToast(page, 'Bonus activated');
    const active = page.getByRole('article', { name: 'E2E Goodwill, Active' });
    await active.getByRole('button', { name: 'Forfeit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forfeit this bonus?' });
    expect(await dialog.textContent()).toContain('The ₹300.00 in your bonus wallet is removed and this bonus ends.');
    await dialog.getByRole('button', { name: 'Forfeit' }).click();
    await expectToast(page, 'Bonus forfeited');
    await page.getByRole('article', { name: 'E2E Goodwill, Forfeited' }).waitFor();
    expect((await profileOf(user.token)).bonus).toBe(0);
    expect(errors).toEqual([]);
  });

  it("phone: a referred friend's losing week is paid once the week has closed, shows on /referral-bonus and is claimed to the main wallet", async () => {
    const referrer = await createVerifiedUser(product.baseUrl);
    await setFlags(product.baseUrl, referrer.mobileNo, { ...ALL, referralAllow: true });
    const code = (await profileOf(referrer.token)).referralCode;

    // The friend signs up with the code (the share link's ?referral_code= fills it in), deposits and loses 2,000.
    const { mobileNo, national } = freshMobile();
    const password = 'e2e-Friend-77';
    const signUp = await api(product.baseUrl, 'POST', '/api/v1/signUp', {
      body: {
        name: 'Friend Player',
        mobile_no: mobileNo,
        password,
        confirmPassword: password,
        ageConfirmed: true,
        affiliateCode: code,
      },
    });
    expect(signUp.meta.code, signUp.meta.message).toBe(200);
    // The friend signs in on a phone of their own: the same address and browser as the referrer's would be
    // one device, and the week's earning refused (decision 0044).
    const verify = await api<{ _id: string }>(product.baseUrl, 'POST', '/api/v1/verify-otp', {
      body: { mobile_no: mobileNo, otp: await readOtp(product.baseUrl, mobileNo) },
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; K) Chrome/126.0 Mobile (friend phone)' },
    });
    const friend = { token: verify.meta.token ?? '', national };
    await setFlags(product.baseUrl, mobileNo, ALL);
    await approvedDeposit(friend, 3000);
    const market = markets[2];
    const bet = await fetch(`${product.baseUrl}/api/v1/place-bet`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${friend.token}`,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        marketId: market?.id,
        selectionId: market?.runners[0],
        selectionType: 'back',
        odds: 100,
        stake: 2000,
      }),
    });
    expect(((await bet.json()) as { meta: { code: number } }).meta.code).toBe(200);
    await settle(2, 1);

    // A week later: the same database, the server's clock past the close of this week. The weekly job pays it.
    await product.stop();
    product = await startProduct({ dataDir, clockOffsetMs: WEEK_MS });
    const token = await loginToken(product.baseUrl, referrer.mobileNo, referrer.password);
    const deadline = Date.now() + 100_000;
    while ((await profileOf(token)).refBonus === 0) {
      if (Date.now() > deadline) throw new Error('the weekly referral payout did not run');
      await new Promise((done) => setTimeout(done, 250));
    }
    const before = await profileOf(token);
    expect(before.refBonus).toBe(100);

    const { context, page, errors } = await openPage(browser, PHONE);
    // The phone's clock agrees with the server's, so the week just closed is "last week".
    await context.clock.setFixedTime(new Date(Date.now() + WEEK_MS));
    await uiLogin(page, product.baseUrl, referrer.national, referrer.password);
    await page.getByTestId('balance-amount').waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByTestId('profile-menu').getByRole('link', { name: 'Referral Bonus' }).click();
    await waitForPath(page, '/referral-bonus');
    expect(await page.getByTestId('referral-code').textContent()).toBe(code);
    expect(await page.getByTestId('referral-link').textContent()).toBe(`${product.baseUrl}/?referral_code=${code}`);
    expect(await page.getByTestId('ref-claimable').textContent()).toBe('₹100.00');
    const row = page.getByTestId('weekly-row').filter({ hasText: 'Fr' });
    await row.waitFor();
    expect(await row.getByTestId('weekly-earned').textContent()).toBe('₹100.00');
    expect(await row.textContent()).toContain('Net loss ₹2,000.00');
    expect(await page.getByTestId('referred-player').first().textContent()).toContain('First deposit made');

    await page.getByTestId('claim-ref-bonus').click();
    await expectToast(page, 'Referral bonus claimed to your main wallet');
    await page.getByTestId('ref-claimable').filter({ hasText: '₹0.00' }).waitFor();
    const after = await profileOf(token);
    expect(after.balance).toBe(before.balance + 100);
    expect(after.refBonus).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
