import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { ExposureReport, PaymentsReport, PlayersReport, PnlReport } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import {
  PASSWORD,
  call,
  createOperator,
  createTestApp,
  enrolSecondFactor,
  nextIp,
  nextMobile,
} from '../../../test/test-app.js';
import type { ReportSeed } from './reports-test-support.js';
import { modelIndiaDay, scopePlayers, seedReports } from './reports-test-support.js';

/**
 * Issue 12 (reports): each report against a generated data set, the right answers computed here from
 * the data set's objects (a model in plain TypeScript, not the reports' SQL); for the whole site as
 * the director and support admin see it, and for an agent's and a credit agent's subtree.
 */
const START = '2026-11-09';
const END = '2026-11-20';
const FROM_MS = Date.parse(`${START}T00:00:00+05:30`);
const TO_MS = Date.parse(`${END}T00:00:00+05:30`) + 86_400_000;
const inRange = (at: Date | null) => at !== null && at.getTime() >= FROM_MS && at.getTime() < TO_MS;
const rupees = (paise: number) => paise / 100;

let t: TestApp;
let data: ReportSeed;
const tokens: Record<string, string> = {};

async function logIn(mobileNo: string): Promise<string> {
  const answer = await call(t.app, 'POST', '/api/v1/login', {
    ip: nextIp(),
    body: { mobile_no: mobileNo, password: PASSWORD },
  });
  expect(answer.body.meta.code, answer.body.meta.message).toBe(200);
  return answer.body.meta.token as string;
}

beforeAll(async () => {
  t = await createTestApp();
  const director = await createOperator(t, ROLES.DIRECTOR);
  tokens.site = director.token;
  tokens.support = (await createOperator(t, ROLES.SUPPORT_ADMIN)).token;
  const agents = { A1: '', A2: '', B: '' };
  const mobiles: Record<string, string> = {};
  for (const [key, role] of [
    ['A1', ROLES.AGENT],
    ['A2', ROLES.AGENT],
    ['B', ROLES.CREDIT_AGENT],
  ] as const) {
    mobiles[key] = nextMobile();
    agents[key] = (
      await t.services.identity.createAccount({
        name: key,
        mobileNo: mobiles[key],
        password: PASSWORD,
        role,
        referredBy: null,
        verified: true,
      })
    ).id;
  }
  data = await seedReports(t.db, director.userId, 20261121, agents);
  // Agents sign in to the back office with a second factor, as operators do (decision 0018).
  for (const key of ['A1', 'A2', 'B']) {
    tokens[key] = await logIn(mobiles[key] as string);
    await enrolSecondFactor(t, tokens[key]);
  }
}, 120_000);
afterAll(async () => t.close());

type Scope = 'site' | 'A1' | 'A2' | 'B';
const SCOPES: Scope[] = ['site', 'A1', 'A2', 'B'];
const members = (scope: Scope) => scopePlayers(data, scope === 'site' ? null : scope);

async function get<T>(scope: Scope | 'support', path: string): Promise<T> {
  const answer = await call(t.app, 'GET', path, { token: tokens[scope] as string });
  expect(answer.status).toBe(200);
  expect(answer.body.meta.code, JSON.stringify(answer.body.meta)).toBe(200);
  return answer.body.data as T;
}

interface ModelLine {
  key: string;
  bets: number;
  players: Set<string>;
  turnoverPaise: number;
  housePaise: number;
}
function add(
  lines: Map<string, ModelLine>,
  key: string,
  userId: string,
  turnoverPaise: number,
  housePaise: number,
): void {
  const line = lines.get(key) ?? { key, bets: 0, players: new Set<string>(), turnoverPaise: 0, housePaise: 0 };
  line.bets += 1;
  line.players.add(userId);
  line.turnoverPaise += turnoverPaise;
  line.housePaise += housePaise;
  lines.set(key, line);
}
function expectPnl(report: PnlReport, lines: Map<string, ModelLine>): void {
  const expected = [...lines.values()].map((line) => ({
    key: line.key,
    bets: line.bets,
    players: line.players.size,
    turnover: rupees(line.turnoverPaise),
    housePnl: rupees(line.housePaise),
  }));
  const actual = report.rows.map((row) => ({
    key: row.key,
    bets: row.bets,
    players: row.players,
    turnover: row.turnover,
    housePnl: row.housePnl,
  }));
  const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
  expect(actual.sort(byKey)).toEqual(expected.sort(byKey));
  const all = new Set([...lines.values()].flatMap((line) => [...line.players]));
  expect(report.total).toEqual({
    bets: expected.reduce((sum, line) => sum + line.bets, 0),
    players: all.size,
    turnover: rupees([...lines.values()].reduce((sum, line) => sum + line.turnoverPaise, 0)),
    housePnl: rupees([...lines.values()].reduce((sum, line) => sum + line.housePaise, 0)),
  });
}

