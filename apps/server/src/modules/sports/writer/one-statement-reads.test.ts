import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLES } from '@khel/contract';
import type { WsServerMessage } from '@khel/contract';
import { buildApp } from '../../../app.js';
import type { Services } from '../../../app.js';
import type { Database } from '../../../db/database.js';
import type { TestApp } from '../../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../../test/test-app.js';
import { ledgerViolations } from '../../../../test/ledger-invariants.js';
import { marketOf } from '../../agents/agents-test-support.js';

/**
 * Decision 0077: a one-statement group commit (decision 0039) hands the balance push the wallets it
 * left, both of every moved player's wallets locked in it, so a placed bet's push needs no read after
 * the commit, and its figures are the committed ones, the wallet the bet did not move included.
 */
type BalanceMessage = Extract<WsServerMessage, { type: 'balance' }>;

const onPostgres = process.env.TEST_DB === 'postgres';
let t: TestApp;
/** A second process on the same database whose statements reading players' balances are counted. */
let counted: { app: Awaited<ReturnType<typeof buildApp>>['app']; services: Services };
let director: { token: string };
const balanceReads: string[][] = [];
/** The players' live bets and fills a lane reads for the players it does not hold yet (positions-repository.ts). */
const positionsReads: string[][] = [];
const heard: { topic: string; message: BalanceMessage }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db: Database = {
    kind: t.db.kind,
    query: (sql, params, name) => {
      // The balance push's read of players' committed wallets (wallet-repository.ts playersBalances).
      if (/balance_paise, exposure_paise from ledger_accounts where user_id = any/.test(sql))
        balanceReads.push(params?.[0] as string[]);
      if (name === 'positions_of_players') positionsReads.push(params?.[1] as string[]);
      return t.db.query(sql, params, name);
    },
    exec: (sql) => t.db.exec(sql),
    transaction: (fn) => t.db.transaction(fn),
    close: async () => undefined,
  };
  counted = await buildApp({ config: t.config, db, clock: t.clock });
  await counted.app.ready();
  counted.services.bus.onMessage(({ topic, payload }) => {
    if ((payload as { type?: string }).type === 'balance') heard.push({ topic, message: payload as BalanceMessage });
  });
  director = await createOperator(t, ROLES.DIRECTOR);
});
afterAll(async () => {
  await counted.app.close();
  await t.close();
});

const placeBet = async (token: string, body: Record<string, unknown>) =>
  (await call(counted.app, 'POST', '/api/v1/place-bet', { token, body })).body as {
    meta: { code: number };
    data: { status: string };
  };

/** A market whose lane in the counted process is current: two bets placed through it. */
async function warmMarket() {
  const m = await marketOf(t, director.token, 'EXCHANGE');
  const warm = await signUpPlayer(t);
  for (const odds of [5, 6])
    expect(
      (
        await placeBet(warm.token, {
          marketId: m.id,
          selectionId: m.runners[1],
          selectionType: 'back',
          odds,
          stake: 100,
        })
      ).meta.code,
    ).toBe(200);
  return m;
}

/** A new player with ₹250 in their bonus wallet beside the play chips in main. */
async function playerWithBonus() {
  const player = await signUpPlayer(t);
  await t.services.wallet.transaction((tx) => credit(tx, player.userId, 250_00));
  return player;
}

const credit = (tx: Parameters<Parameters<Database['transaction']>[0]>[0], userId: string, amountPaise: number) =>
  t.services.wallet.post(tx, {
    kind: 'adjustment',
    description: 'test',
    entries: [
      { account: { house: 'house_cash' }, amountPaise: -amountPaise },
      { account: { userId, wallet: 'bonus' }, amountPaise },
    ],
  });

const pushesTo = (userId: string) =>
  heard.filter((entry) => entry.topic === `user:${userId}`).map((entry) => entry.message);

/** The player's wallets as committed, as a balance message shows them. */
async function committed(userId: string) {
  const fresh = await t.services.wallet.balancesOf(userId);
  return {
    balance: fresh.mainBalancePaise / 100,
    exposure: fresh.mainExposurePaise / 100,
    bonus: fresh.bonusBalancePaise / 100,
    bonusExposure: fresh.bonusExposurePaise / 100,
  };
}

