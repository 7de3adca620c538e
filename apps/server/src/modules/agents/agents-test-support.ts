import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { PASSWORD, call, nextMobile, signUpPlayer } from '../../../test/test-app.js';
import type { Caller } from '../identity/identity-service.js';
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
