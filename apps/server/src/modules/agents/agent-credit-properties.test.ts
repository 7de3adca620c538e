import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { AppError } from '../../lib/app-error.js';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import type { FiguresPaise } from './agent-figures-service.js';
import { accountUnder, bookmakerMarket, callerFor, tokenOf } from './agent-money-test-support.js';
import { resultsSettleAlone } from '../../../test/one-operator-results.js';

/**
 * PRODUCT.md §9, credit, as a seeded property: credit grants and cuts by agents at two levels, bets,
 * market settlements and player settlements in random order across a tree
 *
 *   DIRECTOR → CA1 (credit agent) → CA2 (credit agent) → P3, P4
 *                                  → P1, P2
 *
 * After every step: no available is negative anywhere, every agent's figures are its own book plus its
 * direct downline's (Exposure and Ref P&L exactly the downline's sum), each player's Credit Ref and
 * Ref P&L equal a model that knows only the grants, the settled bets and the settlements, and every
 * refusal is exactly the one the rules predict. At the end the ledger's invariants hold.
 */
type Op =
  | { kind: 'credit'; target: number; byGrandparent: boolean; action: 'give' | 'take'; amount: number }
  | { kind: 'bet'; player: number; runner: number; stake: number }
  | { kind: 'settleMarket'; winner: number }
  | { kind: 'settlePlayer'; player: number; percent: number };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('credit' as const),
      target: fc.nat(4),
      byGrandparent: fc.boolean(),
      action: fc.constantFrom('give' as const, 'give' as const, 'take' as const),
      amount: fc.integer({ min: 1, max: 8000 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      player: fc.nat(3),
      runner: fc.nat(1),
      stake: fc.integer({ min: 100, max: 3000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('settleMarket' as const), winner: fc.nat(1) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('settlePlayer' as const),
      player: fc.nat(3),
      percent: fc.integer({ min: 1, max: 100 }),
    }),
  },
);

let t: TestApp;
let director: { token: string; userId: string };
beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
});
afterAll(async () => t.close());

/** What the runs did, so the property cannot pass by refusing everything. */
const seen = { matchedBets: 0, settledMarkets: 0, playerSettlements: 0, creditRefused: 0, creditMoved: 0 };

interface PlayerModel {
  userId: string;
  token: string;
  creditRefPaise: number;
  refPnlPaise: number;
  openBets: { runner: number; stakePaise: number }[];
}

async function refusalOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

