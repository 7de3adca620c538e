import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { AgentStatement, TreeMove } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, totpCode } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { resultsSettleAlone } from '../../../test/one-operator-results.js';
import type { Caller } from '../identity/identity-service.js';
import { agentUnder, marketOf, placeBet, playerUnder } from './agents-test-support.js';

/**
 * Decision 0066: a director asks to move a client or a subtree, a second operator confirms; the move is
 * refused where it does not fit; past weeks' statements keep the old tree, later weeks follow the new one.
 */
let t: TestApp;
let director: Awaited<ReturnType<typeof createOperator>>;
let support: Awaited<ReturnType<typeof createOperator>>;
let a: Caller;
let sub: Caller;
let b: Caller;
let player: { token: string; userId: string };
const ip = '127.0.0.1';

const move = (token: string, accountId: string, uplineId: string) =>
  call(t.app, 'POST', `/api/v1/backoffice/users/${accountId}/move`, {
    token,
    body: { uplineId, reason: 'The agent took these clients over' },
  });
const decide = (token: string, id: string, decision: 'confirm' | 'reject') =>
  call(t.app, 'POST', `/api/v1/backoffice/tree-moves/${id}/${decision}`, {
    token,
    ...(decision === 'reject' ? { body: { reason: 'Not agreed with the agent' } } : {}),
  });
const stepUp = async (operator: typeof director) =>
  expect(
    (
      await call(t.app, 'POST', '/api/v1/backoffice/step-up', {
        token: operator.token,
        body: { code: totpCode(t, operator.secret) },
      })
    ).body.meta.code,
  ).toBe(200);
const uplineOf = async (userId: string) =>
  (await t.db.query<{ upline_id: string }>('select upline_id from users where id = $1', [userId])).rows[0]?.upline_id;

async function statementsOf(week: string): Promise<Map<string, AgentStatement>> {
  const answer = await call(t.app, 'GET', `/api/v1/backoffice/agent-statements?week=${week}`, {
    token: director.token,
  });
  const items = (answer.body.data as { items: AgentStatement[] }).items;
  return new Map(items.map((item) => [item.agentId, item]));
}

/** One fancy bet of the player, settled at once: answers the house's P&L in rupees (positive: the player lost). */
async function settledFancyBet(stake: number, runs: number): Promise<number> {
  const market = await marketOf(t, director.token, 'FANCY');
  const placed = await placeBet(t, player.token, {
    marketId: market.id,
    selectionType: 'back',
    odds: 63,
    oddsSize: 100,
    stake,
  });
  expect(placed.body.meta.code, placed.body.meta.message).toBe(200);
  const settled = await call(t.app, 'POST', `/api/v1/backoffice/markets/${market.id}/settle`, {
    token: director.token,
    body: { runs },
  });
  expect(settled.body.meta.code).toBe(200);
  return runs >= 63 ? -stake : stake;
}

beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: String(21 * 24 * 60), SESSION_ABSOLUTE_HOURS: String(21 * 24) });
  director = await createOperator(t, ROLES.DIRECTOR);
  support = await createOperator(t, ROLES.SUPPORT_ADMIN);
  await resultsSettleAlone(t, director.token);
  // DIRECTOR → a → sub → player, and DIRECTOR → b.
  a = await agentUnder(t, director.userId, ROLES.AGENT, 'Agent A');
  sub = await agentUnder(t, a.userId, ROLES.AGENT, 'Sub Agent');
  b = await agentUnder(t, director.userId, ROLES.AGENT, 'Agent B');
  player = await playerUnder(t, sub.userId);
  // Set in the week of 16 November: in force from 23 November (decision 0051).
  await t.services.agentRates.set(callerOf(director), a.userId, { partnership: 80, commission: 1 }, ip);
  await t.services.agentRates.set(callerOf(director), b.userId, { partnership: 90, commission: 1 }, ip);
  await t.services.agentRates.set(a, sub.userId, { partnership: 50, commission: 0.5 }, ip);
  // A loaded shared machine makes an app and its accounts slow to build: a time budget, not an assertion.
}, 180_000);
afterAll(async () => t.close());

function callerOf(operator: typeof director): Caller {
  return { ...a, userId: operator.userId, role: ROLES.DIRECTOR };
}

