import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { AgentStatement } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, totpCode } from '../../../test/test-app.js';
import { resultsSettleAlone } from '../../../test/one-operator-results.js';
import type { Caller } from '../identity/identity-service.js';
import { agentUnder, callerFor, marketOf, placeBet, playerUnder } from './agents-test-support.js';

/**
 * Decision 0066: session commission on the downline's fancy and bookmaker turnover (settled stakes,
 * voided bets and exchange bets excluded), set by the upline like partnership, from the next week, and
 * paid in the weekly statement as turnover × rate rounded down to the paisa.
 */
let t: TestApp;
let director: Awaited<ReturnType<typeof createOperator>>;
let a: Caller;
let sub: Caller;
let p1: { token: string; userId: string };
let p2: { token: string; userId: string };
const ip = '127.0.0.1';

beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: String(14 * 24 * 60), SESSION_ABSOLUTE_HOURS: String(14 * 24) });
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
  // DIRECTOR → a → sub → p1, and a → p2.
  a = await agentUnder(t, director.userId, ROLES.AGENT, 'Agent A');
  sub = await agentUnder(t, a.userId, ROLES.AGENT, 'Sub Agent');
  p1 = await playerUnder(t, sub.userId);
  p2 = await playerUnder(t, a.userId);
  // A loaded shared machine makes an app and its accounts slow to build: a time budget, not an assertion.
}, 180_000);
afterAll(async () => t.close());

describe('session commission rates, set by the upline', () => {
  it('within the upline’s own and the house’s 3 %, never below what was given below', async () => {
    const house = callerFor(director.userId, ROLES.DIRECTOR);
    const above = await call(t.app, 'PUT', `/api/v1/backoffice/users/${a.userId}/partnership`, {
      token: director.token,
      body: { partnership: 80, commission: 1, sessionCommission: 3.5 },
    });
    expect(above.body.meta).toMatchObject({ code: 422, error: 'AGENT_RATE_ABOVE_UPLINE' });
    const saved = await call(t.app, 'PUT', `/api/v1/backoffice/users/${a.userId}/partnership`, {
      token: director.token,
      body: { partnership: 80, commission: 1, sessionCommission: 2 },
    });
    expect(saved.body.data).toMatchObject({
      sessionCommission: 2,
      uplineSessionCommission: 3,
      inForce: { sessionCommission: 0 },
      effectiveFrom: '2026-11-23',
    });
    await expect(
      t.services.agentRates.set(a, sub.userId, { partnership: 50, commission: 0.5, sessionCommission: 2.5 }, ip),
    ).rejects.toMatchObject({ code: 'AGENT_RATE_ABOVE_UPLINE' });
    expect(
      await t.services.agentRates.set(a, sub.userId, { partnership: 50, commission: 0.5, sessionCommission: 1.5 }, ip),
    ).toMatchObject({ sessionCommission: 1.5, uplineSessionCommission: 2 });
    await expect(
      t.services.agentRates.set(house, a.userId, { partnership: 80, commission: 1, sessionCommission: 1 }, ip),
    ).rejects.toMatchObject({ code: 'AGENT_RATE_BELOW_DOWNLINE' });
    // Without it in the body, the session rate set stays.
    expect(await t.services.agentRates.set(house, a.userId, { partnership: 80, commission: 1 }, ip)).toMatchObject({
      sessionCommission: 2,
    });
  });
});

/** Settled stakes in paise, per player, of what the test placed: the turnover the statement must use. */
const turnoverPaise = { p1: 0, p2: 0 };

async function houseBet(
  player: { token: string },
  type: 'BOOKMAKER' | 'FANCY',
  stake: number,
): Promise<Awaited<ReturnType<typeof marketOf>>> {
  const market = await marketOf(t, director.token, type);
  const body =
    type === 'FANCY'
      ? { marketId: market.id, selectionType: 'back', odds: 63, oddsSize: 100, stake }
      : { marketId: market.id, selectionId: market.runners[0], selectionType: 'back', odds: 90, stake };
  const placed = await placeBet(t, player.token, body);
  expect(placed.body.meta.code, placed.body.meta.message).toBe(200);
  return market;
}

async function settle(marketId: string, body: Record<string, unknown>): Promise<void> {
  const answer = await call(t.app, 'POST', `/api/v1/backoffice/markets/${marketId}/settle`, {
    token: director.token,
    body,
  });
  expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
}

