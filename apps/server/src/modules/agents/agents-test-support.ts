import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { indiaDate } from '@khel/money';
import {
  PASSWORD,
  call,
  createOperator,
  nextMobile,
  signInCreatedAccount,
  signUpPlayer,
} from '../../../test/test-app.js';
import type { Caller } from '../identity/identity-service.js';
import { createAgentRatesRepository } from './agent-rates-repository.js';
import { indiaWeek } from './india-week.js';
import { createTreeRepository } from './tree-repository.js';

/** A caller as the auth plugin would make it, for calling agent services directly (before agents sign in over HTTP). */
export function callerFor(userId: string, role: number): Caller {
  return {
    userId,
    role,
    sessionId: 'test',
    wallet: '1',
    permissions: {
      allowHome: true,
      allowLiveCasino: true,
      allowSlots: true,
      allowStatements: true,
      allowProfitLoss: true,
    },
  };
}

/** An agent account hung under `uplineId`. */
export async function agentUnder(
  t: TestApp,
  uplineId: string,
  role: number = ROLES.AGENT,
  name = 'Agent',
): Promise<Caller> {
  const account = await t.services.identity.createAccount({
    name,
    mobileNo: nextMobile(),
    password: PASSWORD,
    role,
    referredBy: null,
    verified: true,
  });
  await createTreeRepository(t.db).setUpline(account.id, uplineId);
  return callerFor(account.id, role);
}

/** A signed-up player moved under `uplineId`, with its token. */
export async function playerUnder(t: TestApp, uplineId: string): Promise<{ token: string; userId: string }> {
  const player = await signUpPlayer(t);
  await createTreeRepository(t.db).setUpline(player.userId, uplineId);
  return player;
}

/** The tree the limit and lock tests bet down: three agent levels, a cousin's branch and an outsider. */
export interface AgentTree {
  director: { token: string; userId: string };
  top: Caller;
  middle: Caller;
  low: Caller;
  sibling: Caller;
  /** A player under `low`, three agent levels below the director. */
  player: { token: string; userId: string };
  /** A player under `sibling`, top's other branch. */
  cousin: { token: string; userId: string };
  /** A signed-up player under no agent. */
  outsider: { token: string; userId: string };
}

/** DIRECTOR → top → middle → low → player; a cousin under top's other branch; an outsider under the director. */
export async function agentTree(t: TestApp): Promise<AgentTree> {
  const director = await createOperator(t, ROLES.DIRECTOR);
  const top = await agentUnder(t, director.userId, ROLES.AGENT, 'Top Agent');
  const middle = await agentUnder(t, top.userId, ROLES.AGENT, 'Middle Agent');
  const low = await agentUnder(t, middle.userId, ROLES.AGENT, 'Low Agent');
  const sibling = await agentUnder(t, top.userId, ROLES.AGENT, 'Sibling Agent');
  const player = await playerUnder(t, low.userId);
  const cousin = await playerUnder(t, sibling.userId);
  const outsider = await signUpPlayer(t);
  return { director, top, middle, low, sibling, player, cousin, outsider };
}

let counter = 0;
/** A fresh sport, league and event with one market of the given type, through the back-office API. */
export async function marketOf(t: TestApp, token: string, type: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY', sportId?: string) {
  counter += 1;
  const sport =
    sportId ??
    (
      (await call(t.app, 'POST', '/api/v1/backoffice/sports', { token, body: { name: `Sport ${counter}` } })).body
        .data as { _id: string }
    )._id;
  const league = (
    await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
      token,
      body: { sportId: sport, name: `League ${counter}` },
    })
  ).body.data as { _id: string };
  const event = (
    await call(t.app, 'POST', '/api/v1/backoffice/events', {
      token,
      body: { leagueId: league._id, name: `Lions v Tigers ${counter}`, startTime: '2026-11-21T14:00:00.000Z' },
    })
  ).body.data as { _id: string };
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token,
    body: {
      eventId: event._id,
      marketType: type,
      name: type === 'FANCY' ? '6 over runs' : 'Match Odds',
      runners: type === 'FANCY' ? [] : ['Lions', 'Tigers'],
    },
  });
  const id = (created.body.data as { _id: string })._id;
  const market = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token, body: {} })).body.data as {
    _id: string;
    runners: { _id: string }[];
  };
  if (type === 'BOOKMAKER') {
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${market._id}/bookmaker-rates`, {
      token,
      body: { runners: market.runners.map((runner) => ({ runnerId: runner._id, backRate: 90, layRate: 95 })) },
    });
  }
  if (type === 'FANCY')
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${market._id}/fancy-line`, {
      token,
      body: { noLine: 61, noRate: 100, yesLine: 63, yesRate: 100 },
    });
  return { id: market._id, sportId: sport, eventId: event._id, runners: market.runners.map((runner) => runner._id) };
}

export async function placeBet(t: TestApp, token: string, body: Record<string, unknown>) {
  return call(t.app, 'POST', '/api/v1/place-bet', { token, body });
}

/** An agent under `uplineId`, signed in to the back office over HTTP. */
export async function signedInAgentUnder(
  t: TestApp,
  uplineId: string,
  name = 'Agent',
): Promise<{ caller: Caller; token: string }> {
  const mobileNo = nextMobile();
  const account = await t.services.identity.createAccount({
    name,
    mobileNo,
    password: PASSWORD,
    role: ROLES.AGENT,
    referredBy: null,
    verified: true,
  });
  await createTreeRepository(t.db).setUpline(account.id, uplineId);
  return { caller: callerFor(account.id, ROLES.AGENT), token: await signInCreatedAccount(t, mobileNo) };
}

/**
 * An agent's partnership in force from this India week, as if set a week ago (the panel's own change
 * waits for next Monday, decision 0051): for tests of figures that use this week's rates.
 */
export async function partnershipInForceNow(
  t: TestApp,
  userId: string,
  partnershipBp: number,
  setBy: string,
): Promise<void> {
  await createAgentRatesRepository(t.db).setFrom({
    userId,
    weekStart: indiaWeek(indiaDate(t.clock.now())).weekStart,
    partnershipBp,
    commissionBp: 100,
    sessionCommissionBp: 0,
    setBy,
    at: t.clock.now(),
  });
}
