import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { AgentStatement } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import type { Caller } from '../identity/identity-service.js';
import { launchGame, signedCall } from '../casino/casino-test-support.js';
import { agentUnder, marketOf, placeBet, playerUnder } from './agents-test-support.js';
import { resultsSettleAlone } from '../../../test/one-operator-results.js';

/**
 * Decision 0020: partnership and commission along the tree, and the weekly agent statement, checked
 * against a simple model over a seeded week of real bets placed and settled through the API.
 */
let t: TestApp;
let director: { token: string; userId: string };
let a1: Caller;
let a2: Caller;
let a3: Caller;
let c1: Caller;
let players: { token: string; userId: string }[];

const ip = '127.0.0.1';
// Rates set in the first describe (week of 16 November) take effect from the next India week (decision
// 0051): the seeded bets are struck in the week of 23 November.
const WEEK = '2026-11-23';

beforeAll(async () => {
  // The file runs over two India weeks: sessions made on the first day stay open (a week's idle limit).
  t = await createTestApp({ SESSION_IDLE_MINUTES: String(7 * 24 * 60) });
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
  // DIRECTOR → a1 → a2 → a3, and a credit branch DIRECTOR → c1; players at every depth and one outside.
  a1 = await agentUnder(t, director.userId, ROLES.AGENT, 'Agent One');
  a2 = await agentUnder(t, a1.userId, ROLES.AGENT, 'Agent Two');
  a3 = await agentUnder(t, a2.userId, ROLES.AGENT, 'Agent Three');
  c1 = await agentUnder(t, director.userId, ROLES.CREDIT_AGENT, 'Credit One');
  players = [
    await playerUnder(t, a3.userId),
    await playerUnder(t, a2.userId),
    await playerUnder(t, a1.userId),
    await playerUnder(t, c1.userId),
    await signUpPlayer(t),
  ];
});
afterAll(async () => t.close());

