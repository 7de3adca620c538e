import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import {
  PASSWORD,
  call,
  createOperator,
  createTestApp,
  signInCreatedAccount,
  nextIp,
  nextMobile,
  signUpPlayer,
} from '../../../test/test-app.js';

/** PRODUCT.md §9 and decision 0018: who creates which role where, 5 agent levels, where a sign-up lands. */
let t: TestApp;
let director: { token: string; userId: string };

async function create(token: string, role: number, uplineId?: string) {
  const mobileNo = nextMobile();
  const answer = await call(t.app, 'POST', '/api/v1/backoffice/downline', {
    token,
    body: {
      role,
      name: 'Tree Rules',
      mobile_no: mobileNo,
      password: PASSWORD,
      ...(uplineId === undefined ? {} : { uplineId }),
    },
  });
  return { answer, mobileNo, userId: (answer.body.data as { _id?: string } | null)?._id ?? '' };
}
/** An agent an upline created chooses its own password at first sign-in (decision 0050). */
const agentToken = (mobileNo: string): Promise<string> => signInCreatedAccount(t, mobileNo);
const userOf = async (userId: string) =>
  (await call(t.app, 'GET', `/api/v1/backoffice/users/${userId}`, { token: director.token })).body.data as {
    uplineId: string | null;
    role: number;
  };
const referralCodeOf = async (userId: string) =>
  (
    (await call(t.app, 'GET', `/api/v1/backoffice/users/${userId}`, { token: director.token })).body.data as {
      referralCode: string;
    }
  ).referralCode;

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
});
afterAll(async () => t.close());

describe('the agent tree (issue 12)', () => {
  it('lets each role create only what the tree allows below it', async () => {
    const agent = await create(director.token, ROLES.AGENT);
    expect(agent.answer.body.meta.code).toBe(200);
    expect(await userOf(agent.userId)).toMatchObject({ uplineId: director.userId, role: ROLES.AGENT });
    const token = await agentToken(agent.mobileNo);
    expect((await create(token, ROLES.CREDIT_PLAYER)).answer.body.meta).toMatchObject({
      code: 403,
      error: 'ROLE_NOT_CREATABLE',
    });
    expect((await create(token, ROLES.SUPPORT_ADMIN)).answer.body.meta).toMatchObject({
      code: 403,
      error: 'ROLE_NOT_CREATABLE',
    });
    expect((await create(director.token, ROLES.PLAYER)).answer.body.meta).toMatchObject({
      code: 403,
      error: 'ROLE_NOT_CREATABLE',
    });
    const player = await create(token, ROLES.PLAYER);
    expect(await userOf(player.userId)).toMatchObject({ uplineId: agent.userId, role: ROLES.PLAYER });
    // A director places under one of its agents what that agent could create.
    expect((await create(director.token, ROLES.PLAYER, agent.userId)).answer.body.meta.code).toBe(200);
    // A support admin creates nothing (refused by role).
    const support = await createOperator(t, ROLES.SUPPORT_ADMIN);
    expect((await create(support.token, ROLES.AGENT)).answer.body.meta).toMatchObject({
      code: 403,
      error: 'FORBIDDEN',
    });
  });

  it('allows at most 5 agent levels below the director', async () => {
    let upline = (await create(director.token, ROLES.CREDIT_AGENT)).userId;
    for (let level = 2; level <= 5; level += 1) {
      const next = await create(director.token, ROLES.CREDIT_AGENT, upline);
      expect(next.answer.body.meta.code, `level ${level}`).toBe(200);
      upline = next.userId;
    }
    const sixth = await create(director.token, ROLES.CREDIT_AGENT, upline);
    expect(sixth.answer.body.meta).toMatchObject({
      code: 422,
      error: 'AGENT_LEVELS_EXCEEDED',
      message: 'The tree allows at most 5 agent levels below the director',
    });
    // A player at the deepest level is still fine.
    expect((await create(director.token, ROLES.CREDIT_PLAYER, upline)).answer.body.meta.code).toBe(200);
  });

  it('places a sign-up by the code it used: an agent’s downline, beside a referring player, else under the director', async () => {
    const agent = await create(director.token, ROLES.AGENT);
    const creditAgent = await create(director.token, ROLES.CREDIT_AGENT);
    const byAgent = await signUpPlayer(t, nextMobile(), { affiliateCode: await referralCodeOf(agent.userId) });
    expect(await userOf(byAgent.userId)).toMatchObject({ uplineId: agent.userId, role: ROLES.PLAYER });
    const byCreditAgent = await signUpPlayer(t, nextMobile(), {
      affiliateCode: await referralCodeOf(creditAgent.userId),
    });
    expect(await userOf(byCreditAgent.userId)).toMatchObject({
      uplineId: creditAgent.userId,
      role: ROLES.CREDIT_PLAYER,
    });
    const byPlayer = await signUpPlayer(t, nextMobile(), { affiliateCode: await referralCodeOf(byAgent.userId) });
    expect(await userOf(byPlayer.userId)).toMatchObject({ uplineId: agent.userId, role: ROLES.PLAYER });
    const plain = await signUpPlayer(t);
    expect(await userOf(plain.userId)).toMatchObject({ uplineId: director.userId, role: ROLES.PLAYER });
    // Credit players neither refer nor are referred (PRODUCT.md §8).
    const refused = await call(t.app, 'POST', '/api/v1/signUp', {
      ip: nextIp(),
      body: {
        name: 'Ravi',
        mobile_no: nextMobile(),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        ageConfirmed: true,
        affiliateCode: await referralCodeOf(byCreditAgent.userId),
      },
    });
    expect(refused.body.meta).toMatchObject({ error: 'REFERRAL_CODE_UNKNOWN' });
  });
});
