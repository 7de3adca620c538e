import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../../test/test-app.js';
import { ledgerViolations } from '../../../../test/ledger-invariants.js';

let t: TestApp;
let director: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
});
afterAll(async () => t.close());

let counter = 0;
async function market(type: 'BOOKMAKER' | 'FANCY', options: { delay?: number; inPlay?: boolean } = {}) {
  counter += 1;
  const sport = await call(t.app, 'POST', '/api/v1/backoffice/sports', {
    token: director.token,
    body: { name: 'Cricket' },
  });
  const league = await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
    token: director.token,
    body: { sportId: (sport.body.data as { _id: string })._id, name: 'Preference League' },
  });
  const event = await call(t.app, 'POST', '/api/v1/backoffice/events', {
    token: director.token,
    body: {
      leagueId: (league.body.data as { _id: string })._id,
      name: `Hawks v Owls ${counter}`,
      startTime: '2026-11-21T14:00:00.000Z',
    },
  });
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token: director.token,
    body: {
      eventId: (event.body.data as { _id: string })._id,
      marketType: type,
      name: type === 'FANCY' ? '10 over runs' : 'Bookmaker',
      runners: type === 'FANCY' ? [] : ['Hawks', 'Owls'],
      betDelaySeconds: options.delay ?? 0,
    },
  });
  const id = (created.body.data as { _id: string; runners: { _id: string }[] })._id;
  if (options.inPlay === true)
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: director.token, body: { inPlay: true } });
  const view = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: director.token, body: {} })).body
    .data as { runners: { _id: string }[] };
  return { id, runner: view.runners[0]?._id as string };
}

const rates = (m: { id: string; runner: string }, backRate: number, layRate: number) =>
  call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, {
    token: director.token,
    body: { runners: [{ runnerId: m.runner, backRate, layRate }] },
  });
