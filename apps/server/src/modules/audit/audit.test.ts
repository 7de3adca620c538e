import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { AuditEntry } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { accountUnder } from '../agents/agent-money-test-support.js';
import {
  PASSWORD,
  call,
  createOperator,
  createTestApp,
  nextIp,
  nextMobile,
  signUpPlayer,
  totpCode,
} from '../../../test/test-app.js';

/** Tests that build a second app of their own (a fresh database and migrations) get more time on a busy machine. */
const FRESH_APP_TIMEOUT_MS = 90_000;

let t: TestApp;
let director: Awaited<ReturnType<typeof createOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t);
});
afterAll(async () => t.close());

interface Page {
  items: AuditEntry[];
  total: number;
}

async function auditLog(query: string): Promise<Page> {
  const answer = await call(t.app, 'GET', `/api/v1/backoffice/audit-log?${query}`, { token: director.token });
  expect(answer.body.meta.code).toBe(200);
  return answer.body.data as Page;
}

const BROWSER = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile';

describe('audit log: operator sign-ins', () => {
  it('records a sign-in, a wrong password and a wrong code with IP and user agent; players are not recorded', async () => {
    const mobileNo = nextMobile();
    const user = await t.services.identity.createAccount({
      name: 'Anil Rao',
      mobileNo,
      password: PASSWORD,
      role: ROLES.SUPPORT_ADMIN,
      referredBy: null,
      verified: true,
    });
    const headers = { 'user-agent': BROWSER };
    const wrong = await call(t.app, 'POST', '/api/v1/login', {
      ip: '198.51.100.7',
      headers,
      body: { mobile_no: mobileNo, password: 'not-the-password', audience: 'backoffice' },
    });
    expect(wrong.body.meta.error).toBe('INVALID_CREDENTIALS');
    const login = await call(t.app, 'POST', '/api/v1/login', {
      ip: '198.51.100.8',
      headers,
      body: { mobile_no: mobileNo, password: PASSWORD, audience: 'backoffice' },
    });
    const token = login.body.meta.token as string;
    await call(t.app, 'POST', '/api/v1/backoffice/second-factor/enrolment', { token });
    const badCode = await call(t.app, 'POST', '/api/v1/backoffice/second-factor/enrolment/confirm', {
      token,
      ip: '198.51.100.9',
      headers,
      body: { code: '12345x' },
    });
    expect(badCode.body.meta.error).toBe('SECOND_FACTOR_INVALID');

    const rows = (await auditLog(`target=${user.id}`)).items;
    expect(rows.map((row) => [row.action, row.details.reason ?? null, row.ip, row.userAgent])).toEqual([
      ['operator.sign_in_failed', 'wrong_code', '198.51.100.9', BROWSER],
      ['operator.sign_in', null, '198.51.100.8', BROWSER],
      ['operator.sign_in_failed', 'wrong_password', '198.51.100.7', BROWSER],
    ]);
    expect(rows[1]).toMatchObject({
      actorId: user.id,
      actorName: `Anil Rao (${mobileNo})`,
      targetName: `Anil Rao (${mobileNo})`,
    });
    // Nobody is named as the actor of a refused sign-in: it may not have been the owner.
    expect(rows[0]?.actorId).toBeNull();

    // A failed back-office sign-in of an unknown number is recorded too, with what was typed.
    const unknown = nextMobile();
    await call(t.app, 'POST', '/api/v1/login', {
      ip: '198.51.100.10',
      headers,
      body: { mobile_no: unknown, password: 'whatever-1', audience: 'backoffice' },
    });
    const [stranger] = (await auditLog(`action=operator.sign_in_failed&target=${unknown}`)).items;
    expect(stranger).toBeUndefined();
    const failures = (await auditLog('action=operator.sign_in_failed')).items;
    expect(failures.find((row) => row.details.identifier === unknown)).toMatchObject({
      targetId: null,
      ip: '198.51.100.10',
      details: { reason: 'wrong_password' },
    });

    // Players signing in to the player app are not operator events.
    const player = await signUpPlayer(t);
    await call(t.app, 'POST', '/api/v1/login', {
      ip: nextIp(),
      body: { mobile_no: player.mobileNo, password: PASSWORD },
    });
    await call(t.app, 'POST', '/api/v1/login', {
      ip: nextIp(),
      body: { mobile_no: player.mobileNo, password: 'wrong-password-1' },
    });
    expect((await auditLog(`target=${player.userId}`)).total).toBe(0);
    // A player trying the back office is.
    await call(t.app, 'POST', '/api/v1/login', {
      ip: nextIp(),
      body: { mobile_no: player.mobileNo, password: PASSWORD, audience: 'backoffice' },
    });
    expect((await auditLog(`target=${player.userId}`)).items.map((row) => [row.action, row.details.reason])).toEqual([
      ['operator.sign_in_failed', 'not_an_operator'],
    ]);
  });

  it('records passing the second factor with the method', async () => {
    const token = (
      await call(t.app, 'POST', '/api/v1/login', {
        ip: nextIp(),
        body: { mobile_no: director.mobileNo, password: PASSWORD, audience: 'backoffice' },
      })
    ).body.meta.token as string;
    t.clock.advanceMs(30_000);
    await call(t.app, 'POST', '/api/v1/backoffice/second-factor/verify', {
      token,
      body: { code: totpCode(t, director.secret) },
    });
    const [latest] = (await auditLog(`actor=${director.userId}&action=operator.sign_in_second_factor`)).items;
    expect(latest).toMatchObject({ actorId: director.userId, details: { method: 'totp' } });
  });
});

