import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashOutQuote, PlayerBonusDetail } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import type { Operator, Player } from './bonus-test-support.js';
import {
  approvedDeposit,
  bonusAction,
  bonusData,
  bookmakerMarket,
  createOffer,
  desk,
  newPlayer,
  placeBet,
  settle,
  useWallet,
} from './bonus-test-support.js';

/**
 * Issue 24, "Bonus wagering counts risk, not turnover" (PRODUCT.md §8, decision 0045): per settled
 * market, the bonus-wallet position's worst loss, never the sum of offsetting stakes; a hedge or a cash
 * out counts only what was really at risk; forfeit waits for every open bonus-wallet bet, hedged or not.
 */
let t: TestApp;
let director: Operator;
let support: Operator;
let accountId: string;

beforeAll(async () => {
  t = await createTestApp({ SECOND_APPROVAL_ABOVE_RUPEES: '50000' });
  ({ director, support, accountId } = await desk(t));
  // Welcome: 100 % of the first deposit up to ₹1,000, 20× wagering (never completed here), odds 1.40 or more.
  await createOffer(t, director, { wageringMultiple: 20 });
});
afterAll(async () => t.close());

/** A player betting from an active ₹1,000 welcome bonus. */
async function bonusPlayer(): Promise<{ player: Player; bonusId: string }> {
  const player = await newPlayer(t);
  await approvedDeposit(t, player, director, accountId, 1000);
  const bonusId = (await bonusData(t, player)).offered[0]?._id as string;
  expect((await bonusAction(t, player, 'activate', bonusId)).meta.code).toBe(200);
  await useWallet(t, player, 'bonus');
  return { player, bonusId };
}

const progressOf = async (player: Player) => (await bonusData(t, player)).active?.wageringProgress;
const wageringOf = async (player: Player) =>
  (
    (await call(t.app, 'GET', `/api/v1/backoffice/users/${player.userId}/bonuses`, { token: support.token })).body
      .data as PlayerBonusDetail[]
  )[0]?.wagering;

let exchangeCount = 0;
async function exchangeMarket(): Promise<{ id: string; runners: [string, string] }> {
  exchangeCount += 1;
  const sport = await call(t.app, 'POST', '/api/v1/backoffice/sports', {
    token: director.token,
    body: { name: 'Cricket' },
  });
  const league = await call(t.app, 'POST', '/api/v1/backoffice/leagues', {
    token: director.token,
    body: { sportId: (sport.body.data as { _id: string })._id, name: 'Risk League' },
  });
  const event = await call(t.app, 'POST', '/api/v1/backoffice/events', {
    token: director.token,
    body: {
      leagueId: (league.body.data as { _id: string })._id,
      name: `Hedgers v Greens ${exchangeCount}`,
      startTime: '2026-11-21T14:00:00.000Z',
    },
  });
  const created = await call(t.app, 'POST', '/api/v1/backoffice/markets', {
    token: director.token,
    body: {
      eventId: (event.body.data as { _id: string })._id,
      marketType: 'EXCHANGE',
      name: 'Match Odds',
      runners: ['Hedgers', 'Greens'],
      betDelaySeconds: 0,
    },
  });
  const id = (created.body.data as { _id: string })._id;
  const view = (await call(t.app, 'PUT', `/api/v1/backoffice/markets/${id}`, { token: director.token, body: {} })).body
    .data as { runners: { _id: string }[] };
  return { id, runners: view.runners.map((runner) => runner._id) as [string, string] };
}

