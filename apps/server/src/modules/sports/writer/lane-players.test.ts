import { createRng } from '@khel/sports-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { MarketPosition, WsServerMessage } from '@khel/contract';
import { buildApp } from '../../../app.js';
import type { Database } from '../../../db/database.js';
import type { TestApp } from '../../../../test/test-app.js';
import { call, cancelBet, createOperator, createTestApp, signUpPlayer } from '../../../../test/test-app.js';
import { ledgerViolations } from '../../../../test/ledger-invariants.js';
import { positionViolations } from '../../../../test/position-invariants.js';
import { marketOf } from '../../agents/agents-test-support.js';
import { heldPositionsOf, readPositions, shownOf } from '../positions/index.js';
import type { MarketRow } from '../sports-repository.js';
import { createSportsRepository } from '../sports-repository.js';
import { createBatchWrites, emptyLanePlayers } from './batch-writes.js';

/**
 * Decision 0080: a lane meeting a player on an exchange market starts them from their open bets and
 * their exposure rows (whose outcomes are the running matched position), not from every live bet
 * with its fills. Whatever their history there (many matched bets, both wallets, a cash out, a voided
 * bet, cancels), what a fresh lane holds must be what the full recomputation from bets and fills says.
 */
type Player = { token: string; userId: string };
type PositionsMessage = Extract<WsServerMessage, { type: 'positions' }>;

let t: TestApp;
let director: Player;
let support: Player;

beforeAll(async () => {
  t = await createTestApp();
  director = await createOperator(t, ROLES.DIRECTOR);
  support = await createOperator(t, ROLES.SUPPORT_ADMIN);
});
afterAll(async () => t.close());

