import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningProduct } from '../support/harness.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_OPTIONS, PHONE, api, startProduct } from '../support/harness.js';
import { submitLogin, totpCode } from '../support/second-factor.js';
import { answerCodeStep, firstAgentSignIn, subAgentWithClient } from './agent-support.js';

/**
 * Issue 28 in Chromium, at 1366×800 and 390×844 (decisions 0049, 0065): an agent's evening money step.
 * It finds a client with the client list's search box, gives chips from the row's D/W button, reads the
 * confirmation step, and confirms with a fresh authenticator code: a wrong code is refused, the right
 * one moves the money once, and the same code typed in a second session is refused as used. The
 * balances move to the paisa and the agent's own statement shows the line.
 *
 * Demo agents sign in without a second factor and so skip step-up: this agent is a new one its upline
 * made, which sets up its authenticator at its first sign-in.
 */
const LAPTOP = { width: 1366, height: 800 } as const;
const CHIPS = 5000;
const GIVEN = 1234.56;

type AccountMoney = { account: { balance: number }; own: number };
/** As the back office writes rupees: ₹11,234.56 (Indian grouping, two decimals). */
const rupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe("the agent panel: the evening's chips with confirmation and step-up", () => {
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    // No sports feed: this file bets on nothing, and the server starts sooner on a busy machine.
    [product, browser] = await Promise.all([
      startProduct(),
      // Its own Chromium: the CSV download's path() is only there on a local browser, not the run's shared one.
      chromium.launch(CHROMIUM_OPTIONS),
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  /** Finds the client with the list's search box and opens the chips form of its row's D/W. */
  async function openDw(page: Page, client: { name: string; national: string }) {
    await page.getByLabel('Search the downline').fill(client.national);
    const row = page.getByRole('row', { name: new RegExp(client.name) });
    await row.getByRole('button', { name: `D/W ${client.name}` }).click();
    const dw = page.getByRole('dialog', { name: `D/W: ${client.name}` });
    await dw.getByRole('form', { name: 'Chips' }).waitFor();
    return { row, dw };
  }

  const noOverflow = (page: Page) =>
    page
      .evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      .then((overflow) => {
        expect(overflow).toBeLessThanOrEqual(0);
      });

  it.each([
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const)(
    '%s: finds a client, gives chips from D/W with the confirmation step and a fresh code; a wrong or replayed code is refused',
    async (size, viewport) => {
      const { upline, agent, client } = await subAgentWithClient(product.baseUrl, `${size} ${process.pid}`, CHIPS);
      const money = async (id: string) =>
        (await api<AccountMoney>(product.baseUrl, 'GET', `/api/v1/backoffice/users/${id}/money`, { token: upline }))
          .data;
      // A new player of a play-money site starts with its welcome chips; the paise of the sum are exact.
      const before = (await money(client.id)).account.balance;
      const after = (Math.round(before * 100) + Math.round(GIVEN * 100)) / 100;
      const newPassword = `Own-evening-${size}-e2e-6`;
      const first = await firstAgentSignIn(browser, product.baseUrl, agent, newPassword, viewport);
      const { page, secret } = first;
      // A second session of the same agent (another device), also without a fresh code.
      const other = await browser.newContext({ viewport });
      const otherPage = await other.newPage();
      await submitLogin(otherPage, product.baseUrl, agent.national, newPassword);
      await answerCodeStep(otherPage, first.recoveryCodes[0] ?? '');

      // The evening: find the client, D/W, give ₹1,234.56.
      const { row, dw } = await openDw(page, client);
      await dw.getByLabel('Action').selectOption('give');
      await dw.getByLabel('Amount (₹)').fill(String(GIVEN));
      await dw.getByRole('button', { name: 'Give' }).click();
      // The confirmation step: the amount, from the agent's chips to the client's balance, before and after.
      const confirm = page.getByRole('dialog', { name: 'Confirm: give chips' });
      expect(await confirm.getByTestId('move-amount').innerText()).toBe('₹1,234.56');
      expect((await confirm.getByTestId('move-from').innerText()).replace(/\s+/g, ' ')).toContain(
        `${agent.name} Chips ₹5,000.00 → ₹3,765.44`,
      );
      expect((await confirm.getByTestId('move-to').innerText()).replace(/\s+/g, ' ')).toContain(
        `${client.name} Balance ${rupees(before)} → ${rupees(after)}`,
      );
      await noOverflow(page);
      await confirm.getByRole('button', { name: 'Confirm' }).click();

      // Step-up: no fresh code in this session, so the server asks for one; a wrong one is refused.
      const stepUp = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
      await stepUp.getByLabel('Authenticator code').fill('000000');
      await stepUp.getByRole('button', { name: 'Confirm' }).click();
      await stepUp.getByText('That code is not right, please try again').waitFor();

      // Meanwhile the second session starts taking ₹1 back and is asked for a code too.
      const second = await openDw(otherPage, client);
      await second.dw.getByLabel('Action').selectOption('take');
      await second.dw.getByLabel('Amount (₹)').fill('1');
      await second.dw.getByRole('button', { name: 'Take' }).click();
      await otherPage
        .getByRole('dialog', { name: 'Confirm: take chips' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      const otherStepUp = otherPage.getByRole('dialog', { name: 'Confirm with your authenticator' });
      await otherStepUp.getByLabel('Authenticator code').waitFor();

      // The next 30-second step's code (apps allow a step of drift) is newer than any used: it passes,
      // and the refused call goes again by itself, moving the money once.
      const code = totpCode(secret, 1);
      await stepUp.getByLabel('Authenticator code').fill(code);
      await stepUp.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Chips given').first().waitFor();
      await stepUp.waitFor({ state: 'detached' });
      await confirm.waitFor({ state: 'detached' });

      // The same code, seen once, opens nothing in the other session.
      await otherStepUp.getByLabel('Authenticator code').fill(code);
      await otherStepUp.getByRole('button', { name: 'Confirm' }).click();
      await otherStepUp.getByText('That code has already been used, wait for the next one').waitFor();
      await otherStepUp.getByRole('button', { name: 'Cancel' }).click();
      await otherPage.getByText('Enter a fresh code from your authenticator app to confirm this').first().waitFor();
      await other.close();

      // Exactly ₹1,234.56 moved, once: onto the client's balance, off the agent's ₹5,000.00 of chips.
      expect((await money(client.id)).account.balance).toBe(after);
      expect((await money(agent.id)).own).toBe(3765.44);

      // The client list shows the new balance; the agent's own statement shows the line and the balance after.
      await dw.getByRole('button', { name: 'Close' }).first().click();
      await row.getByText(rupees(after)).first().waitFor({ timeout: 15_000 });
      await noOverflow(page);
      // The list's CSV says the same, in paise-exact rupees (decision 0074).
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
      expect(csv[0]).toBe(
        'Name,Username,Role,Credit Ref,Balance,Exposure,Available,Ref P&L,Partnership %,Status,Created,Last sign-in',
      );
      const cells = csv.find((line) => line.startsWith(`${client.name},`))?.split(',');
      expect(cells?.slice(3, 9)).toEqual(['', after.toFixed(2), '0.00', after.toFixed(2), '', '']);
      await page.goto(`${product.baseUrl}/backoffice/my-statement`);
      const lines = page.getByRole('table', { name: 'Statement lines' });
      const line = lines.getByRole('row', { name: new RegExp(`Chips given to ${client.name}`) });
      expect((await line.innerText()).replace(/\s+/g, ' ')).toMatch(/-₹1,234\.56.*₹3,765\.44/);
      expect(await page.getByTestId('book-closing').innerText()).toBe('₹3,765.44');
      await noOverflow(page);
      await first.context.close();
    },
    180_000,
  );
});