describe('sports P&L', () => {
  const keyOf = {
    sport: (marketId: string) => data.markets.find((market) => market.id === marketId)?.sportId as string,
    event: (marketId: string) => data.markets.find((market) => market.id === marketId)?.eventId as string,
    market: (marketId: string) => marketId,
  };
  for (const scope of SCOPES) {
    for (const groupBy of ['sport', 'event', 'market', 'day'] as const) {
      it(`by ${groupBy}, house view, for ${scope}`, async () => {
        const report = await get<PnlReport>(
          scope,
          `/api/v1/backoffice/reports/sports-pnl?groupBy=${groupBy}&start_date=${START}&end_date=${END}`,
        );
        const lines = new Map<string, ModelLine>();
        for (const bet of data.bets) {
          if (bet.status !== 'settled' || !inRange(bet.settledAt) || !members(scope).has(bet.userId)) continue;
          const key = groupBy === 'day' ? modelIndiaDay(bet.settledAt as Date) : keyOf[groupBy](bet.marketId);
          add(lines, key, bet.userId, bet.matchedPaise, -(bet.profitLossPaise as number));
        }
        if (scope === 'site' && groupBy === 'market') expect(lines.size).toBeGreaterThan(1);
        expectPnl(report, lines);
        expect(report.from).toBe(START);
        expect(report.to).toBe(END);
      });
    }
  }

  it('names each line: a market with its sport and event, a day by its date', async () => {
    const byMarket = await get<PnlReport>(
      'site',
      `/api/v1/backoffice/reports/sports-pnl?groupBy=market&start_date=${START}&end_date=${END}`,
    );
    for (const row of byMarket.rows) {
      const market = data.markets.find((candidate) => candidate.id === row.key);
      expect(row.label).toBe(market?.name);
      expect(row.context).toBe(`${market?.sportName} › ${market?.eventName}`);
    }
    const byDay = await get<PnlReport>(
      'site',
      `/api/v1/backoffice/reports/sports-pnl?groupBy=day&start_date=${START}&end_date=${END}`,
    );
    expect(byDay.rows.map((row) => row.label)).toEqual(
      byDay.rows
        .map((row) => row.key)
        .sort()
        .reverse(),
    );
  });
});

describe('casino P&L', () => {
  for (const scope of SCOPES) {
    for (const groupBy of ['game', 'provider', 'day'] as const) {
      it(`by ${groupBy}, house view, for ${scope}`, async () => {
        const report = await get<PnlReport>(
          scope,
          `/api/v1/backoffice/reports/casino-pnl?groupBy=${groupBy}&start_date=${START}&end_date=${END}`,
        );
        const lines = new Map<string, ModelLine>();
        for (const round of data.rounds) {
          const finishedAt = round.settledAt ?? round.createdAt;
          if (round.status === 'open' || !inRange(finishedAt) || !members(scope).has(round.userId)) continue;
          const key =
            groupBy === 'day'
              ? modelIndiaDay(finishedAt)
              : groupBy === 'game'
                ? String(round.gameId)
                : String(round.providerId);
          add(lines, key, round.userId, round.stakePaise, round.stakePaise - round.payoutPaise - round.rolledBackPaise);
        }
        expectPnl(report, lines);
      });
    }
  }
});

