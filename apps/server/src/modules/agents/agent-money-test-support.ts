import type { Caller } from '../identity/identity-service.js';
import type { TestApp } from '../../../test/test-app.js';
import { PASSWORD, call, nextIp } from '../../../test/test-app.js';
import { createTreeRepository } from './tree-repository.js';

let accountCounter = 0;

/** An account made as an agent's create-account call would make it, placed under its upline. */
export async function accountUnder(
  t: TestApp,
  role: number,
  uplineId: string | null,
): Promise<{ userId: string; mobileNo: string }> {
  accountCounter += 1;
  const mobileNo = `9188${String(process.pid % 1000).padStart(3, '0')}${String(accountCounter).padStart(5, '0')}`;
  const user = await t.services.identity.createAccount({
    name: `Tree Account ${accountCounter}`,
    mobileNo,
    password: PASSWORD,
    role,
    referredBy: null,
    verified: true,
  });
  await createTreeRepository(t.db).setUpline(user.id, uplineId);
  return { userId: user.id, mobileNo };
}

/** A player's token, logged in through the API. */
export async function tokenOf(t: TestApp, mobileNo: string): Promise<string> {
  const login = await call(t.app, 'POST', '/api/v1/login', {
    ip: nextIp(),
    body: { mobile_no: mobileNo, password: PASSWORD },
  });
  const token = login.body.meta.token;
  if (token === undefined) throw new Error(`login failed: ${login.body.meta.message}`);
  return token;
}

/** An agent as the services see it once signed in (agents' own back-office sign-in is part 1 of issue 12). */
export function callerFor(userId: string, role: number): Caller {
  return {
    userId,
    role,
    sessionId: '00000000-0000-0000-0000-000000000000',
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

let marketCounter = 0;
/** A fresh bookmaker market quoting back 45 on both runners, made through the back-office API. */
export async function bookmakerMarket(t: TestApp, directorToken: string): Promise<{ id: string; runners: string[] }> {
  marketCounter += 1;
  const token = directorToken;
  const sportId = (
    (await call(t.app, 'POST', '/api/v1/backoffice/sports', { token, body: { name: 'Cricket' } })).body.data as {
      _id: string;
    }
  )._id;
  const leagueId = (
    (await call(t.app, 'POST', '/api/v1/backoffice/leagues', { token, body: { sportId, name: 'Credit League' } })).body
      .data as { _id: string }
  )._id;
  const eventId = (
    (
      await call(t.app, 'POST', '/api/v1/backoffice/events', {
        token,
        body: { leagueId, name: `Credit ${marketCounter} v Cash`, startTime: '2026-11-21T14:00:00.000Z' },
      })
    ).body.data as { _id: string }
  )._id;
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token,
    body: { eventId, marketType: 'BOOKMAKER', name: 'Match Odds', runners: ['Lions', 'Tigers'], betDelaySeconds: 0 },
  });
  const id = (created.body.data as { _id: string })._id;
  const view = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token, body: {} })).body.data as {
    runners: { _id: string }[];
  };
  const runners = view.runners.map((runner) => runner._id);
  await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}/bookmaker-rates`, {
    token,
    body: { runners: runners.map((runnerId) => ({ runnerId, backRate: 45, layRate: 48 })) },
  });
  return { id, runners };
}
