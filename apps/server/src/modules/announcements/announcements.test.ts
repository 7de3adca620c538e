import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signInCreatedAccount, signUpPlayer } from '../../../test/test-app.js';
import { accountUnder, tokenOf } from '../agents/agent-money-test-support.js';

/**
 * Announcements (issue 28, decision 0065): a player reads the operator's and its uplines' lines while
 * they run, never a sibling branch's; an agent manages the ones posted at or below it.
 */
let t: TestApp;
let director: { token: string; userId: string };
const agent = { a: { token: '', userId: '' }, sub: { token: '', userId: '' }, b: { token: '', userId: '' } };
const player = { underSub: '', underA: '', underB: '', free: '' };

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  const a = await accountUnder(t, ROLES.AGENT, director.userId);
  const sub = await accountUnder(t, ROLES.AGENT, a.userId);
  const b = await accountUnder(t, ROLES.CREDIT_AGENT, director.userId);
  agent.a = { userId: a.userId, token: await signInCreatedAccount(t, a.mobileNo) };
  agent.sub = { userId: sub.userId, token: await signInCreatedAccount(t, sub.mobileNo) };
  agent.b = { userId: b.userId, token: await signInCreatedAccount(t, b.mobileNo) };
  player.underSub = await tokenOf(t, (await accountUnder(t, ROLES.PLAYER, sub.userId)).mobileNo);
  player.underA = await tokenOf(t, (await accountUnder(t, ROLES.PLAYER, a.userId)).mobileNo);
  player.underB = await tokenOf(t, (await accountUnder(t, ROLES.CREDIT_PLAYER, b.userId)).mobileNo);
  player.free = (await signUpPlayer(t)).token;
});
afterAll(async () => t.close());

const minutesFromNow = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();

async function post(token: string, message: string, startMin = -1, endMin = 60) {
  const answer = await call(t.app, 'POST', '/api/v1/backoffice/announcements', {
    token,
    body: { message, startsAt: minutesFromNow(startMin), endsAt: minutesFromNow(endMin) },
  });
  expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
  return (answer.body.data as { _id: string })._id;
}

async function ticker(token: string): Promise<string[]> {
  const answer = await call(t.app, 'GET', '/api/v1/announcements', { token });
  expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
  return (answer.body.data as { items: { message: string }[] }).items.map((item) => item.message).sort();
}

async function listed(token: string): Promise<string[]> {
  const answer = await call(t.app, 'GET', '/api/v1/backoffice/announcements', { token });
  expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
  return (answer.body.data as { items: { message: string }[] }).items.map((item) => item.message).sort();
}

