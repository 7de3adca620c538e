// Casino wallet callbacks on PostgreSQL with autocannon (issue 10): signed debit + credit pairs at 64
// connections against the product's /api/v1/casino-wallet/{debit,credit}, and in the same run against
// a plain Fastify route that checks the same HMAC signature and answers the same JSON (the baseline:
// what HTTP, JSON and the signature cost on this machine, without the wallet).
// Run: npx tsx apps/server/bench/casino-wallet-bench.ts   (or npm run bench -- casino); BENCH_SECONDS, BENCH_CONNECTIONS,
// BENCH_CONTENTION=1 (the product again with a busy core beside it, then quiet again, issue 30), BENCH_POOL, CASINO_WALLET_BATCH and CASINO_WALLET_IN_FLIGHT (the group commit, decision 0028's third addendum); BENCH_CPU_PROF=<file.cpuprofile> writes a CPU profile of this process (both targets' servers)
// for the whole load, to open in Chrome DevTools or speedscope.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { ledgerViolations } from '../test/ledger-invariants.js';
import { CONTENTION, contentionLine, withBusyCore } from './busy-core.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PLAYERS = 256;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const POOL = Number(process.env.BENCH_POOL ?? 20);

const name = `khel_bench_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const db = openPostgresDatabase(url.toString(), { max: POOL });
try {
  await migrate(db);
  // The group commit's settings pass through (CASINO_WALLET_BATCH=1 measures every call alone, as before it).
  const groupCommit = Object.fromEntries(
    ['CASINO_WALLET_BATCH', 'CASINO_WALLET_IN_FLIGHT'].flatMap((key) =>
      process.env[key] === undefined ? [] : [[key, process.env[key] as string]],
    ),
  );
  const config = loadConfig({
    NODE_ENV: 'production',
    ALLOW_OUTBOX_IN_PRODUCTION: 'true',
    SECOND_FACTOR_KEY: 'a-bench-only-key-of-at-least-32-characters',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...groupCommit,
  });
  const { app, services } = await buildApp({ config, db });
  const product = await app.listen({ port: 0, host: '127.0.0.1' });

  // A provider and a game as an operator configures them; players with play chips and a live launch session each.
  const secret = randomBytes(32).toString('hex');
  await db.query(
    `insert into casino_providers (code, name, kind, secret, launch_url_template) values ('bench', 'Bench Gaming', 'external', $1, '/x?t={token}')`,
    [secret],
  );
  await db.query(
    `insert into casino_games (provider_id, code, title, category, is_slot, launch_kind) select id, 'bench-slot', 'Bench Slot', 'Slots', true, 'play' from casino_providers where code = 'bench'`,
  );
  const players: string[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const user = await db.query<{ id: string }>(
      `insert into users (name, username, mobile_no, password_hash, role, referral_code, age_confirmed_at) values ($1, $1, $2, 'x', 4, $1, now()) returning id`,
      [`cb${i}`, `91910000${String(i).padStart(4, '0')}`],
    );
    const id = (user.rows[0] as { id: string }).id;
    await services.wallet.openAccountsFor(id, 4);
    await db.query(
      `insert into casino_sessions (token_hash, user_id, provider_id, game_id, wallet, created_at, expires_at)
       select $1, $2, p.id, g.id, 'main', now(), now() + interval '1 day' from casino_providers p join casino_games g on g.provider_id = p.id where p.code = 'bench'`,
      [createHash('sha256').update(randomBytes(16)).digest('hex'), id],
    );
    players.push(id);
  }

  // The baseline: a plain Fastify route doing the same signature check and answering the same shape.
  const plain = Fastify();
  plain.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  plain.post('/api/v1/casino-wallet/:op', async (request) => {
    const raw = request.body as Buffer;
    const expected = createHmac('sha256', secret).update(raw).digest();
    const given = Buffer.from(String(request.headers['x-signature']), 'hex');
    const parsed = JSON.parse(raw.toString('utf8')) as { transactionId: string; playerId: string };
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { meta: { code: 401 } };
    return {
      meta: { code: 200, message: 'OK', status: 'OK' },
      data: {
        status: 'OK',
        balance: 100,
        currency: 'INR',
        transactionId: parsed.transactionId,
        playerId: parsed.playerId,
      },
    };
  });
  const baseline = await plain.listen({ port: 0, host: '127.0.0.1' });

  console.log(
    `\n== Casino wallet callbacks on PostgreSQL, autocannon ${CONNECTIONS} connections, ${SECONDS} s each (pool ${POOL}, ${PLAYERS} players)`,
  );
  console.log(
    '  one pair = a signed debit then a signed credit of the same round; the load generator runs in its own process',
  );
  type LoadRow = {
    name: string;
    pairsPerSecond: number;
    callsPerSecond: number;
    p50: number;
    p99: number;
    calls: number;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  /** One run of the load generator (its own process) against each target in turn. */
  async function load(targets: { name: string; url: string }[]): Promise<LoadRow[]> {
    const child = spawn(process.execPath, [new URL('./casino-wallet-load.mjs', import.meta.url).pathname], {
      env: {
        ...process.env,
        TARGETS: JSON.stringify(targets),
        SECRET: secret,
        PLAYERS: JSON.stringify(players),
        CONNECTIONS: String(CONNECTIONS),
        SECONDS: String(SECONDS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.once('exit', resolve));
    return output
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LoadRow);
  }
  const profiler = process.env.BENCH_CPU_PROF === undefined ? null : new Session();
  if (profiler !== null) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const rows = await load([
    { name: 'plain Fastify route (baseline)', url: baseline },
    { name: 'product wallet callbacks', url: product },
  ]);
  // The contention case (issue 30): the product again with a process spinning on one core beside it, then quiet
  // once more; the busy run against the mean of the two quiet ones (busy-core.ts).
  if (CONTENTION) {
    rows.push(...(await withBusyCore(() => load([{ name: 'product, a busy core beside', url: product }]))));
    rows.push(...(await load([{ name: 'product, quiet again', url: product }])));
  }
  if (profiler !== null) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(process.env.BENCH_CPU_PROF as string, JSON.stringify(profile));
    profiler.disconnect();
    console.log(`  CPU profile of the servers' process: ${process.env.BENCH_CPU_PROF}`);
  }
  console.log('  target                              pairs/s   calls/s   p50 ms   p99 ms   non-2xx   errors');
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(34)} ${row.pairsPerSecond.toFixed(0).padStart(8)} ${row.callsPerSecond.toFixed(0).padStart(9)} ${String(row.p50).padStart(8)} ${String(row.p99).padStart(8)} ${String(row.non2xx).padStart(9)} ${String(row.errors + row.timeouts).padStart(8)}`,
    );
  }
  const product_ = rows.find((row) => row.name === 'product wallet callbacks');
  const base = rows.find((row) => row.name.startsWith('plain'));
  if (product_ !== undefined && base !== undefined)
    console.log(`  product / baseline: ${(product_.callsPerSecond / base.callsPerSecond).toFixed(2)}×`);
  const busy = rows.find((row) => row.name.startsWith('product, a busy core'));
  const again = rows.find((row) => row.name === 'product, quiet again');
  if (product_ !== undefined && busy !== undefined && again !== undefined) {
    const run = (row: LoadRow) => ({ rate: row.pairsPerSecond, p99: row.p99 });
    console.log(`  ${contentionLine(run(product_), run(busy), run(again))}`);
  }
  const counts = services.casino.casinoWallet.writerCounts();
  console.log(
    `  group commit: ${counts.calls} one-statement calls in ${counts.statements} statements (${counts.batches} batches carried ${counts.batchedCalls} calls, ${(counts.batchedCalls / Math.max(1, counts.batches)).toFixed(1)} per batch; ${counts.fallbacks} batches undone and run call by call)`,
  );
  const statuses = await db.query<{ status: string; n: string }>(
    `select coalesce(response->'data'->>'status', 'none') as status, count(*)::text as n from casino_transactions group by 1 order by 1`,
  );
  console.log(`  wallet answers stored: ${statuses.rows.map((row) => `${row.status} ${row.n}`).join(', ')}`);
  const violations = await ledgerViolations(db);
  const reconciliation = await services.casino.casino.reconciliation('bench');
  console.log(
    `  ledger invariants: ${violations.length === 0 ? 'all hold' : violations.join('; ')}; reconciliation problems: ${reconciliation.problems.filter((p: { kind: string }) => p.kind !== 'ROUND_OPEN').length} (rounds still open when the run stopped are not problems)`,
  );
  await plain.close();
  await app.close();
} finally {
  await db.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
