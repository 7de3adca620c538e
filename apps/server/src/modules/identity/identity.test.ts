import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import {
  PASSWORD,
  call,
  createOperator,
  createTestApp,
  latestOtp,
  nextIp,
  nextMobile,
  signUpPlayer,
} from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const signUpBody = (mobileNo: string, extra: Record<string, unknown> = {}) => ({
  name: 'Asha Patel',
  mobile_no: mobileNo,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ageConfirmed: true,
  ...extra,
});

describe('sign-up and OTP verification', () => {
  it('signs up, sends a 4-digit OTP, verifies, and logs in with welcome play chips', async () => {
    const mobileNo = nextMobile();
    const signUp = await call(t.app, 'POST', '/api/v1/signUp', { body: signUpBody(mobileNo), ip: nextIp() });
    expect(signUp.status).toBe(200);
    expect(signUp.body.meta).toMatchObject({ code: 200, message: MESSAGES.signedUp });
    const otp = await latestOtp(t.services, mobileNo);
    expect(otp).toMatch(/^\d{4}$/);

    const verify = await call(t.app, 'POST', '/api/v1/verify-otp', { body: { mobile_no: mobileNo, otp } });
    expect(verify.body.meta.code).toBe(200);
    expect(verify.body.meta.token).toMatch(/^[\w-]{40,}$/);
    expect(verify.body.data).toMatchObject({
      name: 'Asha Patel',
      mobile_no: mobileNo,
      role: ROLES.PLAYER,
      wallet: '1',
      balance: 10000,
      exposure: 0,
    });

    const profile = await call(t.app, 'GET', '/api/v1/getUserData', { token: verify.body.meta.token });
    expect(profile.body.data).toMatchObject({ mobile_no: mobileNo, allowHome: true, referralAllow: true });
    expect(profile.raw.headers['cache-control']).toBe('no-store');
  });

  it.each([
    [{ name: '' }, MESSAGES.nameRequired],
    [{ mobile_no: '' }, MESSAGES.mobileRequired],
    [{ mobile_no: '449876543210' }, MESSAGES.mobileInvalid],
    [{ password: '', confirmPassword: '' }, MESSAGES.passwordRequired],
    [{ confirmPassword: 'other-password-1' }, MESSAGES.passwordsDoNotMatch],
    [{ ageConfirmed: false }, MESSAGES.ageConfirmRequired],
    [{ password: 'short', confirmPassword: 'short' }, MESSAGES.passwordTooShort],
  ])('refuses %o with "%s"', async (change, message) => {
    const answer = await call(t.app, 'POST', '/api/v1/signUp', { body: signUpBody(nextMobile(), change) });
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toMatchObject({ code: 400, message, error: 'VALIDATION_FAILED' });
  });

  it('refuses a common password', async () => {
    const answer = await call(t.app, 'POST', '/api/v1/signUp', {
      body: signUpBody(nextMobile(), { password: 'Password123', confirmPassword: 'Password123' }),
    });
    expect(answer.body.meta).toMatchObject({ code: 400, error: 'WEAK_PASSWORD' });
  });

  it('refuses an unknown referral code and records a known one', async () => {
    const unknown = await call(t.app, 'POST', '/api/v1/signUp', {
      body: signUpBody(nextMobile(), { affiliateCode: 'NOPE1234' }),
    });
    expect(unknown.body.meta.error).toBe('REFERRAL_CODE_UNKNOWN');

    const referrer = await signUpPlayer(t);
    const referrerProfile = await call(t.app, 'GET', '/api/v1/getUserData', { token: referrer.token });
    const code = (referrerProfile.body.data as { referralCode: string }).referralCode;
    const referred = await signUpPlayer(t, nextMobile(), { affiliateCode: code.toLowerCase() });
    const rows = await t.db.query<{ referred_by: string }>('select referred_by from users where id = $1', [
      referred.userId,
    ]);
    expect(rows.rows[0]?.referred_by).toBe(referrer.userId);
  });

  it('refuses a second sign-up of a verified number', async () => {
    const { mobileNo } = await signUpPlayer(t);
    const again = await call(t.app, 'POST', '/api/v1/signUp', { body: signUpBody(mobileNo), ip: nextIp() });
    expect(again.body.meta).toMatchObject({ code: 409, error: 'MOBILE_ALREADY_REGISTERED' });
  });

  it('burns a code after five wrong tries: the sixth try is refused even with the right code', async () => {
    const mobileNo = nextMobile();
    await call(t.app, 'POST', '/api/v1/signUp', { body: signUpBody(mobileNo), ip: nextIp() });
    const right = await latestOtp(t.services, mobileNo);
    const wrong = right === '0000' ? '1111' : '0000';
    const codes: (string | undefined)[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      codes.push(
        (await call(t.app, 'POST', '/api/v1/verify-otp', { body: { mobile_no: mobileNo, otp: wrong } })).body.meta
          .error,
      );
    }
    expect(codes).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_ATTEMPTS_EXCEEDED']);
    const sixth = await call(t.app, 'POST', '/api/v1/verify-otp', { body: { mobile_no: mobileNo, otp: right } });
    expect(sixth.status).toBe(200);
    expect(sixth.body.meta).toMatchObject({ code: 429, error: 'OTP_ATTEMPTS_EXCEEDED' });
  });

  it('counts a try before comparing it: 40 wrong codes sent at once get 5 comparisons, so the number is not stopped for the day', async () => {
    const mobileNo = nextMobile();
    const ip = nextIp();
    await call(t.app, 'POST', '/api/v1/signUp', { body: signUpBody(mobileNo), ip });
    const right = await latestOtp(t.services, mobileNo);
    const wrong = right === '0000' ? '1111' : '0000';
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        call(t.app, 'POST', '/api/v1/verify-otp', { body: { mobile_no: mobileNo, otp: wrong } }),
      ),
    );
    const errors = answers.map((answer) => answer.body.meta.error);
    expect(errors.filter((error) => error === 'OTP_INVALID')).toHaveLength(4);
    expect(errors.filter((error) => error === 'OTP_ATTEMPTS_EXCEEDED')).toHaveLength(36);
    // Five failures count towards the ten a day, not forty: a new code still works.
    t.clock.advanceMs(11_000);
    expect(
      (await call(t.app, 'POST', '/api/v1/resend-otp', { body: { mobile_no: mobileNo }, ip })).body.meta.code,
    ).toBe(200);
    const verified = await call(t.app, 'POST', '/api/v1/verify-otp', {
      body: { mobile_no: mobileNo, otp: await latestOtp(t.services, mobileNo) },
    });
    expect(verified.body.meta.code).toBe(200);
  });

  it('refuses a replayed OTP', async () => {
    const mobileNo = nextMobile();
    await call(t.app, 'POST', '/api/v1/signUp', { body: signUpBody(mobileNo), ip: nextIp() });
    const otp = await latestOtp(t.services, mobileNo);
    const first = await call(t.app, 'POST', '/api/v1/verify-otp', { body: { mobile_no: mobileNo, otp } });
    expect(first.body.meta.code).toBe(200);
    const replay = await call(t.app, 'POST', '/api/v1/verify-otp', { body: { mobile_no: mobileNo, otp } });
    expect(replay.body.meta).toMatchObject({ code: 400, error: 'OTP_INVALID' });
  });

  it('lets exactly one of two racing verifications spend a code', async () => {
    const mobileNo = nextMobile();
    await call(t.app, 'POST', '/api/v1/signUp', { body: signUpBody(mobileNo), ip: nextIp() });
    const otp = await latestOtp(t.services, mobileNo);
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(t.app, 'POST', '/api/v1/verify-otp', { body: { mobile_no: mobileNo, otp } })),
    );
    expect(answers.filter((answer) => answer.body.meta.code === 200)).toHaveLength(1);
  });

  it('expires a code after five minutes', async () => {
    const mobileNo = nextMobile();
    await call(t.app, 'POST', '/api/v1/signUp', { body: signUpBody(mobileNo), ip: nextIp() });
    const otp = await latestOtp(t.services, mobileNo);
    t.clock.advanceMs(5 * 60 * 1000 + 1);
    const late = await call(t.app, 'POST', '/api/v1/verify-otp', { body: { mobile_no: mobileNo, otp } });
    expect(late.body.meta.error).toBe('OTP_EXPIRED');
  });

  it('throttles resending: not within 10 seconds, then a new code replaces the old', async () => {
    const mobileNo = nextMobile();
    const ip = nextIp();
    await call(t.app, 'POST', '/api/v1/signUp', { body: signUpBody(mobileNo), ip });
    const first = await latestOtp(t.services, mobileNo);
    const tooSoon = await call(t.app, 'POST', '/api/v1/resend-otp', { body: { mobile_no: mobileNo }, ip });
    expect(tooSoon.body.meta).toMatchObject({ code: 429, error: 'OTP_SEND_THROTTLED' });
    t.clock.advanceMs(10_001);
    const resent = await call(t.app, 'POST', '/api/v1/resend-otp', { body: { mobile_no: mobileNo }, ip });
    expect(resent.body.meta.code).toBe(200);
    expect((await t.services.sms.outbox(mobileNo)).length).toBe(2);
    const second = await latestOtp(t.services, mobileNo);
    if (first !== second) {
      const old = await call(t.app, 'POST', '/api/v1/verify-otp', { body: { mobile_no: mobileNo, otp: first } });
      expect(old.body.meta.error).toBe('OTP_INVALID');
    }
    const ok = await call(t.app, 'POST', '/api/v1/verify-otp', { body: { mobile_no: mobileNo, otp: second } });
    expect(ok.body.meta.code).toBe(200);
  });

  it('caps OTP sends per IP', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1)
      codes.push((await call(t.app, 'POST', '/api/v1/signUp', { body: signUpBody(nextMobile()), ip })).body.meta.code);
    expect(codes.slice(0, 20).every((code) => code === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('stops a number after ten failures a day', async () => {
    const mobileNo = nextMobile();
    const ip = nextIp();
    await call(t.app, 'POST', '/api/v1/signUp', { body: signUpBody(mobileNo), ip });
    for (let round = 0; round < 2; round += 1) {
      const right = await latestOtp(t.services, mobileNo);
      const wrong = right === '0000' ? '1111' : '0000';
      for (let i = 0; i < 5; i += 1)
        await call(t.app, 'POST', '/api/v1/verify-otp', { body: { mobile_no: mobileNo, otp: wrong } });
      t.clock.advanceMs(11_000);
      await call(t.app, 'POST', '/api/v1/resend-otp', { body: { mobile_no: mobileNo }, ip });
    }
    const after = await call(t.app, 'POST', '/api/v1/verify-otp', {
      body: { mobile_no: mobileNo, otp: await latestOtp(t.services, mobileNo) },
    });
    expect(after.body.meta.error).toBe('OTP_DAILY_LIMIT');
    t.clock.advanceMs(24 * 60 * 60 * 1000);
  });
});

