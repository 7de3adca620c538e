import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../../../test/test-app.js';
import type { TestApp } from '../../../../test/test-app.js';
import { ledgerViolations } from '../../../../test/ledger-invariants.js';
import type { Operator, Player } from '../../bonus/bonus-test-support.js';
import {
  approvedDeposit,
  bonusAction,
  bonusData,
  createOffer,
  desk,
  newPlayer,
  profile,
  useWallet,
} from '../../bonus/bonus-test-support.js';

/**
 * Hub88's games and the bonus wallet (issue 27: "bonus wallet, wagering contributions and statements
 * work as for our house games"; PRODUCT.md §8). Through HTTP only, in play mode with the built-in
 * simulator: the player picks a wallet, launches an aggregator game (POST /play-game), and the
 * simulator plays rounds by signed Wallet API calls. Stakes come from the wallet chosen at launch, the
 * aggregator is told that wallet's balance, and settled bonus-wallet rounds count towards wagering at the
 * offer's contribution for slots (100 %) and live casino (10 %); main-wallet rounds never count.
 */
let t: TestApp;
let director: Operator;
let accountId: string;

type Round = { status: string; payout: number; balance: number | null };

const add = (a: number, b: number) => Math.round((a + b) * 100) / 100;

async function launch(player: Player, gameId: string): Promise<string> {
  const answer = await call(t.app, 'POST', '/api/v1/play-game', { token: player.token, body: { gameId } });
  expect(answer.body.meta.code).toBe(200);
  return new URL((answer.body.data as { url: string }).url, 'http://localhost').searchParams.get('token') as string;
}

async function play(token: string, stake: number): Promise<Round> {
  const answer = await t.app.inject({ method: 'POST', url: '/hub88-sim/api/round', payload: { token, stake } });
  expect(answer.statusCode).toBe(200);
  const round = answer.json() as Round;
  expect(round.status).toBe('RS_OK');
  return round;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ director, accountId } = await desk(t));
  // Welcome: 100 % of the first deposit up to ₹1,000, 2× wagering; slots count 100 %, live casino 10 %.
  await createOffer(t, director, { wageringMultiple: 2 });
  // The aggregator's catalogue, and the two games this test plays switched on by an operator.
  const imported = await call(t.app, 'POST', '/api/v1/backoffice/casino/hub88/import', { token: director.token });
  expect(imported.body.meta.code).toBe(200);
  const games = (await call(t.app, 'GET', '/api/v1/backoffice/casino/games', { token: director.token })).body.data as {
    _id: string;
    game_code: string;
  }[];
  for (const code of ['pp_sweet_fruits', 'evo_roulette_live']) {
    const id = games.find((game) => game.game_code === code)?._id;
    const enabled = await call(t.app, 'PUT', `/api/v1/backoffice/casino/games/${id}`, {
      token: director.token,
      body: { enabled: true },
    });
    expect(enabled.body.meta.code).toBe(200);
  }
});
afterAll(async () => t.close());

describe('Hub88 games and the bonus wallet', () => {
  it('stakes from the wallet chosen at launch; bonus-wallet rounds count at the slot and live-casino contributions, main-wallet rounds never', async () => {
    const player = await newPlayer(t);
    await approvedDeposit(t, player, director, accountId, 500);
    const bonusId = (await bonusData(t, player)).offered[0]?._id as string;
    expect((await bonusAction(t, player, 'activate', bonusId)).meta.code).toBe(200);
    const start = await profile(t, player);
    expect(start.bonus).toBe(500);

    // Main wallet: the stake and the win move the main balance; wagering does not move.
    const mainSlot = await launch(player, 'pp_sweet_fruits');
    const mainRound = await play(mainSlot, 40);
    const mainAfter = add(add(start.balance, -40), mainRound.payout);
    expect(mainRound.balance).toBe(mainAfter);
    expect(await profile(t, player)).toMatchObject({ balance: mainAfter, bonus: 500 });
    expect((await bonusData(t, player)).active).toMatchObject({ wageringProgress: 0 });

    // Bonus wallet: the aggregator is told the bonus balance; the main balance stays as it was.
    await useWallet(t, player, 'bonus');
    // The player's newest launch with a provider fixes the wallet its stakes leave (decision 0013).
    t.clock.advanceMs(1000);
    const bonusSlot = await launch(player, 'pp_sweet_fruits');
    let bonus = 500;
    for (const stake of [50, 50]) {
      const round = await play(bonusSlot, stake);
      bonus = add(add(bonus, -stake), round.payout);
      expect(round.balance).toBe(bonus);
    }
    const table = await launch(player, 'evo_roulette_live');
    const tableRound = await play(table, 100);
    bonus = add(add(bonus, -100), tableRound.payout);
    expect(tableRound.balance).toBe(bonus);

    expect(await profile(t, player)).toMatchObject({ balance: mainAfter, bonus, bonusExposure: 0 });
    // 100 % of ₹100 of slots and 10 % of ₹100 at the live table.
    expect((await bonusData(t, player)).active).toMatchObject({ wageringProgress: 110, wageringRequired: 1000 });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a bonus-wallet bet beyond the bonus balance is refused with that balance, the main wallet untouched', async () => {
    const player = await newPlayer(t);
    await approvedDeposit(t, player, director, accountId, 200);
    const bonusId = (await bonusData(t, player)).offered[0]?._id as string;
    await bonusAction(t, player, 'activate', bonusId);
    const before = await profile(t, player);
    await useWallet(t, player, 'bonus');
    const token = await launch(player, 'pp_sweet_fruits');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/hub88-sim/api/round',
      payload: { token, stake: 250 },
    });
    expect(answer.json()).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', payout: 0, balance: 200 });
    expect(await profile(t, player)).toMatchObject({ balance: before.balance, bonus: 200 });
  });
});
