import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import {
  PASSWORD,
  call,
  createOperator,
  createTestApp,
  enrolSecondFactor,
  nextIp,
  nextMobile,
  signUpPlayer,
  totpCode,
} from '../../../test/test-app.js';
import { DEMO_ACCOUNTS, seedDemoData } from '../demo/demo-seed.js';

/** Tests that build a second app of their own (a fresh database and migrations) get more time on a busy machine. */
const FRESH_APP_TIMEOUT_MS = 90_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const BACKOFFICE_ROUTE = '/api/v1/backoffice/users';
const STEP_MS = 30_000;

/** A fresh operator account, signed in with its password only. */
async function operatorWithPassword(
  app: TestApp,
  role: number = ROLES.DIRECTOR,
): Promise<{ token: string; userId: string; mobileNo: string }> {
  const mobileNo = nextMobile();
  const user = await app.services.identity.createAccount({
    name: 'Meera Shah',
    mobileNo,
    password: PASSWORD,
    role,
    referredBy: null,
    verified: true,
  });
  return { token: await signIn(app, mobileNo), userId: user.id, mobileNo };
}

async function signIn(app: TestApp, mobileNo: string, password = PASSWORD): Promise<string> {
  const login = await call(app.app, 'POST', '/api/v1/login', {
    ip: nextIp(),
    body: { mobile_no: mobileNo, password, audience: 'backoffice' },
  });
  expect(login.body.meta.code).toBe(200);
  return login.body.meta.token as string;
}

async function verify(token: string, code: string) {
  return call(t.app, 'POST', '/api/v1/backoffice/second-factor/verify', { token, body: { code } });
}

describe('operator second factor: enrolment', () => {
  it('refuses every back-office route until an operator without a factor has enrolled; player routes still answer', async () => {
    const director = await operatorWithPassword(t);
    const users = await call(t.app, 'GET', BACKOFFICE_ROUTE, { token: director.token });
    expect(users.body.meta).toMatchObject({ code: 403, error: 'SECOND_FACTOR_ENROLMENT_REQUIRED' });
    expect(users.body.data).toBeNull();
    const audit = await call(t.app, 'GET', '/api/v1/backoffice/audit-log', { token: director.token });
    expect(audit.body.meta.error).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    const status = await call(t.app, 'GET', '/api/v1/backoffice/second-factor', { token: director.token });
    expect(status.body.data).toEqual({ required: true, enrolled: false, passed: false, recoveryCodesLeft: 0 });
    expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: director.token })).body.meta.code).toBe(200);
  });

  it('enrols by QR code: a wrong first code is refused, the right one passes the session and answers ten recovery codes once', async () => {
    const director = await operatorWithPassword(t);
    const first = await call(t.app, 'POST', '/api/v1/backoffice/second-factor/enrolment', { token: director.token });
    const enrolment = first.body.data as {
      secret: string;
      otpauthUri: string;
      qrCodeDataUrl: string;
      issuer: string;
      label: string;
    };
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(enrolment.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(enrolment.secret);
    expect(uri.searchParams.get('issuer')).toBe('Khel back office');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(enrolment.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);

    // Asking again replaces the pending secret: a code of the first one no longer confirms.
    const second = (await call(t.app, 'POST', '/api/v1/backoffice/second-factor/enrolment', { token: director.token }))
      .body.data as { secret: string };
    expect(second.secret).not.toBe(enrolment.secret);
    const stale = await call(t.app, 'POST', '/api/v1/backoffice/second-factor/enrolment/confirm', {
      token: director.token,
      body: { code: totpCode(t, enrolment.secret) },
    });
    expect(stale.body.meta).toMatchObject({ code: 400, error: 'SECOND_FACTOR_INVALID' });

    const confirm = await call(t.app, 'POST', '/api/v1/backoffice/second-factor/enrolment/confirm', {
      token: director.token,
      body: { code: totpCode(t, second.secret) },
    });
    const { recoveryCodes } = confirm.body.data as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);

    expect((await call(t.app, 'GET', BACKOFFICE_ROUTE, { token: director.token })).body.meta.code).toBe(200);
    const status = await call(t.app, 'GET', '/api/v1/backoffice/second-factor', { token: director.token });
    expect(status.body.data).toEqual({ required: true, enrolled: true, passed: true, recoveryCodesLeft: 10 });
    // The secret is never answered again: a new enrolment is refused once one is confirmed.
    const again = await call(t.app, 'POST', '/api/v1/backoffice/second-factor/enrolment', { token: director.token });
    expect(again.body.meta).toMatchObject({ code: 409, error: 'CONFLICT' });
    expect(JSON.stringify(status.body)).not.toContain(second.secret);

    // Only hashes of the recovery codes are stored.
    const stored = await t.db.query<{ code_hash: string }>(
      'select code_hash from operator_recovery_codes where user_id = $1',
      [director.userId],
    );
    expect(stored.rows).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(stored.rows)).not.toContain(code.replace('-', ''));
  });

  it(
    'seals the secret at rest when SECOND_FACTOR_KEY is configured',
    async () => {
      const sealed = await createTestApp({ SECOND_FACTOR_KEY: 'a-test-key-of-at-least-thirty-two-characters' });
      try {
        const director = await operatorWithPassword(sealed);
        const { secret } = await enrolSecondFactor(sealed, director.token);
        const row = await sealed.db.query<{ secret: string }>(
          'select secret from operator_second_factors where user_id = $1',
          [director.userId],
        );
        expect(row.rows[0]?.secret).toMatch(/^gcm:/);
        expect(row.rows[0]?.secret).not.toContain(secret);
        // And it still verifies: a new sign-in passes with the next code.
        sealed.clock.advanceMs(STEP_MS);
        const token = await signIn(sealed, director.mobileNo);
        const passed = await call(sealed.app, 'POST', '/api/v1/backoffice/second-factor/verify', {
          token,
          body: { code: totpCode(sealed, secret) },
        });
        expect(passed.body.data).toEqual({ method: 'totp', recoveryCodesLeft: 10 });
      } finally {
        await sealed.close();
      }
    },
    FRESH_APP_TIMEOUT_MS,
  );
});