describe('login', () => {
  it('logs in by mobile number and by username', async () => {
    const player = await signUpPlayer(t);
    const byMobile = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
      ip: nextIp(),
    });
    expect(byMobile.body.meta.code).toBe(200);
    const username = (byMobile.body.data as { username: string }).username;
    const byUsername = await call(t.app, 'POST', '/api/v1/login', {
      body: { username: username.toUpperCase(), password: PASSWORD },
      ip: nextIp(),
    });
    expect(byUsername.body.meta).toMatchObject({ code: 200, message: MESSAGES.loggedIn });
    expect(byUsername.body.meta.token).not.toBe(byMobile.body.meta.token);
  });

  it('gives one answer for a wrong password and an unknown account (no enumeration)', async () => {
    const player = await signUpPlayer(t);
    const wrong = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: 'not-the-password' },
      ip: nextIp(),
    });
    const unknown = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: nextMobile(), password: 'not-the-password' },
      ip: nextIp(),
    });
    expect(wrong.body.meta).toEqual(unknown.body.meta);
    expect(wrong.body.meta.error).toBe('INVALID_CREDENTIALS');
  });

  it('answers 403 with a fresh OTP for an unverified phone', async () => {
    const mobileNo = nextMobile();
    await call(t.app, 'POST', '/api/v1/signUp', { body: signUpBody(mobileNo), ip: nextIp() });
    t.clock.advanceMs(11_000);
    const login = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: mobileNo, password: PASSWORD },
      ip: nextIp(),
    });
    expect(login.body.meta).toMatchObject({ code: 403, error: 'PHONE_NOT_VERIFIED' });
    expect(login.body.data).toEqual({ mobile_no: mobileNo });
    expect(await t.services.sms.outbox(mobileNo)).toHaveLength(2);
  });

  it('refuses a player at the back-office login without opening a session', async () => {
    const player = await signUpPlayer(t);
    const before = await t.db.query('select id from sessions where user_id = $1', [player.userId]);
    const answer = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD, audience: 'backoffice' },
      ip: nextIp(),
    });
    expect(answer.body.meta).toMatchObject({
      code: 403,
      error: 'FORBIDDEN',
      message: 'This is not an operator account',
    });
    expect(answer.body.meta.token).toBeUndefined();
    const after = await t.db.query('select id from sessions where user_id = $1', [player.userId]);
    expect(after.rowCount).toBe(before.rowCount);
    const operator = await createOperator(t);
    const mobile = (
      await t.db.query<{ mobile_no: string }>('select mobile_no from users where id = $1', [operator.userId])
    ).rows[0]?.mobile_no;
    const ok = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: mobile, password: PASSWORD, audience: 'backoffice' },
      ip: nextIp(),
    });
    expect(ok.body.meta.code).toBe(200);
  });

  it('refuses a self-excluded account', async () => {
    const player = await signUpPlayer(t);
    await t.db.query(`update users set self_excluded_until = $2 where id = $1`, [
      player.userId,
      new Date(t.clock.now().getTime() + 86_400_000),
    ]);
    const login = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
      ip: nextIp(),
    });
    expect(login.body.meta).toMatchObject({ code: 403, error: 'ACCOUNT_SELF_EXCLUDED' });
  });
});

