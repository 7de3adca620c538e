import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { resultsSettleAlone } from '../../../test/one-operator-results.js';

let t: TestApp;
let director: { token: string; userId: string };
let support: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
  support = await createOperator(t, ROLES.SUPPORT_ADMIN);
});
afterAll(async () => t.close());

interface MarketView {
  _id: string;
  status: string;
  version: number;
  runners: {
    _id: string;
    name: string;
    back: { price: number; size: number }[];
    lay: { price: number; size: number }[];
  }[];
}

let counter = 0;
/** A fresh event with one market of the given type, created through the back-office API. */
async function market(
  type: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY',
  options: { delay?: number; inPlay?: boolean; limits?: Record<string, number> } = {},
) {
  counter += 1;
  const sport = await call(t.app, 'POST', '/api/v1/backoffice/sports', {
    token: director.token,
    body: { name: 'Cricket' },
  });
  const sportId = (sport.body.data as { _id: string })._id;
  const league = await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
    token: director.token,
    body: { sportId, name: 'Test League' },
  });
  const event = await call(t.app, 'POST', '/api/v1/backoffice/events', {
    token: director.token,
    body: {
      leagueId: (league.body.data as { _id: string })._id,
      name: `Lions v Tigers ${counter}`,
      startTime: '2026-11-21T14:00:00.000Z',
    },
  });
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token: director.token,
    body: {
      eventId: (event.body.data as { _id: string })._id,
      marketType: type,
      name: type === 'FANCY' ? '6 over runs' : 'Match Odds',
      runners: type === 'FANCY' ? [] : ['Lions', 'Tigers'],
      betDelaySeconds: options.delay ?? 0,
      ...options.limits,
    },
  });
  const id = (created.body.data as { _id: string })._id;
  if (options.inPlay === true)
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: director.token, body: { inPlay: true } });
  const view = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: director.token, body: {} })).body
    .data as MarketView;
  return { id, runners: view.runners.map((runner) => runner._id) };
}