describe('operator second factor: sign-in', () => {
  it('asks an enrolled operator for a code; a wrong code and a replayed one are refused; the next step passes', async () => {
    const director = await createOperator(t);
    const token = await signIn(t, director.mobileNo);
    const refused = await call(t.app, 'GET', BACKOFFICE_ROUTE, { token });
    expect(refused.body.meta).toMatchObject({ code: 403, error: 'SECOND_FACTOR_REQUIRED' });

    const wrongDigit = (Number(totpCode(t, director.secret)) + 1) % 1_000_000;
    const wrong = await verify(token, String(wrongDigit).padStart(6, '0'));
    expect(wrong.body.meta).toMatchObject({ code: 400, error: 'SECOND_FACTOR_INVALID' });
    // The code enrolment used is spent: the same 30-second step cannot be used again.
    const replay = await verify(token, totpCode(t, director.secret));
    expect(replay.body.meta).toMatchObject({ code: 400, error: 'SECOND_FACTOR_REUSED' });
    expect((await call(t.app, 'GET', BACKOFFICE_ROUTE, { token })).body.meta.error).toBe('SECOND_FACTOR_REQUIRED');

    t.clock.advanceMs(STEP_MS);
    const code = totpCode(t, director.secret);
    const passed = await verify(token, code);
    expect(passed.body.data).toEqual({ method: 'totp', recoveryCodesLeft: 10 });
    expect((await call(t.app, 'GET', BACKOFFICE_ROUTE, { token })).body.meta.code).toBe(200);

    // Someone who watched that code cannot use it on their own session.
    const other = await signIn(t, director.mobileNo);
    expect((await verify(other, code)).body.meta.error).toBe('SECOND_FACTOR_REUSED');
    // The previous step's code (clock drift) is accepted only while it is newer than the last used.
    expect((await verify(other, totpCode(t, director.secret, -1))).body.meta.error).toBe('SECOND_FACTOR_REUSED');
  });

  it('takes each recovery code once, typed in any case and spacing', async () => {
    const director = await operatorWithPassword(t);
    const { recoveryCodes } = await enrolSecondFactor(t, director.token);
    const [code] = recoveryCodes as [string];
    const first = await signIn(t, director.mobileNo);
    const typed = `${code.slice(0, 5).toLowerCase()} ${code.slice(6)}`;
    expect((await verify(first, typed)).body.data).toEqual({ method: 'recovery_code', recoveryCodesLeft: 9 });
    expect((await call(t.app, 'GET', BACKOFFICE_ROUTE, { token: first })).body.meta.code).toBe(200);

    const second = await signIn(t, director.mobileNo);
    expect((await verify(second, code)).body.meta).toMatchObject({ code: 400, error: 'SECOND_FACTOR_INVALID' });
    expect((await verify(second, 'ABCDE-FGHJK')).body.meta.error).toBe('SECOND_FACTOR_INVALID');
  });

  it('pauses an operator after five wrong codes, even for the right one', async () => {
    const director = await createOperator(t);
    const token = await signIn(t, director.mobileNo);
    for (let i = 0; i < 5; i += 1)
      expect((await verify(token, '000000')).body.meta.error).toBe('SECOND_FACTOR_INVALID');
    t.clock.advanceMs(STEP_MS);
    expect((await verify(token, totpCode(t, director.secret))).body.meta).toMatchObject({
      code: 429,
      error: 'SECOND_FACTOR_THROTTLED',
    });
    t.clock.advanceMs(15 * 60 * 1000);
    expect((await verify(token, totpCode(t, director.secret))).body.meta.code).toBe(200);
  });

  it('counts wrong codes before checking them: 40 sent at once get 5 checks, as 40 sent one by one', async () => {
    const director = await createOperator(t);
    const token = await signIn(t, director.mobileNo);
    const answers = await Promise.all(Array.from({ length: 40 }, () => verify(token, '000000')));
    const errors = answers.map((answer) => answer.body.meta.error);
    expect(errors.filter((error) => error === 'SECOND_FACTOR_INVALID')).toHaveLength(5);
    expect(errors.filter((error) => error === 'SECOND_FACTOR_THROTTLED')).toHaveLength(35);
    const checked = await t.db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'operator.sign_in_failed' and target_id = $1`,
      [director.userId],
    );
    expect(checked.rows[0]?.n).toBe(5);
  });

  it('takes back a right code: it does not count towards the pause', async () => {
    const director = await createOperator(t);
    for (let i = 0; i < 6; i += 1) {
      const token = await signIn(t, director.mobileNo);
      t.clock.advanceMs(STEP_MS);
      expect((await verify(token, totpCode(t, director.secret))).body.meta.code).toBe(200);
    }
    const token = await signIn(t, director.mobileNo);
    expect((await verify(token, '000000')).body.meta.error).toBe('SECOND_FACTOR_INVALID');
  });

  it('checks the body with the shared schema: no 500 for what a client can send', async () => {
    const director = await operatorWithPassword(t);
    for (const body of [{}, { code: '' }, { code: 12 }, { code: 'abc\u0000def' }, { code: 'x'.repeat(50) }]) {
      const answer = await call(t.app, 'POST', '/api/v1/backoffice/second-factor/verify', {
        token: director.token,
        body,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.meta.code).toBe(400);
    }
  });
});

describe('operator second factor: who it applies to', () => {
  it('applies to support admins too; players are refused its routes and never asked', async () => {
    const support = await operatorWithPassword(t, ROLES.SUPPORT_ADMIN);
    expect((await call(t.app, 'GET', BACKOFFICE_ROUTE, { token: support.token })).body.meta.error).toBe(
      'SECOND_FACTOR_ENROLMENT_REQUIRED',
    );
    await enrolSecondFactor(t, support.token);
    expect((await call(t.app, 'GET', BACKOFFICE_ROUTE, { token: support.token })).body.meta.code).toBe(200);

    const player = await signUpPlayer(t);
    for (const [method, url] of [
      ['GET', '/api/v1/backoffice/second-factor'],
      ['POST', '/api/v1/backoffice/second-factor/enrolment'],
    ] as const) {
      expect((await call(t.app, method, url, { token: player.token })).body.meta.error).toBe('FORBIDDEN');
    }
    expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).body.meta.code).toBe(200);
    expect((await call(t.app, 'GET', '/api/v1/backoffice/second-factor')).status).toBe(401);
  });

  it(
    'lets only the demo director of a fresh play-mode start skip it',
    async () => {
      const fresh = await createTestApp();
      try {
        await seedDemoData(fresh.services);
        const demo = await signIn(fresh, DEMO_ACCOUNTS.director.mobileNo, DEMO_ACCOUNTS.director.password);
        expect((await call(fresh.app, 'GET', BACKOFFICE_ROUTE, { token: demo })).body.meta.code).toBe(200);
        const status = await call(fresh.app, 'GET', '/api/v1/backoffice/second-factor', { token: demo });
        expect(status.body.data).toEqual({ required: false, enrolled: false, passed: true, recoveryCodesLeft: 0 });

        // Another director on the same installation is not exempt.
        const other = await operatorWithPassword(fresh);
        expect((await call(fresh.app, 'GET', BACKOFFICE_ROUTE, { token: other.token })).body.meta.error).toBe(
          'SECOND_FACTOR_ENROLMENT_REQUIRED',
        );
        // The exemption is the seed's alone: a player the demo director promotes is asked like anyone else.
        const player = await signUpPlayer(fresh);
        const promote = await call(fresh.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
          token: demo,
          body: { role: ROLES.DIRECTOR },
        });
        expect(promote.body.meta.code).toBe(200);
        const promoted = await signIn(fresh, player.mobileNo);
        expect((await call(fresh.app, 'GET', BACKOFFICE_ROUTE, { token: promoted })).body.meta.error).toBe(
          'SECOND_FACTOR_ENROLMENT_REQUIRED',
        );
      } finally {
        await fresh.close();
      }
    },
    FRESH_APP_TIMEOUT_MS,
  );

  it(
    'does not honour the demo exemption with real money',
    async () => {
      const real = await createTestApp({
        MONEY_MODE: 'real',
        REAL_MONEY_JURISDICTIONS: 'in',
        DEMO_DATA: 'true',
        SECOND_FACTOR_KEY: 'a-test-key-of-at-least-thirty-two-characters',
      });
      try {
        await seedDemoData(real.services);
        const demo = await signIn(real, DEMO_ACCOUNTS.director.mobileNo, DEMO_ACCOUNTS.director.password);
        expect((await call(real.app, 'GET', BACKOFFICE_ROUTE, { token: demo })).body.meta.error).toBe(
          'SECOND_FACTOR_ENROLMENT_REQUIRED',
        );
      } finally {
        await real.close();
      }
    },
    FRESH_APP_TIMEOUT_MS,
  );
});

describe('operator second factor: a lost authenticator', () => {
  it("lets a director reset another operator's factor with a reason: their sessions end and the next sign-in enrols again", async () => {
    const director = await createOperator(t);
    const support = await createOperator(t, ROLES.SUPPORT_ADMIN);
    const url = (id: string) => `/api/v1/backoffice/users/${id}/second-factor/reset`;

    expect((await call(t.app, 'POST', url(support.userId), { token: director.token, body: {} })).body.meta.code).toBe(
      400,
    );
    // One's own factor: the separation-of-duties guard refuses it before the service (decision 0010).
    expect(
      (await call(t.app, 'POST', url(director.userId), { token: director.token, body: { reason: 'lost phone' } })).body
        .meta.error,
    ).toBe('SELF_SERVICE_REFUSED');
    expect(
      (await call(t.app, 'POST', url(director.userId), { token: support.token, body: { reason: 'lost phone' } })).body
        .meta.error,
    ).toBe('FORBIDDEN');
    const player = await signUpPlayer(t);
    expect(
      (await call(t.app, 'POST', url(player.userId), { token: director.token, body: { reason: 'lost phone' } })).body
        .meta.error,
    ).toBe('CONFLICT');

    const reset = await call(t.app, 'POST', url(support.userId), {
      token: director.token,
      body: { reason: 'Lost phone, codes used up' },
      ip: '203.0.113.44',
    });
    expect(reset.body.meta.code).toBe(200);
    expect((await call(t.app, 'GET', BACKOFFICE_ROUTE, { token: support.token })).status).toBe(401);
    const again = await signIn(t, support.mobileNo);
    expect((await call(t.app, 'GET', BACKOFFICE_ROUTE, { token: again })).body.meta.error).toBe(
      'SECOND_FACTOR_ENROLMENT_REQUIRED',
    );
    await enrolSecondFactor(t, again);
    expect((await call(t.app, 'GET', BACKOFFICE_ROUTE, { token: again })).body.meta.code).toBe(200);

    const audit = await call(
      t.app,
      'GET',
      `/api/v1/backoffice/audit-log?action=operator.second_factor_reset&target=${support.userId}`,
      { token: director.token },
    );
    expect((audit.body.data as { items: unknown[] }).items).toEqual([
      expect.objectContaining({
        actorId: director.userId,
        targetId: support.userId,
        ip: '203.0.113.44',
        details: { reason: 'Lost phone, codes used up' },
      }),
    ]);
  });
});