async function runScenario(ops: Op[]): Promise<void> {
  const ca1 = (await accountUnder(t, ROLES.CREDIT_AGENT, director.userId)).userId;
  const ca2 = (await accountUnder(t, ROLES.CREDIT_AGENT, ca1)).userId;
  const players: PlayerModel[] = [];
  for (const upline of [ca1, ca1, ca2, ca2]) {
    const account = await accountUnder(t, ROLES.CREDIT_PLAYER, upline);
    players.push({
      userId: account.userId,
      token: await tokenOf(t, account.mobileNo),
      creditRefPaise: 0,
      refPnlPaise: 0,
      openBets: [],
    });
  }
  const upline = new Map<string, string>([
    [ca2, ca1],
    ...players.map((player, index): [string, string] => [player.userId, index < 2 ? ca1 : ca2]),
  ]);
  const creditRefs = new Map<string, number>([
    [ca1, 0],
    [ca2, 0],
  ]);
  const given = await call(t.app, 'POST', `/api/v1/backoffice/users/${ca1}/credit`, {
    token: director.token,
    body: { action: 'give', amount: 20_000 },
  });
  expect(given.body.meta.code, given.body.meta.message).toBe(200);
  creditRefs.set(ca1, 20_000_00);
  // Opening lines, so bets have credit to start from (the ops then raise and cut them at random).
  for (const [actor, targetId, rupees] of [
    [ca1, ca2, 8000],
    [ca1, players[0]?.userId, 3000],
    [ca1, players[1]?.userId, 3000],
    [ca2, players[2]?.userId, 3000],
    [ca2, players[3]?.userId, 3000],
  ] as [string, string, number][]) {
    await t.services.agentCredit.move(
      callerFor(actor, ROLES.CREDIT_AGENT),
      targetId,
      { action: 'give', amount: rupees },
      undefined,
      '127.0.0.1',
    );
    const player = players.find((candidate) => candidate.userId === targetId);
    if (player === undefined) creditRefs.set(targetId, rupees * 100);
    else player.creditRefPaise = rupees * 100;
  }
  let market: { id: string; runners: string[] } | null = null;

  const figures = async (): Promise<Map<string, FiguresPaise>> => {
    const rows = await t.services.agentFigures.figuresOf([ca1, ca2, ...players.map((player) => player.userId)]);
    return new Map(rows.map((row) => [row.id, row]));
  };
  const check = async (step: string) => {
    const all = await figures();
    const of = (id: string) => all.get(id) as FiguresPaise;
    for (const row of all.values())
      expect(row.availablePaise, `${step}: available of ${row.id}`).toBeGreaterThanOrEqual(0);
    for (const [agent, children] of [
      [ca1, [ca2, players[0]?.userId, players[1]?.userId]],
      [ca2, [players[2]?.userId, players[3]?.userId]],
    ] as [string, string[]][]) {
      const sum = (pick: (row: FiguresPaise) => number) =>
        children.reduce((total, child) => total + pick(of(child)), 0);
      const row = of(agent);
      expect(row.creditRefPaise, `${step}: credit ref of ${agent}`).toBe(creditRefs.get(agent));
      expect(row.balancePaise, `${step}: balance`).toBe(row.ownPaise + sum((child) => child.balancePaise));
      expect(row.creditRefPaise, `${step}: credit ref is own + downline`).toBe(
        row.ownPaise + sum((child) => child.creditRefPaise ?? 0),
      );
      expect(row.exposurePaise, `${step}: exposure`).toBe(sum((child) => child.exposurePaise));
      expect(row.availablePaise, `${step}: available`).toBe(row.ownPaise + sum((child) => child.availablePaise));
      expect(row.refPnlPaise, `${step}: ref P&L`).toBe(sum((child) => child.refPnlPaise ?? 0));
    }
    for (const player of players) {
      expect(of(player.userId).creditRefPaise, `${step}: player credit ref`).toBe(player.creditRefPaise);
      expect(of(player.userId).refPnlPaise, `${step}: player ref P&L`).toBe(player.refPnlPaise);
    }
  };

  for (const [index, op] of ops.entries()) {
    const step = `step ${index} ${JSON.stringify(op)}`;
    const before = await figures();
    if (op.kind === 'credit') {
      const targetId = op.target === 0 ? ca2 : (players[op.target - 1] as PlayerModel).userId;
      const parent = upline.get(targetId) as string;
      // A grandparent acts inside its subtree too: CA1 on CA2's players.
      const actor = op.byGrandparent && parent === ca2 ? ca1 : parent;
      const amountPaise = op.amount * 100;
      const target = before.get(targetId) as FiguresPaise;
      const expected =
        op.action === 'give'
          ? amountPaise > (before.get(parent) as FiguresPaise).ownPaise
            ? 'WALLET_INSUFFICIENT_FUNDS'
            : null
          : amountPaise > (target.creditRefPaise ?? 0) ||
              amountPaise > (op.target === 0 ? target.ownPaise : target.availablePaise)
            ? 'WALLET_INSUFFICIENT_FUNDS'
            : null;
      const refusal = await refusalOf(() =>
        t.services.agentCredit.move(
          callerFor(actor, ROLES.CREDIT_AGENT),
          targetId,
          { action: op.action, amount: op.amount },
          undefined,
          '127.0.0.1',
        ),
      );
      expect(refusal, step).toBe(expected);
      if (refusal === null) seen.creditMoved += 1;
      else seen.creditRefused += 1;
      if (refusal === null) {
        const signed = op.action === 'give' ? amountPaise : -amountPaise;
        if (op.target === 0) creditRefs.set(ca2, (creditRefs.get(ca2) ?? 0) + signed);
        else (players[op.target - 1] as PlayerModel).creditRefPaise += signed;
      }
    } else if (op.kind === 'bet') {
      market ??= await bookmakerMarket(t, director.token);
      const player = players[op.player] as PlayerModel;
      const placed = await call(t.app, 'POST', '/api/v1/place-bet', {
        token: player.token,
        body: {
          marketId: market.id,
          selectionId: market.runners[op.runner],
          selectionType: 'back',
          odds: 45,
          stake: op.stake,
        },
      });
      if (placed.body.meta.code === 200) seen.matchedBets += 1;
      if (placed.body.meta.code === 200) player.openBets.push({ runner: op.runner, stakePaise: op.stake * 100 });
      else expect(placed.body.meta.error, step).toBe('WALLET_INSUFFICIENT_FUNDS');
    } else if (op.kind === 'settleMarket') {
      if (market === null) continue;
      const settled = await call(t.app, 'POST', `/api/v1/backoffice/markets/${market.id}/settle`, {
        token: director.token,
        body: { winnerId: market.runners[op.winner] },
      });
      expect(settled.body.meta.code, `${step}: ${settled.body.meta.message}`).toBe(200);
      for (const player of players) {
        // A back at 45 wins 45 per 100 staked, or loses the stake.
        for (const bet of player.openBets)
          player.refPnlPaise += bet.runner === op.winner ? (bet.stakePaise * 45) / 100 : -bet.stakePaise;
        player.openBets = [];
      }
      market = null;
      seen.settledMarkets += 1;
    } else {
      const player = players[op.player] as PlayerModel;
      const row = before.get(player.userId) as FiguresPaise;
      const amountPaise = Math.floor((Math.abs(player.refPnlPaise) * op.percent) / 100);
      const expected =
        amountPaise === 0
          ? 'CONFLICT'
          : player.refPnlPaise > 0 && amountPaise > row.availablePaise
            ? 'WALLET_INSUFFICIENT_FUNDS'
            : null;
      const refusal = await refusalOf(() =>
        t.services.agentCredit.settle(
          callerFor(upline.get(player.userId) as string, ROLES.CREDIT_AGENT),
          player.userId,
          { amount: Math.max(amountPaise, 1) / 100 },
          undefined,
          '127.0.0.1',
        ),
      );
      expect(refusal, step).toBe(expected);
      if (refusal === null) seen.playerSettlements += 1;
      if (refusal === null) player.refPnlPaise += player.refPnlPaise < 0 ? amountPaise : -amountPaise;
    }
    await check(step);
  }
  expect(await ledgerViolations(t.db)).toEqual([]);
}

describe('credit lines across a tree (seeded property, PRODUCT.md §9)', () => {
  it('keeps available non-negative, agents equal to their downline, Ref P&L equal to the model, the ledger sound', async () => {
    await fc.assert(fc.asyncProperty(fc.array(opArbitrary, { minLength: 25, maxLength: 45 }), runScenario), {
      seed: 20_261_125,
      numRuns: 6,
      endOnFailure: true,
    });
    expect(seen.matchedBets).toBeGreaterThan(20);
    expect(seen.settledMarkets).toBeGreaterThan(3);
    expect(seen.playerSettlements).toBeGreaterThan(3);
    expect(seen.creditRefused).toBeGreaterThan(3);
    expect(seen.creditMoved).toBeGreaterThan(10);
  }, 600_000);
});