async function bet(token: string, body: Record<string, unknown>, key?: string) {
  return call(t.app, 'POST', '/api/v1/place-bet', {
    token,
    body: { stake: 100, ...body },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
}

const profileOf = async (token: string) =>
  (await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { balance: number; exposure: number };

describe('exchange matching and exposure', () => {
  it('matches a back against a resting lay at the resting price; both players reserve their worst case', async () => {
    const m = await market('EXCHANGE');
    const layer = await signUpPlayer(t);
    const backer = await signUpPlayer(t);
    const lay = await bet(layer.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'lay',
      odds: 2.5,
      stake: 1000,
    });
    expect(lay.body.data).toMatchObject({ status: 'unmatched', unmatchedStake: 1000 });
    expect(await profileOf(layer.token)).toMatchObject({ balance: 10000, exposure: -1500 });

    const back = await bet(backer.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 2.2,
      stake: 400,
    });
    expect(back.body.data).toMatchObject({ status: 'matched', matchedStake: 400, odds: 2.2 });
    expect(await profileOf(backer.token)).toMatchObject({ exposure: -400 });
    const book = (await call(t.app, 'GET', `/api/v1/bet-sport-byMarket?marketId=${m.id}`, { token: layer.token })).body
      .data as { matchedStake: number; unmatchedStake: number }[];
    expect(book[0]).toMatchObject({ matchedStake: 400, unmatchedStake: 600 });
    const view = (await call(t.app, 'GET', `/api/v1/backoffice/markets/${m.id}/book`, { token: director.token })).body
      .data as { market: MarketView; bets: { player: { _id: string; mobile_no: string } }[] };
    expect(view.market.runners[0]?.back[0]).toEqual({ price: 2.5, size: 600 });
    // Each bet names its player (read for the whole book at once).
    expect(new Set(view.bets.map((row) => `${row.player._id}:${row.player.mobile_no}`))).toEqual(
      new Set([`${layer.userId}:${layer.mobileNo}`, `${backer.userId}:${backer.mobileNo}`]),
    );
  });

  it('never lets two racing players overfill one resting offer', async () => {
    const m = await market('EXCHANGE');
    const layer = await signUpPlayer(t);
    await bet(layer.token, { marketId: m.id, selectionId: m.runners[1], selectionType: 'lay', odds: 3, stake: 500 });
    const backers = await Promise.all([signUpPlayer(t), signUpPlayer(t), signUpPlayer(t), signUpPlayer(t)]);
    const answers = await Promise.all(
      backers.map((player) =>
        bet(player.token, { marketId: m.id, selectionId: m.runners[1], selectionType: 'back', odds: 3, stake: 200 }),
      ),
    );
    const matched = answers.reduce(
      (sum, answer) => sum + (answer.body.data as { matchedStake: number }).matchedStake,
      0,
    );
    expect(matched).toBe(500);
    const fills = await t.db.query<{ total: number }>(
      'select coalesce(sum(stake_paise), 0)::bigint as total from fills where market_id = $1',
      [m.id],
    );
    expect(fills.rows[0]?.total).toBe(50_000);
  });

  it('lowers exposure with a hedge (never a per-bet sum)', async () => {
    const m = await market('EXCHANGE');
    const other = await signUpPlayer(t);
    const player = await signUpPlayer(t);
    await bet(other.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'lay', odds: 3, stake: 1000 });
    await bet(player.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 3, stake: 1000 });
    expect((await profileOf(player.token)).exposure).toBe(-1000);
    await bet(other.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 2, stake: 2000 });
    await bet(player.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'lay', odds: 2, stake: 2000 });
    // Lions win: +2000 − 2000 = 0; Tigers win: −1000 + 2000 = +1000. No loss in any outcome.
    expect((await profileOf(player.token)).exposure).toBe(0);
  });

  it('does not match a player against their own offer', async () => {
    const m = await market('EXCHANGE');
    const player = await signUpPlayer(t);
    await bet(player.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'lay', odds: 2, stake: 100 });
    const back = await bet(player.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 2,
      stake: 100,
    });
    expect(back.body.data).toMatchObject({ status: 'unmatched', matchedStake: 0 });
  });

  it('refuses odds off the ladder, stakes outside limits and more than the balance', async () => {
    const m = await market('EXCHANGE', { limits: { minStake: 100, maxStake: 50000 } });
    const player = await signUpPlayer(t);
    expect(
      (await bet(player.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 2.015 })).body
        .meta.error,
    ).toBe('PRICE_NOT_ON_LADDER');
    expect(
      (await bet(player.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 3.03 })).body
        .meta.error,
    ).toBe('PRICE_NOT_ON_LADDER');
    expect(
      (
        await bet(player.token, {
          marketId: m.id,
          selectionId: m.runners[0],
          selectionType: 'back',
          odds: 3,
          stake: 50,
        })
      ).body.meta,
    ).toMatchObject({ error: 'BELOW_MIN_STAKE', message: 'Minimum stake is ₹100.00' });
    expect(
      (
        await bet(player.token, {
          marketId: m.id,
          selectionId: m.runners[0],
          selectionType: 'lay',
          odds: 10,
          stake: 5000,
        })
      ).body.meta,
    ).toMatchObject({ code: 422, error: 'WALLET_INSUFFICIENT_FUNDS' });
    expect(await profileOf(player.token)).toMatchObject({ balance: 10000, exposure: 0 });
  });

  it('cancels the unmatched part and releases its exposure', async () => {
    const m = await market('EXCHANGE');
    const player = await signUpPlayer(t);
    const lay = await bet(player.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'lay',
      odds: 5,
      stake: 500,
    });
    expect((await profileOf(player.token)).exposure).toBe(-2000);
    const cancelled = await call(t.app, 'POST', '/api/v1/cancel-bet', {
      token: player.token,
      body: { betId: (lay.body.data as { _id: string })._id },
    });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    expect((await profileOf(player.token)).exposure).toBe(0);
    const again = await call(t.app, 'POST', '/api/v1/cancel-bet', {
      token: player.token,
      body: { betId: (lay.body.data as { _id: string })._id },
    });
    expect(again.body.meta.error).toBe('BET_NOT_CANCELLABLE');
  });

  it('places one bet for retries with one idempotency key', async () => {
    const m = await market('EXCHANGE');
    const player = await signUpPlayer(t);
    const key = randomUUID();
    const body = { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 4, stake: 300 };
    const answers = await Promise.all([
      bet(player.token, body, key),
      bet(player.token, body, key),
      bet(player.token, body, key),
    ]);
    expect(new Set(answers.map((answer) => (answer.body.data as { _id: string })._id)).size).toBe(1);
    const rows = await t.db.query('select id from bets where user_id = $1', [player.userId]);
    expect(rows.rowCount).toBe(1);
  });
});

