import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningProduct } from '../support/harness.js';
import { DEMO, DESKTOP, PHONE, api, freshMobile, launchBrowser, loginToken, startProduct } from '../support/harness.js';

/**
 * Decision 0020 in a real browser: the director sets an agent's partnership (refused above its own),
 * blocks a sport for a player who is then refused at placement, and reads the weekly agent statement
 * at phone and desktop sizes.
 */
let product: RunningProduct;
let browser: Browser;
let director: string;
let player: string;
let playerId: string;
let agentId: string;
const ids: { sport: string; market: string; runner: string } = { sport: '', market: '', runner: '' };

async function created(path: string, body: unknown): Promise<string> {
  const answer = await api<{ _id: string }>(product.baseUrl, 'POST', path, { token: director, body });
  expect(answer.meta.code, answer.meta.message).toBe(200);
  return answer.data._id;
}

async function logIn(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}/backoffice/`);
  await page.getByLabel('Mobile number').fill(DEMO.director.national);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.director.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
  return page;
}

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  director = await loginToken(product.baseUrl, DEMO.director.mobileNo, DEMO.director.password);
  player = await loginToken(product.baseUrl, DEMO.player.mobileNo, DEMO.player.password);
  playerId = (await api<{ _id: string }>(product.baseUrl, 'GET', '/api/v1/getUserData', { token: player })).data._id;
  // An agent the director creates in its downline (decision 0018).
  const { mobileNo } = freshMobile();
  agentId = await created('/api/v1/backoffice/downline', {
    role: 3,
    name: 'Agent Arjun',
    mobile_no: mobileNo,
    password: 'agent-arjun-77',
  });
  ids.sport = await created('/api/v1/backoffice/sports', { name: 'E2E Limits Cricket' });
  const league = await created('/api/v1/backoffice/leagues', { sportId: ids.sport, name: 'E2E Limits League' });
  const event = await created('/api/v1/backoffice/events', {
    leagueId: league,
    name: 'Limits XI v Blocks XI',
    startTime: new Date(Date.now() + 3 * 3600_000).toISOString(),
  });
  ids.market = await created('/api/v1/backoffice/markets', {
    eventId: event,
    marketType: 'BOOKMAKER',
    name: 'Bookmaker',
    runners: ['Limits XI', 'Blocks XI'],
  });
  const market = await api<{ runners: { _id: string }[] }>(
    product.baseUrl,
    'PUT',
    `/api/v1/backoffice/markets/${ids.market}`,
    { token: director, body: {} },
  );
  ids.runner = market.data.runners[0]?._id ?? '';
  await api(product.baseUrl, 'PUT', `/api/v1/backoffice/markets/${ids.market}/bookmaker-rates`, {
    token: director,
    body: { runners: [{ runnerId: ids.runner, backRate: 45, layRate: 48 }] },
  });
});

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe('partnership, limits and the agent statement in the back office', () => {
  it("sets an agent's partnership within the director's own and blocks a sport for a player", async () => {
    const page = await logIn(DESKTOP);
    await page.goto(`${product.baseUrl}/backoffice/users/${agentId}`);
    const form = page.getByRole('form', { name: 'Partnership and commission' });
    await form.getByLabel('Partnership (%)').fill('80');
    await form.getByLabel('Commission (%)').fill('2.5');
    await form.getByRole('button', { name: 'Save partnership' }).click();
    await form.getByText("A partnership or commission cannot be above the upline's own").waitFor();
    await form.getByLabel('Commission (%)').fill('1.5');
    await form.getByRole('button', { name: 'Save partnership' }).click();
    await page.getByText('Partnership saved').waitFor();
    // From the next India week (decision 0051): the running week keeps the rates its bets were struck at.
    await page
      .getByTestId('rates-pending')
      .getByText(/In force this week: 0 % and 0 %/)
      .waitFor();
    const rates = await api<{ partnership: number; commission: number }>(
      product.baseUrl,
      'GET',
      `/api/v1/backoffice/users/${agentId}/partnership`,
      { token: director },
    );
    expect(rates.data).toMatchObject({ partnership: 80, commission: 1.5, inForce: { partnership: 0, commission: 0 } });

    const bet = () =>
      api(product.baseUrl, 'POST', '/api/v1/place-bet', {
        token: player,
        body: { marketId: ids.market, selectionId: ids.runner, selectionType: 'back', odds: 45, stake: 100 },
      });
    await page.goto(`${product.baseUrl}/backoffice/users/${playerId}`);
    const limits = page.getByRole('form', { name: 'Bet limits and blocks' });
    await limits.getByRole('checkbox', { name: 'E2E Limits Cricket', exact: true }).check();
    await limits.getByRole('button', { name: 'Save limits' }).click();
    await page.getByText('Limits saved').waitFor();
    expect((await bet()).meta).toMatchObject({
      code: 403,
      error: 'BETTING_BLOCKED',
      message: 'Betting on this is blocked for your account',
    });
    await page.getByText('Blocked sport: E2E Limits Cricket').waitFor();
    await limits.getByRole('checkbox', { name: 'E2E Limits Cricket', exact: true }).uncheck();
    await limits.getByRole('button', { name: 'Save limits' }).click();
    await page.getByText('No limits or blocks beyond each market').waitFor();
    expect((await bet()).meta.code).toBe(200);
    await page.context().close();
  });

  it('shows the weekly agent statement at phone size', async () => {
    const page = await logIn(PHONE);
    await page.goto(`${product.baseUrl}/backoffice/agent-statements`);
    await page.getByRole('heading', { name: 'Agent statements' }).waitFor();
    const table = page.getByRole('table', { name: 'Agent statements' });
    await table.getByRole('link', { name: 'Agent Arjun' }).waitFor();
    // The rates set in the first test take effect next week: this week's statement keeps 0 %.
    await table
      .getByRole('row', { name: /Agent Arjun/ })
      .getByText('0 % · 0 %', { exact: true })
      .waitFor();
    // The week is still running: nothing to settle yet.
    await table.getByText('Week running').first().waitFor();
    await page.context().close();
  });
});