describe('sessions', () => {
  it('revokes the token on logout: HTTP 401 afterwards', async () => {
    const player = await signUpPlayer(t);
    const logout = await call(t.app, 'POST', '/api/v1/logout', {
      token: player.token,
      body: { user_id: player.userId },
    });
    expect(logout.body.meta).toMatchObject({ code: 200, message: MESSAGES.loggedOut });
    const after = await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ message: 'Please log in again', meta: { code: 401, error: 'UNAUTHENTICATED' } });
  });

  it('expires an idle session and an old one', async () => {
    const idle = await signUpPlayer(t);
    t.clock.advanceMs(12 * 60 * 60 * 1000 + 1000);
    expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: idle.token })).status).toBe(401);

    const busy = await signUpPlayer(t);
    for (let day = 0; day < 7; day += 1) {
      expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: busy.token })).status).toBe(200);
      t.clock.advanceMs(11 * 60 * 60 * 1000);
      expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: busy.token })).status).toBe(200);
      t.clock.advanceMs(11 * 60 * 60 * 1000);
    }
    t.clock.advanceMs(10 * 60 * 60 * 1000);
    expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: busy.token })).status).toBe(401);
  });

  it('refuses malformed and unknown tokens with HTTP 401', async () => {
    for (const header of ['Bearer', 'Bearer x', 'Basic abc', `Bearer ${'a'.repeat(43)}`, `Bearer ${'é'.repeat(50)}`]) {
      const answer = await call(t.app, 'GET', '/api/v1/getUserData', { headers: { authorization: header } });
      expect(answer.status).toBe(401);
    }
  });

  it('ends every session of a suspended account: meta.code 401, and login refused', async () => {
    const player = await signUpPlayer(t);
    const director = await createOperator(t);
    const suspend = await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
      token: director.token,
      body: { suspended: true, suspendedReason: 'Chargeback investigation' },
    });
    expect(suspend.body.meta.code).toBe(200);
    const after = await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token });
    expect(after.status).toBe(200);
    expect(after.body.meta).toMatchObject({ code: 401, error: 'SESSION_ENDED' });
    const login = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
      ip: nextIp(),
    });
    expect(login.body.meta.error).toBe('ACCOUNT_SUSPENDED');
  });
});