describe('settlement, void and correction (PRODUCT.md §4)', () => {
  async function matchedMarket() {
    const m = await market('EXCHANGE');
    const layer = await signUpPlayer(t);
    const backer = await signUpPlayer(t);
    await bet(layer.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'lay', odds: 3, stake: 1000 });
    await bet(backer.token, { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 3, stake: 1000 });
    // The layer's extra unmatched offer lapses at settlement.
    await bet(layer.token, { marketId: m.id, selectionId: m.runners[1], selectionType: 'lay', odds: 4, stake: 200 });
    return { m, layer, backer };
  }

  it('is zero-sum per market plus commission, releases exposure and shows on statements', async () => {
    const { m, layer, backer } = await matchedMarket();
    const settled = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: m.runners[0] },
    });
    expect(settled.body.data).toMatchObject({ status: 'settled' });
    // Backer wins 2000, pays 2 % commission (40); layer loses 2000.
    expect(await profileOf(backer.token)).toEqual(expect.objectContaining({ balance: 11960, exposure: 0 }));
    expect(await profileOf(layer.token)).toEqual(expect.objectContaining({ balance: 8000, exposure: 0 }));
    const pool = await t.db.query<{ total: number }>(
      `select coalesce(sum(e.amount_paise), 0)::bigint as total from journal_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'market_pool' and a.ref = $1`,
      [m.id],
    );
    expect(pool.rows[0]?.total).toBe(0);
    const commission = await t.db.query<{ total: number }>(
      `select coalesce(sum(e.amount_paise), 0)::bigint as total from journal_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'commission'`,
    );
    expect(commission.rows[0]?.total).toBe(4000);
    const results = (await call(t.app, 'GET', '/api/v1/result-transaction', { token: backer.token })).body.data as {
      lines: { description: string; amount: number }[];
    };
    expect(results.lines).toEqual([
      expect.objectContaining({ amount: 1960, description: expect.stringContaining('Match Odds — Lions') }),
    ]);
    const pl = (await call(t.app, 'GET', '/api/v1/profit-loss', { token: backer.token })).body.data as {
      rows: { market: string; profitLoss: number; commission: number }[];
      total: number;
    };
    expect(pl.rows[0]).toMatchObject({ market: 'Match Odds', profitLoss: 1960, commission: 40 });
    const bets = (await call(t.app, 'GET', '/api/v1/my-bets?status=settled', { token: backer.token })).body.data as {
      status: string;
      profitLoss: number;
    }[];
    expect(bets[0]).toMatchObject({ status: 'settled', profitLoss: 2000 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('voids an open market: every stake back, nothing moved', async () => {
    const { m, layer, backer } = await matchedMarket();
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/void`, {
      token: director.token,
      body: { reason: 'Match abandoned' },
    });
    expect(await profileOf(backer.token)).toMatchObject({ balance: 10000, exposure: 0 });
    expect(await profileOf(layer.token)).toMatchObject({ balance: 10000, exposure: 0 });
  });

  it('voids a settled market by reversing its settlement', async () => {
    const { m, layer, backer } = await matchedMarket();
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: m.runners[1] },
    });
    expect((await profileOf(layer.token)).balance).toBe(10980);
    // Voiding a settled market is a correction: it waits for a second operator.
    const requested = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/void`, {
      token: director.token,
      body: { reason: 'Result under review' },
    });
    expect(requested.body.meta.message).toBe('Correction requested: a second operator must confirm');
    expect((await profileOf(layer.token)).balance).toBe(10980);
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, { token: support.token });
    expect((await profileOf(layer.token)).balance).toBe(10000);
    expect((await profileOf(backer.token)).balance).toBe(10000);
  });

  it('corrects a wrong result: the reversal is exact, then the right result is paid', async () => {
    const { m, layer, backer } = await matchedMarket();
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: m.runners[1] },
    });
    const requested = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/correct`, {
      token: director.token,
      body: { winnerId: m.runners[0], reason: 'Wrong winner entered' },
    });
    expect(requested.body.meta.code).toBe(200);
    const corrected = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, {
      token: support.token,
    });
    expect(corrected.body.meta).toMatchObject({ code: 200, message: 'Result confirmed' });
    expect(await profileOf(backer.token)).toMatchObject({ balance: 11960, exposure: 0 });
    expect(await profileOf(layer.token)).toMatchObject({ balance: 8000, exposure: 0 });
    const lines = (
      (await call(t.app, 'GET', '/api/v1/result-transaction', { token: layer.token })).body.data as {
        lines: { amount: number }[];
      }
    ).lines.map((line) => line.amount);
    expect(lines).toEqual([980, -980, -2000]);
    expect(await ledgerViolations(t.db)).toEqual([]);
    const twice = await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: m.runners[0] },
    });
    expect(twice.body.meta.error).toBe('ALREADY_DECIDED');
  });
});

describe('bookmaker and fancy', () => {
  it('fills a bookmaker bet at the live rate and refuses a moved one with "Odds changed"', async () => {
    const m = await market('BOOKMAKER');
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, {
      token: director.token,
      body: { runners: [{ runnerId: m.runners[0], backRate: 45, layRate: 48 }] },
    });
    const player = await signUpPlayer(t);
    const placed = await bet(player.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 45,
      stake: 1000,
    });
    expect(placed.body.data).toMatchObject({ status: 'matched', odds: 45, marketType: 'BOOKMAKER' });
    expect((await profileOf(player.token)).exposure).toBe(-1000);
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, {
      token: director.token,
      body: { runners: [{ runnerId: m.runners[0], backRate: 40, layRate: 43 }] },
    });
    const stale = await bet(player.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 45,
      stake: 1000,
    });
    expect(stale.body.meta).toMatchObject({ code: 409, message: 'Odds changed', error: 'ODDS_CHANGED' });
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: m.runners[0] },
    });
    expect(await profileOf(player.token)).toMatchObject({ balance: 10450, exposure: 0 });
  });

  it('settles fancy YES and NO on the run total; between the lines both lose', async () => {
    const m = await market('FANCY');
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/fancy-line`, {
      token: director.token,
      body: { noLine: 61, noRate: 100, yesLine: 63, yesRate: 100 },
    });
    const yes = await signUpPlayer(t);
    const no = await signUpPlayer(t);
    expect(
      (await bet(yes.token, { marketId: m.id, selectionType: 'back', odds: 63, oddsSize: 100, stake: 500 })).body.data,
    ).toMatchObject({ status: 'matched', selection: '6 over runs YES' });
    expect(
      (await bet(no.token, { marketId: m.id, selectionType: 'lay', odds: 61, oddsSize: 100, stake: 500 })).body.data,
    ).toMatchObject({ status: 'matched' });
    // A NO at 62 when the line is 61 is a worse line: refused (a better one is taken by default, decision 0053).
    expect(
      (await bet(no.token, { marketId: m.id, selectionType: 'lay', odds: 62, oddsSize: 100, stake: 500 })).body.meta
        .error,
    ).toBe('ODDS_CHANGED');
    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { runs: 62 },
    });
    expect((await profileOf(yes.token)).balance).toBe(9500);
    expect((await profileOf(no.token)).balance).toBe(9500);
  });
});

