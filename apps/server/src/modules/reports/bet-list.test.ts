import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { ReportBet, SignIn } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import {
  PASSWORD,
  call,
  createOperator,
  createTestApp,
  enrolSecondFactor,
  nextIp,
  nextMobile,
  signUpPlayer,
} from '../../../test/test-app.js';
import type { ReportSeed, SeedBet } from './reports-test-support.js';
import { scopePlayers, seedReports, seededRandom } from './reports-test-support.js';

/**
 * Issue 12 (reports): the risk manager's bet list (filters, paging), a player's open bets, bet history
 * and sign-ins; each within the caller's scope, checked against a model of the generated data set.
 */
let t: TestApp;
let data: ReportSeed;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const director = await createOperator(t, ROLES.DIRECTOR);
  tokens.site = director.token;
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
  data = await seedReports(t.db, director.userId, 777, agents);
  for (const key of ['A1', 'A2', 'B']) {
    const answer = await call(t.app, 'POST', '/api/v1/login', {
      ip: nextIp(),
      body: { mobile_no: mobiles[key], password: PASSWORD },
    });
    tokens[key] = answer.body.meta.token as string;
    await enrolSecondFactor(t, tokens[key]);
  }
}, 120_000);
afterAll(async () => t.close());

type Scope = 'site' | 'A1' | 'A2' | 'B';
const members = (scope: Scope) => scopePlayers(data, scope === 'site' ? null : scope);

async function page(
  scope: Scope,
  path: string,
): Promise<{ items: ReportBet[]; total: number; page: number; pageSize: number }> {
  const answer = await call(t.app, 'GET', path, { token: tokens[scope] as string });
  expect(answer.body.meta.code, JSON.stringify(answer.body.meta)).toBe(200);
  return answer.body.data as { items: ReportBet[]; total: number; page: number; pageSize: number };
}

/** Newest first; the model's order of the same bets. */
const newestFirst = (bets: SeedBet[]) => [...bets].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
const OPEN = new Set(['pending', 'unmatched', 'matched']);
const FINISHED = new Set(['settled', 'voided', 'cancelled', 'lapsed']);
const indiaStart = (day: string) => Date.parse(`${day}T00:00:00+05:30`);