describe('passwords', () => {
  it('changes the password: old sessions end, the new token works, the old password does not', async () => {
    const player = await signUpPlayer(t);
    const other = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
      ip: nextIp(),
    });
    const wrongOld = await call(t.app, 'POST', '/api/v1/change_password', {
      token: player.token,
      body: { old_password: 'not-it-at-all', password: 'new-secret-77', confirm_password: 'new-secret-77' },
    });
    expect(wrongOld.body.meta).toMatchObject({ code: 400, error: 'WRONG_OLD_PASSWORD' });

    const changed = await call(t.app, 'POST', '/api/v1/change_password', {
      token: player.token,
      body: { old_password: PASSWORD, password: 'new-secret-77', confirm_password: 'new-secret-77' },
    });
    expect(changed.body.meta).toMatchObject({ code: 200, message: MESSAGES.passwordChanged });
    const fresh = changed.body.meta.token as string;
    expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: other.body.meta.token })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: fresh })).status).toBe(200);
    const oldLogin = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
      ip: nextIp(),
    });
    expect(oldLogin.body.meta.error).toBe('INVALID_CREDENTIALS');
  });

  it('resets a forgotten password with an OTP, ending every session, and never reveals registration', async () => {
    const player = await signUpPlayer(t);
    t.clock.advanceMs(11_000);
    const known = await call(t.app, 'POST', '/api/v1/forgot-password', {
      body: { mobile_no: player.mobileNo },
      ip: nextIp(),
    });
    const unknownMobile = nextMobile();
    const unknown = await call(t.app, 'POST', '/api/v1/forgot-password', {
      body: { mobile_no: unknownMobile },
      ip: nextIp(),
    });
    expect(known.body).toEqual(unknown.body);
    expect(await t.services.sms.outbox(unknownMobile)).toHaveLength(0);

    const otp = await latestOtp(t.services, player.mobileNo);
    const reset = await call(t.app, 'POST', '/api/v1/reset-password', {
      body: { mobile_no: player.mobileNo, otp, password: 'fresh-start-99', confirm_password: 'fresh-start-99' },
    });
    expect(reset.body.meta).toMatchObject({ code: 200, message: MESSAGES.passwordReset });
    expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).status).toBe(401);
    const login = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: 'fresh-start-99' },
      ip: nextIp(),
    });
    expect(login.body.meta.code).toBe(200);
    const unknownReset = await call(t.app, 'POST', '/api/v1/reset-password', {
      body: { mobile_no: unknownMobile, otp: '1234', password: 'fresh-start-99', confirm_password: 'fresh-start-99' },
    });
    expect(unknownReset.body.meta.error).toBe('OTP_INVALID');
  });

  it('does not accept a sign-up OTP as a reset OTP', async () => {
    const mobileNo = nextMobile();
    await call(t.app, 'POST', '/api/v1/signUp', { body: signUpBody(mobileNo), ip: nextIp() });
    const otp = await latestOtp(t.services, mobileNo);
    const reset = await call(t.app, 'POST', '/api/v1/reset-password', {
      body: { mobile_no: mobileNo, otp, password: 'fresh-start-99', confirm_password: 'fresh-start-99' },
    });
    expect(reset.body.meta.error).toBe('OTP_INVALID');
  });
});

