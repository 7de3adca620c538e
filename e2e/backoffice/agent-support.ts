import type { Page } from 'playwright-core';
import { api } from '../support/harness.js';

/** The demo tree and its money (apps/server/src/modules/demo, decision 0019). */
export const AGENTS = {
  cash: { national: '9999900010', password: 'demo-agent-1' },
  credit: { national: '9999900020', password: 'demo-credit-agent-1' },
} as const;
export const CASH_PLAYER = { mobileNo: '919999900011', password: 'demo-cash-player-1' };

export async function logInAsAgent(
  page: Page,
  baseUrl: string,
  agent: { national: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/backoffice/`);
  await page.getByLabel('Mobile number').fill(agent.national);
  await page.getByLabel('Password', { exact: true }).fill(agent.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: /^Downline of / }).waitFor();
}

/** A bookmaker market quoting back 45, made by the demo director through the API. */
export async function bookmakerMarket(baseUrl: string, token: string): Promise<{ id: string; runners: string[] }> {
  const id = async (path: string, body: unknown) =>
    (await api<{ _id: string }>(baseUrl, 'POST', path, { token, body })).data._id;
  const sportId = await id('/api/v1/backoffice/sports', { name: 'Cricket' });
  const leagueId = await id('/api/v1/backoffice/leagues', { sportId, name: 'Agents League' });
  const eventId = await id('/api/v1/backoffice/events', {
    leagueId,
    name: `Agents XI v Credit XI ${Date.now()}`,
    startTime: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const marketId = await id('/api/v1/backoffice/markets', {
    eventId,
    marketType: 'BOOKMAKER',
    name: 'Match Odds',
    runners: ['Agents XI', 'Credit XI'],
    betDelaySeconds: 0,
  });
  const view = await api<{ runners: { _id: string }[] }>(baseUrl, 'PUT', `/api/v1/backoffice/markets/${marketId}`, {
    token,
    body: {},
  });
  const runners = view.data.runners.map((runner) => runner._id);
  await api(baseUrl, 'PUT', `/api/v1/backoffice/markets/${marketId}/bookmaker-rates`, {
    token,
    body: { runners: runners.map((runnerId) => ({ runnerId, backRate: 45, layRate: 48 })) },
  });
  return { id: marketId, runners };
}