describe('what a move refuses (decision 0066)', () => {
  it('never under itself or its downline, cash under cash, within the levels and the new upline’s rates', async () => {
    expect((await move(director.token, a.userId, sub.userId)).body.meta).toMatchObject({
      code: 409,
      error: 'CONFLICT',
    });
    expect((await move(director.token, a.userId, a.userId)).body.meta).toMatchObject({ code: 409, error: 'CONFLICT' });
    expect((await move(director.token, sub.userId, a.userId)).body.meta).toMatchObject({
      code: 409,
      error: 'CONFLICT',
    });
    const credit = await agentUnder(t, director.userId, ROLES.CREDIT_AGENT, 'Credit Agent');
    expect((await move(director.token, player.userId, credit.userId)).body.meta).toMatchObject({
      error: 'ROLE_NOT_CREATABLE',
    });
    const bPlayer = await playerUnder(t, b.userId);
    expect((await move(director.token, sub.userId, bPlayer.userId)).body.meta).toMatchObject({
      error: 'ROLE_NOT_CREATABLE',
    });
    // Four agent levels, then `a` (with `sub` below it) would make six.
    let deepest = director.userId;
    for (let level = 1; level <= 4; level += 1)
      deepest = (await agentUnder(t, deepest, ROLES.AGENT, `L${level}`)).userId;
    expect((await move(director.token, a.userId, deepest)).body.meta).toMatchObject({
      error: 'AGENT_LEVELS_EXCEEDED',
    });
    // `sub` holds 50 %: under an agent given 30 % it would hold more than its upline.
    const low = await agentUnder(t, director.userId, ROLES.AGENT, 'Low Agent');
    await t.services.agentRates.set(callerOf(director), low.userId, { partnership: 30, commission: 1 }, ip);
    expect((await move(director.token, sub.userId, low.userId)).body.meta).toMatchObject({
      error: 'AGENT_RATE_ABOVE_UPLINE',
    });
    expect(await uplineOf(sub.userId)).toBe(a.userId);
  });

  it('two crossing moves confirmed at once never make a cycle: one moves, the other is refused', async () => {
    const x = await agentUnder(t, director.userId, ROLES.AGENT, 'Cross X');
    const y = await agentUnder(t, director.userId, ROLES.AGENT, 'Cross Y');
    const xUnderY = (await move(director.token, x.userId, y.userId)).body.data as TreeMove;
    const yUnderX = (await move(director.token, y.userId, x.userId)).body.data as TreeMove;
    const answers = await Promise.all([
      decide(support.token, xUnderY._id, 'confirm'),
      decide(support.token, yUnderX._id, 'confirm'),
    ]);
    expect(answers.map((answer) => answer.body.meta.code).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.body.meta.code === 409)?.body.meta.error).toBe('CONFLICT');
    const uplines = [await uplineOf(x.userId), await uplineOf(y.userId)];
    expect(uplines).toContain(director.userId);
  });

  it('a director asks, not a support admin (agents are refused by role: agent-authorisation.test.ts)', async () => {
    expect((await move(support.token, sub.userId, b.userId)).body.meta).toMatchObject({
      code: 403,
      error: 'FORBIDDEN',
    });
  });
});