const place = (token: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/v1/place-bet', { token, body });

/** A new player with ₹2,500 in their bonus wallet beside the play chips in main. */
async function playerWithBonus(): Promise<Player> {
  const player = await signUpPlayer(t);
  await t.services.wallet.transaction((tx) =>
    t.services.wallet.post(tx, {
      kind: 'adjustment',
      description: 'test',
      entries: [
        { account: { house: 'house_cash' }, amountPaise: -2_500_00 },
        { account: { userId: player.userId, wallet: 'bonus' }, amountPaise: 2_500_00 },
      ],
    }),
  );
  return player;
}

const selectWallet = async (player: Player, wallet: '1' | '2') =>
  expect(
    (await call(t.app, 'PUT', '/api/v1/wallet', { token: player.token, body: { selectedWallet: wallet } })).body.meta
      .code,
  ).toBe(200);

/** What a fresh lane holds of the players, against what the full recomputation from their bets and fills says. */
async function expectFreshLaneExact(marketId: string, players: readonly Player[]) {
  const repo = createSportsRepository(t.db);
  const market = (await repo.market(marketId)) as MarketRow;
  const runnerIds = (await repo.runnersOf([marketId])).map((runner) => runner.id);
  const writes = createBatchWrites(t.db, { row: market, runnerIds }, emptyLanePlayers());
  await writes.readPlayers(players.map((player) => player.userId));
  const full = await readPositions(
    t.db,
    [marketId],
    players.map((player) => player.userId),
    [marketId],
  );
  for (const { userId } of players) {
    const held = writes.held(userId);
    if (held === undefined) throw new Error('the lane holds no such player');
    const bets = full.bets.filter((bet) => bet.user_id === userId);
    // The running positions: per wallet, the count of live bets and the matched result per runner.
    expect(held.shown).toEqual(shownOf(market, runnerIds, bets, full.fills));
    // The open bets: pending and unmatched, and nothing else.
    expect([...held.open.keys()].sort()).toEqual(
      bets
        .filter((bet) => bet.status === 'unmatched' || bet.status === 'pending')
        .map((bet) => bet.id)
        .sort(),
    );
    // The exposure rows as stored.
    const stored = await repo.marketPositionsOfUsers([userId], marketId);
    expect(Object.fromEntries(held.positions)).toEqual(
      Object.fromEntries(
        stored.map((row) => [row.wallet, { exposurePaise: row.exposure_paise, outcomes: row.outcomes }]),
      ),
    );
    // And the positions the player app is pushed from them: positionsOfMarket's full recomputation.
    expect(heldPositionsOf(market, runnerIds, held.shown ?? new Map(), held.open.values())).toEqual(
      await t.services.positions.positionsOf(userId, [market]),
    );
  }
}

/**
 * A second process on the same database (a restart, or another instance taking the market over): its
 * lane meets every player for the first time. A resting back each player places through it pushes
 * their positions; they must equal a fresh read, and (when the lane could follow them) be served by it.
 */
async function expectNewProcessPushesExact(marketId: string, players: readonly Player[], served: boolean) {
  const other = await buildApp({ config: t.config, db: t.db as Database, clock: t.clock });
  await other.app.ready();
  const heard: { topic: string; message: PositionsMessage }[] = [];
  other.services.bus.onMessage(({ topic, payload }) => {
    const message = payload as WsServerMessage;
    if (message.type === 'positions' && message.marketId === marketId) heard.push({ topic, message });
  });
  try {
    const repo = createSportsRepository(t.db);
    const market = (await repo.market(marketId)) as MarketRow;
    const runnerIds = (await repo.runnersOf([marketId])).map((runner) => runner.id);
    const before = other.services.positions.counts();
    for (const player of players) {
      const answer = await call(other.app, 'POST', '/api/v1/place-bet', {
        token: player.token,
        body: { marketId, selectionId: runnerIds[1], selectionType: 'back', odds: 50, stake: 100 },
      });
      expect(answer.body.meta, JSON.stringify(answer.body.meta)).toMatchObject({ code: 200 });
      expect(answer.body.data).toMatchObject({ status: 'unmatched' });
    }
    for (const player of players) {
      const mine = heard.filter((entry) => entry.topic === `user:${player.userId}`);
      expect(mine.length).toBeGreaterThan(0);
      const fresh: MarketPosition[] = await t.services.positions.positionsOf(player.userId, [market]);
      expect(fresh.length).toBeGreaterThan(0);
      expect(mine.at(-1)?.message.positions).toEqual(fresh);
    }
    const after = other.services.positions.counts();
    if (served) expect(after.served - before.served).toBe(players.length);
    else expect(after.read - before.read).toBeGreaterThanOrEqual(1);
  } finally {
    await other.app.close();
  }
}

describe('a lane meets a player with a history on the market (decision 0080)', () => {
  it('starts them where their bets and fills say, on both wallets, after a cash out, a void and cancels', async () => {
    const m = await marketOf(t, director.token, 'EXCHANGE');
    const [first, second, maker] = [await playerWithBonus(), await playerWithBonus(), await playerWithBonus()];
    const players = [first, second, maker];
    const [lions, tigers] = m.runners as [string, string];

    // A cash out first: the second player's back, matched by the first, hedged by a lay against the maker's resting back.
    expect(
      (await place(second.token, { marketId: m.id, selectionId: lions, selectionType: 'back', odds: 3, stake: 100 }))
        .body.meta.code,
    ).toBe(200);
    expect(
      (await place(first.token, { marketId: m.id, selectionId: lions, selectionType: 'lay', odds: 3, stake: 100 })).body
        .data,
    ).toMatchObject({ status: 'matched' });
    expect(
      (await place(maker.token, { marketId: m.id, selectionId: lions, selectionType: 'back', odds: 2, stake: 1000 }))
        .body.meta.code,
    ).toBe(200);
    const quote = (
      await call(t.app, 'GET', `/api/v1/cash-out-quote?marketId=${m.id}&percent=100`, { token: second.token })
    ).body.data as { available: boolean; value: number };
    expect(quote.available).toBe(true);
    expect(
      (
        await call(t.app, 'POST', '/api/v1/cash-out', {
          token: second.token,
          body: { marketId: m.id, value: quote.value },
        })
      ).body.meta.code,
    ).toBe(200);

    // A seeded stream of bets sent together (partial fills, resting offers) and cancels; half way, both wallets.
    const next = createRng(20_261_130).nextFloat;
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
    for (let step = 0; step < 36; step += 1) {
      if (step === 18) for (const player of [first, second]) await selectWallet(player, '2');
      if (step > 3 && next() < 0.2) {
        const player = pick(players);
        const open = (
          await t.db.query<{ id: string }>(
            "select id from bets where user_id = $1 and market_id = $2 and status = 'unmatched' order by seq",
            [player.userId, m.id],
          )
        ).rows;
        if (open.length > 0) await cancelBet(t.app, player.token, pick(open).id);
        continue;
      }
      await Promise.all(
        Array.from({ length: 1 + Math.floor(next() * 4) }, () =>
          place(pick(players).token, {
            marketId: m.id,
            selectionId: pick([lions, tigers]),
            selectionType: next() < 0.5 ? 'back' : 'lay',
            odds: pick([2, 2.5, 3]),
            stake: pick([100, 250, 400]),
          }),
        ),
      );
    }

    // One of the first player's matched bets voided (its counterparty loses the matched part too).
    const matched = (
      await t.db.query<{ id: string }>(
        "select id from bets where user_id = $1 and market_id = $2 and status = 'matched' and not cash_out order by seq limit 1",
        [first.userId, m.id],
      )
    ).rows[0];
    expect(matched).toBeDefined();
    expect(
      (
        await call(t.app, 'POST', `/api/v1/backoffice/bets/${matched?.id}/void`, {
          token: director.token,
          body: { reason: 'Late bet' },
        })
      ).body.meta.code,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', `/api/v1/backoffice/markets/${m.id}/result/confirm`, { token: support.token })).body
        .meta.code,
    ).toBe(200);

    // The history is what the case is about: many matched bets, on both wallets, open offers, a cash out's legs.
    const history = await t.db.query<{ user_id: string; wallet: string; matched: number; open: number; legs: number }>(
      `select user_id, wallet, count(*) filter (where status = 'matched')::int as matched,
         count(*) filter (where status = 'unmatched')::int as open, count(*) filter (where cash_out)::int as legs
       from bets where market_id = $1 group by user_id, wallet`,
      [m.id],
    );
    const of = (player: Player, wallet: string) =>
      history.rows.find((row) => row.user_id === player.userId && row.wallet === wallet);
    for (const player of [first, second])
      for (const wallet of ['main', 'bonus']) expect(of(player, wallet)?.matched).toBeGreaterThan(0);
    expect(history.rows.reduce((sum, row) => sum + row.matched, 0)).toBeGreaterThanOrEqual(20);
    expect(history.rows.reduce((sum, row) => sum + row.open, 0)).toBeGreaterThan(0);
    expect(of(second, 'main')?.legs).toBeGreaterThan(0);
    expect(
      (await t.db.query("select 1 from bets where market_id = $1 and status = 'voided'", [m.id])).rows.length,
    ).toBeGreaterThan(0);

    // Every exposure row's outcomes are what the fills say (the lane's running positions start from them).
    expect(await positionViolations(t.db, m.id)).toEqual([]);
    await expectFreshLaneExact(m.id, players);
    await expectNewProcessPushesExact(m.id, players, true);
    await expectFreshLaneExact(m.id, players);
    expect(await ledgerViolations(t.db)).toEqual([]);
  }, 120_000);

  it('a live bet closed by a cash out leaves its player to be read, and what is pushed is still what the bets say', async () => {
    const m = await marketOf(t, director.token, 'EXCHANGE');
    const [player, maker] = [await signUpPlayer(t), await signUpPlayer(t)];
    const [lions, tigers] = m.runners as [string, string];
    for (const [runner, odds] of [
      [lions, 2],
      [tigers, 3],
    ] as const) {
      expect(
        (await place(maker.token, { marketId: m.id, selectionId: runner, selectionType: 'lay', odds, stake: 200 })).body
          .meta.code,
      ).toBe(200);
      expect(
        (await place(player.token, { marketId: m.id, selectionId: runner, selectionType: 'back', odds, stake: 200 }))
          .body.data,
      ).toMatchObject({ status: 'matched' });
    }
    // No command closes a live exchange bet today (an exchange cash out hedges with ordinary bets); should one,
    // its fills stay in the exposure row's outcomes while the shown position leaves them out.
    await t.db.query(
      "update bets set closed_by = id where id = (select id from bets where user_id = $1 and market_id = $2 and status = 'matched' order by seq limit 1)",
      [player.userId, m.id],
    );
    const repo = createSportsRepository(t.db);
    const market = (await repo.market(m.id)) as MarketRow;
    const writes = createBatchWrites(t.db, { row: market, runnerIds: m.runners }, emptyLanePlayers());
    await writes.readPlayers([player.userId]);
    expect(writes.held(player.userId)?.shown).toBeNull();
    await expectNewProcessPushesExact(m.id, [player], false);
  });
});
