import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { resultsSettleAlone } from '../../../test/one-operator-results.js';

/**
 * Issue 31: every bet row carries `matchedOdds`, the stake-weighted average price its fills got (an
 * exchange fill is at the resting offer's price, often better than the taker asked), null while
 * nothing is matched; the slip's answer, My Bets, the event's bet list, the back office's bet list and
 * the settled list all say it, and settlement pays exactly that.
 */
let t: TestApp;
let director: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  await resultsSettleAlone(t, director.token);
});
afterAll(async () => t.close());

interface Bet {
  _id: string;
  odds: number;
  matchedOdds: number | null;
  matchedStake: number;
  unmatchedStake: number;
  status: string;
  profitLoss: number | null;
}

let counter = 0;
async function exchangeMarket(type: 'EXCHANGE' | 'BOOKMAKER' = 'EXCHANGE') {
  counter += 1;
  const sport = await call(t.app, 'POST', '/api/v1/backoffice/sports', {
    token: director.token,
    body: { name: 'Cricket' },
  });
  const league = await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
    token: director.token,
    body: { sportId: (sport.body.data as { _id: string })._id, name: 'Matched League' },
  });
  const event = await call(t.app, 'POST', '/api/v1/backoffice/events', {
    token: director.token,
    body: {
      leagueId: (league.body.data as { _id: string })._id,
      name: `Kings v Royals ${counter}`,
      startTime: '2026-11-21T14:00:00.000Z',
    },
  });
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token: director.token,
    body: {
      eventId: (event.body.data as { _id: string })._id,
      marketType: type,
      name: 'Match Odds',
      runners: ['Kings', 'Royals'],
      betDelaySeconds: 0,
    },
  });
  const id = (created.body.data as { _id: string })._id;
  const view = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: director.token, body: {} })).body
    .data as { runners: { _id: string }[] };
  return { id, runners: view.runners.map((runner) => runner._id) };
}

async function place(token: string, body: Record<string, unknown>): Promise<Bet> {
  const answer = await call(t.app, 'POST', '/api/v1/place-bet', { token, body });
  expect(answer.body.meta, JSON.stringify(answer.body.meta)).toMatchObject({ code: 200 });
  return answer.body.data as Bet;
}

const myBets = async (token: string, status: 'open' | 'settled') =>
  (await call(t.app, 'GET', `/api/v1/my-bets?status=${status}`, { token })).body.data as Bet[];