describe("a one-statement commit's balance push", () => {
  it('pushes the moved players both wallets as the statement left them, without reading them after the commit', async () => {
    const m = await warmMarket();
    const [backer, layer] = [await playerWithBonus(), await playerWithBonus()];
    const back = { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 3, stake: 200 };
    const before = counted.services.books.counts();
    balanceReads.length = 0;
    expect((await placeBet(backer.token, back)).data.status).toBe('unmatched');
    // The lay matches the resting back: both players' exposure moves in one statement.
    expect((await placeBet(layer.token, { ...back, selectionType: 'lay', stake: 100 })).data.status).toBe('matched');
    const after = counted.services.books.counts();
    expect(after.oneStatement - before.oneStatement).toBe(2);
    expect(after.redone).toBe(before.redone);
    for (const player of [backer, layer])
      await vi.waitFor(
        async () =>
          expect(pushesTo(player.userId).at(-1)).toEqual({ type: 'balance', ...(await committed(player.userId)) }),
        {
          timeout: 20_000,
          interval: 20,
        },
      );
    // The back of ₹200 at 3 risks its stake (half matched, half resting); the lay of ₹100 at 3 its liability.
    expect(await committed(backer.userId)).toMatchObject({ exposure: -200, bonus: 250, bonusExposure: 0 });
    expect(await committed(layer.userId)).toMatchObject({ exposure: -200, bonus: 250, bonusExposure: 0 });
    expect(balanceReads).toEqual([]);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it.skipIf(!onPostgres)(
    'pushes the wallet the bet did not move as committed, even when another transaction changed it while the statement waited',
    async () => {
      const m = await warmMarket();
      const player = await playerWithBonus();
      // Another transaction (a settlement, a bonus grant) holds the player's accounts and credits their bonus wallet:
      // the main wallet stays locked until it commits.
      let release: () => void = () => undefined;
      const gate = new Promise<void>((done) => (release = done));
      let credited: () => void = () => undefined;
      const done = new Promise<void>((resolve) => (credited = resolve));
      const holder = t.db.transaction(async (tx) => {
        await tx.query('select id from ledger_accounts where user_id = $1 order by id for update', [player.userId]);
        await credit(tx, player.userId, 100_00);
        credited();
        await gate;
      });
      await done;
      heard.length = 0;
      const before = counted.services.books.counts();
      const answer = placeBet(player.token, {
        marketId: m.id,
        selectionId: m.runners[0],
        selectionType: 'back',
        odds: 3,
        stake: 100,
      });
      // The bet's statement waits for the player's accounts.
      await vi.waitFor(
        async () => {
          const waiting = await t.db.query<{ n: string }>(
            `select count(*)::text as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(Number(waiting.rows[0]?.n)).toBeGreaterThan(0);
        },
        { timeout: 20_000, interval: 10 },
      );
      release();
      await holder;
      expect((await answer).data.status).toBe('unmatched');
      expect(counted.services.books.counts().oneStatement - before.oneStatement).toBe(1);
      await vi.waitFor(() => expect(pushesTo(player.userId)).toHaveLength(1), { timeout: 20_000, interval: 20 });
      // Read with the bonus wallet unlocked, the statement would have pushed the ₹250 it saw when it began.
      expect(pushesTo(player.userId)[0]).toEqual({ type: 'balance', ...(await committed(player.userId)) });
      expect(await committed(player.userId)).toMatchObject({ exposure: -100, bonus: 350 });
      expect(await ledgerViolations(t.db)).toEqual([]);
    },
  );

  it("reads a fill's counterparties the lane does not hold in one statement for all of them", async () => {
    const m = await marketOf(t, director.token, 'EXCHANGE');
    // Three offers rested by another process: the counted process's lane reads them with the book, not their owners.
    const backers = [await signUpPlayer(t), await signUpPlayer(t), await signUpPlayer(t)];
    const back = { marketId: m.id, selectionId: m.runners[0], selectionType: 'back', odds: 2, stake: 100 };
    for (const backer of backers)
      expect(
        (await call(t.app, 'POST', '/api/v1/place-bet', { token: backer.token, body: back })).body.data,
      ).toMatchObject({ status: 'unmatched' });
    const warm = await signUpPlayer(t);
    for (const odds of [5, 6])
      expect((await placeBet(warm.token, { ...back, selectionId: m.runners[1], odds })).meta.code).toBe(200);
    const layer = await signUpPlayer(t);
    const before = counted.services.books.counts();
    positionsReads.length = 0;
    expect((await placeBet(layer.token, { ...back, selectionType: 'lay', stake: 300 })).data.status).toBe('matched');
    expect(counted.services.books.counts().oneStatement - before.oneStatement).toBe(1);
    // The layer, read with their batch; then the three backers the lay matched, together.
    expect(positionsReads.map((ids) => [...ids].sort())).toEqual([
      [layer.userId],
      backers.map((backer) => backer.userId).sort(),
    ]);
    // Each back of ₹100 at 2 risks its stake; the lay of ₹300 at 2 its liability.
    for (const backer of backers)
      expect((await t.services.wallet.balancesOf(backer.userId)).mainExposurePaise).toBe(-100_00);
    expect((await t.services.wallet.balancesOf(layer.userId)).mainExposurePaise).toBe(-300_00);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});