describe('audit log: filters', () => {
  it(
    'filters by who, what, target and India dates, and lists the actions it holds',
    async () => {
      const fresh = await createTestApp();
      try {
        const boss = await createOperator(fresh);
        const other = await createOperator(fresh, ROLES.SUPPORT_ADMIN);
        const player = await signUpPlayer(fresh);
        const list = async (query: string) => {
          const answer = await call(fresh.app, 'GET', `/api/v1/backoffice/audit-log?${query}`, { token: boss.token });
          expect(answer.body.meta.code).toBe(200);
          return (answer.body.data as Page).items;
        };
        // 06:30 UTC on 21 Nov is 12:00 in India; 20:00 UTC the same day is already 22 Nov in India.
        await call(fresh.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
          token: boss.token,
          body: { allowSlots: false },
        });
        // Sessions idle out after 12 hours: both operators keep theirs alive halfway.
        fresh.clock.advanceMs(7 * 60 * 60 * 1000);
        for (const token of [boss.token, other.token]) await call(fresh.app, 'GET', '/api/v1/getUserData', { token });
        fresh.clock.advanceMs(6.5 * 60 * 60 * 1000);
        await call(fresh.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
          token: other.token,
          body: { allowHome: false },
        });

        const updates = await list('action=user.update');
        expect(updates.map((row) => row.actorId)).toEqual([other.userId, boss.userId]);
        expect(updates[0]).toMatchObject({
          actorName: `Op Erator (${other.mobileNo})`,
          targetName: `Ravi Kumar (${player.mobileNo})`,
        });

        expect((await list(`action=user.update&actor=${other.mobileNo}`)).map((row) => row.actorId)).toEqual([
          other.userId,
        ]);
        expect((await list(`action=user.update&actor=${boss.userId}`)).map((row) => row.actorId)).toEqual([
          boss.userId,
        ]);
        expect((await list(`actor=op%20erat&action=user.update`)).length).toBe(2);
        expect((await list(`target=${player.mobileNo.slice(-6)}`)).map((row) => row.action)).toEqual([
          'user.update',
          'user.update',
        ]);
        expect((await list(`target=ravi&action=user.update`)).length).toBe(2);
        expect(await list(`target=nobody-by-that-name`)).toEqual([]);

        const day21 = await list('action=user.update&from=2026-11-21&to=2026-11-21');
        expect(day21.map((row) => row.actorId)).toEqual([boss.userId]);
        const day22 = await list('action=user.update&from=2026-11-22');
        expect(day22.map((row) => row.actorId)).toEqual([other.userId]);
        expect(await list('to=2026-11-20')).toEqual([]);

        const actions = await call(fresh.app, 'GET', '/api/v1/backoffice/audit-log/actions', { token: boss.token });
        expect((actions.body.data as { actions: string[] }).actions).toEqual([
          'operator.second_factor_enrolled',
          'operator.sign_in',
          'user.update',
        ]);
      } finally {
        await fresh.close();
      }
    },
    FRESH_APP_TIMEOUT_MS,
  );

  it('answers a clear 400 for a bad filter, never a 500', async () => {
    for (const query of [
      'from=2026-02-30',
      'from=21-11-2026',
      'from=2026-11-22&to=2026-11-21',
      'actor=a%00b',
      'target=%1F',
      'action=DROP%20TABLE',
      `actor=${'x'.repeat(81)}`,
      'targetId=not-a-uuid',
    ]) {
      const answer = await call(t.app, 'GET', `/api/v1/backoffice/audit-log?${query}`, { token: director.token });
      expect(answer.status, query).toBe(200);
      expect(answer.body.meta.code, query).toBe(400);
    }
    const percent = await call(t.app, 'GET', '/api/v1/backoffice/audit-log?actor=%25', { token: director.token });
    expect((percent.body.data as Page).items).toEqual([]);
  });
});

describe("audit log: an agent's view (issue 24)", () => {
  it("shows an operator acting on the agent's player by name only: never the operator's mobile number, address or browser", async () => {
    const agent = await accountUnder(t, ROLES.AGENT, director.userId);
    const player = await accountUnder(t, ROLES.PLAYER, agent.userId);
    const adjusted = await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/adjustments`, {
      token: director.token,
      headers: { 'user-agent': BROWSER },
      body: { wallet: 'main', amount: 100, reason: 'Goodwill' },
    });
    expect(adjusted.body.meta.code).toBe(200);
    const mobile = (
      (await t.db.query<{ mobile_no: string }>('select mobile_no from users where id = $1', [director.userId]))
        .rows[0] as {
        mobile_no: string;
      }
    ).mobile_no;

    // The site's operators see who did it, with the mobile number, address and browser.
    const full = (await auditLog(`targetId=${player.userId}&action=adjustment.apply`)).items[0];
    expect(full?.actorName).toContain(mobile);
    expect(full?.ip).not.toBeNull();

    const seen = await t.services.audit.list({ page: 1, pageSize: 50, targetId: player.userId }, agent.userId);
    const entry = seen.items.find((item) => item.actorId === director.userId);
    expect(entry).toBeDefined();
    expect(entry?.actorName).not.toContain(mobile);
    expect(entry).toMatchObject({ ip: null, userAgent: null });
    expect(JSON.stringify(seen.items)).not.toContain(mobile);
    // Searching by the operator's number finds nothing for the agent.
    expect((await t.services.audit.list({ page: 1, pageSize: 50, actor: mobile.slice(2) }, agent.userId)).total).toBe(
      0,
    );
    // Its own downline's actions keep everything.
    expect(
      (await t.services.audit.list({ page: 1, pageSize: 50, actor: director.userId }, null)).items.some((item) =>
        (item.actorName ?? '').includes(mobile),
      ),
    ).toBe(true);
  });
});