describe('matchedOdds: the price a bet actually got', () => {
  it('averages a back over partial fills at several better prices, by stake, and settles at exactly those prices', async () => {
    const m = await exchangeMarket();
    const [layerA, layerB, layerC, backer] = await Promise.all([
      signUpPlayer(t),
      signUpPlayer(t),
      signUpPlayer(t),
      signUpPlayer(t),
    ]);
    const runner = m.runners[0];
    const layA = await place(layerA.token, {
      marketId: m.id,
      selectionId: runner,
      selectionType: 'lay',
      odds: 2,
      stake: 100,
    });
    const layB = await place(layerB.token, {
      marketId: m.id,
      selectionId: runner,
      selectionType: 'lay',
      odds: 1.9,
      stake: 200,
    });
    // Nothing matched yet: no price to show.
    expect(layA).toMatchObject({ status: 'unmatched', odds: 2, matchedOdds: null, matchedStake: 0 });

    // A back at 1.85 takes ₹100 at 2.00 and ₹200 at 1.90; ₹100 waits at 1.85.
    const back = await place(backer.token, {
      marketId: m.id,
      selectionId: runner,
      selectionType: 'back',
      odds: 1.85,
      stake: 400,
    });
    // (100 × 2.00 + 200 × 1.90) / 300 = 1.9333…
    expect(back).toMatchObject({ status: 'unmatched', odds: 1.85, matchedOdds: 1.93, matchedStake: 300 });
    expect(back.unmatchedStake).toBe(100);

    // The rest fills later at its own 1.85 against a lay at 1.90: (100 × 2 + 200 × 1.9 + 100 × 1.85) / 400 = 1.9125.
    const layC = await place(layerC.token, {
      marketId: m.id,
      selectionId: runner,
      selectionType: 'lay',
      odds: 1.9,
      stake: 100,
    });
    expect(layC).toMatchObject({ status: 'matched', odds: 1.9, matchedOdds: 1.85 });

    const open = await myBets(backer.token, 'open');
    expect(open.find((bet) => bet._id === back._id)).toMatchObject({ status: 'matched', matchedOdds: 1.91 });
    const onEvent = (await call(t.app, 'GET', `/api/v1/bet-sport-byMarket?marketId=${m.id}`, { token: layerB.token }))
      .body.data as Bet[];
    expect(onEvent.find((bet) => bet._id === layB._id)).toMatchObject({ matchedOdds: 1.9, odds: 1.9 });
    const report = (
      await call(t.app, 'GET', `/api/v1/backoffice/reports/bets?marketId=${m.id}&pageSize=100`, {
        token: director.token,
      })
    ).body.data as { items: { _id: string; odds: number; matchedOdds: number | null }[] };
    expect(report.items.find((item) => item._id === back._id)).toMatchObject({ odds: 1.85, matchedOdds: 1.91 });
    expect(report.items.find((item) => item._id === layA._id)).toMatchObject({ odds: 2, matchedOdds: 2 });

    await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/settle`, {
      token: director.token,
      body: { winnerId: runner },
    });
    // Won at the prices got: 100 × 1 + 200 × 0.9 + 100 × 0.85 = ₹365 (at the asked 1.85 it would be ₹340).
    const settled = await myBets(backer.token, 'settled');
    expect(settled.find((bet) => bet._id === back._id)).toMatchObject({
      status: 'settled',
      matchedOdds: 1.91,
      profitLoss: 365,
    });
  });

  it('averages a lay over the resting backs it took, lowest first', async () => {
    const m = await exchangeMarket();
    const [backerA, backerB, layer] = await Promise.all([signUpPlayer(t), signUpPlayer(t), signUpPlayer(t)]);
    const runner = m.runners[1];
    await place(backerA.token, { marketId: m.id, selectionId: runner, selectionType: 'back', odds: 2, stake: 100 });
    await place(backerB.token, { marketId: m.id, selectionId: runner, selectionType: 'back', odds: 2.04, stake: 300 });
    const lay = await place(layer.token, {
      marketId: m.id,
      selectionId: runner,
      selectionType: 'lay',
      odds: 2.1,
      stake: 200,
    });
    // ₹100 at 2.00 and ₹100 at 2.04: 2.02, a lower liability than the asked 2.10.
    expect(lay).toMatchObject({ status: 'matched', odds: 2.1, matchedOdds: 2.02, matchedStake: 200 });
    const profile = (await call(t.app, 'GET', '/api/v1/getUserData', { token: layer.token })).body.data as {
      exposure: number;
    };
    expect(profile.exposure).toBe(-(100 * 1 + 100 * 1.04));
  });

  it('is the rate taken for a bookmaker bet', async () => {
    const m = await exchangeMarket('BOOKMAKER');
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, {
      token: director.token,
      body: { runners: [{ runnerId: m.runners[0], backRate: 90, layRate: 95 }] },
    });
    const player = await signUpPlayer(t);
    const bet = await place(player.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 90,
      stake: 100,
    });
    expect(bet).toMatchObject({ status: 'matched', odds: 90, matchedOdds: 90 });
  });

  it('gives each exchange runner its traded volume and last traded price, from the fills (MAT-16)', async () => {
    const m = await exchangeMarket();
    const [layer, backer] = await Promise.all([signUpPlayer(t), signUpPlayer(t)]);
    const runnerOf = async () => {
      const events = (await call(t.app, 'GET', '/api/v1/events')).body.data as {
        mainMarket: {
          _id: string;
          runners: { _id: string; tradedVolume: number | null; lastPriceTraded: number | null }[];
        } | null;
      }[];
      const market = events.find((event) => event.mainMarket?._id === m.id)?.mainMarket;
      return market?.runners.find((runner) => runner._id === m.runners[0]);
    };
    expect(await runnerOf()).toMatchObject({ tradedVolume: 0, lastPriceTraded: null });
    await place(layer.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'lay',
      odds: 2.5,
      stake: 100,
    });
    await place(layer.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'lay',
      odds: 2.4,
      stake: 100.25,
    });
    // ₹100 at 2.50, then ₹50.50 at 2.40: ₹150.50 traded, last at 2.40.
    await place(backer.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 2.3,
      stake: 150.5,
    });
    expect(await runnerOf()).toMatchObject({ tradedVolume: 150.5, lastPriceTraded: 2.4 });
    // A cancel moves neither.
    const open = (await myBets(layer.token, 'open')).find((bet) => bet.unmatchedStake > 0);
    await call(t.app, 'POST', '/api/v1/cancel-bet', { token: layer.token, body: { betId: open?._id } });
    expect(await runnerOf()).toMatchObject({ tradedVolume: 150.5, lastPriceTraded: 2.4 });
  });
});