describe('wallet switch', () => {
  it('switches to the bonus wallet with "Wallet Changed"', async () => {
    const player = await signUpPlayer(t);
    const answer = await call(t.app, 'PUT', '/api/v1/wallet', { token: player.token, body: { selectedWallet: '2' } });
    expect(answer.body.meta).toMatchObject({ code: 200, message: MESSAGES.walletChanged });
    expect(answer.body.data).toMatchObject({ wallet: '2' });
    const bad = await call(t.app, 'PUT', '/api/v1/wallet', { token: player.token, body: { selectedWallet: '3' } });
    expect(bad.body.meta.code).toBe(400);
  });

  it('gives a credit player no bonus wallet', async () => {
    const player = await signUpPlayer(t);
    const director = await createOperator(t);
    await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
      token: director.token,
      body: { role: ROLES.CREDIT_PLAYER },
    });
    const answer = await call(t.app, 'PUT', '/api/v1/wallet', { token: player.token, body: { selectedWallet: '2' } });
    expect(answer.body.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });
  });
});

describe('self-exclusion (PRODUCT.md §7)', () => {
  it('ends every session at once, and refuses login until the period passes', async () => {
    const player = await signUpPlayer(t);
    const other = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
      ip: nextIp(),
    });
    const wrong = await call(t.app, 'POST', '/api/v1/self-exclusion', {
      token: player.token,
      body: { days: 7, password: 'not-mine-at-all' },
    });
    expect(wrong.body.meta.code).toBe(400);
    const bad = await call(t.app, 'POST', '/api/v1/self-exclusion', {
      token: player.token,
      body: { days: 3, password: PASSWORD },
    });
    expect(bad.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });

    const excluded = await call(t.app, 'POST', '/api/v1/self-exclusion', {
      token: player.token,
      body: { days: 7, password: PASSWORD },
    });
    expect(excluded.body.meta.code).toBe(200);
    for (const token of [player.token, other.body.meta.token]) {
      const after = await call(t.app, 'GET', '/api/v1/getUserData', { token });
      expect(after.body.meta).toMatchObject({ code: 401, error: 'SESSION_ENDED' });
    }
    const login = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
      ip: nextIp(),
    });
    expect(login.body.meta.error).toBe('ACCOUNT_SELF_EXCLUDED');
    t.clock.advanceMs(7 * 24 * 60 * 60 * 1000 + 1000);
    const later = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
      ip: nextIp(),
    });
    expect(later.body.meta.code).toBe(200);

    // A new exclusion after the first has passed starts its own period.
    await call(t.app, 'POST', '/api/v1/self-exclusion', {
      token: later.body.meta.token,
      body: { days: 30, password: PASSWORD },
    });
    const relogin = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
      ip: nextIp(),
    });
    expect(relogin.body.meta.error).toBe('ACCOUNT_SELF_EXCLUDED');
    const until = (
      await t.db.query<{ self_excluded_until: Date }>('select self_excluded_until from users where id = $1', [
        player.userId,
      ])
    ).rows[0]?.self_excluded_until;
    expect(until?.getTime()).toBe(t.clock.now().getTime() + 30 * 24 * 60 * 60 * 1000);
  });
});
