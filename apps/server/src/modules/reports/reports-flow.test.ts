import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { ExposureReport, PnlReport } from '@khel/contract';
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
import { resultsSettleAlone } from '../../../test/one-operator-results.js';

/**
 * The reports read what the real betting and settlement paths write: players bet through the API on a
 * bookmaker market, the risk view must match their wallets' exposure and the bets' terms, and after the
 * result the house P&L must be what the players' wallets lost. Checked for the site and for an agent.
 */
let t: TestApp;
let director: { token: string; userId: string };
let agentToken: string;
let marketId: string;
let runners: { _id: string; name: string }[];
const players: { token: string; userId: string; underAgent: boolean; startPaise: number }[] = [];

const wallet = async (token: string) =>
  (await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number; exposure: number };
async function report<T>(token: string, path: string): Promise<T> {
  const answer = await call(t.app, 'GET', path, { token });
  expect(answer.body.meta.code, JSON.stringify(answer.body.meta)).toBe(200);
  return answer.body.data as T;
}

/** Bets placed: player index, runner index, stake (rupees); all backs at rate 80 (win 0.8 × stake, lose the stake). */
const BETS: [number, number, number][] = [
  [0, 0, 100],
  [0, 1, 250],
  [1, 0, 400],
  [2, 1, 300],
  [2, 0, 150],
];
const RATE = 80;

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
  const token = director.token;
  const sport = (await call(t.app, 'POST', '/api/v1/backoffice/sports', { token, body: { name: 'Kabaddi' } })).body
    .data as { _id: string };
  const league = (
    await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
      token,
      body: { sportId: sport._id, name: 'Flow League' },
    })
  ).body.data as { _id: string };
  const event = (
    await call(t.app, 'POST', '/api/v1/backoffice/events', {
      token,
      body: { leagueId: league._id, name: 'Patna v Bengal', startTime: '2026-11-22T14:00:00.000Z' },
    })
  ).body.data as { _id: string };
  const market = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token,
    body: { eventId: event._id, marketType: 'BOOKMAKER', name: 'Most raids', runners: ['Patna', 'Bengal'] },
  });
  expect(market.body.meta.code, market.body.meta.message).toBe(200);
  marketId = (market.body.data as { _id: string })._id;
  runners = (
    (await call(t.app, 'GET', `/api/v1/backoffice/markets/${marketId}/book`, { token })).body.data as {
      market: { runners: { _id: string; name: string }[] };
    }
  ).market.runners;
  await call(t.app, 'PUT', `/api/v1/backoffice/markets/${marketId}/bookmaker-rates`, {
    token,
    body: { runners: runners.map((runner) => ({ runnerId: runner._id, backRate: RATE, layRate: RATE + 5 })) },
  });

  const agentMobile = nextMobile();
  const agent = await t.services.identity.createAccount({
    name: 'Agent',
    mobileNo: agentMobile,
    password: PASSWORD,
    role: ROLES.AGENT,
    referredBy: null,
    verified: true,
  });
  agentToken = (
    await call(t.app, 'POST', '/api/v1/login', { ip: nextIp(), body: { mobile_no: agentMobile, password: PASSWORD } })
  ).body.meta.token as string;
  await enrolSecondFactor(t, agentToken);
  for (let index = 0; index < 3; index += 1) {
    const player = await signUpPlayer(t);
    const underAgent = index < 2;
    if (underAgent) await t.db.query('update users set upline_id = $1 where id = $2', [agent.id, player.userId]);
    const credit = await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/adjustments`, {
      token,
      body: { wallet: 'main', amount: 2000, reason: 'Stake money' },
    });
    expect(credit.body.meta.code, credit.body.meta.message).toBe(200);
    players.push({ ...player, underAgent, startPaise: Math.round((await wallet(player.token)).balance * 100) });
  }
  for (const [index, [who, runner, stake]] of BETS.entries()) {
    const placed = await call(t.app, 'POST', '/api/v1/place-bet', {
      token: players[who]?.token as string,
      headers: { 'idempotency-key': `flow-${index}` },
      body: { marketId, selectionId: runners[runner]?._id, selectionType: 'back', odds: RATE, stake },
    });
    expect(placed.body.meta.code, placed.body.meta.message).toBe(200);
  }
}, 120_000);
afterAll(async () => t.close());

describe('reports over real bets', () => {
  for (const scope of ['site', 'agent'] as const) {
    it(`the risk view matches the wallets and the bets' terms (${scope})`, async () => {
      const included = players
        .map((player, index) => ({ player, index }))
        .filter(({ player }) => scope === 'site' || player.underAgent);
      const exposure = await report<ExposureReport>(
        scope === 'site' ? director.token : agentToken,
        '/api/v1/backoffice/reports/exposure',
      );
      const market = exposure.markets.find((candidate) => candidate.marketId === marketId);
      let walletExposurePaise = 0;
      for (const { player } of included) walletExposurePaise += Math.round((await wallet(player.token)).exposure * 100);
      expect(Math.round((market?.liability ?? 0) * 100)).toBe(walletExposurePaise);
      expect(market?.players).toBe(included.length);
      const ifWins = runners.map((_, winner) =>
        BETS.filter(([who]) => included.some(({ index }) => index === who)).reduce(
          (sum, [, runner, stake]) => sum + (runner === winner ? (stake * 100 * RATE) / 100 : -stake * 100),
          0,
        ),
      );
      expect(market?.runners.map((runner) => Math.round(runner.playersIfWins * 100))).toEqual(ifWins);
      const best = Math.max(...ifWins);
      expect(market?.runners.map((runner) => runner.worst)).toEqual(
        ifWins.map((value, index) => index === ifWins.indexOf(best)),
      );
      expect(market?.worstCase).toBe(-best / 100);
    });
  }

  it('after the result, the house P&L is what the players lost, and the market leaves the risk view', async () => {
    const settled = await call(t.app, 'POST', `/api/v1/backoffice/markets/${marketId}/settle`, {
      token: director.token,
      body: { winnerId: runners[0]?._id },
    });
    expect(settled.body.meta.code, settled.body.meta.message).toBe(200);
    const after = await Promise.all(players.map((player) => wallet(player.token)));
    // Each player's result on the market, from their wallet: balance now (no exposure left) less the balance before the bets.
    expect(after.map((row) => row.exposure)).toEqual([0, 0, 0]);
    const resultPaise = after.map((row, index) => Math.round(row.balance * 100) - (players[index]?.startPaise ?? 0));
    for (const [scope, token, members] of [
      ['site', director.token, players.map((_, index) => index)],
      ['agent', agentToken, [0, 1]],
    ] as const) {
      const pnl = await report<PnlReport>(token, '/api/v1/backoffice/reports/sports-pnl?groupBy=market');
      const line = pnl.rows.find((row) => row.key === marketId);
      const housePaise = -members.reduce((sum, index) => sum + (resultPaise[index] ?? 0), 0);
      expect(Math.round((line?.housePnl ?? 0) * 100), scope).toBe(housePaise);
      const stakes = BETS.filter(([who]) => (members as readonly number[]).includes(who));
      expect(line?.bets, scope).toBe(stakes.length);
      expect(line?.turnover, scope).toBe(stakes.reduce((sum, [, , stake]) => sum + stake, 0));
      expect(line?.players, scope).toBe(members.length);
      const exposure = await report<ExposureReport>(token, '/api/v1/backoffice/reports/exposure');
      expect(exposure.markets.find((candidate) => candidate.marketId === marketId)).toBeUndefined();
    }
  });
});
