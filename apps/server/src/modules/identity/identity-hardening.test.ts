import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { PASSWORD, call, createTestApp, latestOtp, nextIp, nextMobile, signUpPlayer } from '../../../test/test-app.js';
import { LOGIN_THROTTLE, createLoginThrottle, loginDelayMs, loginKey } from './login-throttle.js';
import { COMMON_PASSWORD_COUNT, PASSWORD_PROBLEMS, passwordProblem } from './password-rules.js';

/** Issue 9, "Sessions, channels and limits": login throttling, passwords, logout, trusted proxies. */
const TRUSTED_PROXY = '192.0.2.10';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: `${TRUSTED_PROXY}, 198.51.100.0/24`, LOGIN_FAILURES_PER_IP: '8' });
});
afterAll(async () => t.close());

async function usernameOf(token: string): Promise<string> {
  return ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { username: string }).username;
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe('failed-login throttling delays, and never locks out the owner', () => {
  it('grows the delay with failures and caps it at a few seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50, 10_000].map(loginDelayMs)).toEqual([0, 0, 0, 1000, 2000, 4000, 4000, 4000, 4000]);
    expect(LOGIN_THROTTLE.maxDelayMs).toBeLessThanOrEqual(5000);
  });

  it('lets the owner log in with the right password while an attacker hammers the account, by username and number alike', async () => {
    const owner = await signUpPlayer(t);
    const username = await usernameOf(owner.token);
    // The attacker uses the username, from many addresses, in parallel: 12 failures at once.
    const attack = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(t.app, 'POST', '/api/v1/login', { body: { username, password: 'guess-guess-1' }, ip: nextIp() }),
      ),
    );
    expect(attack.every((answer) => answer.body.meta.error === 'INVALID_CREDENTIALS')).toBe(true);

    // The owner, by mobile number: the same account, so the same (capped) delay, then in.
    const owner1 = await timed(() =>
      call(t.app, 'POST', '/api/v1/login', { body: { mobile_no: owner.mobileNo, password: PASSWORD }, ip: nextIp() }),
    );
    expect(owner1.result.body.meta).toMatchObject({ code: 200, message: MESSAGES.loggedIn });
    expect(owner1.ms).toBeGreaterThanOrEqual(LOGIN_THROTTLE.maxDelayMs - 50);
    expect(owner1.ms).toBeLessThan(LOGIN_THROTTLE.maxDelayMs + 8000);

    // Still under attack: a wrong guess is delayed and refused, the right password still succeeds.
    const [guess, owner2] = await Promise.all([
      call(t.app, 'POST', '/api/v1/login', {
        body: { mobile_no: owner.mobileNo, password: 'guess-guess-2' },
        ip: nextIp(),
      }),
      call(t.app, 'POST', '/api/v1/login', {
        body: { username: username.toUpperCase(), password: PASSWORD },
        ip: nextIp(),
      }),
    ]);
    expect(guess.body.meta.error).toBe('INVALID_CREDENTIALS');
    expect(owner2.body.meta.code).toBe(200);

    // The owner can also still change the password (the old one is checked after the same delay).
    const changed = await call(t.app, 'POST', '/api/v1/change_password', {
      token: owner2.body.meta.token as string,
      body: { old_password: PASSWORD, password: 'quiet-harbour-51', confirm_password: 'quiet-harbour-51' },
      ip: nextIp(),
    });
    expect(changed.body.meta.code).toBe(200);
  }, 45_000);

  it('waits nothing after one or two typos, then longer with each failure, counted in the database', async () => {
    const waits: number[] = [];
    const throttle = createLoginThrottle(t.services.throttle, {
      failuresPerIp: 1000,
      sleep: async (ms) => void waits.push(ms),
    });
    const key = loginKey(null, nextMobile());
    const ip = nextIp();
    for (let failure = 0; failure < 6; failure += 1) await throttle.beforeAttempt(key, ip);
    expect(waits).toEqual([1000, 2000, 4000]);
    t.clock.advanceMs(LOGIN_THROTTLE.windowMs + 1);
    await throttle.beforeAttempt(key, ip);
    expect(waits).toHaveLength(3);
  });

  it('counts parallel wrong passwords before checking them: 12 at once pay the delays of 12 one by one', async () => {
    const delays = async (parallel: boolean): Promise<number[]> => {
      const waits: number[] = [];
      const throttle = createLoginThrottle(t.services.throttle, {
        failuresPerIp: 1000,
        sleep: async (ms) => void waits.push(ms),
      });
      const key = loginKey(null, nextMobile());
      const ip = nextIp();
      if (parallel) await Promise.all(Array.from({ length: 12 }, () => throttle.beforeAttempt(key, ip)));
      else for (let attempt = 0; attempt < 12; attempt += 1) await throttle.beforeAttempt(key, ip);
      return waits.sort((a, b) => a - b);
    };
    const sequential = await delays(false);
    expect(sequential).toEqual([1000, 2000, 4000, 4000, 4000, 4000, 4000, 4000, 4000]);
    expect(await delays(true)).toEqual(sequential);
  });

  it('takes back a right password: the owner signing in does not add to the delay', async () => {
    const owner = await signUpPlayer(t);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const answer = await call(t.app, 'POST', '/api/v1/login', {
        body: { mobile_no: owner.mobileNo, password: PASSWORD },
        ip: nextIp(),
      });
      expect(answer.body.meta.code).toBe(200);
    }
    const waits: number[] = [];
    const throttle = createLoginThrottle(t.services.throttle, {
      failuresPerIp: 1000,
      sleep: async (ms) => void waits.push(ms),
    });
    await throttle.beforeAttempt(loginKey(owner.userId, owner.mobileNo), nextIp());
    expect(waits).toEqual([]);
  });

  it('treats an unknown account like a known one (no enumeration) and caps one address generously, not the site', async () => {
    const attackerIp = nextIp();
    // 20 at once against a cap of 8: counted before the check, so exactly 8 are checked, as one by one.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, 'POST', '/api/v1/login', {
          body: { mobile_no: nextMobile(), password: 'spray-spray-1' },
          ip: attackerIp,
        }),
      ),
    );
    const errors = answers.map((answer) => answer.body.meta.error);
    expect(errors.filter((error) => error === 'INVALID_CREDENTIALS')).toHaveLength(8);
    expect(errors.filter((error) => error === 'LOGIN_THROTTLED')).toHaveLength(12);
    const player = await signUpPlayer(t);
    const capped = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
      ip: attackerIp,
    });
    expect(capped.body.meta).toMatchObject({ code: 429, error: 'LOGIN_THROTTLED' });
    const elsewhere = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
      ip: nextIp(),
    });
    expect(elsewhere.body.meta.code).toBe(200);
  });
});

