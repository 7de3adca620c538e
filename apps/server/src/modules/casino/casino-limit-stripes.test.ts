/**
 * The striped payout limit (migration 0019): exact under concurrency, and two callbacks on different
 * connections no longer wait for each other. The concurrency parts need real connections (PostgreSQL);
 * on PGlite (one connection) the exact-count part still runs, one posting after another.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../db/database.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.js';
import { ledgerViolations } from '../../../test/ledger-invariants.js';

let t: TestDatabase;
let db: Database;
const onPostgres = process.env.TEST_DB === 'postgres';

/** A limited casino account `ref` with the given floor, and the house cash account to pay into. */
async function limitedAccount(ref: string, floorPaise: number): Promise<{ limited: number; cash: number }> {
  await db.query(
    `insert into ledger_accounts (kind, ref, is_player) values ('casino_house', $1, false) on conflict (kind, ref) where user_id is null do nothing`,
    [ref],
  );
  const rows = (
    await db.query<{ id: number; kind: string }>(
      `select id, kind from ledger_accounts where user_id is null and ((kind = 'casino_house' and ref = $1) or (kind = 'house_cash' and ref = ''))`,
      [ref],
    )
  ).rows;
  const limited = Number(rows.find((row) => row.kind === 'casino_house')?.id);
  await db.query('update ledger_account_limits set floor_paise = $2 where account_id = $1', [limited, floorPaise]);
  return { limited, cash: Number(rows.find((row) => row.kind === 'house_cash')?.id) };
}

/** One balanced posting: `paise` out of the limited account (a payout) or, negative, into it (a stake). */
async function pay(q: Queryable, accounts: { limited: number; cash: number }, paise: number): Promise<void> {
  const created = await q.query<{ id: number }>(
    `insert into journal_transactions (kind, description) values ('test_payout', 'stripes') returning id`,
  );
  await q.query(
    'insert into journal_entries (transaction_id, account_id, amount_paise) values ($1, $2, $3), ($1, $4, $5)',
    [created.rows[0]?.id, accounts.limited, -paise, accounts.cash, paise],
  );
}

async function balanceOf(account: number): Promise<number> {
  const row = (
    await db.query<{ b: string }>(
      `select (l.floor_paise + (select sum(headroom_paise) from ledger_limit_stripes s where s.account_id = l.account_id))::text as b from ledger_account_limits l where account_id = $1`,
      [account],
    )
  ).rows[0];
  return Number(row?.b);
}

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.db;
});
afterAll(async () => t.drop());

describe('striped payout limit (migration 0019)', () => {
  it('pays exactly as many payouts as the headroom allows, however they race, and refuses the rest', async () => {
    // Room for exactly 37 payouts of ₹1; 64 race for it over every pooled connection.
    const accounts = await limitedAccount('stripes-exact', -3_700);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 64 }, () => db.transaction((tx) => pay(tx, accounts, 100))),
    );
    const paid = outcomes.filter((o) => o.status === 'fulfilled').length;
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(paid).toBe(37);
    expect(
      refused
        .map((o) => String((o.reason as Error).message))
        .filter((message) => !/ledger_account_limit_reached/.test(message)),
    ).toEqual([]);
    expect(await balanceOf(accounts.limited)).toBe(-3_700);
    // Stakes coming in make room again, exactly.
    await db.transaction((tx) => pay(tx, accounts, -250));
    await db.transaction((tx) => pay(tx, accounts, 200));
    await expect(db.transaction((tx) => pay(tx, accounts, 51))).rejects.toThrow(/ledger_account_limit_reached/);
    await db.transaction((tx) => pay(tx, accounts, 50));
    expect(await balanceOf(accounts.limited)).toBe(-3_700);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('mixed stakes and payouts racing: the balance never ends below the floor and the stripes add up to the journal', async () => {
    const accounts = await limitedAccount('stripes-mixed', -10_000);
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const amounts = Array.from({ length: 200 }, () =>
      random() < 0.45 ? -Math.ceil(random() * 500) : Math.ceil(random() * 700),
    );
    const outcomes = await Promise.allSettled(amounts.map((paise) => db.transaction((tx) => pay(tx, accounts, paise))));
    const applied = amounts.reduce((sum, paise, i) => sum + (outcomes[i]?.status === 'fulfilled' ? -paise : 0), 0);
    expect(await balanceOf(accounts.limited)).toBe(applied);
    expect(applied).toBeGreaterThanOrEqual(-10_000);
    // Every stake went through (they only add room).
    amounts.forEach((paise, i) => paise < 0 && expect(outcomes[i]?.status).toBe('fulfilled'));
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it.skipIf(!onPostgres)(
    'does not serialise: a payout on another connection goes through while one is still uncommitted',
    async () => {
      const accounts = await limitedAccount('stripes-hot', -1_000_000);
      const url = t.url as string;
      // Two connections whose stripes differ (pg_backend_pid() % 16).
      const clients: pg.Client[] = [];
      const stripeOf = new Map<pg.Client, number>();
      while (new Set(stripeOf.values()).size < 2) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        clients.push(client);
        stripeOf.set(
          client,
          Number((await client.query<{ s: number }>('select pg_backend_pid() % 16 as s')).rows[0]?.s),
        );
      }
      const first = clients[0] as pg.Client;
      const second = clients.find((client) => stripeOf.get(client) !== stripeOf.get(first)) as pg.Client;
      const asQueryable = (client: pg.Client): Queryable =>
        ({ query: (sql: string, params?: unknown[]) => client.query(sql, params) }) as unknown as Queryable;
      try {
        await first.query('begin');
        await pay(asQueryable(first), accounts, 1_000);
        // With one limit row this would wait for `first` to commit; lock_timeout turns a wait into an error.
        await second.query('begin');
        await second.query(`set local lock_timeout = '2s'`);
        await pay(asQueryable(second), accounts, 1_000);
        await second.query('commit');
        await first.query('commit');
      } finally {
        for (const client of clients) await client.end();
      }
      expect(await balanceOf(accounts.limited)).toBe(-2_000);
      expect(await ledgerViolations(db)).toEqual([]);
    },
  );

  it('a floor raised above what was paid out is refused; lowered, it gives the room at once', async () => {
    const accounts = await limitedAccount('stripes-floor', -500);
    await db.transaction((tx) => pay(tx, accounts, 400));
    await expect(
      db.query('update ledger_account_limits set floor_paise = -399 where account_id = $1', [accounts.limited]),
    ).rejects.toThrow(/ledger_account_limit_reached/);
    await db.query('update ledger_account_limits set floor_paise = -900 where account_id = $1', [accounts.limited]);
    await db.transaction((tx) => pay(tx, accounts, 500));
    await expect(db.transaction((tx) => pay(tx, accounts, 1))).rejects.toThrow(/ledger_account_limit_reached/);
    expect(await ledgerViolations(db)).toEqual([]);
  });
});
