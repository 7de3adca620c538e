import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  DEMO,
  DESKTOP,
  PHONE,
  api,
  launchBrowser,
  loginToken,
  startProduct,
  type RunningProduct,
} from '../support/harness.js';
import { betToast, createVerifiedUser, openMyBets, storedSession, type TestUser } from './support.js';
import { openPage } from '../support/pages.js';

/**
 * Issue 31: a back at 1.85 that fills at 2.00 during the in-play delay says 2 everywhere the player
 * looks (the slip's confirmation, the event's bet list, My Bets, the settled list), and is paid at 2.
 */
let product: RunningProduct;
let browser: Browser;
let director: string;
let maker: TestUser;

async function created(path: string, body: unknown): Promise<string> {
  const answer = await api<{ _id: string }>(product.baseUrl, 'POST', path, { token: director, body });
  if (answer.meta.code !== 200) throw new Error(`${path}: ${answer.meta.message}`);
  return answer.data._id;
}

/** An in-play match with a 1 s bet delay and another player's lay at 2.00 to back into. */
async function inPlayMatch(suffix: string) {
  const sport = await created('/api/v1/backoffice/sports', { name: 'E2E Matched Cricket' });
  const league = await created('/api/v1/backoffice/leagues', { sportId: sport, name: 'E2E Matched League' });
  const name = `Omega Rhinos v Sigma Owls ${suffix}`;
  const event = await created('/api/v1/backoffice/events', {
    leagueId: league,
    name,
    startTime: new Date(Date.now() - 3600_000).toISOString(),
  });
  await api(product.baseUrl, 'PUT', `/api/v1/backoffice/events/${event}`, {
    token: director,
    body: { status: 'in_play' },
  });
  const market = await created('/api/v1/backoffice/markets', {
    eventId: event,
    marketType: 'EXCHANGE',
    name: 'Match Odds',
    runners: ['Omega Rhinos', 'Sigma Owls'],
    betDelaySeconds: 1,
  });
  const view = await api<{ runners: { _id: string }[] }>(
    product.baseUrl,
    'PUT',
    `/api/v1/backoffice/markets/${market}`,
    { token: director, body: { inPlay: true } },
  );
  const rhinos = view.data.runners[0]?._id as string;
  const lay = await api(product.baseUrl, 'POST', '/api/v1/place-bet', {
    token: maker.token,
    body: { marketId: market, selectionId: rhinos, selectionType: 'lay', odds: 2, stake: 1000 },
  });
  if (lay.meta.code !== 200) throw new Error(`offer: ${lay.meta.message}`);
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { path: `/event?sport=e2e-matched-cricket&league=e2e-matched-league&event=${slug}`, market, rhinos };
}

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
  // Results need a second operator by default (decision 0044): this file's director settles alone.
  await api(product.baseUrl, 'PUT', '/api/v1/backoffice/sports-desk/settings', {
    token: director,
    body: { resultsNeedConfirmation: false },
  });
  maker = await createVerifiedUser(product.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('the price a bet got (%s)', (label, viewport) => {
  it('a back at 1.85 filled at 2.00 shows 2 in the slip, the event bet list, My Bets and the settled list', async () => {
    const match = await inPlayMatch(label);
    const player = await createVerifiedUser(product.baseUrl);
    const { context, page, errors } = await openPage(
      browser,
      viewport,
      await storedSession(product.baseUrl, player.token),
    );
    await page.goto(`${product.baseUrl}${match.path}`);
    const runner = page.getByTestId('exchange-market').getByTestId('runner').filter({ hasText: 'Omega Rhinos' });
    await runner.getByTestId('best-back').click();

    // The player asks 1.85; the lay at 2.00 is better, and the bet takes it after the delay.
    const slip = page.getByTestId('bet-slip');
    await slip.getByTestId('slip-odds').fill('1.85');
    await slip.getByTestId('slip-odds').press('Tab');
    await slip.getByTestId('slip-stake').fill('100');
    await slip.getByTestId('place-bet').click();
    // Accepted after the delay: the slip closes and its toast says the price got (issue 31).
    expect(await betToast(page, 'Bet matched')).toBe('Bet matched: ₹100.00 at 2');

    const onEvent = page.getByTestId('event-bet').filter({ hasText: 'Omega Rhinos' });
    await onEvent.getByTestId('event-bet-matched-odds').waitFor({ timeout: 10_000 });
    expect(await onEvent.getByTestId('event-bet-matched-odds').textContent()).toBe('2');

    let dialog = await openMyBets(page);
    const open = dialog.getByTestId('bet-row').filter({ hasText: 'Omega Rhinos' });
    await open.waitFor({ timeout: 10_000 });
    expect(await open.getByTestId('bet-matched-odds').textContent()).toBe('2');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const settle = await api(product.baseUrl, 'POST', `/api/v1/backoffice/markets/${match.market}/settle`, {
      token: director,
      body: { winnerId: match.rhinos },
    });
    expect(settle.meta.code).toBe(200);
    dialog = await openMyBets(page);
    await dialog.getByRole('button', { name: 'Settled' }).click();
    const settled = dialog.getByTestId('bet-row').filter({ hasText: 'Omega Rhinos' });
    await settled.waitFor({ timeout: 10_000 });
    expect(await settled.getByTestId('bet-matched-odds').textContent()).toBe('2');
    // Paid at the price got: ₹100 × (2.00 − 1), not ₹85.
    expect(await settled.getByTestId('bet-result').textContent()).toBe('₹100.00');
    expect(errors).toEqual([]);
    await context.close();
  });
});
