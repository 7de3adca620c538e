import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { AppError } from '../../lib/app-error.js';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { accountUnder, callerFor } from '../agents/agent-money-test-support.js';

/**
 * Issue 12: a cash agent's own receiving accounts (decision 0026). A player below cash agents is
 * offered the nearest one's active accounts, the site's when no agent above has any; a deposit into
 * any other account is refused; agents reach only their subtree's accounts; every change is audited.
 */
let t: TestApp;
let director: { token: string; userId: string };
let siteAccount: string;
const ip = '127.0.0.1';

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  const site = await call(t.app, 'POST', '/api/v1/backoffice/receiving-accounts', {
    token: director.token,
    body: { type: 'upi', accountNumber: 'site.khel@okaxis', accountHolderName: 'Khel Site' },
  });
  siteAccount = (site.body.data as { _id: string })._id;
});
afterAll(async () => t.close());

const codeOf = async (run: () => Promise<unknown>): Promise<string | null> => {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};
const offered = async (token: string) =>
  (
    (await call(t.app, 'GET', '/api/v1/admin-account-details?amount=500', { token })).body.data as {
      _id: string;
      upiLink?: string;
    }[]
  ).map((row) => row._id);
const deposit = (token: string, accountId: string, type: 'upi' | 'bank', txnRef: string) =>
  call(t.app, 'POST', '/api/v1/admin-deposit-request', { token, body: { amount: 500, accountId, type, txnRef } });