describe('in-play bet delay', () => {
  it('holds a bet for the delay on the server, then fills it', async () => {
    const m = await market('BOOKMAKER', { delay: 1, inPlay: true });
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, {
      token: director.token,
      body: { runners: [{ runnerId: m.runners[0], backRate: 90, layRate: 95 }] },
    });
    const player = await signUpPlayer(t);
    const placed = await bet(player.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 90,
      stake: 200,
    });
    expect(placed.body.data).toMatchObject({ status: 'pending' });
    expect((await profileOf(player.token)).exposure).toBe(-200);
    t.clock.advanceMs(1100);
    await t.services.sports.resolveDueBets();
    const mine = (await call(t.app, 'GET', '/api/v1/my-bets', { token: player.token })).body.data as {
      status: string;
    }[];
    expect(mine[0]?.status).toBe('matched');
  });

  it('lapses a bet whose market was suspended during its delay, with the reason', async () => {
    const m = await market('EXCHANGE', { delay: 2, inPlay: true });
    const layer = await signUpPlayer(t);
    const backer = await signUpPlayer(t);
    await bet(layer.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'lay',
      odds: 2,
      stake: 300,
      keepInPlay: true,
    });
    const placed = await bet(backer.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 2,
      stake: 300,
    });
    expect(placed.body.data).toMatchObject({ status: 'pending' });
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, {
      token: director.token,
      body: { status: 'suspended' },
    });
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, { token: director.token, body: { status: 'open' } });
    t.clock.advanceMs(2100);
    await t.services.sports.resolveDueBets();
    const mine = (await call(t.app, 'GET', '/api/v1/my-bets?status=settled', { token: backer.token })).body.data as {
      status: string;
      lapseReason: string;
    }[];
    expect(mine[0]).toMatchObject({ status: 'lapsed', lapseReason: 'MARKET_VERSION_CHANGED' });
    expect((await profileOf(backer.token)).exposure).toBe(0);
  });

  it('skips the delay for an offer that would not match at once', async () => {
    const m = await market('EXCHANGE', { delay: 5, inPlay: true });
    const player = await signUpPlayer(t);
    const placed = await bet(player.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 10,
      stake: 100,
    });
    expect(placed.body.data).toMatchObject({ status: 'unmatched' });
  });
});