describe('the bet list', () => {
  it('pages through every bet of the scope, newest first, each once', async () => {
    for (const scope of ['site', 'A1', 'B'] as const) {
      const expected = newestFirst(data.bets.filter((bet) => members(scope).has(bet.userId))).map((bet) => bet.id);
      const seen: string[] = [];
      for (let number = 1; number <= Math.ceil(expected.length / 7) + 1; number += 1) {
        const answer = await page(scope, `/api/v1/backoffice/reports/bets?pageSize=7&page=${number}`);
        expect(answer.total).toBe(expected.length);
        seen.push(...answer.items.map((bet) => bet._id));
      }
      expect(seen).toEqual(expected);
    }
  });

  it('filters by player, market, stake range, India dates and status, alone and together (seeded)', async () => {
    const random = seededRandom(4242);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    let nonEmpty = 0;
    const days = ['2026-11-09', '2026-11-12', '2026-11-15', '2026-11-18', '2026-11-21'];
    for (let round = 0; round < 25; round += 1) {
      const scope = pick(['site', 'A1', 'A2', 'B'] as const);
      const user = pick(
        [...data.users.values()].filter(
          (candidate) => candidate.role === ROLES.PLAYER || candidate.role === ROLES.CREDIT_PLAYER,
        ),
      );
      const filter = {
        player: random() < 0.4 ? (random() < 0.5 ? user.username.slice(0, 4).toUpperCase() : user.mobileNo) : undefined,
        marketId: random() < 0.3 ? pick(data.markets).id : undefined,
        minStake: random() < 0.4 ? Math.floor(random() * 2000) : undefined,
        maxStake: random() < 0.4 ? 2000 + Math.floor(random() * 3000) : undefined,
        start: random() < 0.4 ? pick(days.slice(0, 3)) : undefined,
        end: random() < 0.4 ? pick(days.slice(2)) : undefined,
        status:
          random() < 0.5
            ? pick(['open', 'settled', 'voided', 'matched', 'unmatched', 'cancelled', 'lapsed', 'pending'] as const)
            : undefined,
      };
      const query = new URLSearchParams({ pageSize: '100' });
      if (filter.player !== undefined) query.set('player', filter.player);
      if (filter.marketId !== undefined) query.set('marketId', filter.marketId);
      if (filter.minStake !== undefined) query.set('minStake', String(filter.minStake));
      if (filter.maxStake !== undefined) query.set('maxStake', String(filter.maxStake));
      if (filter.start !== undefined) query.set('start_date', filter.start);
      if (filter.end !== undefined) query.set('end_date', filter.end);
      if (filter.status !== undefined) query.set('status', filter.status);
      const usersById = new Map([...data.users.values()].map((candidate) => [candidate.id, candidate]));
      const expected = newestFirst(
        data.bets.filter((bet) => {
          const owner = usersById.get(bet.userId);
          if (!members(scope).has(bet.userId) || owner === undefined) return false;
          if (
            filter.player !== undefined &&
            !owner.username.toLowerCase().startsWith(filter.player.toLowerCase()) &&
            !owner.mobileNo.startsWith(filter.player)
          )
            return false;
          if (filter.marketId !== undefined && bet.marketId !== filter.marketId) return false;
          if (filter.minStake !== undefined && bet.stakePaise < filter.minStake * 100) return false;
          if (filter.maxStake !== undefined && bet.stakePaise > filter.maxStake * 100) return false;
          if (filter.start !== undefined && bet.createdAt.getTime() < indiaStart(filter.start)) return false;
          if (filter.end !== undefined && bet.createdAt.getTime() >= indiaStart(filter.end) + 86_400_000) return false;
          if (filter.status === 'open' && !OPEN.has(bet.status)) return false;
          if (filter.status !== undefined && filter.status !== 'open' && bet.status !== filter.status) return false;
          return true;
        }),
      );
      const answer = await page(scope, `/api/v1/backoffice/reports/bets?${query.toString()}`);
      expect(
        answer.items.map((bet) => bet._id),
        `${scope} ${query.toString()}`,
      ).toEqual(expected.map((bet) => bet.id));
      expect(answer.total).toBe(expected.length);
      if (expected.length > 0) nonEmpty += 1;
    }
    // The generated filters are not all too narrow to find anything.
    expect(nonEmpty).toBeGreaterThan(8);
  });

  it('answers each bet with its names, odds and money in rupees', async () => {
    const bet = data.bets.find((candidate) => candidate.status === 'settled' && candidate.runnerId !== null) as SeedBet;
    const market = data.markets.find((candidate) => candidate.id === bet.marketId);
    const answer = await page('site', `/api/v1/backoffice/reports/bets?marketId=${bet.marketId}&pageSize=100`);
    expect(answer.items.find((item) => item._id === bet.id)).toEqual({
      _id: bet.id,
      userId: bet.userId,
      username: [...data.users.values()].find((user) => user.id === bet.userId)?.username,
      sport: market?.sportName,
      event: market?.eventName,
      marketId: bet.marketId,
      market: market?.name,
      marketType: market?.type,
      runner: market?.runners.find((runner) => runner.id === bet.runnerId)?.name,
      side: bet.side,
      odds: (bet.priceH as number) / 100,
      matchedOdds: bet.matchedPaise === 0 ? null : (bet.priceH as number) / 100,
      lineRuns: null,
      stake: bet.stakePaise / 100,
      matched: bet.matchedPaise / 100,
      status: 'settled',
      profitLoss: (bet.profitLossPaise as number) / 100,
      placedAt: bet.createdAt.toISOString(),
      settledAt: bet.settledAt?.toISOString(),
    });
  });

  it('refuses a smallest stake above the largest, and a filter with control characters', async () => {
    const answer = await call(t.app, 'GET', '/api/v1/backoffice/reports/bets?minStake=500&maxStake=100', {
      token: tokens.site as string,
    });
    expect(answer.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    expect(answer.body.meta.issues?.[0]?.path).toBe('minStake');
    const odd = await call(t.app, 'GET', '/api/v1/backoffice/reports/bets?player=%25_', {
      token: tokens.site as string,
    });
    expect(odd.body.meta.code).toBe(200);
    expect((odd.body.data as { total: number }).total).toBe(0);
  });
});

describe("a player's bets and sign-ins", () => {
  it('open bets and bet history of a player in the scope, each status in its place', async () => {
    for (const [scope, key] of [
      ['site', 'P5'],
      ['A1', 'P3'],
      ['A2', 'P3'],
      ['B', 'P4'],
    ] as const) {
      const user = data.users.get(key);
      if (user === undefined) throw new Error(key);
      const open = await page(scope, `/api/v1/backoffice/users/${user.id}/open-bets?pageSize=100`);
      expect(open.items.map((bet) => bet._id)).toEqual(
        newestFirst(data.bets.filter((bet) => bet.userId === user.id && OPEN.has(bet.status))).map((bet) => bet.id),
      );
      const history = await page(
        scope,
        `/api/v1/backoffice/users/${user.id}/bet-history?pageSize=100&start_date=2026-11-01&end_date=2026-11-30`,
      );
      expect(history.items.map((bet) => bet._id)).toEqual(
        newestFirst(data.bets.filter((bet) => bet.userId === user.id && FINISHED.has(bet.status))).map((bet) => bet.id),
      );
    }
  });

  it("an agent cannot open a player of another subtree (the tree's guard refuses it), nor its own account (not found)", async () => {
    const outside = [
      ['A1', 'P4'],
      ['A1', 'P5'],
      ['A2', 'P1'],
      ['B', 'P1'],
    ] as const;
    for (const [scope, key] of outside) {
      const user = data.users.get(key);
      for (const path of ['open-bets', 'bet-history', 'sign-ins']) {
        const answer = await call(t.app, 'GET', `/api/v1/backoffice/users/${user?.id}/${path}`, {
          token: tokens[scope] as string,
        });
        expect(answer.body.meta, `${scope} → ${key} ${path}`).toMatchObject({ code: 403, error: 'NOT_IN_DOWNLINE' });
      }
    }
    for (const path of ['open-bets', 'bet-history', 'sign-ins']) {
      const own = await call(t.app, 'GET', `/api/v1/backoffice/users/${data.users.get('A1')?.id}/${path}`, {
        token: tokens.A1 as string,
      });
      expect(own.body.meta, `own ${path}`).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    }
    const missing = await call(t.app, 'GET', '/api/v1/backoffice/users/00000000-0000-4000-8000-000000000000/sign-ins', {
      token: tokens.site as string,
    });
    expect(missing.body.meta).toMatchObject({ code: 404, error: 'NOT_FOUND' });
  });

  it('sign-in history: each real sign-in with its IP address and device, newest first, ended sessions marked', async () => {
    const player = await signUpPlayer(t);
    await t.db.query('update users set upline_id = $1 where id = $2', [data.users.get('A2')?.id, player.userId]);
    const addresses = [nextIp(), nextIp()];
    const devices = [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    ];
    for (const [index, ip] of addresses.entries()) {
      t.clock.advanceMs(60_000);
      const login = await call(t.app, 'POST', '/api/v1/login', {
        ip,
        headers: { 'user-agent': devices[index] as string },
        body: { mobile_no: player.mobileNo, password: PASSWORD },
      });
      expect(login.body.meta.code).toBe(200);
      if (index === 0) await call(t.app, 'POST', '/api/v1/logout', { token: login.body.meta.token as string, ip });
    }
    for (const scope of ['site', 'A1', 'A2'] as const) {
      const answer = await call(t.app, 'GET', `/api/v1/backoffice/users/${player.userId}/sign-ins?pageSize=2`, {
        token: tokens[scope] as string,
      });
      expect(answer.body.meta.code).toBe(200);
      const { items, total } = answer.body.data as { items: SignIn[]; total: number };
      expect(total).toBe(3);
      expect(items.map((item) => [item.ip, item.userAgent])).toEqual([
        [addresses[1], devices[1]],
        [addresses[0], devices[0]],
      ]);
      expect(items[0]?.endedAt).toBeNull();
      expect(items[1]?.endedAt).not.toBeNull();
    }
    const refused = await call(t.app, 'GET', `/api/v1/backoffice/users/${player.userId}/sign-ins`, {
      token: tokens.B as string,
    });
    expect(refused.body.meta).toMatchObject({ code: 403, error: 'NOT_IN_DOWNLINE' });
  });
});