const lines = (m: { id: string }, noLine: number, noRate: number, yesLine: number, yesRate: number) =>
  call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/fancy-line`, {
    token: director.token,
    body: { noLine, noRate, yesLine, yesRate },
  });

async function playerWith(preference: Record<string, unknown> | null) {
  const player = await signUpPlayer(t);
  if (preference !== null) {
    const saved = await call(t.app, 'PUT', '/api/v1/odds-preference', { token: player.token, body: preference });
    expect(saved.body.meta).toMatchObject({ code: 200, message: 'Odds preference saved' });
  }
  return player;
}

const bet = (token: string, body: Record<string, unknown>, key?: string) =>
  call(t.app, 'POST', '/api/v1/place-bet', {
    token,
    body: { stake: 100, ...body },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

describe('the odds-change preference (issue 13)', () => {
  it('accepts better odds until the player changes it; ticks need a count; operators have none', async () => {
    const player = await signUpPlayer(t);
    expect((await call(t.app, 'GET', '/api/v1/odds-preference', { token: player.token })).body.data).toEqual({
      mode: 'better',
      ticks: null,
    });
    const noCount = await call(t.app, 'PUT', '/api/v1/odds-preference', {
      token: player.token,
      body: { mode: 'ticks' },
    });
    expect(noCount.body.meta).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
    const tooMany = await call(t.app, 'PUT', '/api/v1/odds-preference', {
      token: player.token,
      body: { mode: 'ticks', ticks: 21 },
    });
    expect(tooMany.body.meta.code).toBe(400);
    expect(
      (await call(t.app, 'PUT', '/api/v1/odds-preference', { token: player.token, body: { mode: 'ticks', ticks: 3 } }))
        .body.data,
    ).toEqual({ mode: 'ticks', ticks: 3 });
    expect(
      (await call(t.app, 'PUT', '/api/v1/odds-preference', { token: player.token, body: { mode: 'better', ticks: 3 } }))
        .body.data,
    ).toEqual({ mode: 'better', ticks: null });
    expect((await call(t.app, 'GET', '/api/v1/odds-preference', { token: player.token })).body.data).toEqual({
      mode: 'better',
      ticks: null,
    });
    expect(
      (await call(t.app, 'PUT', '/api/v1/odds-preference', { token: director.token, body: { mode: 'better' } })).body
        .meta.error,
    ).toBe('FORBIDDEN');
  });

  // The house quotes back 45 / lay 48; the player asked for [asked] after the quote moved to [live].
  it.each([
    // side, asked, live back, live lay, preference, accepted at (null: ODDS_CHANGED)
    // A player who never chose takes a better rate (decision 0053), not a worse one.
    ['back', 45, 46, 49, null, 46],
    ['back', 45, 44, 47, null, null],
    ['lay', 48, 44, 47, null, 47],
    ['back', 45, 46, 49, { mode: 'exact' }, null],
    ['back', 45, 46, 49, { mode: 'better' }, 46],
    ['back', 45, 44, 47, { mode: 'better' }, null],
    ['back', 45, 44, 47, { mode: 'ticks', ticks: 1 }, 44],
    ['back', 45, 43, 46, { mode: 'ticks', ticks: 1 }, null],
    ['back', 45, 50, 53, { mode: 'ticks', ticks: 1 }, 50],
    ['lay', 48, 44, 47, { mode: 'exact' }, null],
    ['lay', 48, 44, 47, { mode: 'better' }, 47],
    ['lay', 48, 46, 49, { mode: 'better' }, null],
    ['lay', 48, 46, 50, { mode: 'ticks', ticks: 2 }, 50],
    ['lay', 48, 46, 51, { mode: 'ticks', ticks: 2 }, null],
  ] as const)(
    'bookmaker %s asked at %i, quote now %i/%i, preference %o: taken at %s',
    async (side, asked, liveBack, liveLay, preference, takenAt) => {
      const m = await market('BOOKMAKER');
      await rates(m, 45, 48);
      const player = await playerWith(preference);
      await rates(m, liveBack, liveLay);
      const placed = await bet(player.token, {
        marketId: m.id,
        selectionId: m.runner,
        selectionType: side,
        odds: asked,
        stake: 1000,
      });
      if (takenAt === null) {
        expect(placed.body.meta).toMatchObject({ code: 409, error: 'ODDS_CHANGED' });
        expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).body.data).toMatchObject({
          exposure: 0,
        });
        return;
      }
      expect(placed.body.data).toMatchObject({ status: 'matched', odds: takenAt, stake: 1000 });
      // The exposure is what the bet at the live rate can lose: a back its stake, a lay rate × stake.
      const exposure = side === 'back' ? -1000 : -(takenAt * 10);
      expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).body.data).toMatchObject({
        exposure,
      });
    },
  );

  // The house quotes NO 61 @ 100, YES 63 @ 100; the player asked [line] @ [rate] after it moved.
  it.each([
    // side (back = YES, lay = NO), asked line, asked rate, live NO line/rate, YES line/rate, preference, taken at [line, rate]
    ['back', 63, 100, [60, 100, 62, 100], { mode: 'exact' }, null],
    ['back', 63, 100, [60, 100, 62, 100], { mode: 'better' }, [62, 100]],
    ['back', 63, 100, [60, 100, 63, 110], { mode: 'better' }, [63, 110]],
    ['back', 63, 100, [62, 100, 64, 100], { mode: 'better' }, null],
    ['back', 63, 100, [62, 100, 64, 100], { mode: 'ticks', ticks: 1 }, [64, 100]],
    ['back', 63, 100, [62, 100, 64, 99], { mode: 'ticks', ticks: 1 }, [64, 99]],
    ['back', 63, 100, [63, 100, 65, 100], { mode: 'ticks', ticks: 1 }, null],
    ['lay', 61, 100, [62, 100, 64, 100], { mode: 'exact' }, null],
    ['lay', 61, 100, [62, 100, 64, 100], { mode: 'better' }, [62, 100]],
    ['lay', 61, 100, [61, 90, 63, 100], { mode: 'better' }, [61, 90]],
    ['lay', 61, 100, [60, 100, 62, 100], { mode: 'better' }, null],
    ['lay', 61, 100, [59, 102, 61, 100], { mode: 'ticks', ticks: 2 }, [59, 102]],
    ['lay', 61, 100, [58, 100, 60, 100], { mode: 'ticks', ticks: 2 }, null],
  ] as const)(
    'fancy %s asked %i @ %i, quote now %o, preference %o: taken at %o',
    async (side, line, rate, live, preference, takenAt) => {
      const m = await market('FANCY');
      await lines(m, 61, 100, 63, 100);
      const player = await playerWith(preference);
      await lines(m, live[0], live[1], live[2], live[3]);
      const placed = await bet(player.token, {
        marketId: m.id,
        selectionType: side,
        odds: line,
        oddsSize: rate,
        stake: 1000,
      });
      if (takenAt === null) {
        expect(placed.body.meta).toMatchObject({ code: 409, error: 'ODDS_CHANGED' });
        return;
      }
      expect(placed.body.data).toMatchObject({ status: 'matched', odds: takenAt[0], oddsSize: takenAt[1] });
      const exposure = side === 'back' ? -1000 : -(takenAt[1] * 10);
      expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).body.data).toMatchObject({
        exposure,
      });
    },
  );

  it('applies the preference when an in-play bet comes out of its delay: taken at the moved rate, or lapsed', async () => {
    const m = await market('BOOKMAKER', { delay: 1, inPlay: true });
    await rates(m, 90, 95);
    const tolerant = await playerWith({ mode: 'ticks', ticks: 2 });
    const strict = await playerWith({ mode: 'better' });
    const first = await bet(tolerant.token, {
      marketId: m.id,
      selectionId: m.runner,
      selectionType: 'back',
      odds: 90,
      stake: 200,
    });
    const second = await bet(strict.token, {
      marketId: m.id,
      selectionId: m.runner,
      selectionType: 'back',
      odds: 90,
      stake: 200,
    });
    expect(first.body.data).toMatchObject({ status: 'pending' });
    expect(second.body.data).toMatchObject({ status: 'pending' });
    await rates(m, 88, 93);
    t.clock.advanceMs(1100);
    await t.services.sports.resolveDueBets();
    const mine = async (token: string) =>
      (
        (await call(t.app, 'GET', `/api/v1/bet-sport-byMarket?marketId=${m.id}`, { token })).body.data as {
          status: string;
          odds: number;
          lapseReason: string | null;
        }[]
      )[0];
    expect(await mine(tolerant.token)).toMatchObject({ status: 'matched', odds: 88 });
    expect(await mine(strict.token)).toMatchObject({ status: 'lapsed', lapseReason: 'PRICE_MOVED' });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe('one bet per tap: duplicate submissions (issue 13)', () => {
  it('places one bet for a retry and for racing submissions of one Idempotency-Key', async () => {
    const m = await market('BOOKMAKER');
    await rates(m, 45, 48);
    const player = await signUpPlayer(t);
    const body = { marketId: m.id, selectionId: m.runner, selectionType: 'back', odds: 45, stake: 500 };
    const first = await bet(player.token, body, 'slip-1-submission');
    const retry = await bet(player.token, body, 'slip-1-submission');
    expect(retry.body.data).toEqual(first.body.data);
    const racing = await Promise.all([1, 2, 3].map(() => bet(player.token, body, 'slip-2-submission')));
    const ids = new Set(racing.map((answer) => (answer.body.data as { _id: string })._id));
    expect(ids.size).toBe(1);
    const bets = (await call(t.app, 'GET', `/api/v1/bet-sport-byMarket?marketId=${m.id}`, { token: player.token })).body
      .data as unknown[];
    expect(bets).toHaveLength(2);
    expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).body.data).toMatchObject({
      exposure: -1000,
    });
    const reused = await bet(player.token, { ...body, stake: 600 }, 'slip-1-submission');
    expect(reused.body.meta.error).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

describe("the event page's cancel all on a market (issue 13)", () => {
  it("cancels every unmatched offer of the player's on the market, and only theirs", async () => {
    const sport = await call(t.app, 'POST', '/api/v1/backoffice/sports', {
      token: director.token,
      body: { name: 'Cricket' },
    });
    const league = await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
      token: director.token,
      body: { sportId: (sport.body.data as { _id: string })._id, name: 'Cancel League' },
    });
    const event = await call(t.app, 'POST', '/api/v1/backoffice/events', {
      token: director.token,
      body: {
        leagueId: (league.body.data as { _id: string })._id,
        name: 'Kites v Crows',
        startTime: '2026-11-21T14:00:00.000Z',
      },
    });
    const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
      token: director.token,
      body: {
        eventId: (event.body.data as { _id: string })._id,
        marketType: 'EXCHANGE',
        name: 'Match Odds',
        runners: ['Kites', 'Crows'],
      },
    });
    const marketId = (created.body.data as { _id: string })._id;
    const runners = (
      (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${marketId}`, { token: director.token, body: {} })).body
        .data as { runners: { _id: string }[] }
    ).runners.map((runner) => runner._id);
    const player = await signUpPlayer(t);
    const other = await signUpPlayer(t);
    await bet(player.token, { marketId, selectionId: runners[0], selectionType: 'back', odds: 3, stake: 200 });
    await bet(player.token, { marketId, selectionId: runners[1], selectionType: 'lay', odds: 1.5, stake: 300 });
    await bet(other.token, { marketId, selectionId: runners[0], selectionType: 'back', odds: 3.5, stake: 100 });
    expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).body.data).toMatchObject({
      exposure: -350,
    });

    const answer = await call(t.app, 'POST', '/api/v1/cancel-market-bets', { token: player.token, body: { marketId } });
    expect(answer.body.meta).toMatchObject({ code: 200, message: '2 bets cancelled' });
    expect((answer.body.data as { status: string }[]).map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
    expect((await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).body.data).toMatchObject({
      exposure: 0,
    });
    const others = (await call(t.app, 'GET', `/api/v1/bet-sport-byMarket?marketId=${marketId}`, { token: other.token }))
      .body.data as { status: string }[];
    expect(others.map((row) => row.status)).toEqual(['unmatched']);
    expect(
      (await call(t.app, 'POST', '/api/v1/cancel-market-bets', { token: player.token, body: { marketId } })).body.meta
        .message,
    ).toBe('No unmatched bets to cancel');
  });
});
