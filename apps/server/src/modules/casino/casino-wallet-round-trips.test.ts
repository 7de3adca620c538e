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
    const publisher = { publish: (topic: string, payload: unknown) => void pushed.push({ topic, payload: payload as { balance: number } }) };
    const wallet = createWalletService({ db: counter.db, clock: t.clock, moneyMode: 'play', publisher });
    const service = createCasinoWalletService({ db: counter.db, wallet, clock: t.clock });
    const provider = (await service.provider('khel-house'))!;
    const trips: { debit: number; credit: number }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const player = await signUpPlayer(t);
      await launchGame(t.app, player.token, 'royal-bengal');
      counter.reset();
      const debit = await service.debit(provider, { playerId: player.userId, transactionId: `rt-d-${i}`, roundId: `rt-${i}`, gameCode: 'royal-bengal', amount: 10, timestamp: 0 } as never);
      expect(debit.data.status).toBe('OK');
      const afterDebit = counter.trips();
      const credit = await service.credit(provider, { playerId: player.userId, transactionId: `rt-c-${i}`, roundId: `rt-${i}`, gameCode: 'royal-bengal', amount: 25, timestamp: 0 } as never);
      expect(credit.data).toMatchObject({ status: 'OK', balance: 10_015 });
      trips.push({ debit: afterDebit, credit: counter.trips() - afterDebit });
      // One balance message per call, with the wallet as the call left it.
      expect(pushed.filter((message) => message.topic === `user:${player.userId}`).map((message) => message.payload.balance)).toEqual([9_990, 10_015]);
    }
    console.log(`[casino wallet] round trips per callback (warm caches): ${JSON.stringify(trips.at(-1))}`);
    const warm = trips.at(-1)!;
    expect(warm.debit).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.debit);
    expect(warm.credit).toBeLessThanOrEqual(ROUND_TRIP_BUDGET.credit);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });
});

/** What a warm callback costs (docs/decisions/0028): the context (a plain read), then one statement, committed on its own, for the lock, claim, round, posting and answer. */
const ROUND_TRIP_BUDGET = { debit: 2, credit: 2 };
