import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp } from '../../../test/test-app.js';
import { accountUnder, callerFor, tokenOf } from '../agents/agent-money-test-support.js';

/**
 * Issue 24, PRODUCT.md §9: a deposit paid into an agent's receiving account is decided by that agent (or
 * an agent above it), never by the house's operators, who see it read-only.
 */
let t: TestApp;
let director: { token: string; userId: string };
let support: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  support = await createOperator(t, ROLES.SUPPORT_ADMIN);
  const site = await call(t.app, 'POST', '/api/v1/backoffice/receiving-accounts', {
    token: director.token,
    body: { type: 'upi', accountNumber: 'house.desk@okaxis', accountHolderName: 'House' },
  });
  expect(site.body.meta.code, site.body.meta.message).toBe(200);
});
afterAll(async () => t.close());

const mainOf = async (userId: string) => (await t.services.wallet.balancesOf(userId)).mainBalancePaise;
let refCounter = 0;

/** A top cash agent with ₹10,000 of chips and a UPI account of its own, a sub-agent, and a player under the sub-agent. */
async function agentWithAccount() {
  refCounter += 1;
  const top = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
  await call(t.app, 'POST', `/api/v1/backoffice/users/${top}/chips`, {
    token: director.token,
    body: { action: 'give', amount: 10_000 },
  });
  const sub = (await accountUnder(t, ROLES.AGENT, top)).userId;
  const other = (await accountUnder(t, ROLES.AGENT, director.userId)).userId;
  await t.services.agentAccounts.add(
    callerFor(top, ROLES.AGENT),
    { type: 'upi', accountNumber: `desk${refCounter}.agent@okicici`, accountHolderName: 'Desk Agent' },
    '127.0.0.1',
  );
  const player = await accountUnder(t, ROLES.PLAYER, sub);
  return { top, sub, other, player: { ...player, token: await tokenOf(t, player.mobileNo) } };
}

async function depositInto(token: string, amount: number): Promise<{ id: string; accountId: string }> {
  const offered = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token })).body.data as {
    _id: string;
    type: 'upi' | 'bank';
  }[];
  const account = offered[0] as { _id: string; type: 'upi' | 'bank' };
  refCounter += 1;
  const answer = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
    token,
    body: { amount, accountId: account._id, type: account.type, txnRef: `UTRAGENTDESK${refCounter}` },
  });
  expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
  return { id: (answer.body.data as { _id: string })._id, accountId: account._id };
}

describe("deposits into an agent's receiving account (issue 24)", () => {
  it("house operators see it but cannot approve or reject it; the agent's own upline agent approves it", async () => {
    const { top, sub, other, player } = await agentWithAccount();
    const before = await mainOf(player.userId);
    const { id } = await depositInto(player.token, 700);

    const desk = await call(t.app, 'GET', '/api/v1/backoffice/deposits?status=pending&pageSize=100', {
      token: support.token,
    });
    const seen = (desk.body.data as { items: { _id: string; receivingAgent: { _id: string } | null }[] }).items.find(
      (item) => item._id === id,
    );
    expect(seen?.receivingAgent).toMatchObject({ _id: top });

    for (const operator of [director, support]) {
      const approve = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${id}/approve`, {
        token: operator.token,
      });
      expect(approve.body.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });
      expect(approve.body.meta.message).toContain('that agent or an agent above it decides it');
      const reject = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${id}/reject`, {
        token: operator.token,
        body: { reason: 'Not ours' },
      });
      expect(reject.body.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });
    }
    expect(await mainOf(player.userId)).toBe(before);

    // The sub-agent stands below the account's owner: the money was not paid to it.
    await expect(t.services.deposits.approve(callerFor(sub, ROLES.AGENT), id, '')).rejects.toMatchObject({
      code: 'NOT_IN_DOWNLINE',
    });
    // Another branch's agent never reaches it.
    await expect(t.services.deposits.approve(callerFor(other, ROLES.AGENT), id, '')).rejects.toMatchObject({
      code: 'NOT_IN_DOWNLINE',
    });
    const approved = await t.services.deposits.approve(callerFor(top, ROLES.AGENT), id, '');
    expect(approved.request.status).toBe('approved');
    expect(await mainOf(player.userId)).toBe(before + 700_00);
  });

  it("an agent above the account's owner may reject it; the house's own account stays the house's desk", async () => {
    const owner = await agentWithAccount();
    // The owner is the sub-agent here: its upline agent decides too.
    await t.services.agentAccounts.add(
      callerFor(owner.sub, ROLES.AGENT),
      { type: 'upi', accountNumber: `sub${refCounter}.agent@okicici`, accountHolderName: 'Sub Agent' },
      '127.0.0.1',
    );
    const { id } = await depositInto(owner.player.token, 500);
    const rejected = await t.services.deposits.reject(callerFor(owner.top, ROLES.AGENT), id, 'No money arrived', '');
    expect(rejected.status).toBe('rejected');

    const housePlayer = await accountUnder(t, ROLES.PLAYER, director.userId);
    const house = await depositInto(await tokenOf(t, housePlayer.mobileNo), 400);
    const approved = await call(t.app, 'POST', `/api/v1/backoffice/deposits/${house.id}/approve`, {
      token: support.token,
    });
    expect(approved.body.data).toMatchObject({ status: 'approved', receivingAgent: null });
  });
});