async function cashOutAtQuote(player: Player, marketId: string): Promise<number> {
  const quote = (
    await call(t.app, 'GET', `/api/v1/cash-out-quote?marketId=${marketId}&percent=100`, { token: player.token })
  ).body.data as CashOutQuote;
  expect(quote.available).toBe(true);
  const done = await call(t.app, 'POST', '/api/v1/cash-out', {
    token: player.token,
    body: { marketId, value: quote.value },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(done.body.meta.code).toBe(200);
  return quote.value as number;
}

describe('bonus wagering counts the risk of each settled market, not the turnover', () => {
  it('a back and a lay of one runner count only what they could lose together', async () => {
    const { player } = await bonusPlayer();
    const m = await bookmakerMarket(t, director, 50, 55);
    // Back ₹500 at 50 (wins ₹250) and lay ₹500 at 55 (liability ₹275): Bonus XI wins −₹25, loses ₹0.
    expect((await placeBet(t, player, m.id, m.runners[0] as string, 'back', 50, 500)).body.meta.code).toBe(200);
    expect((await placeBet(t, player, m.id, m.runners[0] as string, 'lay', 55, 500)).body.meta.code).toBe(200);
    await settle(t, director, m.id, m.runners[1] as string);
    // Turnover would count ₹500 + ₹275 = ₹775.
    expect(await progressOf(player)).toBe(25);
    expect(await wageringOf(player)).toMatchObject([
      { product: 'bookmaker', amountAtRisk: 25, odds: 1.5, counted: 25, status: 'counted' },
    ]);
  });

  it('a void of one bet (decision 0055) recounts the market without it, and a market left with nothing counts nothing', async () => {
    const { player } = await bonusPlayer();
    const m = await bookmakerMarket(t, director, 50, 55);
    // Back Bonus XI ₹500 at 50 and Wager XI ₹200 at 50: worst loss if Wager XI wins, −₹500 + ₹100 = −₹400.
    const first = await placeBet(t, player, m.id, m.runners[0] as string, 'back', 50, 500);
    const second = await placeBet(t, player, m.id, m.runners[1] as string, 'back', 50, 200);
    await settle(t, director, m.id, m.runners[1] as string);
    expect(await progressOf(player)).toBe(400);
    const voidBet = (betId: string) =>
      call(t.app, 'POST', `/api/v1/backoffice/bets/${betId}/void`, {
        token: director.token,
        body: { reason: 'Wrong rate' },
      });
    // Without the Wager XI bet the position could lose ₹500.
    expect((await voidBet((second.body.data as { _id: string })._id)).body.meta.message).toBe('Bet void');
    expect(await progressOf(player)).toBe(500);
    // Without either, nothing was at risk on this market.
    expect((await voidBet((first.body.data as { _id: string })._id)).body.meta.message).toBe('Bet void');
    expect(await progressOf(player)).toBe(0);
    expect(await wageringOf(player)).toMatchObject([{ product: 'bookmaker', counted: 0, status: 'voided' }]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a perfectly hedged position counts nothing, and keeps the bonus from being forfeited until it settles', async () => {
    const { player, bonusId } = await bonusPlayer();
    const m = await bookmakerMarket(t, director, 50, 50);
    await placeBet(t, player, m.id, m.runners[0] as string, 'back', 50, 400);
    await placeBet(t, player, m.id, m.runners[0] as string, 'lay', 50, 400);
    // Hedged, it reserves nothing; it is still an open bonus-wallet bet.
    expect(
      (
        (await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).body.data as {
          bonusExposure: number;
        }
      ).bonusExposure,
    ).toBe(0);
    expect((await bonusAction(t, player, 'forfeit', bonusId)).meta).toMatchObject({
      code: 409,
      error: 'BONUS_EXPOSURE_OPEN',
    });
    await settle(t, director, m.id, m.runners[0] as string);
    expect(await progressOf(player)).toBe(0);
    expect((await bonusAction(t, player, 'forfeit', bonusId)).meta.code).toBe(200);
  });

  it('a bookmaker position cashed out against the house counts the loss it settled for', async () => {
    const { player } = await bonusPlayer();
    const m = await bookmakerMarket(t, director, 50, 55);
    await placeBet(t, player, m.id, m.runners[0] as string, 'back', 50, 1000);
    // Bonus XI drifts: the position is now worth less than its stake.
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, {
      token: director.token,
      body: { runners: m.runners.map((runnerId) => ({ runnerId, backRate: 150, layRate: 160 })) },
    });
    const value = await cashOutAtQuote(player, m.id);
    expect(value).toBeLessThan(0);
    expect(value).toBeGreaterThan(-1000);
    await settle(t, director, m.id, m.runners[0] as string);
    // What was really lost, not the ₹1,000 staked (nor nothing at all).
    expect(await progressOf(player)).toBe(-value);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('an exchange position greened up by Cash Out counts only what the hedged book could still lose', async () => {
    const { player } = await bonusPlayer();
    const m = await exchangeMarket();
    const layer = await signUpPlayer(t);
    const maker = await signUpPlayer(t);
    const bet = (token: string, body: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/v1/place-bet', { token, body: { marketId: m.id, selectionId: m.runners[0], ...body } });
    await bet(layer.token, { selectionType: 'lay', odds: 3, stake: 100 });
    expect((await bet(player.token, { selectionType: 'back', odds: 3, stake: 100 })).body.meta.code).toBe(200);
    await bet(maker.token, { selectionType: 'back', odds: 2, stake: 1000 });
    // The green-up lays ₹150 at 2.0: +₹50 whoever wins, so nothing was at risk at settlement.
    expect(await cashOutAtQuote(player, m.id)).toBe(50);
    await settle(t, director, m.id, m.runners[1]);
    // Turnover would count the ₹100 back and the ₹150 lay's liability.
    expect(await progressOf(player)).toBe(0);
    expect(await wageringOf(player)).toMatchObject([{ product: 'exchange', amountAtRisk: 0, counted: 0 }]);
  });

  it('a hedge below the minimum odds still lowers the count; a position only below it counts nothing', async () => {
    const { player } = await bonusPlayer();
    const m = await bookmakerMarket(t, director, 50, 55);
    const low = await bookmakerMarket(t, director, 30, 30);
    // Back ₹1,000 at 50 (1.50), then, the rate fallen, lay it back at 30 (1.30, below the 1.40 minimum):
    // Bonus XI wins +₹500 − ₹300, loses −₹1,000 + ₹1,000: nothing was at risk.
    await placeBet(t, player, m.id, m.runners[0] as string, 'back', 50, 1000);
    await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}/bookmaker-rates`, {
      token: director.token,
      body: { runners: m.runners.map((runnerId) => ({ runnerId, backRate: 25, layRate: 30 })) },
    });
    expect((await placeBet(t, player, m.id, m.runners[0] as string, 'lay', 30, 1000)).body.meta.code).toBe(200);
    // On another market, only a back at 30 (1.30).
    await placeBet(t, player, low.id, low.runners[0] as string, 'back', 30, 100);
    await settle(t, director, m.id, m.runners[1] as string);
    await settle(t, director, low.id, low.runners[1] as string);
    expect(await progressOf(player)).toBe(0);
    const rows = await wageringOf(player);
    expect(rows?.find((row) => row.amountAtRisk === 100)).toMatchObject({
      odds: 1.3,
      counted: 0,
      status: 'below_min_odds',
    });
    expect(rows?.find((row) => row.odds === 1.3 && row.amountAtRisk === 0)).toMatchObject({
      counted: 0,
      status: 'counted',
    });
  });
});
