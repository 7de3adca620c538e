import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createOperator, createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { ledgerViolations, modelBalanceMismatches } from '../../../test/ledger-invariants.js';
import { seedDemoData } from '../demo/demo-seed.js';
import { PLAY_CHIPS_WELCOME_PAISE } from '../wallet/wallet-service.js';

/**
 * PRODUCT.md §4 under concurrency: random deposits, approvals, rejections, withdrawals and wallet
 * switches across many players, fired in concurrent batches, with retries of the same idempotency keys
 * (some racing their own first attempt). Afterwards the journal sums to zero, every cached balance
 * equals its journal, no available balance is negative, no request moved money twice, and each
 * player's balance equals what their requests say.
 */
const PLAYERS = 8;

type Op =
  | { kind: 'deposit'; player: number; amount: number; retry: boolean }
  | { kind: 'withdraw'; player: number; amount: number; retry: boolean }
  | { kind: 'decideDeposit'; pick: number; approve: boolean; operator: number }
  | { kind: 'decideWithdrawal'; pick: number; approve: boolean; operator: number }
  | { kind: 'switchWallet'; player: number; wallet: '1' | '2' };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    player: fc.nat(PLAYERS - 1),
    amount: fc.integer({ min: 200, max: 60_000 }),
    retry: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    player: fc.nat(PLAYERS - 1),
    amount: fc.integer({ min: 100, max: 9_000 }),
    retry: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('decideDeposit' as const),
    pick: fc.nat(1000),
    approve: fc.boolean(),
    operator: fc.nat(1),
  }),
  fc.record({
    kind: fc.constant('decideWithdrawal' as const),
    pick: fc.nat(1000),
    approve: fc.boolean(),
    operator: fc.nat(1),
  }),
  fc.record({
    kind: fc.constant('switchWallet' as const),
    player: fc.nat(PLAYERS - 1),
    wallet: fc.constantFrom('1' as const, '2' as const),
  }),
);

async function runScenario(ops: Op[], batchSize: number): Promise<void> {
  const t: TestApp = await createTestApp({ SECOND_APPROVAL_ABOVE_RUPEES: '40000' });
  try {
    await seedDemoData(t.services);
    const operators = [await createOperator(t, ROLES.DIRECTOR), await createOperator(t, ROLES.SUPPORT_ADMIN)];
    const players: { token: string; userId: string; mobileNo: string; accountId: string }[] = [];
    for (let i = 0; i < PLAYERS; i += 1) {
      const player = await signUpPlayer(t);
      const account = await call(t.app, 'POST', '/api/v1/account-details', {
        token: player.token,
        body: { type: 'upi', accountNumber: `p${i}@okaxis`, accountHolderName: `Player ${i}` },
      });
      players.push({ ...player, accountId: (account.body.data as { _id: string })._id });
    }
    const receiving = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token: players[0]?.token })).body
      .data as { _id: string; type: string }[];
    const upiId = receiving.find((account) => account.type === 'upi')?._id as string;
    const depositIds: string[] = [];
    const withdrawalIds: string[] = [];
    const acknowledged = new Map<string, string>(); // idempotency key → request id

    const perform = async (op: Op): Promise<void> => {
      switch (op.kind) {
        case 'deposit':
        case 'withdraw': {
          const player = players[op.player] as (typeof players)[number];
          const key = randomUUID();
          const send = () =>
            op.kind === 'deposit'
              ? call(t.app, 'POST', '/api/v1/admin-deposit-request', {
                  token: player.token,
                  headers: { 'idempotency-key': key },
                  body: { amount: op.amount, accountId: upiId, type: 'upi', txnRef: `R${key}` },
                })
              : call(t.app, 'POST', '/api/v1/withdrawal-request', {
                  token: player.token,
                  headers: { 'idempotency-key': key },
                  body: { amount: op.amount, accountId: player.accountId },
                });
          // A retry races the first attempt, as a client on a flaky network would.
          const answers = op.retry ? await Promise.all([send(), send()]) : [await send()];
          const ids = new Set(
            answers
              .filter((answer) => answer.body.meta.code === 200)
              .map((answer) => (answer.body.data as { _id: string })._id),
          );
          expect(ids.size).toBeLessThanOrEqual(1);
          const [id] = [...ids];
          if (id !== undefined) {
            acknowledged.set(key, id);
            (op.kind === 'deposit' ? depositIds : withdrawalIds).push(id);
          }
          break;
        }
        case 'decideDeposit':
        case 'decideWithdrawal': {
          const ids = op.kind === 'decideDeposit' ? depositIds : withdrawalIds;
          if (ids.length === 0) return;
          const id = ids[op.pick % ids.length];
          const path = op.kind === 'decideDeposit' ? 'deposits' : 'withdrawals';
          const token = operators[op.operator]?.token;
          await call(t.app, 'POST', `/api/v1/backoffice/${path}/${id}/${op.approve ? 'approve' : 'reject'}`, {
            token,
            body: op.approve ? undefined : { reason: 'property test' },
          });
          break;
        }
        case 'switchWallet':
          await call(t.app, 'PUT', '/api/v1/wallet', {
            token: players[op.player]?.token,
            body: { selectedWallet: op.wallet },
          });
          break;
      }
    };

    for (let start = 0; start < ops.length; start += batchSize) {
      await Promise.all(ops.slice(start, start + batchSize).map(perform));
    }

    expect(await ledgerViolations(t.db)).toEqual([]);
    expect(await modelBalanceMismatches(t.db, PLAY_CHIPS_WELCOME_PAISE)).toEqual([]);
    const requests = await t.db.query<{ n: number }>(
      'select (select count(*) from deposit_requests) + (select count(*) from withdrawal_requests) as n',
    );
    expect(Number(requests.rows[0]?.n)).toBe(new Set(acknowledged.values()).size);
  } finally {
    await t.close();
  }
}

describe('money under concurrency (seeded property)', () => {
  it('keeps every ledger invariant through random concurrent operations with retries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 60, maxLength: 120 }), (ops) => runScenario(ops, 16)),
      { seed: 20_261_121, numRuns: 4, endOnFailure: true },
    );
  }, 300_000);
});

describe('the invariant checker itself', () => {
  it('reports a request marked approved whose money never moved', async () => {
    const t = await createTestApp();
    try {
      await seedDemoData(t.services);
      const player = await signUpPlayer(t);
      const receiving = (await call(t.app, 'GET', '/api/v1/admin-account-details', { token: player.token })).body
        .data as { _id: string; type: string }[];
      const created = await call(t.app, 'POST', '/api/v1/admin-deposit-request', {
        token: player.token,
        body: { amount: 500, accountId: receiving.find((a) => a.type === 'upi')?._id, type: 'upi', txnRef: 'CONTROL1' },
      });
      expect(await ledgerViolations(t.db)).toEqual([]);
      await t.db.query(`update deposit_requests set status = 'approved' where id = $1`, [
        (created.body.data as { _id: string })._id,
      ]);
      expect((await ledgerViolations(t.db)).join()).toContain('disagrees with the journal');
      expect(await modelBalanceMismatches(t.db, PLAY_CHIPS_WELCOME_PAISE)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
