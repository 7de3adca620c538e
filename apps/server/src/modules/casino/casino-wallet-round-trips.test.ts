/**
 * Issue 10: what one wallet callback costs in database round trips, counted on the real database by a
 * wrapper that counts every statement sent (BEGIN and COMMIT included) — no mock, the callbacks run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../db/database.js';
import { createTestApp, signUpPlayer, type TestApp } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';
import { createWalletService } from '../wallet/wallet-service.js';
import { createCasinoWalletService } from './casino-wallet-service.js';
import { launchGame } from './casino-test-support.js';

let t: TestApp;

/** The database with a counter of round trips: every query, and BEGIN + COMMIT around a transaction. */
function counted(db: Database): { db: Database; trips: () => number; reset: () => void } {
  let trips = 0;
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      trips += 1;
      return q.query(sql, params);
    },
    exec: (sql) => {
      trips += 1;
      return q.exec(sql);
    },
  });
  const inner = wrap(db);
  return {
    db: {
      kind: db.kind,
      query: inner.query,
      exec: inner.exec,
      transaction: (fn) => {
        trips += 2;
        return db.transaction((tx) => fn(wrap(tx)));
      },
      close: () => db.close(),
    },
    trips: () => trips,
    reset: () => (trips = 0),
  };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('casino wallet round trips', () => {
  it('a warm debit and a warm credit each cost a bounded number of round trips, the balance push included', async () => {
    const counter = counted(t.db);
    // With a publisher, as in the product: the push must not read the balances again after the commit.
    const pushed: { topic: string; payload: { balance: number } }[] = [];
    const publisher = {
      publish: (topic: string, payload: unknown) =>
        void pushed.push({ topic, payload: payload as { balance: number } }),
    };
    const wallet = createWalletService({ db: counter.db, clock: t.clock, moneyMode: 'play', publisher });
    const service = createCasinoWalletService({ db: counter.db, wallet, clock: t.clock });
    const provider = (await service.provider('khel-house'))!;
    const trips: { debit: number; credit: number }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const player = await signUpPlayer(t);
      await launchGame(t.app, player.token, 'royal-bengal');
      counter.reset();
      const debit = await service.debit(provider, {
        playerId: player.userId,
        transactionId: `rt-d-${i}`,
        roundId: `rt-${i}`,
        gameCode: 'royal-bengal',
        amount: 10,
        timestamp: 0,
      } as never);
      expect(debit.data.status).toBe('OK');
      const afterDebit = counter.trips();
      const credit = await service.credit(provider, {
        playerId: player.userId,
        transactionId: `rt-c-${i}`,
        roundId: `rt-${i}`,
        gameCode: 'royal-bengal',
        amount: 25,
        timestamp: 0,
      } as never);
      expect(credit.data).toMatchObject({ status: 'OK', balance: 10_015 });
      trips.push({ debit: afterDebit, credit: counter.trips() - afterDebit });
      // One balance message per call, with the wallet as the call left it.
      expect(
        pushed.filter((message) => message.topic === `user:${player.userId}`).map((message) => message.payload.balance),
      ).toEqual([9_990, 10_015]);
    }
    console.log(`[casino wallet] round trips per callback (warm caches): ${JSON.stringify(trips.at(-1))}`);
    const warm = trips.at(-1)!;
    expect(warm.debit).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.debit);
    expect(warm.credit).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.credit);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('a player the process knows costs one round trip per debit and credit; the statement still refuses what the context would', async () => {
    const counter = counted(t.db);
    const wallet = createWalletService({ db: counter.db, clock: t.clock, moneyMode: 'play' });
    const service = createCasinoWalletService({ db: counter.db, wallet, clock: t.clock });
    const provider = (await service.provider('khel-house'))!;
    const player = await signUpPlayer(t);
    await launchGame(t.app, player.token, 'royal-bengal');
    const call = (kind: 'debit' | 'credit', round: string, amount: number) =>
      service[kind](provider, {
        playerId: player.userId,
        transactionId: `${kind}-${round}`,
        roundId: round,
        gameCode: 'royal-bengal',
        amount,
        timestamp: 0,
      } as never);
    expect((await call('debit', 'k1', 10)).data.status).toBe('OK');
    expect((await call('credit', 'k1', 0)).data.status).toBe('OK');
    counter.reset();
    expect((await call('debit', 'k2', 10)).data).toMatchObject({
      status: 'OK',
      balance: 9_980,
      wallet: 'main',
      playerName: expect.any(String),
    });
    const debitTrips = counter.trips();
    expect((await call('credit', 'k2', 30)).data).toMatchObject({ status: 'OK', balance: 10_010 });
    expect({ debit: debitTrips, credit: counter.trips() - debitTrips }).toEqual(KNOWN_PLAYER_BUDGET);
    // A retry of a debit that went in replays its answer, moving nothing.
    expect((await call('debit', 'k2', 10)).data).toMatchObject({ status: 'OK', balance: 9_980 });
    // Suspended after the process learnt the player: the one statement writes nothing, the context names the refusal.
    await t.db.query('update users set suspended_at = now() where id = $1', [player.userId]);
    expect((await call('debit', 'k3', 10)).data.status).toBe('PLAYER_BLOCKED');
    await t.db.query('update users set suspended_at = null where id = $1', [player.userId]);
    // Slots switched off for the player: refused as before.
    await t.db.query('update users set allow_slots = false where id = $1', [player.userId]);
    expect((await call('debit', 'k4', 10)).data.status).toBe('PLAYER_BLOCKED');
    await t.db.query('update users set allow_slots = true where id = $1', [player.userId]);
    // The session expired: TOKEN_INVALID, as the context says.
    await t.db.query('update casino_sessions set expires_at = $2 where user_id = $1', [
      player.userId,
      new Date(t.clock.now().getTime() - 60_000),
    ]);
    expect((await call('debit', 'k5', 10)).data.status).toBe('TOKEN_INVALID');
    const rows = await t.db.query<{ n: string }>('select count(*)::text as n from casino_rounds where user_id = $1', [
      player.userId,
    ]);
    expect(rows.rows[0]?.n).toBe('2');
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

/** What a warm callback costs (docs/decisions/0028): the context (a plain read), then one statement, committed on its own, for the lock, claim, round, posting and answer. */
const ROUND_TRIP_BUDGET = { debit: 2, credit: 2 };
/** A player this process has seen (its accounts, wallet and the round's id are hinted): the one statement alone. */
const KNOWN_PLAYER_BUDGET = { debit: 1, credit: 1 };