describe('four eyes on a move, and the statements of the weeks around it', () => {
  let week23: number;
  let moveId: string;

  it('the requester cannot confirm; a second operator can; a decided move is decided', async () => {
    // Monday 23 November, 12:00 India time: the rates are in force; a bet of the player settles.
    t.clock.advanceMs(Date.parse('2026-11-23T06:30:00.000Z') - t.clock.now().getTime());
    week23 = await settledFancyBet(200, 55);
    await stepUp(director);
    const asked = await move(director.token, sub.userId, b.userId);
    expect(asked.body.meta, asked.body.meta.message).toMatchObject({ code: 200 });
    const waiting = asked.body.data as TreeMove;
    moveId = waiting._id;
    expect(waiting).toMatchObject({
      status: 'pending',
      account: { _id: sub.userId },
      from: { _id: a.userId },
      to: { _id: b.userId },
      downlineCount: 1,
      effectiveWeek: null,
    });
    // Nothing moved yet; a second ask for the same account waits behind the first.
    expect(await uplineOf(sub.userId)).toBe(a.userId);
    expect((await move(director.token, sub.userId, director.userId)).body.meta).toMatchObject({ error: 'CONFLICT' });
    expect((await decide(director.token, moveId, 'confirm')).body.meta).toMatchObject({
      code: 403,
      error: 'SELF_SERVICE_REFUSED',
    });
    expect(await uplineOf(sub.userId)).toBe(a.userId);
    const list = await call(t.app, 'GET', '/api/v1/backoffice/tree-moves?status=pending', { token: support.token });
    expect((list.body.data as { items: TreeMove[] }).items.map((item) => item._id)).toContain(moveId);

    const confirmed = await decide(support.token, moveId, 'confirm');
    expect(confirmed.body.meta.code, confirmed.body.meta.message).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      status: 'confirmed',
      decidedBy: support.userId,
      effectiveWeek: '2026-11-30',
    });
    expect(await uplineOf(sub.userId)).toBe(b.userId);
    expect(await uplineOf(player.userId)).toBe(sub.userId);
    expect((await decide(director.token, moveId, 'reject')).body.meta).toMatchObject({ error: 'SELF_SERVICE_REFUSED' });
    const other = await createOperator(t, ROLES.SUPPORT_ADMIN);
    expect((await decide(other.token, moveId, 'reject')).body.meta).toMatchObject({
      code: 409,
      error: 'ALREADY_DECIDED',
    });

    const audit = await call(t.app, 'GET', `/api/v1/backoffice/audit-log?targetId=${sub.userId}`, {
      token: director.token,
    });
    const actions = (audit.body.data as { items: { action: string }[] }).items.map((item) => item.action);
    expect(actions).toEqual(expect.arrayContaining(['tree.move_request', 'tree.move_confirm']));
  });

  it('a rejected move moves nothing', async () => {
    t.clock.advanceMs(60_000);
    await stepUp(director);
    const asked = (await move(director.token, player.userId, a.userId)).body.data as TreeMove;
    const rejected = await decide(support.token, asked._id, 'reject');
    expect(rejected.body.data).toMatchObject({ status: 'rejected', decisionNote: 'Not agreed with the agent' });
    expect(await uplineOf(player.userId)).toBe(sub.userId);
  });

  it('the running week stays with the old tree; from the next Monday the new tree takes the results', async () => {
    // Later the same week, after the move: still the old tree's week.
    week23 += await settledFancyBet(300, 70);
    const before = await statementsOf('2026-11-23');
    expect(before.get(a.userId)).toMatchObject({ downlinePnl: week23, uplineId: director.userId });
    expect(before.get(sub.userId)).toMatchObject({ downlinePnl: week23, uplineId: a.userId });
    expect(before.get(b.userId)).toMatchObject({ downlinePnl: 0 });
    // a keeps its share of the week: 80 % − 50 % kept below.
    expect(before.get(a.userId)).toMatchObject({ agentShare: (week23 * 30) / 100, downlineShare: (week23 * 50) / 100 });
    // a's own list of that week still shows its sub-agent; b's does not.
    const aList = await t.services.agentStatements.list(a, { week: '2026-11-23' });
    expect(aList.items.map((item) => item.agentId)).toContain(sub.userId);
    const bList = await t.services.agentStatements.list(b, { week: '2026-11-23' });
    expect(bList.items.map((item) => item.agentId)).not.toContain(sub.userId);

    // Monday 30 November: the new tree's first week.
    t.clock.advanceMs(Date.parse('2026-11-30T06:30:00.000Z') - t.clock.now().getTime());
    const week30 = await settledFancyBet(400, 55);
    const after = await statementsOf('2026-11-30');
    expect(after.get(b.userId)).toMatchObject({ downlinePnl: week30, agentShare: (week30 * 40) / 100 });
    expect(after.get(sub.userId)).toMatchObject({ downlinePnl: week30, uplineId: b.userId });
    expect(after.get(a.userId)).toMatchObject({ downlinePnl: 0 });
    // The past week did not change, and its settlement is the operators' now that a no longer reaches sub.
    expect((await statementsOf('2026-11-23')).get(a.userId)).toMatchObject({ downlinePnl: week23 });
    await stepUp(director);
    const settled = await call(t.app, 'POST', `/api/v1/backoffice/users/${sub.userId}/agent-statement/settle`, {
      token: director.token,
      body: { weekStart: '2026-11-23' },
    });
    expect(settled.body.data).toMatchObject({ downlinePnl: week23, uplineId: a.userId });
    await expect(t.services.agentStatements.settle(b, sub.userId, '2026-11-23', ip)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('a credit account moves with its credit line (decision 0066)', () => {
  it('the new credit agent must have the credit reference free; confirmed, the credit moves in the journal', async () => {
    const c1 = await agentUnder(t, director.userId, ROLES.CREDIT_AGENT, 'Credit One');
    const c2 = await agentUnder(t, director.userId, ROLES.CREDIT_AGENT, 'Credit Two');
    const creditPlayer = await agentUnder(t, c1.userId, ROLES.CREDIT_PLAYER, 'Credit Player');
    const operator = callerOf(director);
    await t.services.agentCredit.move(operator, c1.userId, { action: 'give', amount: 10_000 }, undefined, ip);
    await t.services.agentCredit.move(operator, c2.userId, { action: 'give', amount: 1_000 }, undefined, ip);
    await t.services.agentCredit.move(c1, creditPlayer.userId, { action: 'give', amount: 5_000 }, undefined, ip);
    t.clock.advanceMs(60_000);
    await stepUp(director);
    expect((await move(director.token, creditPlayer.userId, c2.userId)).body.meta).toMatchObject({
      error: 'WALLET_INSUFFICIENT_FUNDS',
    });
    await t.services.agentCredit.move(operator, c2.userId, { action: 'give', amount: 4_000 }, undefined, ip);
    const asked = (await move(director.token, creditPlayer.userId, c2.userId)).body.data as TreeMove;
    expect(asked).toMatchObject({ creditRef: 5_000 });
    const balanceBefore = await t.services.wallet.balancesOf(creditPlayer.userId);
    expect((await decide(support.token, asked._id, 'confirm')).body.meta.code).toBe(200);
    expect(await t.services.wallet.agentBookBalance(c1.userId, 'credit')).toBe(10_000_00);
    expect(await t.services.wallet.agentBookBalance(c2.userId, 'credit')).toBe(0);
    expect(await t.services.wallet.balancesOf(creditPlayer.userId)).toEqual(balanceBefore);
    // Each credit agent's own book says what happened from its side.
    const lastLine = async (agentId: string) =>
      (await t.services.agentBook.statement(operator, agentId, {})).lines.at(-1)?.description;
    expect(await lastLine(c1.userId)).toBe('Credit back: an account moved to Credit Two');
    expect(await lastLine(c2.userId)).toBe('Credit to an account moved here from Credit One');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
