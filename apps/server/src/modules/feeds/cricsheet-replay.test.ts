/**
 * Issue 26, `FEED=cricsheet:<file>`: a real IPL match (RCB v GT, 26 May 2026, from Cricsheet) replayed
 * ball by ball into our markets. Players bet on the toss, a tie, the 6-over session,
 * the fall of the 1st wicket and a batter's runs; a ball in progress suspends the lines; every market
 * settles at the value computed from the deliveries and every bet pays exactly, to the paisa.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { settleMarket } from '@khel/cricket-feed';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { createCricsheetFeedRunner, loadCricsheet } from './cricsheet-feed-runner.js';
import { FIXTURES_DIR } from './recorded-files.js';

const replay = loadCricsheet(join(FIXTURES_DIR, 'cricsheet/1535462.json'));

let t: TestApp;
let director: string;
beforeAll(async () => {
  t = await createTestApp();
  director = (await createOperator(t, ROLES.DIRECTOR)).token;
});
afterAll(async () => t.close());

interface MarketView {
  _id: string;
  status: string;
  suspendReason: string | null;
  runners: { _id: string; name: string; backRate: number | null; layRate: number | null }[];
  fancy: { noLine: number | null; noRate: number | null; yesLine: number | null; yesRate: number | null } | null;
  result: string | null;
}

describe('a Cricsheet match replayed ball by ball', () => {
  it('each market settles at the value from the deliveries, every bet exact to the paisa', async () => {
    const failures: string[] = [];
    const runner = createCricsheetFeedRunner({
      sports: t.services.sports,
      onMarket: (marketId, action) => t.services.marketRouter.run('feed.market', { marketId, action }),
      clock: t.clock,
      replay,
      league: 'Replays of real matches',
      log: (message, error) => failures.push(`${message}: ${String(error)}`),
    });
    const idOf = async (ref: string) =>
      (await t.services.sports.repository.marketByFeedRef(`${replay.eventId}/${ref}`))!.id;
    const view = async (ref: string) =>
      (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${await idOf(ref)}`, { token: director, body: {} })).body
        .data as MarketView;
    const balance = async (token: string) =>
      Math.round(
        ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number }).balance * 100,
      );
    const player = await signUpPlayer(t);
    const start = await balance(player.token);
    let expected = 0; // the player's net, paise, worked out from the deliveries' values below
    const bet = async (body: Record<string, unknown>) => {
      const placed = await call(t.app, 'POST', '/api/v1/place-bet', { token: player.token, body });
      expect([body, placed.body.meta.error ?? null]).toEqual([body, null]);
      expect(placed.body.data).toMatchObject({ status: 'matched' });
    };
    /** A bookmaker-style bet on a runner at its rate: wins rate × stake / 100 (back) or the stake (lay). */
    const runnerBet = async (ref: string, name: string, side: 'back' | 'lay', stake: number, wins: boolean) => {
      const market = await view(ref);
      const r = market.runners.find((x) => x.name === name)!;
      const rate = side === 'back' ? r.backRate! : r.layRate!;
      await bet({ marketId: market._id, selectionId: r._id, selectionType: side, odds: rate, stake });
      const ratePaise = Math.floor((stake * 100 * Math.round(rate * 100)) / 10_000);
      expected += side === 'back' ? (wins ? ratePaise : -stake * 100) : wins ? -ratePaise : stake * 100;
    };
    /** A fancy bet: YES at its line wins rate × stake when the runs reach it; NO wins the stake below its line. */
    const lineBet = async (ref: string, side: 'yes' | 'no', stake: number, runs: number) => {
      const market = await view(ref);
      expect(market).toMatchObject({ status: 'open' });
      const line = side === 'yes' ? market.fancy!.yesLine! : market.fancy!.noLine!;
      const rate = side === 'yes' ? market.fancy!.yesRate! : market.fancy!.noRate!;
      await bet({
        marketId: market._id,
        selectionType: side === 'yes' ? 'back' : 'lay',
        odds: line,
        oddsSize: rate,
        stake,
      });
      const ratePaise = Math.floor((stake * 100 * Math.round(rate * 100)) / 10_000);
      expected += side === 'yes' ? (runs >= line ? ratePaise : -stake * 100) : runs < line ? stake * 100 : -ratePaise;
    };

    // Before the first ball: the event labelled a replay, the toss and tied-match markets quoted.
    await runner.open();
    const event = (await t.services.sports.repository.eventByFeedRef(replay.eventId))!;
    expect(event.name).toBe('Royal Challengers Bengaluru v Gujarat Titans (replay of 26 May 2026)');
    await runnerBet('toss', 'Gujarat Titans', 'back', 500, true);
    await runnerBet('toss', 'Royal Challengers Bengaluru', 'back', 300, false);
    await runnerBet('tied-match', 'Yes', 'back', 100, false);

    // After 8 balls (the 1st wicket falls on the 12th): the sessions open on the live state.
    await runner.playTo(8);
    await lineBet('inn1-6ov', 'yes', 1000, 76);
    await lineBet('inn1-6ov', 'no', 700, 76);
    await lineBet('inn1-fow1', 'yes', 400, 21);
    await lineBet('inn1-bat-v-kohli', 'no', 600, 43);

    // A ball in progress: the lines suspend ("ball running") and refuse bets; bowled, they reopen.
    await runner.bowling();
    expect(await view('inn1-6ov')).toMatchObject({ status: 'suspended', suspendReason: 'BALL_RUNNING' });
    expect(await view('bookmaker')).toMatchObject({ status: 'suspended' });
    const refused = await call(t.app, 'POST', '/api/v1/place-bet', {
      token: player.token,
      body: { marketId: await idOf('inn1-6ov'), selectionType: 'back', odds: 60, oddsSize: 100, stake: 100 },
    });
    expect(refused.body.meta.error).toBe('MARKET_SUSPENDED');
    await runner.bowled();
    expect(await view('inn1-6ov')).toMatchObject({ status: 'open' });
    const score = (await t.services.sports.repository.eventByFeedRef(replay.eventId))!;
    expect(JSON.stringify(score.score)).toContain('RCB');

    // To the end an over at a time, as a feed that fell behind catches up (the same markets, settled the
    // same: cricket-feed's CFD-10 test; ~800 service calls instead of ~6,300 ball by ball):
    // every market settled (or void by its rules) at the value from the deliveries.
    await runner.catchUpTo();
    const rows = await t.db.query<{ feed_ref: string; status: string; runs: number | null; winner: string | null }>(
      `select m.feed_ref, m.status, (m.result->>'runs')::int as runs,
              (select r.name from runners r where r.id::text = m.result->>'winnerId') as winner
         from markets m where m.feed_ref like $1 order by m.feed_ref`,
      [`${replay.eventId}/%`],
    );
    expect(rows.rows.length).toBeGreaterThan(60);
    for (const row of rows.rows) {
      const market = runner.feed.markets.get(row.feed_ref);
      const settlement = market
        ? settleMarket(replay.match, market.spec)
        : { kind: 'winner' as const, runner: 'Royal Challengers Bengaluru' }; // the Bookmaker
      const want =
        settlement.kind === 'void'
          ? ['voided', null, null]
          : settlement.kind === 'runs'
            ? ['settled', settlement.runs, null]
            : settlement.kind === 'winner'
              ? ['settled', null, settlement.runner]
              : ['pending'];
      expect([row.feed_ref, row.status, row.runs, row.winner]).toEqual([row.feed_ref, ...want]);
    }
    expect(rows.rows.find((r) => r.feed_ref.endsWith('/inn1-6ov'))).toMatchObject({ runs: 76 });
    expect(rows.rows.find((r) => r.feed_ref.endsWith('/toss'))).toMatchObject({ winner: 'Gujarat Titans' });
    expect((await balance(player.token)) - start).toBe(expected);
    expect(await ledgerViolations(t.db)).toEqual([]);
    expect(failures).toEqual([]);
  }, 900_000);
});

describe('a Cricsheet replay in the background', () => {
  it('reports its feed lag after the event opens and after each ball is bowling and bowled', async () => {
    const own = await createTestApp();
    try {
      const lags: number[] = [];
      const runner = createCricsheetFeedRunner({
        sports: own.services.sports,
        onMarket: (marketId, action) => own.services.marketRouter.run('feed.market', { marketId, action }),
        clock: own.clock,
        replay,
        league: 'Replays of real matches',
        log: () => undefined,
        onLag: (seconds) => lags.push(seconds),
      });
      runner.start({ ballMs: 40, ballInAirMs: 20, speed: 1 });
      await expect.poll(() => runner.bowledCount(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      await runner.stop();
      // Open, then two figures a ball (bowling, bowled), each a lag of zero or more seconds.
      expect(lags.length).toBeGreaterThanOrEqual(1 + 2 * 2);
      expect(lags.every((seconds) => Number.isFinite(seconds) && seconds >= 0)).toBe(true);
    } finally {
      await own.close();
    }
  }, 60_000);
});
