import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, api, launchBrowser, loginToken, sharedProduct, type Product } from '../support/harness.js';
import {
  betToast,
  createVerifiedUser,
  openMyBets,
  PHONE_AND_DESKTOP,
  storedSession,
  type TestUser,
} from './support.js';
import { openPage } from '../support/pages.js';

/**
 * Issue 31 (decisions 0067, 0072), on a 390×844 phone and a 1366×800 laptop: an unmatched exchange back
 * gets a new price from My Bets and a lower stake from the event's bet list, both places show it; a tap
 * on the runner opens its three-deep ladder, whose last traded price and traded volume follow a fill.
 */
let product: Product;
let browser: Browser;
let director: string;
let maker: TestUser;
let sport: string;
let league: string;

async function created(path: string, body: unknown): Promise<string> {
  const answer = await api<{ _id: string }>(product.baseUrl, 'POST', path, { token: director, body });
  if (answer.meta.code !== 200) throw new Error(`${path}: ${answer.meta.message}`);
  return answer.data._id;
}

async function lay(market: string, runner: string, odds: number, stake: number): Promise<void> {
  const answer = await api(product.baseUrl, 'POST', '/api/v1/place-bet', {
    token: maker.token,
    body: { marketId: market, selectionId: runner, selectionType: 'lay', odds, stake },
  });
  if (answer.meta.code !== 200) throw new Error(`lay: ${answer.meta.message}`);
}

/** A match tomorrow with an exchange market and another player's lay at 2.00 (nothing traded yet). */
async function match(suffix: string) {
  const name = `Kappa Lions v Delta Kites ${suffix}`;
  const event = await created('/api/v1/backoffice/events', {
    leagueId: league,
    name,
    startTime: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const market = await created('/api/v1/backoffice/markets', {
    eventId: event,
    marketType: 'EXCHANGE',
    name: 'Match Odds',
    runners: ['Kappa Lions', 'Delta Kites'],
  });
  const view = await api<{ runners: { _id: string }[] }>(
    product.baseUrl,
    'PUT',
    `/api/v1/backoffice/markets/${market}`,
    { token: director, body: {} },
  );
  const lions = view.data.runners[0]?._id as string;
  await lay(market, lions, 2, 500);
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { path: `/event?sport=e2e-edit-cricket&league=e2e-edit-league&event=${slug}`, market, lions };
}

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
  director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
  maker = await createVerifiedUser(product.baseUrl);
  sport = await created('/api/v1/backoffice/sports', { name: 'E2E Edit Cricket' });
  league = await created('/api/v1/backoffice/leagues', { sportId: sport, name: 'E2E Edit League' });
}, 300_000); // the product migrates and starts: minutes on a machine shared by a whole team

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe.each(PHONE_AND_DESKTOP)('edit bet and the ladder (%s)', (label, viewport) => {
  it('a new price from My Bets, a lower stake from the event list, then the ladder after a fill', async () => {
    const game = await match(label.split(' ')[0] as string);
    const player = await createVerifiedUser(product.baseUrl);
    const { context, page, errors } = await openPage(
      browser,
      viewport,
      await storedSession(product.baseUrl, player.token),
    );
    await page.goto(`${product.baseUrl}${game.path}`);
    const runner = page.getByTestId('exchange-market').getByTestId('runner').filter({ hasText: 'Kappa Lions' });

    // A back at 2.50 above the best lay of 2.00: it waits, unmatched.
    await runner.getByTestId('best-back').click();
    const slip = page.getByTestId('bet-slip');
    await slip.getByTestId('slip-odds').fill('2.5');
    await slip.getByTestId('slip-odds').press('Tab');
    await slip.getByTestId('slip-stake').fill('300');
    await slip.getByTestId('place-bet').click();
    expect(await betToast(page, 'Bet placed, unmatched')).toContain('₹300.00 waiting for a match');

    // My Bets: one tick up, 2.50 → 2.52, a new bet at the back of the queue at that price.
    const dialog = await openMyBets(page);
    const row = dialog.getByTestId('bet-row').filter({ hasText: 'Kappa Lions' });
    await row
      .getByTestId('edit-bet')
      .click()
      .catch(async (error: unknown) => {
        // Failed about once in fifteen whole runs, never alone (docs/testing.md): say what My Bets and the toasts showed.
        const shown = await dialog.innerText().catch(() => '(the dialog is gone)');
        const toasts = await page
          .getByTestId('toast')
          .allTextContents()
          .catch(() => []);
        throw new Error(
          `no Edit on the bet in My Bets; the dialog: ${JSON.stringify(shown)}; toasts: ${JSON.stringify(toasts)}`,
          {
            cause: error,
          },
        );
      });
    const form = row.getByTestId('edit-bet-form');
    await form.getByRole('button', { name: 'Higher odds' }).click();
    expect(await form.getByTestId('edit-bet-odds').textContent()).toBe('2.52');
    await form.getByTestId('edit-bet-save').click();
    await form.waitFor({ state: 'detached' });
    await row.filter({ hasText: 'Odds 2.52' }).waitFor();
    expect(await row.count()).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The event's bet list shows the new price; the stake goes down to ₹200 there.
    const onEvent = page.getByTestId('event-bet').filter({ hasText: 'Kappa Lions @ 2.52' });
    await onEvent.filter({ hasText: 'Unmatched' }).waitFor();
    await onEvent.getByTestId('event-bet-edit').click();
    const eventForm = onEvent.getByTestId('edit-bet-form');
    await eventForm.getByTestId('edit-bet-stake').fill('200');
    await eventForm.getByTestId('edit-bet-save').click();
    await eventForm.waitFor({ state: 'detached' });
    await onEvent.filter({ hasText: '₹0.00 matched, ₹200.00 unmatched' }).waitFor();
    const again = await openMyBets(page);
    const cut = again.getByTestId('bet-row').filter({ hasText: 'Odds 2.52' });
    await cut.getByTestId('bet-unmatched').filter({ hasText: '₹200.00' }).waitFor();
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'detached' });

    // A tap on the runner opens its ladder: three prices a side, nothing traded yet.
    await runner.getByTestId('runner-ladder-toggle').click();
    const ladder = page.getByTestId('runner-ladder');
    await ladder.waitFor();
    expect(await ladder.locator('.runner-ladder__prices > span').count()).toBe(6);
    expect(await ladder.getByTestId('runner-ltp').textContent()).toBe('–');
    expect(await ladder.getByTestId('runner-volume').textContent()).toBe('₹0.00');

    // Another player lays ₹100 into it at 2.52: the ladder shows the trade live, the bet is part matched.
    await lay(game.market, game.lions, 2.52, 100);
    await ladder.getByTestId('runner-ltp').filter({ hasText: '2.52' }).waitFor({ timeout: 10_000 });
    await ladder.getByTestId('runner-volume').filter({ hasText: '₹100.00' }).waitFor({ timeout: 10_000 });
    await page
      .getByTestId('event-bet')
      .filter({ hasText: 'Kappa Lions @ 2.52' })
      .filter({ hasText: '₹100.00 matched, ₹100.00 unmatched' })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