describe('deposits and withdrawals by day', () => {
  for (const scope of SCOPES) {
    it(`approved, pending and rejected totals for ${scope}`, async () => {
      const report = await get<PaymentsReport>(
        scope,
        `/api/v1/backoffice/reports/payments?start_date=${START}&end_date=${END}`,
      );
      const zero = () => ({
        approved: { count: 0, amount: 0 },
        pending: { count: 0, amount: 0 },
        rejected: { count: 0, amount: 0 },
      });
      const days = new Map<string, { deposits: ReturnType<typeof zero>; withdrawals: ReturnType<typeof zero> }>();
      const total = { deposits: zero(), withdrawals: zero() };
      for (const request of data.requests) {
        if (!inRange(request.createdAt) || !members(scope).has(request.userId)) continue;
        const day = modelIndiaDay(request.createdAt);
        const row = days.get(day) ?? { deposits: zero(), withdrawals: zero() };
        days.set(day, row);
        for (const target of [row, total]) {
          const cell = target[request.kind === 'deposit' ? 'deposits' : 'withdrawals'][request.status];
          cell.count += 1;
          cell.amount = rupees(Math.round(cell.amount * 100) + request.amountPaise);
        }
      }
      const expected = [...days.entries()]
        .sort(([a], [b]) => b.localeCompare(a))
        .map(([date, row]) => ({ date, ...row }));
      expect(report.rows).toEqual(expected);
      expect(report.total).toEqual(total);
    });
  }
});

describe('active and new players by day', () => {
  for (const scope of SCOPES) {
    it(`counts each player once a day, and once over the range, for ${scope}`, async () => {
      const report = await get<PlayersReport>(
        scope,
        `/api/v1/backoffice/reports/players?start_date=${START}&end_date=${END}`,
      );
      const active = new Map<string, Set<string>>();
      const all = new Set<string>();
      const activity = [
        ...data.bets.map((bet) => ({ userId: bet.userId, at: bet.createdAt })),
        ...data.rounds.map((round) => ({ userId: round.userId, at: round.createdAt })),
      ];
      for (const { userId, at } of activity) {
        if (!inRange(at) || !members(scope).has(userId)) continue;
        const day = modelIndiaDay(at);
        active.set(day, (active.get(day) ?? new Set()).add(userId));
        all.add(userId);
      }
      const joined = new Map<string, number>();
      let newPlayers = 0;
      for (const user of data.users.values()) {
        if (
          (user.role !== ROLES.PLAYER && user.role !== ROLES.CREDIT_PLAYER) ||
          !inRange(user.createdAt) ||
          !members(scope).has(user.id)
        )
          continue;
        const day = modelIndiaDay(user.createdAt);
        joined.set(day, (joined.get(day) ?? 0) + 1);
        newPlayers += 1;
      }
      const dates = [...new Set([...active.keys(), ...joined.keys()])].sort().reverse();
      expect(report.rows).toEqual(
        dates.map((date) => ({ date, activePlayers: active.get(date)?.size ?? 0, newPlayers: joined.get(date) ?? 0 })),
      );
      expect(report.total).toEqual({ activePlayers: all.size, newPlayers });
    });
  }
});

/** The exposure report's markets computed from the data set: the open markets the accounts hold. */
function expectedExposure(accounts: Set<string>) {
  return data.markets
    .filter((market) => market.status !== 'settled')
    .map((market) => {
      const rows = data.exposures.filter((row) => row.marketId === market.id && accounts.has(row.userId));
      const runnerTotals = market.runners.map((runner) =>
        rows.reduce((sum, row) => sum + (row.outcomes[runner.id] ?? 0), 0),
      );
      const best = runnerTotals.length === 0 ? null : Math.max(...runnerTotals);
      return {
        marketId: market.id,
        players: new Set(rows.map((row) => row.userId)).size,
        liability: rupees(rows.reduce((sum, row) => sum + row.exposurePaise, 0)),
        worstCase: best === null ? null : rupees(-best),
        runners: market.runners.map((runner, index) => ({
          runnerId: runner.id,
          name: runner.name,
          playersIfWins: rupees(runnerTotals[index] as number),
          worst: index === runnerTotals.indexOf(best as number),
        })),
      };
    })
    .filter((market) => market.players > 0);
}

