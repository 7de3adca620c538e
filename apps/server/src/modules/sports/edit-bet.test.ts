import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import { listRestingOffers, snapshotMarket } from '@khel/exchange';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { exposureMismatches } from '../../../test/books.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { newMarket } from '../../../test/two-processes.js';

/**
 * Edit bet (issue 31, decision 0067): `POST /api/v1/edit-bet`. A lower stake keeps the bet's place in
 * the queue; new odds move the unmatched part to a new bet at the back of the new price (engine MAT-15),
 * the matched part untouched; idempotent; refused on what is not unmatched or on a suspended market;
 * exposure exact after each.
 */
let t: TestApp;
let director: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
});
afterAll(async () => t.close());

interface Bet {
  _id: string;
  odds: number;
  stake: number;
  matchedOdds: number | null;
  matchedStake: number;
  unmatchedStake: number;
  status: string;
}

async function place(token: string, body: Record<string, unknown>): Promise<Bet> {
  const answer = await call(t.app, 'POST', '/api/v1/place-bet', { token, body });
  expect(answer.body.meta, JSON.stringify(answer.body.meta)).toMatchObject({ code: 200 });
  return answer.body.data as Bet;
}

const edit = (token: string, body: Record<string, unknown>, key?: string) =>
  call(t.app, 'POST', '/api/v1/edit-bet', {
    token,
    body,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });

const exposureOf = async (token: string) =>
  ((await call(t.app, 'GET', '/api/v1/getUserData', { token })).body.data as { exposure: number }).exposure;

const myOpenBets = async (token: string) =>
  (await call(t.app, 'GET', '/api/v1/my-bets?status=open', { token })).body.data as Bet[];