describe("cash agents' receiving accounts", () => {
  it('the nearest cash agent with active accounts is offered; deposits go to those only; switching off falls back up the tree', async () => {
    const top = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    const sub = (await accountUnder(t, ROLES.AGENT, top)).userId;
    const deep = await signUpPlayer(t);
    await t.services.tree.setUpline(deep.userId, sub);
    const near = await signUpPlayer(t);
    await t.services.tree.setUpline(near.userId, top);
    const house = await signUpPlayer(t);
    expect(await offered(deep.token)).toEqual([siteAccount]);

    const topUpi = await t.services.agentAccounts.add(
      callerFor(top, ROLES.AGENT),
      { type: 'upi', accountNumber: 'top.agent@okicici', accountHolderName: 'Top Agent' },
      ip,
    );
    expect(topUpi).toMatchObject({
      ownerId: top,
      active: true,
      upiLink: expect.stringContaining('pa=top.agent%40okicici'),
    });
    // No agent nearer than the top one has any: both its players pay the top agent; the house player the site.
    expect(await offered(deep.token)).toEqual([topUpi._id]);
    expect(await offered(near.token)).toEqual([topUpi._id]);
    expect(await offered(house.token)).toEqual([siteAccount]);

    const subBank = await t.services.agentAccounts.add(
      callerFor(sub, ROLES.AGENT),
      {
        type: 'bank',
        accountNumber: '60200011112222',
        accountHolderName: 'Sub Agent',
        bankName: 'ICICI Bank',
        ifscCode: 'ICIC0000456',
        accountType: 'savings',
      },
      ip,
    );
    expect(await offered(deep.token)).toEqual([subBank._id]);
    expect(await offered(near.token)).toEqual([topUpi._id]);
    expect(
      await codeOf(() =>
        t.services.agentAccounts.add(
          callerFor(sub, ROLES.AGENT),
          {
            type: 'bank',
            accountNumber: '60200011112222',
            accountHolderName: 'Again',
            bankName: 'ICICI Bank',
            ifscCode: 'ICIC0000456',
            accountType: 'savings',
          },
          ip,
        ),
      ),
    ).toBe('CONFLICT');

    // Only the offered account takes a deposit: not the site's, not the farther agent's.
    expect((await deposit(deep.token, siteAccount, 'upi', 'AGENTACC0001')).body.meta).toMatchObject({
      code: 400,
      error: 'VALIDATION_FAILED',
    });
    expect((await deposit(deep.token, topUpi._id, 'upi', 'AGENTACC0002')).body.meta).toMatchObject({
      code: 400,
      error: 'VALIDATION_FAILED',
    });
    expect((await deposit(deep.token, subBank._id, 'bank', 'AGENTACC0003')).body.meta.code).toBe(200);
    expect((await deposit(house.token, siteAccount, 'upi', 'AGENTACC0004')).body.meta.code).toBe(200);

    // The agent above switches its sub-agent's account off: the player is offered the top agent's again.
    expect(await t.services.agentAccounts.setActive(callerFor(top, ROLES.AGENT), subBank._id, false, ip)).toMatchObject(
      { active: false, ownerId: sub },
    );
    expect(await offered(deep.token)).toEqual([topUpi._id]);
    const audit = await call(t.app, 'GET', `/api/v1/backoffice/audit-log?targetId=${subBank._id}`, {
      token: director.token,
    });
    expect(
      (audit.body.data as { items: { action: string; actorId: string }[] }).items.map((row) => row.action).sort(),
    ).toEqual(['agent_receiving_account.create', 'agent_receiving_account.deactivate']);
  });

  it('agents reach their own subtree only; credit agents keep none; operators see every agent’s', async () => {
    const top = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    const sub = (await accountUnder(t, ROLES.AGENT, top)).userId;
    const other = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
    const creditAgent = (await accountUnder(t, ROLES.CREDIT_AGENT, director.userId)).userId;
    const topAccount = await t.services.agentAccounts.add(
      callerFor(top, ROLES.AGENT),
      { type: 'upi', accountNumber: 'scope.top@okhdfc', accountHolderName: 'Scope Top' },
      ip,
    );
    const subAccount = await t.services.agentAccounts.add(
      callerFor(sub, ROLES.AGENT),
      { type: 'upi', accountNumber: 'scope.sub@okhdfc', accountHolderName: 'Scope Sub' },
      ip,
    );

    expect(
      await codeOf(() =>
        t.services.agentAccounts.add(
          callerFor(creditAgent, ROLES.CREDIT_AGENT),
          { type: 'upi', accountNumber: 'credit@okhdfc', accountHolderName: 'Credit' },
          ip,
        ),
      ),
    ).toBe('FORBIDDEN');
    expect(
      await codeOf(() => t.services.agentAccounts.setActive(callerFor(sub, ROLES.AGENT), topAccount._id, false, ip)),
    ).toBe('NOT_IN_DOWNLINE');
    expect(
      await codeOf(() => t.services.agentAccounts.setActive(callerFor(other, ROLES.AGENT), subAccount._id, false, ip)),
    ).toBe('NOT_IN_DOWNLINE');
    expect(
      await codeOf(() => t.services.agentAccounts.setActive(callerFor(top, ROLES.AGENT), siteAccount, false, ip)),
    ).toBe('NOT_IN_DOWNLINE');
    expect(
      await codeOf(() =>
        t.services.agentAccounts.setActive(callerFor(director.userId, ROLES.DIRECTOR), siteAccount, false, ip),
      ),
    ).toBe('NOT_FOUND');

    const ids = async (userId: string, role: number) =>
      (await t.services.agentAccounts.list(callerFor(userId, role))).map((row) => row._id);
    expect((await ids(top, ROLES.AGENT)).sort()).toEqual([topAccount._id, subAccount._id].sort());
    expect(await ids(sub, ROLES.AGENT)).toEqual([subAccount._id]);
    expect(await ids(other, ROLES.AGENT)).toEqual([]);
    const all = await call(t.app, 'GET', '/api/v1/backoffice/agent-receiving-accounts', { token: director.token });
    expect((all.body.data as { _id: string }[]).map((row) => row._id)).toEqual(
      expect.arrayContaining([topAccount._id, subAccount._id]),
    );
    expect((all.body.data as { _id: string }[]).map((row) => row._id)).not.toContain(siteAccount);
    // The site's own list holds the site's accounts only.
    const site = await call(t.app, 'GET', '/api/v1/backoffice/receiving-accounts', { token: director.token });
    expect((site.body.data as { _id: string }[]).map((row) => row._id)).toEqual([siteAccount]);
    const off = await call(t.app, 'PUT', `/api/v1/backoffice/agent-receiving-accounts/${subAccount._id}`, {
      token: director.token,
      body: { active: false },
    });
    expect(off.body.data).toMatchObject({ _id: subAccount._id, active: false, ownerName: expect.any(String) });
  });
});
