// Ledger throughput on the PostgreSQL server, and the invariant checker at one million journal entries.
// Run: npx tsx apps/server/bench/ledger-bench.ts   (or npm run bench -- ledger); BENCH_SECONDS, BENCH_BATCH, BENCH_PLAYERS, LEDGER_ONLY=batched,
// BENCH_CONTENTION=1 (the batched path again with a busy core beside it, then quiet again, issue 30)
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../src/db/migrate.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { systemClock } from '../src/lib/clock.js';
import type { Database } from '../src/db/database.js';
import { createWalletService, type WalletService } from '../src/modules/wallet/wallet-service.js';
import { ledgerViolations } from '../test/ledger-invariants.js';
import { CONTENTION, contentionLine, withBusyCore } from './busy-core.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2048);
const SECONDS_PER_LEVEL = Number(process.env.BENCH_SECONDS ?? 5);
const BATCH = Number(process.env.BENCH_BATCH ?? 200);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `khel_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function throughput(): Promise<void> {
  await withDatabase(async (url) => {
    const db = openPostgresDatabase(url, { max: 40 });
    await migrate(db);
    const wallet = createWalletService({ db, clock: systemClock, moneyMode: 'play' });
    const players: string[] = [];
    for (let i = 0; i < PLAYERS; i += 1) {
      const user = await db.query<{ id: string }>(
        `insert into users (name, username, mobile_no, password_hash, role, referral_code, age_confirmed_at) values ($1, $1, $2, 'x', 4, $1, now()) returning id`,
        [`bench${i}`, `91900000${String(i).padStart(4, '0')}`],
      );
      const id = (user.rows[0] as { id: string }).id;
      await wallet.openAccountsFor(id, 4);
      players.push(id);
    }
    console.log(
      `\n== Ledger: journal transactions per second on PostgreSQL (${PLAYERS} players, ${SECONDS_PER_LEVEL} s per level)`,
    );
    console.log(
      '  each transaction: one database transaction posting a balanced pair (house clearing ↔ player wallet)',
    );
    console.log('  clients   tx/s      p50 ms   p99 ms');
    for (const clients of process.env.LEDGER_ONLY === 'batched' ? [] : [1, 8, 32]) {
      const latencies: number[] = [];
      const deadline = performance.now() + SECONDS_PER_LEVEL * 1000;
      let counter = 0;
      const worker = async () => {
        while (performance.now() < deadline) {
          counter += 1;
          const player = players[(counter * 7919) % players.length] as string;
          const credit = counter % 3 !== 0;
          const amountPaise = 100 + (counter % 5000);
          const started = performance.now();
          await db.transaction((tx) =>
            wallet.post(tx, {
              kind: credit ? 'deposit' : 'withdrawal_hold',
              description: 'bench',
              entries: [
                { account: { house: 'clearing_upi' }, amountPaise: credit ? -amountPaise : amountPaise },
                { account: { userId: player, wallet: 'main' }, amountPaise: credit ? amountPaise : -amountPaise },
              ],
            }),
          );
          latencies.push(performance.now() - started);
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: clients }, worker));
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      console.log(
        `  ${String(clients).padStart(7)}   ${(latencies.length / seconds).toFixed(0).padStart(6)}   ${percentile(latencies, 50).toFixed(2).padStart(6)}   ${percentile(latencies, 99).toFixed(2).padStart(6)}`,
      );
    }
    const quiet = await batched(db, wallet, players);
    // The contention case (issue 30): the batched path again with a process spinning on one core beside it,
    // then quiet once more; the busy rows against the mean of the two quiet ones (busy-core.ts).
    if (CONTENTION) {
      const busy = await withBusyCore(() => batched(db, wallet, players, 'with a busy core beside'));
      const again = await batched(db, wallet, players, 'quiet again');
      for (const row of busy) {
        const before = quiet.find((q) => q.clients === row.clients);
        const after = again.find((q) => q.clients === row.clients);
        if (before !== undefined && after !== undefined)
          console.log(`  ${row.clients} clients: ${contentionLine(before, row, after)}`);
      }
    }
    const violations = await ledgerViolations(db);
    console.log(`  invariants after the run: ${violations.length === 0 ? 'all hold' : violations.join('; ')}`);
    await db.close();
  });
}

/**
 * The batched path (wallet.postMany): each client commits BATCH journal transactions per database
 * transaction in one multi-row statement, as a market's writer or a settlement does. Each client posts
 * to its own slice of the players (one writer per market touches its own players); the house side is
 * shared by all.
 */
async function batched(
  db: Database,
  wallet: WalletService,
  players: string[],
  label = '',
): Promise<{ clients: number; rate: number; p99: number }[]> {
  const measured: { clients: number; rate: number; p99: number }[] = [];
  console.log(
    `\n== Ledger, batched path${label === '' ? '' : `, ${label}`}: ${BATCH} journal transactions per database transaction (wallet.postMany), ${SECONDS_PER_LEVEL} s per level`,
  );
  console.log('  clients   journal tx/s   batches/s   batch p50 ms   batch p99 ms');
  for (const clients of [1, 8]) {
    const latencies: number[] = [];
    const deadline = performance.now() + SECONDS_PER_LEVEL * 1000;
    const worker = async (client: number) => {
      const own = players.filter((_, index) => index % clients === client);
      let counter = 0;
      while (performance.now() < deadline) {
        const started = performance.now();
        await db.transaction((tx) =>
          wallet.postMany(
            tx,
            Array.from({ length: BATCH }, () => {
              counter += 1;
              const player = own[counter % own.length] as string;
              const amountPaise = 100 + (counter % 5000);
              const credit = counter % 3 !== 0;
              return {
                kind: credit ? 'deposit' : 'withdrawal_hold',
                description: 'bench',
                entries: [
                  { account: { house: 'clearing_upi' as const }, amountPaise: credit ? -amountPaise : amountPaise },
                  {
                    account: { userId: player, wallet: 'main' as const },
                    amountPaise: credit ? amountPaise : -amountPaise,
                  },
                ],
              };
            }),
          ),
        );
        latencies.push(performance.now() - started);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: clients }, (_, client) => worker(client)));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      `  ${String(clients).padStart(7)}   ${((latencies.length * BATCH) / seconds).toFixed(0).padStart(12)}   ${(latencies.length / seconds).toFixed(0).padStart(9)}   ${percentile(latencies, 50).toFixed(1).padStart(12)}   ${percentile(latencies, 99).toFixed(1).padStart(12)}`,
    );
    measured.push({ clients, rate: (latencies.length * BATCH) / seconds, p99: percentile(latencies, 99) });
  }
  return measured;
}

async function checkerAtOneMillion(): Promise<void> {
  await withDatabase(async (url) => {
    const db = openPostgresDatabase(url, { max: 4 });
    await migrate(db);
    console.log('\n== Ledger invariant checker at 1,000,000 journal entries (PostgreSQL)');
    const loadStarted = performance.now();
    await db.exec(`
      insert into users (id, name, username, mobile_no, password_hash, role, referral_code, age_confirmed_at)
        select gen_random_uuid(), 'p' || i, 'p' || i, '9180' || lpad(i::text, 8, '0'), 'x', 4, 'R' || i, now() from generate_series(1, 1000) i;
      insert into ledger_accounts (kind, user_id, is_player) select 'player_main', id, true from users;
    `);
    // Bulk load with triggers off (superuser), then set the cached balances from the journal once:
    // the checker is what is being timed, not a million trigger calls.
    await db.transaction(async (tx) => {
      await tx.exec(`set local session_replication_role = replica;
        insert into journal_transactions (kind, description) select 'deposit', 'bulk' from generate_series(1, 500000);
        insert into journal_entries (transaction_id, account_id, amount_paise)
          select j.id, p.id, 1000 + (j.id % 997)
          from journal_transactions j join (select id, row_number() over (order by id) - 1 as n from ledger_accounts where is_player) p on p.n = j.id % 1000;
        insert into journal_entries (transaction_id, account_id, amount_paise)
          select j.id, (select id from ledger_accounts where kind = 'clearing_upi'), -(1000 + (j.id % 997)) from journal_transactions j;`);
    });
    await db.exec(`update ledger_accounts a set balance_paise = s.total from (select account_id, sum(amount_paise) as total from journal_entries group by account_id) s where s.account_id = a.id and a.is_player;
      analyze journal_entries; analyze journal_transactions; analyze ledger_accounts;`);
    const entries = await db.query<{ n: number }>('select count(*)::int as n from journal_entries');
    console.log(
      `  loaded ${entries.rows[0]?.n.toLocaleString('en-IN')} entries in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
    );
    const timings: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      const violations = await ledgerViolations(db);
      timings.push(performance.now() - started);
      if (violations.length > 0) throw new Error(violations.join('; '));
    }
    timings.sort((a, b) => a - b);
    console.log(
      `  full check (zero-sum per transaction and overall, cached = journal, no negative available, no double moves): median ${(timings[1] ?? 0).toFixed(0)} ms of 3 runs`,
    );
    await db.close();
  });
}

await throughput();
if (process.env.LEDGER_ONLY !== 'batched') await checkerAtOneMillion();
