import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningProduct } from '../support/harness.js';
import { DEMO, DESKTOP, PHONE, api, launchBrowser, loginToken, startProduct } from '../support/harness.js';

interface LobbyGame {
  _id: string;
  game_code: string;
}

interface Spin {
  spinId: string;
  stake: number;
  payout: number;
}

async function lobbyCodes(baseUrl: string, token: string): Promise<string[]> {
  const lobby = await api<LobbyGame[]>(baseUrl, 'GET', '/api/v1/casino-games', { token });
  expect(lobby.meta.code, lobby.meta.message).toBe(200);
  return lobby.data.map((game) => game.game_code);
}

/**
 * A player plays one round of the house slot as the game page does: POST /play-game answers the frame
 * URL with the launch token; the slot's own API spins with it in X-Game-Token (debit and credit go
 * through the signed wallet over HTTP).
 */
async function spinHouseSlot(baseUrl: string, playerToken: string, stake: number): Promise<Spin> {
  const launch = await api<{ url: string }>(baseUrl, 'POST', '/api/v1/play-game', {
    token: playerToken,
    body: { gameId: 'royal-bengal' },
  });
  expect(launch.meta.code, launch.meta.message).toBe(200);
  const gameToken = new URL(launch.data.url, baseUrl).searchParams.get('token');
  expect(gameToken).toBeTruthy();
  const response = await fetch(`${baseUrl}/api/v1/house-casino/slots/royal-bengal/spin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-game-token': gameToken ?? '' },
    body: JSON.stringify({ stake }),
  });
  const body = (await response.json()) as { meta: { code: number; message: string }; data: Spin };
  expect(body.meta.code, body.meta.message).toBe(200);
  return body.data;
}

async function logIn(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/backoffice/`);
  await page.getByLabel('Mobile number').fill(DEMO.director.national);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.director.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  return { context, page };
}

describe('the casino desk in a real browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  let playerToken: string;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    playerToken = await loginToken(product.baseUrl, DEMO.player.mobileNo, DEMO.player.password);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('disables a game so players no longer see it, re-enables it, and reconciles a round a player just played', async () => {
    const { context, page } = await logIn(browser, product.baseUrl);
    await page.getByRole('navigation').getByRole('link', { name: 'Casino' }).click();
    await page.getByRole('heading', { name: 'Casino', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: 'Dragon Tiger', exact: true });
    await row.getByRole('img', { name: 'Dragon Tiger', exact: true }).waitFor();
    expect(await lobbyCodes(product.baseUrl, playerToken)).toContain('dragon-tiger');

    // Off: the player's lobby loses it at once (the back office clears the catalogue cache).
    const lobbySwitch = row.getByRole('switch', { name: 'In lobby: Dragon Tiger' });
    expect(await lobbySwitch.isChecked()).toBe(true);
    await lobbySwitch.click();
    await page.getByText('Dragon Tiger is hidden from players').waitFor();
    expect(await lobbySwitch.isChecked()).toBe(false);
    const without = await lobbyCodes(product.baseUrl, playerToken);
    expect(without).not.toContain('dragon-tiger');
    expect(without).toContain('royal-bengal');

    // On again.
    await lobbySwitch.click();
    await page.getByText('Dragon Tiger is back in the lobby').waitFor();
    expect(await lobbySwitch.isChecked()).toBe(true);
    expect(await lobbyCodes(product.baseUrl, playerToken)).toContain('dragon-tiger');

    // A player plays the house slot; the round and its wallet calls show up, and everything matches.
    const spin = await spinHouseSlot(product.baseUrl, playerToken, 20);
    await page.getByRole('tab', { name: 'Rounds & transactions' }).click();
    const rounds = page.getByRole('table', { name: 'Rounds' });
    const roundRow = rounds.getByRole('row').filter({ hasText: `spin-${spin.spinId}` });
    await roundRow.waitFor();
    expect(await roundRow.textContent()).toContain('₹20.00');
    expect(await roundRow.textContent()).toContain('Settled');
    const transactions = page.getByRole('table', { name: 'Wallet transactions' });
    await transactions
      .getByRole('row')
      .filter({ hasText: `win-${spin.spinId}` })
      .waitFor();
    expect(await transactions.getByRole('row').filter({ hasText: 'Debit' }).first().textContent()).toContain('-₹20.00');

    await page.getByRole('tab', { name: 'Reconciliation' }).click();
    await page.getByText('All matched.').waitFor();
    const totals = page.getByLabel('Totals');
    expect(await totals.textContent()).toContain('₹20.00');
    expect(await page.getByRole('list', { name: 'Unmatched items' }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('view')).toBe('reconciliation');
    await context.close();
  });

  it('on a phone: rotates the house secret with a one-time reveal, and the house provider keeps playing', async () => {
    const { context, page } = await logIn(browser, product.baseUrl, PHONE);
    await page.goto(`${product.baseUrl}/backoffice/casino?view=providers`);
    const card = page.getByRole('listitem', { name: 'Khel Originals' });
    await card.getByRole('button', { name: 'Rotate the secret of Khel Originals' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the secret of Khel Originals?' });
    await confirm.getByText(/stops working/).waitFor();
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();

    const reveal = page.getByRole('dialog', { name: 'Signing secret of Khel Originals' });
    await reveal.getByText('Shown only this once.').waitFor();
    const secret = (await reveal.locator('.casino-secret-value').textContent()) ?? '';
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await reveal.getByRole('button', { name: 'Copy secret' }).waitFor();
    await reveal.getByRole('button', { name: 'I have stored it, close' }).click();
    await reveal.waitFor({ state: 'detached' });
    // Only the last four characters remain, on the page and in the server's answer.
    await card.getByText(secret.slice(-4), { exact: true }).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);

    // The house provider signs with the new secret by itself: the next spin goes through, and still all matched.
    const spin = await spinHouseSlot(product.baseUrl, playerToken, 10);
    expect(spin.stake).toBe(10);
    await page.getByRole('tab', { name: 'Reconciliation' }).click();
    await page.getByText('All matched.').waitFor();
    await context.close();
  });
});
