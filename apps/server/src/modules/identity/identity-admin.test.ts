import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, enrolSecondFactor, signUpPlayer } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface ListAnswer {
  items: { _id: string; mobile_no: string; allowSlots: boolean; role: number; suspended: boolean }[];
  total: number;
}

describe('back office: users', () => {
  it('searches users by mobile number, name fragment or role, with paging', async () => {
    const director = await createOperator(t);
    const player = await signUpPlayer(t);
    const byMobile = await call(t.app, 'GET', `/api/v1/backoffice/users?search=${player.mobileNo.slice(-6)}`, {
      token: director.token,
    });
    expect((byMobile.body.data as ListAnswer).items.map((user) => user._id)).toEqual([player.userId]);
    const operators = await call(t.app, 'GET', `/api/v1/backoffice/users?role=${ROLES.DIRECTOR}`, {
      token: director.token,
    });
    expect((operators.body.data as ListAnswer).items.every((user) => user.role === ROLES.DIRECTOR)).toBe(true);
    await signUpPlayer(t);
    const page = await call(t.app, 'GET', '/api/v1/backoffice/users?pageSize=1&page=2', { token: director.token });
    expect((page.body.data as ListAnswer).items).toHaveLength(1);
    expect((page.body.data as ListAnswer).total).toBeGreaterThanOrEqual(3);
    const wildcard = await call(t.app, 'GET', '/api/v1/backoffice/users?search=%25', { token: director.token });
    expect((wildcard.body.data as ListAnswer).items).toHaveLength(0);
  });

  it('changes permission flags; the player profile follows; the audit log records the diff with actor and IP', async () => {
    const director = await createOperator(t);
    const player = await signUpPlayer(t);
    const update = await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
      token: director.token,
      body: { allowSlots: false, referralAllow: false },
      ip: '203.0.113.9',
    });
    expect(update.body.data).toMatchObject({ allowSlots: false, referralAllow: false });
    const profile = await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token });
    expect(profile.body.data).toMatchObject({ allowSlots: false, referralAllow: false });
    const audit = await call(t.app, 'GET', `/api/v1/backoffice/audit-log?targetId=${player.userId}`, {
      token: director.token,
    });
    const [entry] = (
      audit.body.data as { items: { action: string; actorId: string; ip: string; details: Record<string, unknown> }[] }
    ).items;
    expect(entry).toMatchObject({
      action: 'user.update',
      actorId: director.userId,
      ip: '203.0.113.9',
      targetName: `Ravi Kumar (${player.mobileNo})`,
    });
    expect(entry?.details).toEqual({ allowSlots: { from: true, to: false }, referralAllow: { from: true, to: false } });
  });

  it('needs a reason to suspend', async () => {
    const director = await createOperator(t);
    const player = await signUpPlayer(t);
    const answer = await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
      token: director.token,
      body: { suspended: true },
    });
    expect(answer.body.meta).toMatchObject({ code: 400, message: 'Give a reason for the suspension' });
  });

  it('lets a support admin edit players but not roles or operators; nobody demotes themselves', async () => {
    const director = await createOperator(t);
    const support = await createOperator(t, ROLES.SUPPORT_ADMIN);
    const player = await signUpPlayer(t);
    const flags = await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
      token: support.token,
      body: { allowHome: false },
    });
    expect(flags.body.meta.code).toBe(200);
    const role = await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
      token: support.token,
      body: { role: ROLES.DIRECTOR },
    });
    expect(role.body.meta.error).toBe('FORBIDDEN');
    const onDirector = await call(t.app, 'PUT', `/api/v1/backoffice/users/${director.userId}`, {
      token: support.token,
      body: { allowHome: false },
    });
    expect(onDirector.body.meta.error).toBe('FORBIDDEN');
    const self = await call(t.app, 'PUT', `/api/v1/backoffice/users/${director.userId}`, {
      token: director.token,
      body: { role: ROLES.PLAYER },
    });
    expect(self.body.meta.error).toBe('SELF_SERVICE_REFUSED');
    const unknownRole = await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
      token: director.token,
      body: { role: 9 },
    });
    expect(unknownRole.body.meta.code).toBe(400);
  });

  it('keeps the audit log append-only in the database itself', async () => {
    const director = await createOperator(t);
    const player = await signUpPlayer(t);
    await call(t.app, 'PUT', `/api/v1/backoffice/users/${player.userId}`, {
      token: director.token,
      body: { allowHome: false },
    });
    await expect(t.asOwner(`update audit_log set action = 'tampered'`)).rejects.toThrow(/append-only/);
    await expect(t.asOwner('delete from audit_log')).rejects.toThrow(/append-only/);
    await expect(t.asOwner('truncate audit_log')).rejects.toThrow(/append-only/);
  });

  it('bootstraps a director only when there is none', async () => {
    const fresh = await createTestApp();
    try {
      expect(await fresh.services.identity.bootstrapDirector('919812345678', 'boot-strap-pass-1')).toBe(true);
      expect(await fresh.services.identity.bootstrapDirector('919812345679', 'boot-strap-pass-1')).toBe(false);
      const login = await call(fresh.app, 'POST', '/api/v1/login', {
        body: { mobile_no: '919812345678', password: 'boot-strap-pass-1' },
      });
      expect(login.body.data).toMatchObject({ role: ROLES.DIRECTOR });
      const token = login.body.meta.token as string;
      await enrolSecondFactor(fresh, token);
      const audit = await call(
        fresh.app,
        'GET',
        `/api/v1/backoffice/audit-log?targetId=${(login.body.data as { _id: string })._id}`,
        { token },
      );
      expect((audit.body.data as { items: { action: string }[] }).items.map((item) => item.action)).toEqual([
        'operator.second_factor_enrolled',
        'operator.sign_in',
        'user.bootstrap_director',
      ]);
    } finally {
      await fresh.close();
    }
  });
});
