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
  totpCode,
} from '../../../test/test-app.js';

/** Issue 28, decision 0050: a back-office account whose password an upline chose picks its own first. */
let t: TestApp;
let director: { token: string; userId: string; secret: string };

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'my-own-monsoon-77';

async function login(mobileNo: string, password: string): Promise<string> {
  const answer = await call(t.app, 'POST', '/api/v1/login', { ip: nextIp(), body: { mobile_no: mobileNo, password } });
  expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
  return answer.body.meta.token as string;
}

async function createAgent(): Promise<{ userId: string; mobileNo: string }> {
  const mobileNo = nextMobile();
  const created = await call(t.app, 'POST', '/api/v1/backoffice/downline', {
    token: director.token,
    body: { role: ROLES.AGENT, name: 'Sub Agent', mobile_no: mobileNo, password: PASSWORD },
  });
  expect(created.body.meta.code, created.body.meta.message).toBe(200);
  return { userId: (created.body.data as { _id: string })._id, mobileNo };
}

const ownDownline = (token: string) => call(t.app, 'GET', '/api/v1/backoffice/users', { token });

describe('own password (decision 0050)', () => {
  it('an account an upline created chooses its own password after the second factor, then the back office opens', async () => {
    const agent = await createAgent();
    const token = await login(agent.mobileNo, PASSWORD);
    const { secret } = await enrolSecondFactor(t, token);
    expect((await ownDownline(token)).body.meta).toMatchObject({
      code: 403,
      error: 'PASSWORD_CHANGE_REQUIRED',
      message: 'Choose a new password of your own to continue',
    });
    // The same password again is no change of its own.
    const same = await call(t.app, 'POST', '/api/v1/change_password', {
      token,
      body: { old_password: 'wrong-password-1', password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    expect(same.body.meta.error).toBe('WRONG_OLD_PASSWORD');
    expect((await ownDownline(token)).body.meta.error).toBe('PASSWORD_CHANGE_REQUIRED');

    const changed = await call(t.app, 'POST', '/api/v1/change_password', {
      token,
      body: { old_password: PASSWORD, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    expect(changed.body.meta.code).toBe(200);
    const fresh = changed.body.meta.token as string;
    // Every session ended with the change; the new one passes the second factor as any sign-in does.
    expect((await ownDownline(token)).status).toBe(401);
    expect((await ownDownline(fresh)).body.meta.error).toBe('SECOND_FACTOR_REQUIRED');
    t.clock.advanceMs(30_000);
    const verified = await call(t.app, 'POST', '/api/v1/backoffice/second-factor/verify', {
      token: fresh,
      body: { code: totpCode(t, secret) },
    });
    expect(verified.body.meta.code).toBe(200);
    expect((await ownDownline(fresh)).body.meta.code).toBe(200);
    // The old password is gone; the new one signs in straight to the back office.
    const old = await call(t.app, 'POST', '/api/v1/login', {
      ip: nextIp(),
      body: { mobile_no: agent.mobileNo, password: PASSWORD },
    });
    expect(old.body.meta.code).not.toBe(200);
  });

  it('a password an upline resets must be replaced again; one the holder chose never is', async () => {
    const agent = await createAgent();
    const first = await login(agent.mobileNo, PASSWORD);
    const { secret } = await enrolSecondFactor(t, first);
    const changed = await call(t.app, 'POST', '/api/v1/change_password', {
      token: first,
      body: { old_password: PASSWORD, password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    });
    expect(changed.body.meta.code).toBe(200);
    t.clock.advanceMs(30_000);
    const again = await login(agent.mobileNo, NEW_PASSWORD);
    await call(t.app, 'POST', '/api/v1/backoffice/second-factor/verify', {
      token: again,
      body: { code: totpCode(t, secret) },
    });
    expect((await ownDownline(again)).body.meta.code).toBe(200);

    // The director resets it (a fresh code for the money-grade action, decision 0049).
    const reset = await call(t.app, 'POST', `/api/v1/backoffice/users/${agent.userId}/password`, {
      token: director.token,
      body: { password: 'upline-chosen-88' },
    });
    expect(reset.body.meta.code, reset.body.meta.message).toBe(200);
    t.clock.advanceMs(30_000);
    const afterReset = await login(agent.mobileNo, 'upline-chosen-88');
    await call(t.app, 'POST', '/api/v1/backoffice/second-factor/verify', {
      token: afterReset,
      body: { code: totpCode(t, secret) },
    });
    expect((await ownDownline(afterReset)).body.meta.error).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('an operator made by bootstrap, who chose its own password, is never asked', async () => {
    expect((await ownDownline(director.token)).body.meta.code).toBe(200);
  });
});