describe('session commission in the weekly statement', () => {
  it('is rate × the settled fancy and bookmaker stakes, to the paisa; voided and exchange bets do not count', async () => {
    // Monday 23 November, 12:00 India time: the rates set last week are in force.
    t.clock.advanceMs(Date.parse('2026-11-23T06:30:00.000Z') - t.clock.now().getTime());
    // A change this week waits for the next one: this week keeps 1.5 %.
    await t.services.agentRates.set(a, sub.userId, { partnership: 50, commission: 0.5, sessionCommission: 1.8 }, ip);

    const fancy = await houseBet(p1, 'FANCY', 333.33);
    await settle(fancy.id, { runs: 70 });
    const bookmaker = await houseBet(p1, 'BOOKMAKER', 101.01);
    await settle(bookmaker.id, { winnerId: bookmaker.runners[1] });
    const other = await houseBet(p2, 'FANCY', 250.5);
    await settle(other.id, { runs: 40 });
    turnoverPaise.p1 = 33_333 + 10_101;
    turnoverPaise.p2 = 25_050;

    // Voided: its stake is not turnover.
    const voided = await houseBet(p2, 'FANCY', 177.77);
    const stepUp = await call(t.app, 'POST', '/api/v1/backoffice/step-up', {
      token: director.token,
      body: { code: totpCode(t, director.secret) },
    });
    expect(stepUp.body.meta.code).toBe(200);
    const void_ = await call(t.app, 'POST', `/api/v1/backoffice/markets/${voided.id}/void`, {
      token: director.token,
      body: { reason: 'Abandoned' },
    });
    expect(void_.body.meta.code, void_.body.meta.message).toBe(200);

    // An exchange bet, matched in full at 2.0: exchange commission territory, not session turnover.
    const exchange = await marketOf(t, director.token, 'EXCHANGE');
    const lay = { marketId: exchange.id, selectionId: exchange.runners[0], odds: 2, stake: 150 };
    expect((await placeBet(t, p1.token, { ...lay, selectionType: 'lay' })).body.meta.code).toBe(200);
    expect((await placeBet(t, p2.token, { ...lay, selectionType: 'back' })).body.data).toMatchObject({
      status: 'matched',
    });
    await settle(exchange.id, { winnerId: exchange.runners[0] });

    // The turnover the database holds is what the test placed.
    const held = await t.db.query<{ user_id: string; turnover: string }>(
      `select b.user_id, sum(b.stake_paise)::bigint as turnover from bets b join markets m on m.id = b.market_id
       where m.type in ('FANCY', 'BOOKMAKER') and b.status = 'settled' group by b.user_id`,
    );
    expect(Object.fromEntries(held.rows.map((row) => [row.user_id, Number(row.turnover)]))).toEqual({
      [p1.userId]: turnoverPaise.p1,
      [p2.userId]: turnoverPaise.p2,
    });

    const week = await t.services.agentStatements.list(callerFor(director.userId, ROLES.DIRECTOR), {
      week: '2026-11-23',
    });
    const of = (agentId: string) => week.items.find((item) => item.agentId === agentId) as AgentStatement;
    // sub: 1.5 % of p1's 434.34 = 6.5151, down to ₹6.51; a: 2 % of 684.84 = 13.6968, down to ₹13.69.
    const floorPercent = (paise: number, bp: number) => Number((BigInt(paise) * BigInt(bp)) / 10_000n) / 100;
    expect(of(sub.userId)).toMatchObject({
      sessionTurnover: 434.34,
      sessionCommissionRate: 1.5,
      sessionCommission: floorPercent(turnoverPaise.p1, 150),
    });
    expect(of(sub.userId).sessionCommission).toBe(6.51);
    expect(of(a.userId)).toMatchObject({
      sessionTurnover: 684.84,
      sessionCommissionRate: 2,
      sessionCommission: floorPercent(turnoverPaise.p1 + turnoverPaise.p2, 200),
    });
    expect(of(a.userId).sessionCommission).toBe(13.69);
  });

  it('settling the week keeps its session commission; the next week takes the new rate', async () => {
    t.clock.advanceMs(Date.parse('2026-11-30T06:30:00.000Z') - t.clock.now().getTime());
    const settled = await t.services.agentStatements.settle(a, sub.userId, '2026-11-23', ip);
    expect(settled.statement).toMatchObject({ sessionTurnover: 434.34, sessionCommission: 6.51 });
    expect(settled.statement.settled).not.toBeNull();
    const stored = await t.db.query<{ figures: Record<string, number> }>(
      'select figures from agent_statement_settlements where agent_id = $1',
      [sub.userId],
    );
    expect(stored.rows[0]?.figures).toMatchObject({
      sessionTurnoverPaise: 43_434,
      sessionCommissionPaise: 651,
      sessionCommissionBp: 150,
    });

    const fancy = await houseBet(p1, 'FANCY', 1_000);
    await settle(fancy.id, { runs: 70 });
    const next = await t.services.agentStatements.list(a, { week: '2026-11-30' });
    expect(next.items.find((item) => item.agentId === sub.userId)).toMatchObject({
      sessionTurnover: 1_000,
      sessionCommissionRate: 1.8,
      sessionCommission: 18,
    });
  });
});