describe('sign-ups at the same moment', () => {
  it('all get accounts when they draw the same username: a taken key draws again instead of failing (CI, 2026-11-29)', async () => {
    // Twenty "Ravi Kumar"s at once, drawing from 30 usernames two by two (each one is drawn twice running), so
    // sign-ups side by side find the same username free and one's insert takes it before the other's.
    let draw = 0;
    const random = vi.spyOn(Math, 'random').mockImplementation(() => ((Math.floor(draw++ / 2) % 30) + 0.5) / 9000);
    try {
      const players = await Promise.all(Array.from({ length: 20 }, () => signUpPlayer(t)));
      const usernames = await Promise.all(players.map((player) => usernameOf(player.token)));
      expect(new Set(usernames).size).toBe(20);
      expect(usernames.every((username) => /^ravikumar10[0-2]\d$/.test(username))).toBe(true);
    } finally {
      random.mockRestore();
    }
  });
});

describe('new passwords', () => {
  const context = { siteName: 'Khel', mobileNo: '919876543210' };

  it('checks against a real breach list of more than 10,000 passwords', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(10_000);
  });

  it.each([
    ['password123', PASSWORD_PROBLEMS.common],
    ['Qwertyuiop', PASSWORD_PROBLEMS.common],
    ['Password1!', PASSWORD_PROBLEMS.common],
    ['sachin123', PASSWORD_PROBLEMS.common],
    ['aaaaaaaa', PASSWORD_PROBLEMS.repeated],
    ['zzzzzzz9', PASSWORD_PROBLEMS.repeated],
    ['xyzxyzxyz', PASSWORD_PROBLEMS.repeated],
    ['34567890', PASSWORD_PROBLEMS.sequential],
    ['abcdefgh', PASSWORD_PROBLEMS.sequential],
    ['zyxwvuts', PASSWORD_PROBLEMS.sequential],
    ['bcdefghij!', PASSWORD_PROBLEMS.sequential],
    ['khel-champion-7', PASSWORD_PROBLEMS.siteName],
    ['K.H.E.L rocks 99', PASSWORD_PROBLEMS.siteName],
    ['ravi9876543210', PASSWORD_PROBLEMS.mobileNo],
    ['+91 98765 43210', PASSWORD_PROBLEMS.mobileNo],
    ['919876543210x', PASSWORD_PROBLEMS.mobileNo],
    ['monsoon-rain-42', null],
    ['kite-over-river-8', null],
    ['98765-sunrise-1', null],
  ])('%s → %s', (password, problem) => {
    expect(passwordProblem(password, context)).toBe(problem);
  });

  const signUpBody = (mobileNo: string, password: string) => ({
    name: 'Meera Nair',
    mobile_no: mobileNo,
    password,
    confirmPassword: password,
    ageConfirmed: true,
  });

  it('refuses them at sign-up with the reason, using the branding site name', async () => {
    const mobileNo = nextMobile();
    const common = await call(t.app, 'POST', '/api/v1/signUp', {
      body: signUpBody(mobileNo, 'iloveyou'),
      ip: nextIp(),
    });
    expect(common.body.meta).toMatchObject({ code: 400, error: 'WEAK_PASSWORD', message: PASSWORD_PROBLEMS.common });
    const own = await call(t.app, 'POST', '/api/v1/signUp', {
      body: signUpBody(mobileNo, `me${mobileNo.slice(2)}`),
      ip: nextIp(),
    });
    expect(own.body.meta).toMatchObject({ code: 400, error: 'WEAK_PASSWORD', message: PASSWORD_PROBLEMS.mobileNo });
    const site = await call(t.app, 'POST', '/api/v1/signUp', {
      body: signUpBody(mobileNo, 'i-love-khel-2026'),
      ip: nextIp(),
    });
    expect(site.body.meta).toMatchObject({ code: 400, error: 'WEAK_PASSWORD', message: PASSWORD_PROBLEMS.siteName });

    await t.services.settings.seedBranding({
      siteName: 'Cricket Mela',
      color: '#112233',
      logoMediaId: null,
      faviconMediaId: null,
    });
    const rebranded = await call(t.app, 'POST', '/api/v1/signUp', {
      body: signUpBody(mobileNo, 'cricketmela-fan'),
      ip: nextIp(),
    });
    expect(rebranded.body.meta).toMatchObject({ error: 'WEAK_PASSWORD', message: PASSWORD_PROBLEMS.siteName });
    expect(
      (await call(t.app, 'POST', '/api/v1/signUp', { body: signUpBody(mobileNo, 'i-love-khel-2026'), ip: nextIp() }))
        .body.meta.code,
    ).toBe(200);
  });

  it('refuses them at a password change and a reset (the reset code is not spent by a refused password)', async () => {
    const player = await signUpPlayer(t);
    const change = await call(t.app, 'POST', '/api/v1/change_password', {
      token: player.token,
      body: { old_password: PASSWORD, password: '12345678', confirm_password: '12345678' },
    });
    expect(change.body.meta).toMatchObject({ code: 400, error: 'WEAK_PASSWORD', message: PASSWORD_PROBLEMS.common });

    t.clock.advanceMs(11_000);
    await call(t.app, 'POST', '/api/v1/forgot-password', { body: { mobile_no: player.mobileNo }, ip: nextIp() });
    const otp = await latestOtp(t.services, player.mobileNo);
    const weak = await call(t.app, 'POST', '/api/v1/reset-password', {
      body: { mobile_no: player.mobileNo, otp, password: 'abababab', confirm_password: 'abababab' },
    });
    expect(weak.body.meta).toMatchObject({ code: 400, error: 'WEAK_PASSWORD', message: PASSWORD_PROBLEMS.repeated });
    const good = await call(t.app, 'POST', '/api/v1/reset-password', {
      body: { mobile_no: player.mobileNo, otp, password: 'copper-kettle-64', confirm_password: 'copper-kettle-64' },
    });
    expect(good.body.meta.code).toBe(200);
  });
});

