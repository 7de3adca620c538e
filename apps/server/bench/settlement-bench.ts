// Settling one market with 10,000 matched bets on PostgreSQL (issue 10): the time of the product's own
// settlement (sports service → settlement service → batched ledger postings), then the ledger invariants.
// Run: npx tsx apps/server/bench/settlement-bench.ts   (or npm run bench -- settlement); BENCH_BETS.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { ledgerViolations } from '../test/ledger-invariants.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BETS = Number(process.env.BENCH_BETS ?? 10_000);
const STAKE_PAISE = 100_00;

const name = `khel_bench_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const db = openPostgresDatabase(url.toString(), { max: 8 });
/** The product's database, timing each transaction it runs (the settlement is one). */
const transactions: number[] = [];
const timed: typeof db = {
  ...db,
  query: db.query.bind(db),
  exec: db.exec.bind(db),
  close: db.close.bind(db),
  transaction: async (fn) => {
    const started = performance.now();
    try {
      return await db.transaction(fn);
    } finally {
      transactions.push(performance.now() - started);
    }
  },
};
try {
  await migrate(db);
  const config = loadConfig({
    NODE_ENV: 'production',
    ALLOW_OUTBOX_IN_PRODUCTION: 'true',
    SECOND_FACTOR_KEY: 'a-bench-only-key-of-at-least-32-characters',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    DEMO_FEED: 'false',
  });
  const { app, services } = await buildApp({ config, db: timed });

  // One player per bet (the worst case: one journal transaction per bet), made in bulk.
  await db.exec(`
    insert into users (id, name, username, mobile_no, password_hash, role, referral_code, age_confirmed_at)
      select gen_random_uuid(), 's' || i, 's' || i, '9181' || lpad(i::text, 8, '0'), 'x', 4, 'S' || i, now() from generate_series(1, ${BETS}) i;
    insert into ledger_accounts (kind, user_id, is_player) select 'player_main', id, true from users where role = 4;`);
  const users = (await db.query<{ id: string }>('select id from users where role = 4 order by mobile_no')).rows.map(
    (row) => row.id,
  );
  const funded = performance.now();
  await db.transaction(async (tx) => {
    for (let start = 0; start < users.length; start += 5_000) {
      await services.wallet.postMany(
        tx,
        users.slice(start, start + 5_000).map((userId) => ({
          kind: 'play_chips_grant',
          description: 'Bench chips',
          entries: [
            { account: { house: 'play_chips_issuer' as const }, amountPaise: -1_000_00 },
            { account: { userId, wallet: 'main' as const }, amountPaise: 1_000_00 },
          ],
        })),
      );
    }
  });
  console.log(`\n== Settling a bookmaker market with ${BETS.toLocaleString('en-IN')} matched bets (PostgreSQL)`);
  console.log(
    `  funding ${users.length.toLocaleString('en-IN')} wallets through the batched path, one client: ${(performance.now() - funded).toFixed(0)} ms`,
  );

  const market = (
    await db.query<{ market: string; a: string; b: string; event: string }>(`
      with s as (insert into sports (slug, name) values ('bench', 'Bench') returning id),
           l as (insert into leagues (sport_id, slug, name) select id, 'bench', 'Bench League' from s returning id),
           e as (insert into events (league_id, slug, name, start_time, status) select id, 'bench-v-bench', 'Bench v Bench', now(), 'in_play' from l returning id),
           m as (insert into markets (event_id, type, name, status, min_stake_paise, max_stake_paise, max_profit_paise)
                 select id, 'BOOKMAKER', 'Match odds', 'suspended', 100, 100000000, 1000000000 from e returning id, event_id),
           r as (insert into runners (market_id, name, sort_order) select id, n, o from m, (values ('Home', 0), ('Away', 1)) v(n, o) returning id, sort_order)
      select (select id from m) as market, (select event_id from m) as event,
             (select id from r where sort_order = 0) as a, (select id from r where sort_order = 1) as b`)
  ).rows[0] as { market: string; a: string; b: string; event: string };
  // Each player backs one runner at 90 % for ₹100, half on each: exposure ₹100 held on the market and the wallet.
  await db.query(
    `with p as (select id, row_number() over (order by mobile_no) as n from users where role = 4),
          b as (insert into bets (user_id, market_id, event_id, runner_id, side, rate_h, stake_paise, matched_paise, status, wallet, placed_version)
                select id, $1, $2, case when n % 2 = 0 then $3::uuid else $4::uuid end, 'back', 9000, $5, $5, 'matched', 'main', 0 from p returning user_id),
          x as (insert into market_exposures (user_id, market_id, wallet, exposure_paise) select user_id, $1, 'main', -$5 from b)
     update ledger_accounts a set exposure_paise = -$5 from p where a.user_id = p.id and a.kind = 'player_main'`,
    [market.market, market.event, market.a, market.b, STAKE_PAISE],
  );
  await db.exec('analyze');

  transactions.length = 0;
  const started = performance.now();
  await services.sports.settle(null, market.market, { winnerId: market.a }, null);
  const settledMs = performance.now() - started;
  const transactionMs = Math.max(...transactions);
  const settled = await db.query<{ n: number }>(
    `select count(*)::int as n from bets where market_id = $1 and status = 'settled'`,
    [market.market],
  );
  const postings = await db.query<{ n: number }>(
    `select count(*)::int as n from journal_transactions where idempotency_key like $1`,
    [`settle:${market.market}:%`],
  );
  console.log(
    `  settle (close, release ${BETS.toLocaleString('en-IN')} exposures, ${postings.rows[0]?.n.toLocaleString('en-IN')} journal transactions, ${settled.rows[0]?.n.toLocaleString('en-IN')} bets settled): ${transactionMs.toFixed(0)} ms in its database transaction; ${settledMs.toFixed(0)} ms with the live updates published after it`,
  );
  const violations = await ledgerViolations(db);
  console.log(`  ledger invariants after: ${violations.length === 0 ? 'all hold' : violations.join('; ')}`);
  await app.close();
} finally {
  await db.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