describe('partnership and commission, set by the upline', () => {
  it('the director sets a top agent over HTTP; never above its own 100 % and the house commission', async () => {
    const above = await call(t.app, 'PUT', `/api/v1/backoffice/users/${a1.userId}/partnership`, {
      token: director.token,
      body: { partnership: 80, commission: 2.5 },
    });
    expect(above.body.meta).toMatchObject({ code: 422, error: 'AGENT_RATE_ABOVE_UPLINE' });
    const invalid = await call(t.app, 'PUT', `/api/v1/backoffice/users/${a1.userId}/partnership`, {
      token: director.token,
      body: { partnership: 100.5, commission: 1 },
    });
    expect(invalid.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    const saved = await call(t.app, 'PUT', `/api/v1/backoffice/users/${a1.userId}/partnership`, {
      token: director.token,
      body: { partnership: 80, commission: 1.5 },
    });
    expect(saved.body.data).toMatchObject({
      partnership: 80,
      commission: 1.5,
      uplinePartnership: 100,
      uplineCommission: 2,
      setBy: director.userId,
    });
    expect(
      (
        await call(t.app, 'PUT', `/api/v1/backoffice/users/${c1.userId}/partnership`, {
          token: director.token,
          body: { partnership: 50, commission: 1 },
        })
      ).body.meta.code,
    ).toBe(200);
    const player = await call(t.app, 'GET', `/api/v1/backoffice/users/${players[0]?.userId}/partnership`, {
      token: director.token,
    });
    expect(player.body.meta).toMatchObject({ code: 404, error: 'NOT_FOUND' });
  });

  it('each agent sets its direct downline agent, within its own and above what that agent gave below', async () => {
    await t.services.agentRates.set(a1, a2.userId, { partnership: 60, commission: 1 }, ip);
    await expect(
      t.services.agentRates.set(a2, a3.userId, { partnership: 60.01, commission: 0.5 }, ip),
    ).rejects.toMatchObject({ code: 'AGENT_RATE_ABOVE_UPLINE' });
    await expect(
      t.services.agentRates.set(a2, a3.userId, { partnership: 25, commission: 1.01 }, ip),
    ).rejects.toMatchObject({ code: 'AGENT_RATE_ABOVE_UPLINE' });
    expect(await t.services.agentRates.set(a2, a3.userId, { partnership: 25, commission: 0.5 }, ip)).toMatchObject({
      partnership: 25,
      commission: 0.5,
      uplinePartnership: 60,
      uplineCommission: 1,
    });
    // Lowering a2 under what it already gave a3 would give a3 more than its upline holds.
    await expect(
      t.services.agentRates.set(a1, a2.userId, { partnership: 20, commission: 1 }, ip),
    ).rejects.toMatchObject({ code: 'AGENT_RATE_BELOW_DOWNLINE' });
    // Only the direct upline sets it; nobody sets its own; nobody reaches another subtree.
    await expect(
      t.services.agentRates.set(a1, a3.userId, { partnership: 10, commission: 0 }, ip),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      t.services.agentRates.set(a3, a3.userId, { partnership: 25, commission: 0.5 }, ip),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(t.services.agentRates.get(c1, a2.userId)).rejects.toMatchObject({ code: 'NOT_IN_DOWNLINE' });
    const audit = await call(t.app, 'GET', `/api/v1/backoffice/audit-log?targetId=${a3.userId}`, {
      token: director.token,
    });
    expect((audit.body.data as { items: { action: string; details: Record<string, unknown> }[] }).items).toEqual([
      expect.objectContaining({
        action: 'agent.rates.set',
        details: expect.objectContaining({ partnership: 25, previousPartnership: 0 }),
      }),
    ]);
  });
});

/** The model, written the simple way: cumulative rates, rounded toward zero, differences per level. */
const RATES: Record<string, { p: number; c: number }> = {};
function modelShares(amount: number, chain: string[], key: 'p' | 'c', top: number): number[] {
  const cumulative = chain.map((agent) =>
    Math.trunc((amount * Math.min((RATES[agent] as { p: number; c: number })[key], top)) / 10_000),
  );
  return cumulative.map((value, index) => value - (index === 0 ? 0 : (cumulative[index - 1] as number)));
}

describe('the weekly agent statement over a seeded week of bets', () => {
  const week = fc.sample(
    fc.record({
      bets: fc.array(
        fc.record({
          market: fc.integer({ min: 0, max: 5 }),
          player: fc.integer({ min: 0, max: 4 }),
          side: fc.constantFrom('back' as const, 'lay' as const),
          stake: fc.integer({ min: 100, max: 400 }),
        }),
        { minLength: 14, maxLength: 14 },
      ),
      winners: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 4, maxLength: 4 }),
      runs: fc.array(fc.constantFrom(55, 62, 70), { minLength: 2, maxLength: 2 }),
      rounds: fc.array(
        fc.record({
          player: fc.integer({ min: 0, max: 4 }),
          stake: fc.integer({ min: 1_000, max: 20_000 }),
          payout: fc.integer({ min: 0, max: 40_000 }),
        }),
        { minLength: 6, maxLength: 6 },
      ),
    }),
    { seed: 20_261_121, numRuns: 1 },
  )[0] as {
    bets: { market: number; player: number; side: 'back' | 'lay'; stake: number }[];
    winners: number[];
    runs: number[];
    rounds: { player: number; stake: number; payout: number }[];
  };

  it("each level's share and commission equal the model, and each bet's shares sum to the whole", async () => {
    // To Monday 23 November, 12:00 India time: the rates set last week are in force now.
    t.clock.advanceMs(Date.parse('2026-11-23T06:30:00.000Z') - t.clock.now().getTime());
    Object.assign(RATES, {
      [a1.userId]: { p: 8000, c: 150 },
      [a2.userId]: { p: 6000, c: 100 },
      [a3.userId]: { p: 2500, c: 50 },
      [c1.userId]: { p: 5000, c: 100 },
    });
    const types = ['EXCHANGE', 'EXCHANGE', 'BOOKMAKER', 'BOOKMAKER', 'FANCY', 'FANCY'] as const;
    const markets = [];
    for (const type of types) markets.push(await marketOf(t, director.token, type));
    for (const bet of week.bets) {
      const market = markets[bet.market] as Awaited<ReturnType<typeof marketOf>>;
      const who = players[bet.player] as { token: string };
      const type = types[bet.market];
      if (type === 'EXCHANGE') {
        // The next player takes the other side first, so the bet matches in full at 2.0.
        const other = players[(bet.player + 1) % players.length] as { token: string };
        const opposite = bet.side === 'back' ? 'lay' : 'back';
        expect(
          (
            await placeBet(t, other.token, {
              marketId: market.id,
              selectionId: market.runners[0],
              selectionType: opposite,
              odds: 2,
              stake: bet.stake,
            })
          ).body.meta.code,
        ).toBe(200);
        expect(
          (
            await placeBet(t, who.token, {
              marketId: market.id,
              selectionId: market.runners[0],
              selectionType: bet.side,
              odds: 2,
              stake: bet.stake,
            })
          ).body.data,
        ).toMatchObject({ status: 'matched' });
      } else if (type === 'BOOKMAKER') {
        expect(
          (
            await placeBet(t, who.token, {
              marketId: market.id,
              selectionId: market.runners[0],
              selectionType: bet.side,
              odds: bet.side === 'back' ? 90 : 95,
              stake: bet.stake,
            })
          ).body.meta.code,
        ).toBe(200);
      } else {
        expect(
          (
            await placeBet(t, who.token, {
              marketId: market.id,
              selectionType: bet.side,
              odds: bet.side === 'back' ? 63 : 61,
              oddsSize: 100,
              stake: bet.stake,
            })
          ).body.meta.code,
        ).toBe(200);
      }
    }
    for (const [index, market] of markets.entries()) {
      const body =
        index < 4 ? { winnerId: market.runners[week.winners[index] as number] } : { runs: week.runs[index - 4] };
      expect(
        (await call(t.app, 'POST', `/api/v1/backoffice/markets/${market.id}/settle`, { token: director.token, body }))
          .body.meta.code,
      ).toBe(200);
    }

    // Casino rounds through a provider's signed wallet calls (paise in the seed, rupees on the wire).
    const created = await call(t.app, 'POST', '/api/v1/backoffice/casino/providers', {
      token: director.token,
      body: {
        code: 'acme',
        name: 'Acme Gaming',
        launchUrlTemplate: 'https://games.acme.test/launch?token={token}&game={game}',
      },
    });
    const acme = { provider: 'acme', secret: (created.body.data as { secret: string }).secret, clock: t.clock };
    await call(t.app, 'POST', '/api/v1/backoffice/casino/games', {
      token: director.token,
      body: {
        providerCode: 'acme',
        code: 'acme-slot',
        title: 'Acme Slot',
        category: 'Video Slots',
        isSlot: true,
        launchKind: 'play',
        order: 100,
      },
    });
    for (const [index, round] of week.rounds.entries()) {
      const who = players[round.player] as { token: string; userId: string };
      await launchGame(t.app, who.token, 'acme-slot');
      const ids = { playerId: who.userId, roundId: `round-${index}`, gameCode: 'acme-slot' };
      expect(
        (await signedCall(t.app, 'debit', { ...ids, transactionId: `debit-${index}`, amount: round.stake / 100 }, acme))
          .body.data,
      ).toMatchObject({ status: 'OK' });
      expect(
        (
          await signedCall(
            t.app,
            'credit',
            { ...ids, transactionId: `credit-${index}`, amount: round.payout / 100 },
            acme,
          )
        ).body.data,
      ).toMatchObject({ status: 'OK' });
    }

    // The model, from the settled bets and closed rounds themselves.
    const settled = await t.db.query<{
      user_id: string;
      market_id: string;
      type: string;
      commission_bp: number;
      pl: number;
    }>(
      "select b.user_id, b.market_id, m.type, m.commission_bp, b.profit_loss_paise as pl from bets b join markets m on m.id = b.market_id where b.status = 'settled'",
    );
    expect(settled.rows.length).toBeGreaterThanOrEqual(week.bets.length);
    const rounds = await t.db.query<{ user_id: string; pl: number }>(
      "select user_id, payout_paise + rolled_back_paise - stake_paise as pl from casino_rounds where status <> 'open'",
    );
    expect(rounds.rows).toHaveLength(week.rounds.length);
    const chainOf: Record<string, string[]> = {
      [players[0]?.userId as string]: [a3.userId, a2.userId, a1.userId],
      [players[1]?.userId as string]: [a2.userId, a1.userId],
      [players[2]?.userId as string]: [a1.userId],
      [players[3]?.userId as string]: [c1.userId],
      [players[4]?.userId as string]: [],
    };
    type ModelRow = { pnl: number; casino: number; share: number; below: number; above: number; commission: number };
    const model = new Map<string, ModelRow>();
    const row = (agent: string) =>
      model.get(agent) ??
      (model.set(agent, { pnl: 0, casino: 0, share: 0, below: 0, above: 0, commission: 0 }).get(agent) as ModelRow);
    const netByMarket = new Map<string, { user: string; bp: number; net: number }>();
    const results = [
      ...settled.rows.map((bet) => ({ ...bet, casino: false })),
      ...rounds.rows.map((round) => ({
        user_id: round.user_id,
        market_id: '',
        type: 'CASINO',
        commission_bp: 0,
        pl: round.pl,
        casino: true,
      })),
    ];
    for (const bet of results) {
      const house = -Number(bet.pl);
      const chain = chainOf[bet.user_id] as string[];
      const shares = modelShares(house, chain, 'p', 10_000);
      const director = house - shares.reduce((sum, share) => sum + share, 0);
      expect(shares.reduce((sum, share) => sum + share, 0) + director).toBe(house);
      let below = 0;
      chain.forEach((agent, index) => {
        const entry = row(agent);
        entry.pnl += house;
        if (bet.casino) entry.casino += house;
        entry.share += shares[index] as number;
        entry.below += below;
        entry.above += house - below - (shares[index] as number);
        below += shares[index] as number;
      });
      if (bet.type === 'EXCHANGE') {
        const key = `${bet.user_id}:${bet.market_id}`;
        const entry = netByMarket.get(key) ?? { user: bet.user_id, bp: Number(bet.commission_bp), net: 0 };
        entry.net += Number(bet.pl);
        netByMarket.set(key, entry);
      }
    }
    for (const { user, bp, net } of netByMarket.values()) {
      if (net <= 0) continue;
      const chain = chainOf[user] as string[];
      modelShares(net, chain, 'c', bp).forEach((share, index) => {
        row(chain[index] as string).commission += share;
      });
    }

    const answer = await call(t.app, 'GET', '/api/v1/backoffice/agent-statements?week=2026-11-25', {
      token: director.token,
    });
    const list = answer.body.data as { weekStart: string; weekEnd: string; items: AgentStatement[] };
    expect(list).toMatchObject({ weekStart: WEEK, weekEnd: '2026-11-29' });
    expect(list.items.map((item) => item.agentId).sort()).toEqual([a1.userId, a2.userId, a3.userId, c1.userId].sort());
    let anyCommission = false;
    for (const item of list.items) {
      const expected = model.get(item.agentId) ?? { pnl: 0, casino: 0, share: 0, below: 0, above: 0, commission: 0 };
      expect(
        {
          pnl: item.downlinePnl,
          casino: item.casinoPnl,
          share: item.agentShare,
          below: item.downlineShare,
          above: item.uplineShare,
          commission: item.commission,
        },
        item.agentName,
      ).toEqual({
        pnl: expected.pnl / 100,
        casino: expected.casino / 100,
        share: expected.share / 100,
        below: expected.below / 100,
        above: expected.above / 100,
        commission: expected.commission / 100,
      });
      expect(Math.round((item.downlineShare + item.agentShare + item.uplineShare) * 100)).toBe(
        Math.round(item.downlinePnl * 100),
      );
      expect(Math.round((item.sportsPnl + item.casinoPnl) * 100)).toBe(Math.round(item.downlinePnl * 100));
      anyCommission ||= item.commission > 0;
    }
    expect(anyCommission, 'the seeded week should have an exchange winner in the tree').toBe(true);
    expect(
      list.items.some((item) => item.casinoPnl !== 0),
      'the seeded week should have casino rounds in the tree',
    ).toBe(true);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('an agent sees its own week and its direct downline agents only', async () => {
    const mine = await t.services.agentStatements.list(a1, { week: '2026-11-27' });
    expect(mine.items.map((item) => item.agentId)).toEqual([a1.userId, a2.userId]);
    const credit = await t.services.agentStatements.list(c1, {});
    expect(credit.items.map((item) => item.agentId)).toEqual([c1.userId]);
    await expect(t.services.agentStatements.list({ ...a1, role: ROLES.PLAYER }, {})).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it("changing a partnership or commission leaves this week's statement unchanged: it takes effect next week", async () => {
    const statementOf = async (agentId: string) =>
      (await t.services.agentStatements.list(a1, { week: WEEK })).items.find((item) => item.agentId === agentId);
    const before = await statementOf(a2.userId);
    const a1Before = await statementOf(a1.userId);
    expect(before?.agentShare).not.toBe(0);
    const changed = await t.services.agentRates.set(a1, a2.userId, { partnership: 70, commission: 0.5 }, ip);
    expect(changed).toMatchObject({
      partnership: 70,
      commission: 0.5,
      inForce: { partnership: 60, commission: 1 },
      effectiveFrom: '2026-11-30',
    });
    expect(await statementOf(a2.userId)).toEqual(before);
    // Its upline's share of the week stays too.
    expect(await statementOf(a1.userId)).toEqual(a1Before);
    // Last week (unsettled) keeps its rates too: nobody bet then, and its rates were last week's.
    const lastWeek = await t.services.agentStatements.list(a1, { week: '2026-11-16' });
    expect(lastWeek.items.find((item) => item.agentId === a2.userId)).toMatchObject({ partnership: 0, agentShare: 0 });
  });

  it('the upline marks an ended week settled once; the agent itself and other uplines cannot', async () => {
    await expect(t.services.agentStatements.settle(a2, a3.userId, WEEK, ip)).rejects.toMatchObject({
      code: 'WEEK_NOT_OVER',
    });
    // To Monday 30 November, 00:01 India time.
    t.clock.advanceMs(Date.parse('2026-11-29T18:31:00.000Z') - t.clock.now().getTime());
    await expect(t.services.agentStatements.settle(a3, a3.userId, WEEK, ip)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(t.services.agentStatements.settle(a1, a3.userId, WEEK, ip)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(t.services.agentStatements.settle(a2, a3.userId, '2026-11-24', ip)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const before = (await t.services.agentStatements.list(a2, { week: WEEK })).items.find(
      (item) => item.agentId === a3.userId,
    ) as AgentStatement;
    const first = await t.services.agentStatements.settle(a2, a3.userId, WEEK, ip);
    expect(first.message).toBe('Statement marked settled');
    expect(first.statement).toEqual({ ...before, settled: { at: '2026-11-29T18:31:00.000Z', by: a2.userId } });
    const again = await t.services.agentStatements.settle(a2, a3.userId, WEEK, ip);
    expect(again).toEqual({ statement: first.statement, message: 'This week was already settled' });
    // The settled figures stay as they were when settled, whatever the rates do later.
    await t.services.agentRates.set(a2, a3.userId, { partnership: 10, commission: 0.5 }, ip);
    const after = (await t.services.agentStatements.list(a2, { week: WEEK })).items.find(
      (item) => item.agentId === a3.userId,
    );
    expect(after).toEqual(first.statement);
    // The week of 30 November has begun: a2's change made last week is in force now.
    expect(await t.services.agentRates.get(a1, a2.userId)).toMatchObject({
      inForce: { partnership: 70, commission: 0.5 },
      effectiveFrom: null,
    });

    const operator = await createOperator(t, ROLES.SUPPORT_ADMIN);
    const http = await call(t.app, 'POST', `/api/v1/backoffice/users/${a1.userId}/agent-statement/settle`, {
      token: operator.token,
      body: { weekStart: WEEK },
    });
    expect(http.body.meta).toMatchObject({ code: 200, message: 'Statement marked settled' });
    const notMonday = await call(t.app, 'POST', `/api/v1/backoffice/users/${a1.userId}/agent-statement/settle`, {
      token: operator.token,
      body: { weekStart: '2026-11-25' },
    });
    expect(notMonday.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    const audit = await call(
      t.app,
      'GET',
      `/api/v1/backoffice/audit-log?targetId=${a3.userId}&action=agent.statement.settle`,
      { token: operator.token },
    );
    expect((audit.body.data as { total: number }).total).toBe(1);
  });
});