describe('edit bet', () => {
  it('a lower stake keeps the place in the queue: a later offer at the same price still matches after it', async () => {
    const m = await newMarket(t, director.token);
    const [first, second, backer] = await Promise.all([signUpPlayer(t), signUpPlayer(t), signUpPlayer(t)]);
    const runner = m.runners[0];
    const lay = { marketId: m.id, selectionId: runner, selectionType: 'lay', odds: 3 };
    const early = await place(first.token, { ...lay, stake: 1000 });
    const later = await place(second.token, { ...lay, stake: 1000 });
    const edited = await edit(first.token, { betId: early._id, stake: 400 });
    expect(edited.body.meta).toMatchObject({ code: 200, message: 'Bet edited' });
    // The bet keeps its stake as placed; ₹600 of it is now cancelled.
    expect(edited.body.data).toMatchObject({ _id: early._id, stake: 1000, unmatchedStake: 400, odds: 3 });
    // Liability (3 − 1) × ₹400, not × ₹1,000.
    expect(await exposureOf(first.token)).toBe(-800);

    // A back of ₹500 takes the edited bet's ₹400 first (its place kept), then ₹100 of the later one.
    await place(backer.token, { marketId: m.id, selectionId: runner, selectionType: 'back', odds: 3, stake: 500 });
    const [mine] = await myOpenBets(first.token);
    expect(mine).toMatchObject({ _id: early._id, status: 'matched', matchedStake: 400 });
    expect((await myOpenBets(second.token)).find((bet) => bet._id === later._id)).toMatchObject({
      matchedStake: 100,
      unmatchedStake: 900,
    });
    expect(await exposureMismatches(t.db)).toEqual([]);
  });

  it('new odds move the unmatched part to a new bet at the back of that price; the matched part stays', async () => {
    const m = await newMarket(t, director.token);
    const [player, rival, taker, backer] = await Promise.all([
      signUpPlayer(t),
      signUpPlayer(t),
      signUpPlayer(t),
      signUpPlayer(t),
    ]);
    const runner = m.runners[1];
    const bet = await place(player.token, {
      marketId: m.id,
      selectionId: runner,
      selectionType: 'back',
      odds: 2.5,
      stake: 1000,
    });
    // ₹300 of it matched at 2.50.
    await place(taker.token, { marketId: m.id, selectionId: runner, selectionType: 'lay', odds: 2.5, stake: 300 });
    // A rival back already waits at 2.20.
    await place(rival.token, { marketId: m.id, selectionId: runner, selectionType: 'back', odds: 2.2, stake: 200 });
    expect(await exposureOf(player.token)).toBe(-1000);

    const moved = await edit(player.token, { betId: bet._id, odds: 2.2 });
    expect(moved.body.meta).toMatchObject({ code: 200 });
    const replacement = moved.body.data as Bet;
    expect(replacement._id).not.toBe(bet._id);
    expect(replacement).toMatchObject({ odds: 2.2, stake: 700, unmatchedStake: 700, matchedStake: 0 });
    const open = await myOpenBets(player.token);
    expect(open.find((row) => row._id === bet._id)).toMatchObject({
      status: 'matched',
      matchedStake: 300,
      matchedOdds: 2.5,
      unmatchedStake: 0,
    });
    // Matched ₹300 risks ₹300 if the runner loses; the ₹700 waiting would add its stake: −₹1,000 still.
    expect(await exposureOf(player.token)).toBe(-1000);

    // A lay at 2.20 takes the rival's ₹200 (first at that price) before the moved bet.
    await place(backer.token, { marketId: m.id, selectionId: runner, selectionType: 'lay', odds: 2.2, stake: 500 });
    expect((await myOpenBets(player.token)).find((row) => row._id === replacement._id)).toMatchObject({
      matchedStake: 300,
      unmatchedStake: 400,
      matchedOdds: 2.2,
    });
    const book = await t.services.books.peek({ id: m.id, type: 'EXCHANGE' } as never);
    expect(listRestingOffers(book as never, player.userId).map((offer) => offer.offerId)).toEqual([replacement._id]);
    // A process that lost its memory (a crash, a takeover) rebuilds the same book from the command log, the replace in it.
    const logged = await t.db.query<{ command: { type: string } }>(
      'select command from market_commands where market_id = $1 order by seq',
      [m.id],
    );
    expect(logged.rows.map((row) => row.command.type)).toContain('replace');
    t.services.books.forget(m.id);
    const rebuilt = await t.services.books.peek({ id: m.id, type: 'EXCHANGE' } as never);
    expect(snapshotMarket(rebuilt as never)).toEqual(snapshotMarket(book as never));
    expect(await exposureMismatches(t.db)).toEqual([]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a new price and a lower stake together; the lay liability recomputed at the new price', async () => {
    const m = await newMarket(t, director.token);
    const player = await signUpPlayer(t);
    const bet = await place(player.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'lay',
      odds: 4,
      stake: 500,
    });
    expect(await exposureOf(player.token)).toBe(-1500);
    const moved = await edit(player.token, { betId: bet._id, odds: 1.5, stake: 200.5 });
    expect(moved.body.data).toMatchObject({ odds: 1.5, stake: 200.5, status: 'unmatched' });
    // (1.5 − 1) × ₹200.50 = ₹100.25.
    expect(await exposureOf(player.token)).toBe(-100.25);
    expect((await myOpenBets(player.token)).map((row) => row.status).sort()).toEqual(['unmatched']);
  });

  it('an idempotent retry answers the same bet and edits once', async () => {
    const m = await newMarket(t, director.token);
    const player = await signUpPlayer(t);
    const bet = await place(player.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 3,
      stake: 100,
    });
    const first = await edit(player.token, { betId: bet._id, odds: 3.5 }, 'edit-once');
    const again = await edit(player.token, { betId: bet._id, odds: 3.5 }, 'edit-once');
    expect(first.body.meta).toMatchObject({ code: 200 });
    expect((again.body.data as Bet)._id).toBe((first.body.data as Bet)._id);
    const open = await myOpenBets(player.token);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ _id: (first.body.data as Bet)._id, odds: 3.5, unmatchedStake: 100 });
    // The same key for another edit is refused.
    expect((await edit(player.token, { betId: bet._id, odds: 4 }, 'edit-once')).body.meta).toMatchObject({
      error: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it.each([
    ['a fully matched bet', 'matched', { odds: 2.2 }, 'BET_NOT_EDITABLE'],
    ['a higher stake', 'unmatched', { stake: 150 }, 'STAKE_ONLY_LOWERED'],
    ['nothing changed', 'unmatched', { odds: 2, stake: 100 }, 'VALIDATION_FAILED'],
    ['a price off the ladder', 'unmatched', { odds: 2.01 }, 'PRICE_NOT_ON_LADDER'],
    ['a suspended market', 'suspended', { odds: 2.2 }, 'MARKET_SUSPENDED'],
    ["another player's bet", 'foreign', { odds: 2.2 }, 'NOT_FOUND'],
  ])('refuses %s and changes nothing', async (_name, state, change, code) => {
    const m = await newMarket(t, director.token);
    const [player, other] = await Promise.all([signUpPlayer(t), signUpPlayer(t)]);
    const bet = await place(player.token, {
      marketId: m.id,
      selectionId: m.runners[0],
      selectionType: 'back',
      odds: 2,
      stake: 100,
      keepInPlay: true,
    });
    if (state === 'matched')
      await place(other.token, {
        marketId: m.id,
        selectionId: m.runners[0],
        selectionType: 'lay',
        odds: 2,
        stake: 100,
      });
    if (state === 'suspended')
      await call(t.app, 'PUT', `/api/v1/backoffice/markets/${m.id}`, {
        token: director.token,
        body: { status: 'suspended' },
      });
    const before = await myOpenBets(player.token);
    const exposure = await exposureOf(player.token);
    const answer = await edit(state === 'foreign' ? other.token : player.token, { betId: bet._id, ...change });
    expect(answer.body.meta, JSON.stringify(answer.body.meta)).toMatchObject({ error: code });
    expect(await myOpenBets(player.token)).toEqual(before);
    expect(await exposureOf(player.token)).toBe(exposure);
  });

  it('refuses a bad body with the envelope, never a 500', async () => {
    const player = await signUpPlayer(t);
    for (const body of [{}, { betId: 'nope', odds: 2 }, { betId: crypto.randomUUID() }, { betId: 1, stake: 1.005 }]) {
      const answer = await edit(player.token, body);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
      expect(answer.body.meta.code, JSON.stringify(body)).toBe(400);
    }
  });
});
