import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { balanceChangeText } from '@khel/contract';
import type { BalanceChange, WsServerMessage } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createTestApp } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { launchGame, signedCall } from '../casino/casino-test-support.js';
import { createRedisBus } from '../live/live-bus.js';
import type { Database } from '../../db/database.js';
import { createWalletService } from './wallet-service.js';
import type { Operator, Player } from '../bonus/bonus-test-support.js';
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
} from '../bonus/bonus-test-support.js';

type BalanceMessage = Extract<WsServerMessage, { type: 'balance' }>;

let t: TestApp;
let director: Operator;
let support: Operator;
let accountId: string;
const heard: { topic: string; message: BalanceMessage }[] = [];

beforeAll(async () => {
  t = await createTestApp({ SECOND_APPROVAL_ABOVE_RUPEES: '500000' });
  ({ director, support, accountId } = await desk(t));
  t.services.bus.onMessage(({ topic, payload }) => {
    if ((payload as { type?: string }).type === 'balance') heard.push({ topic, message: payload as BalanceMessage });
  });
});
afterAll(async () => t.close());
beforeEach(() => {
  heard.length = 0;
});

/** Every balance message the player has been sent so far. */
const pushesTo = (player: { userId: string }) =>
  heard.filter((entry) => entry.topic === `user:${player.userId}`).map((entry) => entry.message);
const changesTo = (player: { userId: string }) => pushesTo(player).flatMap((message) => message.changes ?? []);

/** Waits until the player has had a balance push with a change of this kind, and answers it. */
async function pushed(
  player: { userId: string },
  kind: string,
): Promise<{ message: BalanceMessage; change: BalanceChange }> {
  return vi.waitFor(
    () => {
      const message = pushesTo(player).find((candidate) => candidate.changes?.some((change) => change.kind === kind));
      if (message === undefined) throw new Error(`no ${kind} push yet`);
      return { message, change: message.changes?.find((change) => change.kind === kind) as BalanceChange };
    },
    { timeout: 20_000, interval: 10 },
  );
}

/** A new player whose welcome-chips push has arrived, with the record of pushes emptied. */
async function freshPlayer(extra: Record<string, unknown> = {}): Promise<Player> {
  const player = await newPlayer(t, extra);
  await pushed(player, 'play_chips_grant');
  heard.length = 0;
  return player;
}

const profile = async (player: Player) =>
  (await call(t.app, 'GET', '/api/v1/getUserData', { token: player.token })).body.data as {
    balance: number;
    exposure: number;
    bonus: number;
  };

async function depositRequest(player: Player, amount: number): Promise<string> {
  const created = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
    token: player.token,
    body: { amount, accountId, type: 'upi', txnRef: `UTRPUSH${Date.now()}${Math.random().toString().slice(2, 8)}` },
  });
  return (created.body.data as { _id: string })._id;
}

async function withdrawalAccount(player: Player): Promise<string> {
  const answer = await call(t.app, 'POST', '/api/v1/account-details', {
    token: player.token,
    body: {
      type: 'bank',
      accountNumber: '987654321012',
      accountHolderName: 'Ravi',
      bankName: 'HDFC Bank',
      ifscCode: 'HDFC0000123',
    },
  });
  return (answer.body.data as { _id: string })._id;
}

