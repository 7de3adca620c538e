// Casino wallet callbacks over real HTTP on PostgreSQL: throughput and latency of debit+credit pairs,
// signed as a provider signs them, at 16 and 64 concurrent callers.
// Run: npx tsx apps/server/bench/casino-bench.ts   (or npm run bench -- casino)
import { createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { ledgerViolations } from '../test/ledger-invariants.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PLAYERS = 256;
const SECONDS_PER_LEVEL = Number(process.env.BENCH_SECONDS ?? 5);
const LEVELS = [16, 64];

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

await withDatabase(async (url) => {
  // As many pooled connections as the busiest level has callers.
  const db = openPostgresDatabase(url, { max: 64 });
  await migrate(db);
  const config = loadConfig({ NODE_ENV: 'production', ALLOW_OUTBOX_IN_PRODUCTION: 'true', LOG_LEVEL: 'silent', DEMO_DATA: 'false', RATE_LIMIT_PER_MINUTE: '1000000' });
  const { app, services } = await buildApp({ config, db });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  // A provider and a game, configured as an operator would, and players with play chips.
  const secret = randomBytes(32).toString('hex');
  await db.query(`insert into casino_providers (code, name, kind, secret, launch_url_template) values ('bench', 'Bench Gaming', 'external', $1, '/x?t={token}')`, [secret]);
  await db.query(`insert into casino_games (provider_id, code, title, category, is_slot, launch_kind) select id, 'bench-slot', 'Bench Slot', 'Slots', true, 'play' from casino_providers where code = 'bench'`);
  const players: string[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const user = await db.query<{ id: string }>(
      `insert into users (name, username, mobile_no, password_hash, role, referral_code, age_confirmed_at) values ($1, $1, $2, 'x', 4, $1, now()) returning id`,
      [`cb${i}`, `91910000${String(i).padStart(4, '0')}`],
    );
    const id = (user.rows[0] as { id: string }).id;
    await services.wallet.openAccountsFor(id, 4);
    players.push(id);
  }

  async function signed(path: string, payload: Record<string, unknown>): Promise<string> {
    const body = JSON.stringify({ ...payload, timestamp: Date.now() });
    const response = await fetch(`${address}/api/v1/casino-wallet/${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'x-provider': 'bench', 'x-signature': createHmac('sha256', secret).update(body).digest('hex') },
    });
    const answer = (await response.json()) as { data?: { status?: string } };
    return answer.data?.status ?? `HTTP ${response.status}`;
  }

  console.log(`\n== Casino wallet callbacks over HTTP on PostgreSQL (${PLAYERS} players, ${SECONDS_PER_LEVEL} s per level)`);
  console.log('  each pair: a signed debit then a signed credit of one round (two HTTP calls, two journal transactions)');
  console.log('  callers   pairs/s   calls/s   pair p50 ms   pair p99 ms   debit p50   credit p50');
  let counter = 0;
  let failures = 0;
  for (const callers of LEVELS) {
    const pairs: number[] = [];
    const debits: number[] = [];
    const credits: number[] = [];
    const deadline = performance.now() + SECONDS_PER_LEVEL * 1000;
    const worker = async (index: number) => {
      while (performance.now() < deadline) {
        counter += 1;
        const round = `r${counter}`;
        const playerId = players[(index * 7 + counter) % players.length] as string;
        const started = performance.now();
        const debit = await signed('debit', { playerId, transactionId: `d-${round}`, roundId: round, gameCode: 'bench-slot', amount: 1 });
        const between = performance.now();
        const credit = await signed('credit', { playerId, transactionId: `c-${round}`, roundId: round, gameCode: 'bench-slot', amount: counter % 3 === 0 ? 1.9 : 0 });
        const ended = performance.now();
        if (debit !== 'OK' || credit !== 'OK') failures += 1;
        pairs.push(ended - started);
        debits.push(between - started);
        credits.push(ended - between);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: callers }, (_, index) => worker(index)));
    const seconds = (performance.now() - started) / 1000;
    for (const list of [pairs, debits, credits]) list.sort((a, b) => a - b);
    console.log(
      `  ${String(callers).padStart(7)}   ${(pairs.length / seconds).toFixed(0).padStart(7)}   ${((pairs.length * 2) / seconds).toFixed(0).padStart(7)}   ${percentile(pairs, 50).toFixed(2).padStart(11)}   ${percentile(pairs, 99).toFixed(2).padStart(11)}   ${percentile(debits, 50).toFixed(2).padStart(9)}   ${percentile(credits, 50).toFixed(2).padStart(10)}`,
    );
  }
  const violations = await ledgerViolations(db);
  const reconciliation = await services.casino.casino.reconciliation('bench');
  console.log(`  refused calls: ${failures}; ledger invariants: ${violations.length === 0 ? 'all hold' : violations.join('; ')}; reconciliation problems: ${reconciliation.problems.length}`);
  await app.close();
  await db.close();
});