describe('logout with or without a body', () => {
  it.each([
    ['no body', {}],
    ['an empty JSON body', { payload: '', headers: { 'content-type': 'application/json' } }],
    ['a JSON body', { payload: '{"user_id":"abc"}', headers: { 'content-type': 'application/json' } }],
    ['a body that is not JSON', { payload: 'not json', headers: { 'content-type': 'application/json' } }],
    ['a text body', { payload: 'bye', headers: { 'content-type': 'text/plain' } }],
    ['a form body', { payload: 'user_id=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
    ['a body without a content type', { payload: '{}' }],
    ['a JSON array', { payload: '[1,2]', headers: { 'content-type': 'application/json' } }],
  ])('logs out with %s', async (_label, request: { payload?: string; headers?: Record<string, string> }) => {
    const player = await signUpPlayer(t);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      headers: { authorization: `Bearer ${player.token}`, ...request.headers },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ meta: { code: 200, message: MESSAGES.loggedOut } });
    expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).status).toBe(401);
  });

  it('still answers HTTP 401 without a token, whatever the body', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(answer.statusCode).toBe(401);
  });
});

describe('TRUST_PROXY: the client address comes from X-Forwarded-For only through a configured proxy', () => {
  async function sessionIpAfterLogin(peer: string, forwardedFor: string | undefined): Promise<string | null> {
    const player = await signUpPlayer(t);
    await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
      ip: peer,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
    // The sign-up's own session came from a 10.x test address; the login's is the one under test.
    const rows = await t.db.query<{ ip: string | null }>('select ip from sessions where user_id = $1', [player.userId]);
    return rows.rows.map((row) => row.ip).find((ip) => ip !== null && !ip.startsWith('10.')) ?? null;
  }

  it('believes a configured proxy (address or CIDR), taking the nearest untrusted hop', async () => {
    expect(await sessionIpAfterLogin(TRUSTED_PROXY, '203.0.113.7')).toBe('203.0.113.7');
    expect(await sessionIpAfterLogin('198.51.100.23', '203.0.113.8')).toBe('203.0.113.8');
    // A client that sends its own X-Forwarded-For through the proxy cannot pick its address.
    expect(await sessionIpAfterLogin(TRUSTED_PROXY, '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('ignores the header from anyone else', async () => {
    expect(await sessionIpAfterLogin('198.18.0.5', '203.0.113.10')).toBe('198.18.0.5');
  });
});

describe('TRUST_PROXY by default', () => {
  it('trusts no proxy', async () => {
    const plain = await createTestApp();
    try {
      const player = await signUpPlayer(plain);
      await call(plain.app, 'POST', '/api/v1/login', {
        body: { mobile_no: player.mobileNo, password: PASSWORD },
        ip: '198.18.0.6',
        headers: { 'x-forwarded-for': '203.0.113.11' },
      });
      const rows = await plain.db.query<{ ip: string }>('select ip from sessions where user_id = $1', [player.userId]);
      expect(rows.rows.map((row) => row.ip)).toContain('198.18.0.6');
      expect(rows.rows.map((row) => row.ip)).not.toContain('203.0.113.11');
    } finally {
      await plain.close();
    }
  });
});