describe('announcements (issue 28)', () => {
  it('reach the players of the poster’s downline only, and the operator’s reach everyone', async () => {
    await post(director.token, 'Site: IPL final tonight');
    await post(agent.a.token, 'A: deposits close at 11');
    await post(agent.sub.token, 'Sub: welcome');
    await post(agent.b.token, 'B: credit week ends Monday');

    expect(await ticker(player.underSub)).toEqual([
      'A: deposits close at 11',
      'Site: IPL final tonight',
      'Sub: welcome',
    ]);
    expect(await ticker(player.underA)).toEqual(['A: deposits close at 11', 'Site: IPL final tonight']);
    expect(await ticker(player.underB)).toEqual(['B: credit week ends Monday', 'Site: IPL final tonight']);
    expect(await ticker(player.free)).toEqual(['Site: IPL final tonight']);

    // The back office lists what was posted at or below the caller; the DIRECTOR sees every one.
    expect(await listed(agent.a.token)).toEqual(['A: deposits close at 11', 'Sub: welcome']);
    expect(await listed(agent.sub.token)).toEqual(['Sub: welcome']);
    expect(await listed(agent.b.token)).toEqual(['B: credit week ends Monday']);
    expect(await listed(director.token)).toEqual(
      expect.arrayContaining(['A: deposits close at 11', 'B: credit week ends Monday', 'Site: IPL final tonight']),
    );
  });

  it('show from their start until their end, no earlier and no later', async () => {
    const id = await post(agent.b.token, 'B: later today', 10, 20);
    expect(await ticker(player.underB)).not.toContain('B: later today');
    const row = (await call(t.app, 'GET', '/api/v1/backoffice/announcements', { token: agent.b.token })).body.data as {
      items: { _id: string; status: string }[];
    };
    expect(row.items.find((item) => item._id === id)?.status).toBe('scheduled');
    t.clock.advanceMs(11 * 60_000);
    expect(await ticker(player.underB)).toContain('B: later today');
    t.clock.advanceMs(10 * 60_000);
    expect(await ticker(player.underB)).not.toContain('B: later today');
  });

  it('are changed and deleted by their poster or an upline, never by a sibling or a sub-agent', async () => {
    const id = await post(agent.sub.token, 'Sub: typo here');
    const edit = (token: string, message: string) =>
      call(t.app, 'PUT', `/api/v1/backoffice/announcements/${id}`, {
        token,
        body: { message, startsAt: minutesFromNow(-1), endsAt: minutesFromNow(30) },
      });
    expect((await edit(agent.b.token, 'B was here')).body.meta).toMatchObject({ code: 403, error: 'NOT_IN_DOWNLINE' });
    const siteId = await post(director.token, 'Site: maintenance at 4');
    const onSite = await call(t.app, 'DELETE', `/api/v1/backoffice/announcements/${siteId}`, { token: agent.a.token });
    expect(onSite.body.meta).toMatchObject({ code: 403, error: 'NOT_IN_DOWNLINE' });
    const aId = await post(agent.a.token, 'A: upline line');
    const bySub = await call(t.app, 'DELETE', `/api/v1/backoffice/announcements/${aId}`, { token: agent.sub.token });
    expect(bySub.body.meta).toMatchObject({ code: 403, error: 'NOT_IN_DOWNLINE' });

    expect((await edit(agent.a.token, 'Sub: fixed by A')).body.meta.code).toBe(200);
    expect(await ticker(player.underSub)).toContain('Sub: fixed by A');
    expect(await ticker(player.underSub)).not.toContain('Sub: typo here');
    const removed = await call(t.app, 'DELETE', `/api/v1/backoffice/announcements/${id}`, { token: director.token });
    expect(removed.body.meta.code).toBe(200);
    expect(await ticker(player.underSub)).not.toContain('Sub: fixed by A');

    const audit = await t.db.query<{ action: string; actor_id: string }>(
      "select action, actor_id from audit_log where target_type = 'announcement' and target_id = $1",
      [id],
    );
    // One clock instant for all three: compared as a set.
    expect(audit.rows.map((row) => [row.action, row.actor_id]).sort()).toEqual([
      ['announcement.create', agent.sub.userId],
      ['announcement.delete', director.userId],
      ['announcement.update', agent.a.userId],
    ]);
  });

  it('refuse players, support admins, an end before the start and an over-long line', async () => {
    const body = { message: 'Hello', startsAt: minutesFromNow(0), endsAt: minutesFromNow(10) };
    const byPlayer = await call(t.app, 'POST', '/api/v1/backoffice/announcements', { token: player.underA, body });
    expect(byPlayer.body.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    const support = await createOperator(t, ROLES.SUPPORT_ADMIN);
    const bySupport = await call(t.app, 'POST', '/api/v1/backoffice/announcements', { token: support.token, body });
    expect(bySupport.body.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    for (const bad of [
      { ...body, endsAt: minutesFromNow(-5) },
      { ...body, message: 'x'.repeat(281) },
      { ...body, message: '   ' },
      { ...body, endsAt: minutesFromNow(91 * 24 * 60) },
      { ...body, startsAt: 'tonight' },
    ]) {
      const refused = await call(t.app, 'POST', '/api/v1/backoffice/announcements', {
        token: agent.a.token,
        body: bad,
      });
      expect(refused.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    }
    expect((await call(t.app, 'GET', '/api/v1/announcements')).status).toBe(401);
  });
});
