import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { keptPages, type VisitorPage } from '../support/pages.js';
import type { RunningProduct } from '../support/harness.js';
import { DEMO, DESKTOP, PHONE, api, launchBrowser, loginToken, startProduct } from '../support/harness.js';

interface LobbyGame {
  _id: string;
  game_code: string;
  title: string;
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
  seat: VisitorPage,
  baseUrl: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ page: Page }> {
  const { page } = await seat(viewport);
  await page.goto(`${baseUrl}/backoffice/`);
  await page.getByLabel('Mobile number').fill(DEMO.director.national);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.director.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  return { page };
}

describe('the casino desk in a real browser', () => {
  let product: RunningProduct;
  let browser: Browser;
  // One context per screen size: each test starts as a visitor in it (keptPages).
  const visitorPage = keptPages(
    () => browser,
    () => product.baseUrl,
  );
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
    const { page } = await logIn(visitorPage, product.baseUrl);
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
  });

  it("Hub88's games: an operator orders and hides them, a fresh import keeps both, and a past day is reconciled with Hub88's report", async () => {
    const hub88Lobby = async () =>
      (await api<LobbyGame[]>(product.baseUrl, 'GET', '/api/v1/casino-games?provider=hub88', { token: playerToken }))
        .data;
    const { page } = await logIn(visitorPage, product.baseUrl);
    await page.goto(`${product.baseUrl}/backoffice/casino`);
    const table = page.getByRole('table', { name: 'Casino games' });
    await table.getByRole('row').nth(1).waitFor();
    await page.getByLabel('Provider').selectOption({ label: 'Hub88' });
    // The aggregator's 13 games (the demo imported them at boot), under their studios, in the lobby's order.
    const titles = () =>
      table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
    await page.waitForFunction(
      () => document.querySelectorAll('table[aria-label="Casino games"] tbody tr').length === 13,
    );
    const before = await titles();
    const lobbyBefore = await hub88Lobby();
    expect(lobbyBefore.map((game) => game.title)).toEqual(before);

    // Second up: it leads the Hub88 games in the desk and in the player's lobby.
    const second = before[1] ?? '';
    await page.getByRole('button', { name: `Move ${second} up`, exact: true }).click();
    await page.waitForFunction(
      (title) =>
        document.querySelector('table[aria-label="Casino games"] tbody tr')?.getAttribute('aria-label') === title,
      second,
    );
    expect((await hub88Lobby())[0]?.title).toBe(second);

    // Roulette Live off: gone from the player's lobby.
    const roulette = page.getByRole('row', { name: 'Roulette Live', exact: true });
    const rouletteSwitch = roulette.getByRole('switch', { name: 'In lobby: Roulette Live' });
    if (second === 'Roulette Live') throw new Error('pick another game to hide');
    await rouletteSwitch.click();
    await page.getByText('Roulette Live is hidden from players').waitFor();
    expect((await hub88Lobby()).map((game) => game.game_code)).not.toContain('evo_roulette_live');

    // A fresh import of the aggregator's list refreshes all 13, keeping the operator's order and switch.
    await page.getByRole('button', { name: 'Import from Hub88' }).click();
    await page
      .getByText(
        'Hub88 catalogue imported: 0 games added (switched off until you enable them), 13 refreshed, 0 switched off (no longer offered)',
      )
      .waitFor();
    expect(await rouletteSwitch.isChecked()).toBe(false);
    const after = await hub88Lobby();
    expect(after[0]?.title).toBe(second);
    expect(after.map((game) => game.game_code)).not.toContain('evo_roulette_live');
    expect(after).toHaveLength(12);

    // The daily reconciliation, run again for yesterday from the Reconciliation view.
    await page.getByRole('tab', { name: 'Reconciliation' }).click();
    // The Reconciliation panel's own Provider (the games' one may still be on screen for a moment).
    await page
      .getByRole('tabpanel', { name: 'Reconciliation' })
      .getByLabel('Provider')
      .selectOption({ label: 'Hub88' });
    const form = page.getByRole('form', { name: 'Reconcile a day with Hub88' });
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
      new Date(Date.now() - 24 * 60 * 60 * 1000),
    );
    expect(await form.getByLabel("Day against Hub88's report (India time)").inputValue()).toBe(yesterday);
    await form.getByRole('button', { name: 'Reconcile day' }).click();
    await page
      .getByText(`Reconciled with Hub88 — ${yesterday}: 0 of ours, 0 in Hub88's report, 0 matched, no differences`)
      .waitFor();
    await page.getByText('All matched.').waitFor();
  });

  it('on a phone: rotates the house secret with a one-time reveal, and the house provider keeps playing', async () => {
    const { page } = await logIn(visitorPage, product.baseUrl, PHONE);
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
  });
});
