// Hub88's Wallet API on PostgreSQL with autocannon (issue 27): signed bet + win pairs at 64 connections
// against the product's /api/v1/hub88/transaction/{bet,win} (RSA signature checked on every call, every
// answer signed), and in the same run against a plain Fastify route doing the same RSA check and answer
// signature (the baseline: what HTTP, JSON and RSA cost here, without the wallet).
// Run: npx tsx apps/server/bench/hub88-wallet-bench.ts   (BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_POOL)
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID, sign, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { newKeyPair } from '../src/lib/hub88-signature.js';
import { ledgerViolations } from '../test/ledger-invariants.js';

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
  const aggregator = newKeyPair();
  const operator = newKeyPair();
  const dir = mkdtempSync(join(tmpdir(), 'hub88-bench-'));
  writeFileSync(join(dir, 'hub88.pem'), aggregator.publicKey.export({ type: 'spki', format: 'pem' }));
  writeFileSync(join(dir, 'operator.pem'), operator.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  const config = loadConfig({
    NODE_ENV: 'production',
    ALLOW_OUTBOX_IN_PRODUCTION: 'true',
    SECOND_FACTOR_KEY: 'a-bench-only-key-of-at-least-32-characters',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000',
    HUB88_PUBLIC_KEY: join(dir, 'hub88.pem'),
    HUB88_OPERATOR_PRIVATE_KEY: join(dir, 'operator.pem'),
  });
  const { app, services } = await buildApp({ config, db });
  const product = await app.listen({ port: 0, host: '127.0.0.1' });

  // A live table from the aggregator; players with play chips and a live launch session (its token) each.
  await db.query(
    `insert into casino_games (provider_id, code, title, category, is_slot, launch_kind, studio) select id, 'bench_roulette', 'Bench Roulette', 'Live Roulette', false, 'play', 'Evolution' from casino_providers where code = 'hub88'`,
  );
  const players: { user: string; token: string }[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const user = await db.query<{ id: string }>(
      `insert into users (name, username, mobile_no, password_hash, role, referral_code, age_confirmed_at) values ($1, $1, $2, 'x', 4, $1, now()) returning id`,
      [`hb${i}`, `91920000${String(i).padStart(4, '0')}`],
    );
    const id = (user.rows[0] as { id: string }).id;
    await services.wallet.openAccountsFor(id, 4);
    const token = randomUUID() + randomUUID();
    await db.query(
      `insert into casino_sessions (token_hash, user_id, provider_id, game_id, wallet, created_at, expires_at)
       select $1, $2, p.id, g.id, 'main', now(), now() + interval '1 day' from casino_providers p join casino_games g on g.provider_id = p.id where p.code = 'hub88'`,
      [createHash('sha256').update(token).digest('hex'), id],
    );
    players.push({ user: id, token });
  }

  // The baseline: the same RSA check and a signed answer of the same shape, no wallet.
  const plain = Fastify();
  plain.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  plain.post('/api/v1/hub88/transaction/:op', async (request, reply) => {
    const raw = request.body as Buffer;
    const ok = verify(
      'sha256',
      raw,
      aggregator.publicKey,
      Buffer.from(String(request.headers['x-hub88-signature']), 'base64'),
    );
    const parsed = JSON.parse(raw.toString('utf8')) as { user: string; request_uuid: string };
    const text = JSON.stringify({
      status: ok ? 'RS_OK' : 'RS_ERROR_INVALID_SIGNATURE',
      request_uuid: parsed.request_uuid,
      user: parsed.user,
      currency: 'INR',
      balance: 100_000,
    });
    return reply
      .header('x-hub88-signature', sign('sha256', Buffer.from(text), operator.privateKey).toString('base64'))
      .type('application/json')
      .send(text);
  });
  const baseline = await plain.listen({ port: 0, host: '127.0.0.1' });

  console.log(
    `\n== Hub88 Wallet API on PostgreSQL, autocannon ${CONNECTIONS} connections, ${SECONDS} s each (pool ${POOL}, ${PLAYERS} players)`,
  );
  console.log(
    `  load average before: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const child = spawn(process.execPath, [new URL('./hub88-wallet-load.mjs', import.meta.url).pathname], {
    env: {
      ...process.env,
      TARGETS: JSON.stringify([
        { name: 'plain Fastify route, RSA (baseline)', url: baseline },
        { name: 'product Hub88 wallet', url: product },
      ]),
      AGGREGATOR_KEY: aggregator.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      PLAYERS: JSON.stringify(players),
      CONNECTIONS: String(CONNECTIONS),
      SECONDS: String(SECONDS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  console.log(
    `  load average after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log('  target                                 pairs/s   calls/s   p50 ms   p99 ms   non-2xx   errors');
  for (const line of output
    .trim()
    .split('\n')
    .filter((row) => row.startsWith('{'))) {
    const row = JSON.parse(line) as {
      name: string;
      pairsPerSecond: number;
      callsPerSecond: number;
      p50: number;
      p99: number;
      non2xx: number;
      errors: number;
    };
    console.log(
      `  ${row.name.padEnd(37)} ${row.pairsPerSecond.toFixed(0).padStart(8)} ${row.callsPerSecond.toFixed(0).padStart(9)} ${String(row.p50).padStart(8)} ${String(row.p99).padStart(8)} ${String(row.non2xx).padStart(9)} ${String(row.errors).padStart(8)}`,
    );
  }
  const statuses = await db.query<{ status: string; n: string }>(
    `select response->>'status' as status, count(*)::text as n from hub88_requests group by 1 order by 1`,
  );
  console.log(`  Hub88 answers kept: ${statuses.rows.map((row) => `${row.status} ${row.n}`).join(', ')}`);
  const violations = await ledgerViolations(db);
  console.log(`  ledger invariants: ${violations.length === 0 ? 'all hold' : violations.join('; ')}`);
  await plain.close();
  await app.close();
} finally {
  await db.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
