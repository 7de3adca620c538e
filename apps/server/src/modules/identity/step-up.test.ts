import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, STEP_UP_WINDOW_MS } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, totpCode } from '../../../test/test-app.js';
import { STEP_UP_ROUTES } from '../../plugins/step-up.js';
import { accountUnder } from '../agents/agent-money-test-support.js';

/** Issue 28, decision 0049: money routes ask for a fresh authenticator code at most every 5 minutes. */
let t: TestApp;
let director: { token: string; userId: string; secret: string };

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
});
afterAll(async () => t.close());

const chipsOf = (agentId: string) => t.services.wallet.agentBookBalance(agentId, 'chips');
const giveChips = (token: string, id: string, amount: number) =>
  call(t.app, 'POST', `/api/v1/backoffice/users/${id}/chips`, { token, body: { action: 'give', amount } });
const stepUp = (token: string, code: string) =>
  call(t.app, 'POST', '/api/v1/backoffice/step-up', { token, body: { code } });

async function auditActions(action: string): Promise<{ actorId: string | null }[]> {
  const answer = await call(t.app, 'GET', `/api/v1/backoffice/audit-log?action=${action}&actor=${director.userId}`, {
    token: director.token,
  });
  expect(answer.body.meta.code).toBe(200);
  return (answer.body.data as { items: { actorId: string | null }[] }).items;
}

describe('step-up for money (decision 0049)', () => {
  it('is satisfied by the sign-in code, demanded once the window has passed, and a fresh code opens it again', async () => {
    const agent = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    // The enrolment's code was entered just now: money moves.
    expect((await giveChips(director.token, agent, 1_000)).body.meta.code).toBe(200);
    expect(await chipsOf(agent)).toBe(1_000_00);

    t.clock.advanceMs(STEP_UP_WINDOW_MS);
    const refused = await giveChips(director.token, agent, 500);
    expect(refused.body.meta).toMatchObject({
      code: 403,
      error: 'STEP_UP_REQUIRED',
      message: 'Enter a fresh code from your authenticator app to confirm this',
    });
    expect(await chipsOf(agent)).toBe(1_000_00);
    // Reading is not money: the rest of the back office still answers.
    expect((await call(t.app, 'GET', `/api/v1/backoffice/users/${agent}`, { token: director.token })).status).toBe(200);

    const code = totpCode(t, director.secret);
    const passed = await stepUp(director.token, code);
    expect(passed.body.meta.code).toBe(200);
    expect(passed.body.data).toEqual({ until: new Date(t.clock.now().getTime() + STEP_UP_WINDOW_MS).toISOString() });
    expect((await giveChips(director.token, agent, 500)).body.meta.code).toBe(200);
    expect(await chipsOf(agent)).toBe(1_500_00);
    expect(await auditActions('operator.step_up')).toHaveLength(1);

    // The same code a second time (seen over a shoulder, replayed from a log) is refused and audited,
    // and it does not stretch the window: the window still ends 5 minutes after the first use.
    t.clock.advanceMs(10_000);
    expect((await stepUp(director.token, code)).body.meta).toMatchObject({ code: 400, error: 'SECOND_FACTOR_REUSED' });
    t.clock.advanceMs(STEP_UP_WINDOW_MS - 10_000);
    expect((await giveChips(director.token, agent, 500)).body.meta.error).toBe('STEP_UP_REQUIRED');
    expect(await auditActions('operator.step_up_failed')).toHaveLength(1);
    expect(await chipsOf(agent)).toBe(1_500_00);
  });

  it('expires exactly at the end of the window, and a wrong code opens nothing', async () => {
    const agent = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    t.clock.advanceMs(60_000);
    expect((await stepUp(director.token, totpCode(t, director.secret))).body.meta.code).toBe(200);
    t.clock.advanceMs(STEP_UP_WINDOW_MS - 1);
    expect((await giveChips(director.token, agent, 100)).body.meta.code).toBe(200);
    t.clock.advanceMs(1);
    expect((await giveChips(director.token, agent, 100)).body.meta.error).toBe('STEP_UP_REQUIRED');
    const wrong = totpCode(t, director.secret, 10);
    expect((await stepUp(director.token, wrong)).body.meta.error).toBe('SECOND_FACTOR_INVALID');
    expect((await stepUp(director.token, 'ABCDE-FGHIJ')).body.meta.error).toBe('SECOND_FACTOR_INVALID');
    expect((await giveChips(director.token, agent, 100)).body.meta.error).toBe('STEP_UP_REQUIRED');
    expect(await chipsOf(agent)).toBe(100_00);
  });

  it('one session stepping up does not open another session of the same operator', async () => {
    const agent = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    const other = await createOperator(t, ROLES.DIRECTOR);
    t.clock.advanceMs(STEP_UP_WINDOW_MS);
    expect((await stepUp(other.token, totpCode(t, other.secret))).body.meta.code).toBe(200);
    expect((await giveChips(other.token, agent, 100)).body.meta.code).toBe(200);
    expect((await giveChips(director.token, agent, 100)).body.meta.error).toBe('STEP_UP_REQUIRED');
  });

  it('guards every listed route: a stale session is refused before anything is done', async () => {
    const openapi = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const agent = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    t.clock.advanceMs(STEP_UP_WINDOW_MS);
    const bodies: Record<string, unknown> = {
      chips: { action: 'give', amount: 10 },
      credit: { action: 'give', amount: 10 },
      settlement: { amount: 10 },
      settle: { weekStart: '2026-11-23' },
      password: { password: 'another-monsoon-55' },
      // One body for every void: a market's ignores the bulk void's market and player.
      void: { reason: 'a ghost market', marketId: agent, userId: agent },
      move: { uplineId: director.userId, reason: 'Taken over' },
    };
    for (const route of STEP_UP_ROUTES) {
      const [method, path] = route.split(' ') as ['POST', string];
      // The route exists under this name: a rename without the list would leave it unguarded.
      expect(openapi.paths[path.replace(':id', '{id}')]?.[method.toLowerCase()], route).toBeDefined();
      const last = path.split('/').at(-1) as string;
      const answer = await call(t.app, method, path.replace(':id', agent), {
        token: director.token,
        body: bodies[last],
      });
      expect(answer.body.meta.error, route).toBe('STEP_UP_REQUIRED');
    }
  });
});