describe('balances that move themselves: one push per money change, after commit', () => {
  it('pushes the committed balance and says what happened when a deposit is approved or rejected', async () => {
    const player = await freshPlayer();
    await approvedDeposit(t, player, support, accountId, 1000);
    const approved = await pushed(player, 'deposit');
    expect(approved.change).toEqual({ kind: 'deposit', amountPaise: 1000_00, wallet: 'main' });
    expect(approved.message).toMatchObject({ balance: (await profile(player)).balance, exposure: 0 });
    expect(balanceChangeText(approved.change)).toBe('Deposit of ₹1,000.00 approved');

    const id = await depositRequest(player, 2500);
    await call(t.app, 'POST', `/api/v1/backoffice/deposits/${id}/reject`, {
      token: support.token,
      body: { reason: 'No such payment' },
    });
    const rejected = await pushed(player, 'deposit_rejected');
    expect(rejected.change.amountPaise).toBe(2500_00);
    expect(balanceChangeText(rejected.change)).toBe('Deposit of ₹2,500.00 rejected');
    expect(rejected.message.balance).toBe((await profile(player)).balance);
  });

  it('pushes a withdrawal held, paid and rejected (released)', async () => {
    const player = await freshPlayer();
    const bank = await withdrawalAccount(player);
    const first = await call(t.app, 'POST', '/api/v1/withdrawal-request', {
      token: player.token,
      body: { amount: 2500, accountId: bank },
    });
    const held = await pushed(player, 'withdrawal_hold');
    expect(held.change.amountPaise).toBe(-2500_00);
    expect(balanceChangeText(held.change)).toBeNull(); // the player asked for it: the header moves, no toast
    await call(t.app, 'POST', `/api/v1/backoffice/withdrawals/${(first.body.data as { _id: string })._id}/reject`, {
      token: director.token,
      body: { reason: 'Account name mismatch' },
    });
    const released = await pushed(player, 'withdrawal_release');
    expect(released.change.amountPaise).toBe(2500_00);
    expect(released.message.balance).toBe(10000);

    const second = await call(t.app, 'POST', '/api/v1/withdrawal-request', {
      token: player.token,
      body: { amount: 4000, accountId: bank },
    });
    await call(t.app, 'POST', `/api/v1/backoffice/withdrawals/${(second.body.data as { _id: string })._id}/approve`, {
      token: director.token,
    });
    const paid = await pushed(player, 'withdrawal_paid');
    expect(paid.change.amountPaise).toBe(4000_00);
    expect(paid.message.balance).toBe(6000);
    expect(balanceChangeText(paid.change)).toBe('Withdrawal of ₹4,000.00 paid');
  });

  it('pushes adjustments, with their sign', async () => {
    const player = await freshPlayer();
    await call(t.app, 'POST', `/api/v1/backoffice/users/${player.userId}/adjustments`, {
      token: support.token,
      body: { wallet: 'main', amount: -1250, reason: 'Duplicate credit' },
    });
    const debit = await pushed(player, 'adjustment');
    expect(debit.change).toEqual({ kind: 'adjustment', amountPaise: -1250_00, wallet: 'main' });
    expect(debit.message.balance).toBe(8750);
    expect(balanceChangeText(debit.change)).toBe('Balance adjusted: ₹1,250.00 debited');
  });

  it('pushes casino rounds (debit and credit through the seamless wallet)', async () => {
    const created = await call(t.app, 'POST', '/api/v1/backoffice/casino/providers', {
      token: director.token,
      body: {
        code: 'pushco',
        name: 'Push Gaming',
        launchUrlTemplate: 'https://games.push.test/launch?token={token}&game={game}',
      },
    });
    const provider = { provider: 'pushco', secret: (created.body.data as { secret: string }).secret, clock: t.clock };
    await call(t.app, 'POST', '/api/v1/backoffice/casino/games', {
      token: director.token,
      body: {
        providerCode: 'pushco',
        code: 'push-slot',
        title: 'Push Slot',
        category: 'Video Slots',
        isSlot: true,
        launchKind: 'play',
        order: 100,
      },
    });
    const player = await freshPlayer();
    await launchGame(t.app, player.token, 'push-slot');
    const round = { playerId: player.userId, roundId: 'push-round-1', gameCode: 'push-slot' };
    expect(
      (await signedCall(t.app, 'debit', { ...round, transactionId: 'push-tx-1', amount: 10.5 }, provider)).body.meta
        .code,
    ).toBe(200);
    const debit = await pushed(player, 'casino_debit');
    expect(debit.change.amountPaise).toBe(-10_50);
    expect(debit.message.balance).toBe(9_989.5);
    expect(
      (await signedCall(t.app, 'credit', { ...round, transactionId: 'push-tx-2', amount: 25 }, provider)).body.meta
        .code,
    ).toBe(200);
    const credit = await pushed(player, 'casino_credit');
    expect(credit.change.amountPaise).toBe(25_00);
    expect(credit.message.balance).toBe(10_014.5);
  });

  it('pushes bet placement (exposure), settlement, and bonus grants and releases', async () => {
    await createOffer(t, director, { wageringMultiple: 1, minOdds: 1.01 });
    const player = await freshPlayer();
    await approvedDeposit(t, player, support, accountId, 500);
    const bonusId = (await bonusData(t, player)).offered[0]?._id as string;
    await bonusAction(t, player, 'activate', bonusId);
    const granted = await pushed(player, 'bonus_activate');
    expect(granted.change).toEqual({ kind: 'bonus_activate', amountPaise: 500_00, wallet: 'bonus' });
    expect(granted.message.bonus).toBe(500);

    const market = await bookmakerMarket(t, director, 50, 55);
    heard.length = 0;
    expect((await placeBet(t, player, market.id, market.runners[0] as string, 'back', 50, 1000)).body.meta.code).toBe(
      200,
    );
    await vi.waitFor(() => expect(pushesTo(player).at(-1)).toMatchObject({ exposure: -1000 }), {
      timeout: 20_000,
      interval: 10,
    });
    expect(changesTo(player)).toEqual([]); // exposure only: a new balance, nothing to announce

    await settle(t, director, market.id, market.runners[0] as string);
    const won = await pushed(player, 'bet_settlement');
    expect(won.change.amountPaise).toBe(500_00);
    expect(won.message).toMatchObject({ exposure: 0, balance: (await profile(player)).balance });
    expect(balanceChangeText(won.change)).toBe('Bet settled: you won ₹500.00');

    // The bonus is released: wager it once from the bonus wallet, then claim it to main.
    await useWallet(t, player, 'bonus');
    const wager = await bookmakerMarket(t, director, 50, 55);
    expect((await placeBet(t, player, wager.id, wager.runners[0] as string, 'back', 50, 500)).body.meta.code).toBe(200);
    await settle(t, director, wager.id, wager.runners[0] as string);
    await pushed(player, 'bet_settlement');
    expect((await bonusAction(t, player, 'claim', bonusId)).meta.code).toBe(200);
    const released = await pushed(player, 'bonus_claim');
    expect(released.change).toMatchObject({ kind: 'bonus_claim', wallet: 'main' });
    expect(released.change.amountPaise).toBeGreaterThan(0);
    expect(released.message).toMatchObject({ bonus: 0, balance: (await profile(player)).balance });
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('pushes nothing for a posting whose transaction rolls back, and pushes once it commits', async () => {
    const player = await freshPlayer();
    const posting = {
      kind: 'adjustment',
      description: 'test',
      entries: [
        { account: { house: 'house_cash' as const }, amountPaise: -700_00 },
        { account: { userId: player.userId, wallet: 'main' as const }, amountPaise: 700_00 },
      ],
    };
    await expect(
      t.services.wallet.transaction(async (tx) => {
        await t.services.wallet.post(tx, posting);
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pushesTo(player)).toEqual([]);

    await t.services.wallet.transaction((tx) => t.services.wallet.post(tx, posting));
    const committed = await pushed(player, 'adjustment');
    expect(committed.message.balance).toBe(10700);
    expect(pushesTo(player)).toHaveLength(1);
  });

  it('pushes nothing before the commit: the push waits for the transaction to end', async () => {
    const player = await freshPlayer();
    await t.services.wallet.transaction(async (tx) => {
      await t.services.wallet.post(tx, {
        kind: 'adjustment',
        description: 'test',
        entries: [
          { account: { house: 'house_cash' }, amountPaise: -100 },
          { account: { userId: player.userId, wallet: 'main' }, amountPaise: 100 },
        ],
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(pushesTo(player)).toEqual([]);
    });
    await pushed(player, 'adjustment');
  });

  it('pushes a referral credit to the referrer', async () => {
    await call(t.app, 'PUT', '/api/v1/backoffice/referral-settings', {
      token: director.token,
      body: { ratePercent: 5, capPerPlayerWeek: 5000, minClaim: 100, firstDepositReward: 150 },
    });
    const referrer = await freshPlayer();
    const code = (
      (await call(t.app, 'GET', '/api/v1/getUserData', { token: referrer.token })).body.data as { referralCode: string }
    ).referralCode;
    const friend = await freshPlayer({ affiliateCode: code });
    await approvedDeposit(t, friend, support, accountId, 1000);
    const credit = await pushed(referrer, 'referral_first_deposit');
    expect(credit.change).toEqual({ kind: 'referral_first_deposit', amountPaise: 150_00, wallet: 'bonus' });
    expect(balanceChangeText(credit.change)).toBe('Referral credit of ₹150.00 received');
  });
});

describe('across processes', () => {
  it('reads the balances of all the players one commit touched in one statement, and pushes each the committed figures', async () => {
    const players = [await freshPlayer(), await freshPlayer(), await freshPlayer()];
    // The wallet over the test database, counting the statements that read players' balances.
    const reads: string[] = [];
    const counted: Database = {
      kind: t.db.kind,
      query: (sql, params, name) => {
        if (/from ledger_accounts where user_id/.test(sql)) reads.push(sql);
        return t.db.query(sql, params, name);
      },
      exec: (sql) => t.db.exec(sql),
      transaction: (fn) => t.db.transaction(fn),
      close: async () => undefined,
    };
    const wallet = createWalletService({ db: counted, clock: t.clock, moneyMode: 'play', publisher: t.services.bus });
    await wallet.transaction(async (tx) => {
      for (const [index, player] of players.entries())
        await wallet.addExposure(tx, player.userId, 'main', -(index + 1) * 100_00);
    });
    await vi.waitFor(() => expect(players.every((player) => pushesTo(player).length > 0)).toBe(true), {
      timeout: 20_000,
      interval: 20,
    });
    expect(reads).toHaveLength(1);
    for (const [index, player] of players.entries()) {
      const fresh = await t.services.wallet.balancesOf(player.userId);
      expect(pushesTo(player).at(-1)).toMatchObject({
        type: 'balance',
        balance: fresh.mainBalancePaise / 100,
        exposure: fresh.mainExposurePaise / 100,
      });
      expect(fresh.mainExposurePaise).toBe(-(index + 1) * 100_00);
    }
  });

  it('reads the players of the commits that end while a read runs together, in one more statement, each after its commit', async () => {
    const players = [await freshPlayer(), await freshPlayer(), await freshPlayer()];
    // The first read is held until released: the next two commits end while it runs.
    const reads: string[][] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    const counted: Database = {
      kind: t.db.kind,
      query: async (sql, params, name) => {
        if (/from ledger_accounts where user_id/.test(sql)) {
          reads.push(params?.[0] as string[]);
          if (reads.length === 1) await held;
        }
        return t.db.query(sql, params, name);
      },
      exec: (sql) => t.db.exec(sql),
      transaction: (fn) => t.db.transaction(fn),
      close: async () => undefined,
    };
    const wallet = createWalletService({ db: counted, clock: t.clock, moneyMode: 'play', publisher: t.services.bus });
    for (const [index, player] of players.entries())
      await wallet.transaction((tx) => wallet.addExposure(tx, player.userId, 'main', -(index + 1) * 100_00));
    await vi.waitFor(() => expect(reads).toHaveLength(1), { timeout: 20_000 });
    release();
    await vi.waitFor(() => expect(players.every((player) => pushesTo(player).length > 0)).toBe(true), {
      timeout: 20_000,
      interval: 20,
    });
    expect(reads).toEqual([[players[0]?.userId], [players[1]?.userId, players[2]?.userId]]);
    for (const [index, player] of players.entries())
      expect(pushesTo(player).at(-1)).toMatchObject({ type: 'balance', exposure: -(index + 1) * 100 });
  });

  it("reaches a player's sockets on another process through the Redis bus, after commit", async () => {
    const channel = `khel-test-balance-${randomBytes(4).toString('hex')}`;
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const here = createRedisBus(url, () => undefined, channel);
    const there = createRedisBus(url, () => undefined, channel);
    try {
      await Promise.all([here.ready(), there.ready()]);
      const received: { topic: string; payload: unknown }[] = [];
      there.onMessage((message) => received.push(message));
      // A second process's wallet over the same database, publishing on its own connection to Redis.
      const wallet = createWalletService({ db: t.db, clock: t.clock, moneyMode: 'play', publisher: here });
      const player = await freshPlayer();
      await wallet.transaction((tx) =>
        wallet.post(tx, {
          kind: 'adjustment',
          description: 'test',
          entries: [
            { account: { house: 'house_cash' }, amountPaise: -300_00 },
            { account: { userId: player.userId, wallet: 'main' }, amountPaise: 300_00 },
          ],
        }),
      );
      await vi.waitFor(
        () =>
          expect(received.find((message) => message.topic === `user:${player.userId}`)?.payload).toMatchObject({
            type: 'balance',
            balance: 10300,
            changes: [{ kind: 'adjustment', amountPaise: 300_00 }],
          }),
        { timeout: 20_000, interval: 20 },
      );
    } finally {
      await Promise.all([here.close(), there.close()]);
    }
  });
});
