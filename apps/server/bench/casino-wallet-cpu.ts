// What one casino wallet callback costs in CPU, in the server and in PostgreSQL (issue 10). Wall-clock
// figures depend on how busy the machine is; CPU time per call barely does, so this is the bench to
// compare changes with on a shared machine. Sequential signed debit + credit pairs through the whole
// Fastify pipeline (`inject`: routing, HMAC, zod, the handler, serialisation) against a fresh
// PostgreSQL database; the server's CPU from process.cpuUsage(), PostgreSQL's from /proc of the
// database's backends (the server must run on this machine).
// Run: npx tsx apps/server/bench/casino-wallet-cpu.ts   (BENCH_PAIRS, default 3000)
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { ledgerViolations } from '../test/ledger-invariants.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3000);
const PLAYERS = 64;
const TICK_MS = 10; // USER_HZ 100

const name = `khel_bench_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const db = openPostgresDatabase(url.toString(), { max: 4 });

/** CPU milliseconds used so far by every backend of the bench database (those alive now). */
async function backendCpuMs(): Promise<Map<number, number>> {
  const pids = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
  const out = new Map<number, number>();
  for (const { pid } of pids.rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // not on this machine
    }
  }
  return out;
}

try {
  await migrate(db);
  const config = loadConfig({ NODE_ENV: 'production', ALLOW_OUTBOX_IN_PRODUCTION: 'true', LOG_LEVEL: 'silent', DEMO_DATA: 'false', RATE_LIMIT_PER_MINUTE: '1000000' });
  const { app, services } = await buildApp({ config, db });
  await app.ready();
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
    await db.query(
      `insert into casino_sessions (token_hash, user_id, provider_id, game_id, wallet, created_at, expires_at)
       select $1, $2, p.id, g.id, 'main', now(), now() + interval '1 day' from casino_providers p join casino_games g on g.provider_id = p.id where p.code = 'bench'`,
      [createHash('sha256').update(randomBytes(16)).digest('hex'), id],
    );
    players.push(id);
  }
  const call = async (op: string, payload: Record<string, unknown>) => {
    const body = JSON.stringify({ ...payload, timestamp: Date.now() });
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/casino-wallet/${op}`,
      payload: body,
      headers: { 'content-type': 'application/json', 'x-provider': 'bench', 'x-signature': createHmac('sha256', secret).update(body).digest('hex') },
    });
    const status = (response.json() as { data?: { status?: string } }).data?.status;
    if (status !== 'OK') throw new Error(`${op}: ${response.body}`);
  };
  const pair = async (i: number, tag: string) => {
    const playerId = players[i % players.length] as string;
    const round = `${tag}-${i}`;
    await call('debit', { playerId, transactionId: `d-${round}`, roundId: round, gameCode: 'bench-slot', amount: 1 });
    await call('credit', { playerId, transactionId: `c-${round}`, roundId: round, gameCode: 'bench-slot', amount: i % 3 === 0 ? 1.9 : 0 });
  };
  // Warm up: caches, prepared statements, the JIT.
  for (let i = 0; i < 300; i += 1) await pair(i, 'warm');

  const pgBefore = await backendCpuMs();
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < PAIRS; i += 1) await pair(i, 'run');
  const wallMs = performance.now() - started;
  const node = process.cpuUsage(nodeBefore);
  const pgAfter = await backendCpuMs();
  let pgMs = 0;
  for (const [pid, ms] of pgAfter) pgMs += ms - (pgBefore.get(pid) ?? 0);
  const calls = PAIRS * 2;
  const nodeMs = (node.user + node.system) / 1000;
  console.log(`\n== Casino wallet: CPU per callback, ${PAIRS} sequential debit + credit pairs through inject() on PostgreSQL`);
  console.log(`  server (Node)  ${(nodeMs / calls).toFixed(3)} ms CPU per call`);
  console.log(`  PostgreSQL     ${(pgMs / calls).toFixed(3)} ms CPU per call (backends of the bench database; 10 ms ticks)`);
  console.log(`  both           ${((nodeMs + pgMs) / calls).toFixed(3)} ms CPU per call → at most ${(2000 / ((nodeMs + pgMs) / calls) / 2).toFixed(0)} pairs/s on 2 cores with nothing else running`);
  console.log(`  wall           ${(wallMs / calls).toFixed(3)} ms per call, one at a time (includes waiting for the CPU on a shared machine)`);
  const violations = await ledgerViolations(db);
  console.log(`  ledger invariants: ${violations.length === 0 ? 'all hold' : violations.join('; ')}`);
  await app.close();
} finally {
  await db.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
