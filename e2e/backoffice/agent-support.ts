import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api, freshMobile, loginToken } from '../support/harness.js';
import { enrolOnPage, submitLogin } from '../support/second-factor.js';

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

export interface MadeAccount {
  id: string;
  name: string;
  mobileNo: string;
  national: string;
  password: string;
}

/**
 * A cash sub-agent under the demo cash agent, given `chips` by it, with one player of its own: made
 * through the API as the upline would make them. The sub-agent's password is the upline's choice, so it
 * must replace it at its first sign-in (decision 0050); the player's is not (players are not flagged).
 */
export async function subAgentWithClient(
  baseUrl: string,
  label: string,
  chips: number,
): Promise<{ upline: string; agent: MadeAccount; client: MadeAccount }> {
  const upline = await loginToken(baseUrl, `91${AGENTS.cash.national}`, AGENTS.cash.password);
  const made = async (role: number, name: string, uplineId?: string): Promise<MadeAccount> => {
    const mobile = freshMobile();
    const password = `Evening-${role}-e2e-4`;
    const answer = await api<{ _id: string }>(baseUrl, 'POST', '/api/v1/backoffice/downline', {
      token: upline,
      body: { role, name, mobile_no: mobile.mobileNo, password, ...(uplineId ? { uplineId } : {}) },
    });
    if (answer.meta.code !== 200) throw new Error(`creating ${name}: ${answer.meta.message}`);
    return { id: answer.data._id, name, ...mobile, password };
  };
  // Roles 3 and 4: a cash agent and its cash player.
  const agent = await made(3, `Evening Agent ${label}`);
  const client = await made(4, `Evening Client ${label}`, agent.id);
  const given = await api(baseUrl, 'POST', `/api/v1/backoffice/users/${agent.id}/chips`, {
    token: upline,
    headers: { 'idempotency-key': `evening-chips-${agent.id}` },
    body: { action: 'give', amount: chips },
  });
  if (given.meta.code !== 200) throw new Error(`giving chips: ${given.meta.message}`);
  return { upline, agent, client };
}

/**
 * An agent's first sign-in to the back office: password, setting up the authenticator, then the
 * forced change of the password its upline chose; the new session passes the code step again, here with
 * a recovery code (which never counts as a step-up, decision 0049, so the session holds no fresh code).
 * Answers the authenticator's secret and the recovery codes left; the page is on the agent's downline.
 */
export async function firstAgentSignIn(
  browser: Browser,
  baseUrl: string,
  agent: MadeAccount,
  newPassword: string,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; secret: string; recoveryCodes: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await submitLogin(page, baseUrl, agent.national, agent.password);
  const { secret, recoveryCodes } = await enrolOnPage(page);
  await page.getByRole('heading', { name: 'Change your password' }).waitFor();
  await page.getByLabel('Current password').fill(agent.password);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  const [recovery, ...left] = recoveryCodes;
  await answerCodeStep(page, recovery ?? '');
  return { context, page, secret, recoveryCodes: left };
}

/** The code step of a back-office sign-in, answered with `code`; waits for the agent's downline. */
export async function answerCodeStep(page: Page, code: string): Promise<void> {
  const field = page.getByLabel('Code from your authenticator app');
  await field.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: /^Downline of / }).waitFor();
}
