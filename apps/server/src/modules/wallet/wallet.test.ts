import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { PLAY_CHIPS_WELCOME_PAISE } from './wallet-service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function mainAccountId(userId: string): Promise<number> {
  const result = await t.db.query<{ id: number }>(
    `select id from ledger_accounts where user_id = $1 and kind = 'player_main'`,
    [userId],
  );
  return (result.rows[0] as { id: number }).id;
}

/** Posts a raw journal transaction the way a buggy service might, to show the database itself refuses it. */
async function postRaw(entries: [number, number][]): Promise<void> {
  await t.db.transaction(async (tx) => {
    const created = await tx.query<{ id: number }>(
      `insert into journal_transactions (kind, description) values ('test', 'raw') returning id`,
    );
    const transactionId = (created.rows[0] as { id: number }).id;
    for (const [accountId, amountPaise] of entries) {
      await tx.query('insert into journal_entries (transaction_id, account_id, amount_paise) values ($1, $2, $3)', [
        transactionId,
        accountId,
        amountPaise,
      ]);
    }
  });
}

async function issuerId(): Promise<number> {
  const result = await t.db.query<{ id: number }>(`select id from ledger_accounts where kind = 'play_chips_issuer'`);
  return (result.rows[0] as { id: number }).id;
}

describe('ledger (PRODUCT.md §4)', () => {
  it('credits welcome play chips as one balanced journal transaction, once', async () => {
    const player = await signUpPlayer(t);
    const balances = await t.services.wallet.balancesOf(player.userId);
    expect(balances.mainBalancePaise).toBe(PLAY_CHIPS_WELCOME_PAISE);
    await t.services.wallet.openAccountsFor(player.userId, 4);
    expect((await t.services.wallet.balancesOf(player.userId)).mainBalancePaise).toBe(PLAY_CHIPS_WELCOME_PAISE);
    const journal = await t.db.query<{ total: number; entries: number }>(
      `select coalesce(sum(e.amount_paise), 0)::bigint as total, count(*)::int as entries
       from journal_entries e join journal_transactions j on j.id = e.transaction_id where j.idempotency_key = $1`,
      [`play-chips-welcome:${player.userId}`],
    );
    expect(journal.rows[0]).toEqual({ total: 0, entries: 2 });
  });

  it('keeps every cached player balance equal to its journal, and the journal summing to zero', async () => {
    await signUpPlayer(t);
    const mismatched = await t.db.query(
      `select a.id from ledger_accounts a left join journal_entries e on e.account_id = a.id
       where a.is_player group by a.id, a.balance_paise having a.balance_paise <> coalesce(sum(e.amount_paise), 0)`,
    );
    expect(mismatched.rowCount).toBe(0);
    const total = await t.db.query<{ total: number }>(
      'select coalesce(sum(amount_paise), 0)::bigint as total from journal_entries',
    );
    expect(total.rows[0]?.total).toBe(0);
  });

  it('refuses an unbalanced journal transaction at commit', async () => {
    const player = await signUpPlayer(t);
    await expect(postRaw([[await mainAccountId(player.userId), 500]])).rejects.toThrow(/does not balance/);
    expect((await t.services.wallet.balancesOf(player.userId)).mainBalancePaise).toBe(PLAY_CHIPS_WELCOME_PAISE);
  });

  it('refuses, in the database, a posting that would make an available balance negative', async () => {
    const player = await signUpPlayer(t);
    const main = await mainAccountId(player.userId);
    await expect(
      postRaw([
        [main, -(PLAY_CHIPS_WELCOME_PAISE + 1)],
        [await issuerId(), PLAY_CHIPS_WELCOME_PAISE + 1],
      ]),
    ).rejects.toThrow(/available_balance_never_negative/);
    await postRaw([
      [main, -PLAY_CHIPS_WELCOME_PAISE],
      [await issuerId(), PLAY_CHIPS_WELCOME_PAISE],
    ]);
    expect((await t.services.wallet.balancesOf(player.userId)).mainBalancePaise).toBe(0);
  });

  it('counts exposure against the available balance', async () => {
    const player = await signUpPlayer(t);
    const main = await mainAccountId(player.userId);
    await t.db.query('update ledger_accounts set exposure_paise = $2 where id = $1', [main, -900_000]);
    await expect(
      postRaw([
        [main, -100_001],
        [await issuerId(), 100_001],
      ]),
    ).rejects.toThrow(/available_balance_never_negative/);
    await expect(
      t.db.query('update ledger_accounts set exposure_paise = $2 where id = $1', [main, -1_000_001]),
    ).rejects.toThrow(/available_balance_never_negative/);
  });

  it('never lets concurrent debits overdraw a wallet', async () => {
    const player = await signUpPlayer(t);
    const main = await mainAccountId(player.userId);
    const issuer = await issuerId();
    const debitPaise = 300_000; // three fit in the ₹10,000 welcome chips, the fourth cannot
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        postRaw([
          [main, -debitPaise],
          [issuer, debitPaise],
        ]),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    expect((await t.services.wallet.balancesOf(player.userId)).mainBalancePaise).toBe(
      PLAY_CHIPS_WELCOME_PAISE - 3 * debitPaise,
    );
  });

  it('keeps journal entries immutable, even for the owner of the tables', async () => {
    await signUpPlayer(t);
    await expect(t.asOwner('update journal_entries set amount_paise = amount_paise * 2')).rejects.toThrow(
      /append-only/,
    );
    await expect(t.asOwner('delete from journal_transactions')).rejects.toThrow(/append-only/);
    await expect(t.asOwner('truncate journal_entries, journal_transactions cascade')).rejects.toThrow(/append-only/);
  });
});