describe('reads', () => {
  it('lists sports, events and one event by slugs; unknown ones are NOT_FOUND', async () => {
    await market('EXCHANGE');
    const sports = (await call(t.app, 'GET', '/api/v1/sports')).body.data as {
      slugName: string;
      leagues: { slugName: string }[];
    }[];
    const cricket = sports.find((sport) => sport.slugName === 'cricket');
    expect(cricket?.leagues[0]?.slugName).toBe('test-league');
    const events = (await call(t.app, 'GET', '/api/v1/events?sport=cricket')).body.data as {
      slugName: string;
      mainMarket: unknown;
    }[];
    expect(events.length).toBeGreaterThan(0);
    const detail = await call(
      t.app,
      'GET',
      `/api/v1/event?sport=cricket&league=test-league&event=${events[0]?.slugName}`,
    );
    expect((detail.body.data as { markets: unknown[] }).markets.length).toBe(1);
    const missing = await call(t.app, 'GET', '/api/v1/event?sport=cricket&league=test-league&event=nope');
    expect(missing.body.meta.error).toBe('NOT_FOUND');
  });
});

describe('incremental positions (seeded property)', () => {
  it('keeps every stored exposure equal to a full recomputation from all bets and fills', async () => {
    const { default: fc } = await import('fast-check');
    const { exposureOf } = await import('./positions/index.js');
    const { createSportsRepository } = await import('./sports-repository.js');
    const players = await Promise.all([signUpPlayer(t), signUpPlayer(t), signUpPlayer(t)]);
    const prices = [1.8, 1.9, 2, 2.1, 2.2];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            player: fc.nat(2),
            runner: fc.nat(1),
            side: fc.constantFrom('back' as const, 'lay' as const),
            price: fc.constantFrom(...prices),
            stake: fc.integer({ min: 100, max: 600 }),
            cancel: fc.boolean(),
          }),
          { minLength: 5, maxLength: 25 },
        ),
        async (steps) => {
          const m = await market('EXCHANGE');
          for (const step of steps) {
            const player = players[step.player] as (typeof players)[number];
            const placed = await bet(player.token, {
              marketId: m.id,
              selectionId: m.runners[step.runner],
              selectionType: step.side,
              odds: step.price,
              stake: step.stake,
            });
            const placedBet = placed.body.data as { _id: string; status: string } | null;
            if (step.cancel && placedBet?.status === 'unmatched')
              await call(t.app, 'POST', '/api/v1/cancel-bet', { token: player.token, body: { betId: placedBet._id } });
          }
          const repo = createSportsRepository(t.db);
          const row = (await repo.market(m.id)) as NonNullable<Awaited<ReturnType<typeof repo.market>>>;
          const runners = await repo.runnersOf([m.id]);
          for (const player of players) {
            const bets = (await repo.betsOfUserInMarket(player.userId, m.id)).filter(
              (candidate) => candidate.wallet === 'main',
            );
            const fills = await repo.fillsOfBets(bets.map((candidate) => candidate.id));
            const full = bets.length === 0 ? 0 : exposureOf(row, runners, bets, fills);
            expect(await repo.marketExposure(player.userId, m.id, 'main')).toBe(full);
          }
        },
      ),
      { seed: 4242, numRuns: 8, endOnFailure: true },
    );
    expect(await ledgerViolations(t.db)).toEqual([]);
  }, 120_000);
});

describe('market limits from operators', () => {
  it('refuses a zero limit or a maximum below the minimum with a validation answer, never a 500', async () => {
    const m = await market('EXCHANGE');
    for (const body of [{ minStake: 0 }, { maxProfit: 0 }, { minStake: 500, maxStake: 100 }, { maxStake: 1 }]) {
      const answer = await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, { token: director.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(200);
      expect(answer.body.meta.code, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('audit names what an operator touched', () => {
  it('names the market and the event in the audit log', async () => {
    const m = await market('BOOKMAKER');
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, {
      token: director.token,
      body: { runners: [{ runnerId: m.runners[0], backRate: 50, layRate: 52 }] },
    });
    const audit = (await call(t.app, 'GET', `/api/v1/backoffice/audit-log?targetId=${m.id}`, { token: director.token }))
      .body.data as { items: { action: string; targetName: string | null }[] };
    expect(audit.items.map((item) => item.action)).toEqual(['market.rates', 'market.create']);
    expect(audit.items[0]?.targetName).toMatch(/^Lions v Tigers \d+ \/ Match Odds$/);
  });
});