describe('exposure across open markets (the risk view)', () => {
  for (const scope of SCOPES) {
    it(`liability per market and each runner's result, worst outcome marked, for ${scope}`, async () => {
      const report = await get<ExposureReport>(scope, '/api/v1/backoffice/reports/exposure');
      const expected = expectedExposure(members(scope));
      const actual = report.markets.map((market) => ({
        marketId: market.marketId,
        players: market.players,
        liability: market.liability,
        worstCase: market.worstCase,
        runners: market.runners,
      }));
      const byId = (a: { marketId: string }, b: { marketId: string }) => a.marketId.localeCompare(b.marketId);
      expect(actual.sort(byId)).toEqual(expected.sort(byId));
      // Largest liability first, and the total is the sum.
      expect(report.markets.map((market) => market.liability)).toEqual(
        [...report.markets.map((market) => market.liability)].sort((a, b) => a - b),
      );
      expect(Math.round(report.totalLiability * 100)).toBe(
        expected.reduce((sum, market) => sum + Math.round(market.liability * 100), 0),
      );
      // Credit accounts of the scope only (the credit branch B and its player); none below the cash agents.
      const creditIds = [...data.users.values()]
        .filter(
          (user) =>
            (user.role === ROLES.CREDIT_AGENT || user.role === ROLES.CREDIT_PLAYER) &&
            (scope === 'site' || members(scope).has(user.id) || user.key === scope),
        )
        .map((user) => user.id);
      if (creditIds.length === 0) expect(report.creditUtilisation).toBeNull();
      else expect(report.creditUtilisation?.rows.map((row) => row._id).sort()).toEqual(creditIds.sort());
    });
  }
});

describe("one account's exposure (the client list's drill-down to the markets)", () => {
  const withBelow = (key: string) => new Set([data.users.get(key)?.id as string, ...scopePlayers(data, key)]);
  const drill = async (caller: Scope, key: string) =>
    call(t.app, 'GET', `/api/v1/backoffice/users/${data.users.get(key)?.id}/exposure`, {
      token: tokens[caller] as string,
    });
  const holders = () =>
    [...data.users.values()].filter(
      (user) => user.uplineKey === 'A1' && data.exposures.some((row) => row.userId === user.id),
    );

  it('is the exposure report over the account and its subtree, for the director and the agent above it', async () => {
    const targets: [Scope, string][] = [['site', 'A1'], ...holders().map((user): [Scope, string] => ['A1', user.key])];
    expect(targets.length).toBeGreaterThan(1);
    for (const [caller, key] of targets) {
      const answer = await drill(caller, key);
      expect(answer.body.meta.code, `${caller} → ${key}`).toBe(200);
      const report = answer.body.data as ExposureReport;
      const expected = expectedExposure(withBelow(key));
      expect(report.markets.length, `${caller} → ${key}`).toBe(expected.length);
      expect(
        report.markets.map(({ marketId, players, liability, worstCase, runners }) => ({
          marketId,
          players,
          liability,
          worstCase,
          runners,
        })),
      ).toEqual(expect.arrayContaining(expected));
      expect(Math.round(report.totalLiability * 100)).toBe(
        expected.reduce((sum, market) => sum + Math.round(market.liability * 100), 0),
      );
    }
  });

  it("is refused outside the caller's downline", async () => {
    const [player] = holders();
    const answer = await drill('A2', player?.key as string);
    expect(answer.body.meta).toMatchObject({ code: 403, error: 'NOT_IN_DOWNLINE' });
  });
});

describe('who may open the reports', () => {
  it('a support admin sees the whole site, as the director does', async () => {
    const path = `/api/v1/backoffice/reports/sports-pnl?groupBy=event&start_date=${START}&end_date=${END}`;
    expect(await get<PnlReport>('support', path)).toEqual(await get<PnlReport>('site', path));
  });

  it('a player is refused', async () => {
    const mobileNo = nextMobile();
    await t.services.identity.createAccount({
      name: 'Curious',
      mobileNo,
      password: PASSWORD,
      role: ROLES.PLAYER,
      referredBy: null,
      verified: true,
    });
    const answer = await call(t.app, 'GET', '/api/v1/backoffice/reports/exposure', { token: await logIn(mobileNo) });
    expect(answer.body.meta).toMatchObject({ code: 403, error: 'FORBIDDEN' });
  });

  it('refuses a range that runs backwards or is longer than a year, with the field named', async () => {
    const backwards = await call(
      t.app,
      'GET',
      '/api/v1/backoffice/reports/payments?start_date=2026-11-20&end_date=2026-11-01',
      { token: tokens.site as string },
    );
    expect(backwards.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect(backwards.body.meta.issues?.[0]?.path).toBe('start_date');
    const long = await call(
      t.app,
      'GET',
      '/api/v1/backoffice/reports/players?start_date=2024-01-01&end_date=2026-11-01',
      { token: tokens.site as string },
    );
    expect(long.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
  });
});
