// One hot market behind two server processes (issue 10 stage 2, decision 0034): bets sent to BOTH
// processes at once, (a) without Redis: each process writes the market, taking turns on the advisory
// lock and rebuilding the book when the other wrote; (b) with Redis: one process holds the market's
// lease and the other forwards its bets to it. Peer in the same run: the same load on ONE process.
// Run after `npm run build`: npx tsx apps/server/bench/lease-bench.ts
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../test/free-port.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CLIENTS ?? 32);
const PLAYERS = 64;

interface Envelope<T> {
  meta: { code: number; token?: string };
  data: T;
}

async function call<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<Envelope<T>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

async function start(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_FEED: 'false',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '100000000',
      OTP_SENDS_PER_IP_PER_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      // starting
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Pairs of players back and lay ₹100 at 2.0 on the market, so every bet matches and the book stays flat. */
function load(base: string, market: { id: string; runner: string }, players: readonly string[], offset: number) {
  let slot = offset;
  let accepted = 0;
  const finished = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/place-bet',
        setupRequest: (request) => {
          const s = slot;
          slot += 2;
          const player = players[Math.floor(s / 2) % players.length] as string;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${player}`,
              'idempotency-key': `${process.pid}-${offset}-${s}-${randomBytes(4).toString('hex')}`,
            },
            body: JSON.stringify({
              marketId: market.id,
              selectionId: market.runner,
              selectionType: s % 2 === 0 ? 'back' : 'lay',
              odds: 2,
              stake: 100,
            }),
          };
        },
        onResponse: (_status, body) => {
          if (body.includes('"code":200')) accepted += 1;
        },
      },
    ],
  });
  return finished.then((result) => ({
    accepted,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }));
}

async function run(label: string, processes: 1 | 2, redis: boolean): Promise<void> {
  const name = `khel_lease_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const tag = randomBytes(4).toString('hex');
  const env = {
    DATABASE_URL: url.toString(),
    ...(redis
      ? { REDIS_URL, LIVE_CHANNEL: `khel:bench-live:${tag}`, MARKET_FORWARD_CHANNEL: `khel:bench-market:${tag}` }
      : {}),
  };
  const servers = [await start(env)];
  try {
    if (processes === 2) servers.push(await start({ ...env, DEMO_DATA: 'false' }));
    const a = (servers[0] as { base: string }).base;
    const director = (
      await call(a, 'POST', '/api/v1/login', { mobile_no: '919999900000', password: 'demo-director-1' })
    ).meta.token as string;
    const sport = await call<{ _id: string }>(a, 'POST', '/api/v1/backoffice/sports', { name: 'Cricket' }, director);
    const league = await call<{ _id: string }>(
      a,
      'POST',
      '/api/v1/backoffice/leagues',
      { sportId: sport.data._id, name: 'Lease Bench' },
      director,
    );
    const event = await call<{ _id: string }>(
      a,
      'POST',
      '/api/v1/backoffice/events',
      { leagueId: league.data._id, name: 'Home v Away', startTime: '2026-11-22T10:00:00Z' },
      director,
    );
    const created = await call<{ _id: string }>(
      a,
      'POST',
      '/api/v1/backoffice/markets',
      {
        eventId: event.data._id,
        marketType: 'EXCHANGE',
        name: 'Match Odds',
        runners: ['Home', 'Away'],
        betDelaySeconds: 0,
      },
      director,
    );
    const view = await call<{ runners: { _id: string }[] }>(
      a,
      'PUT',
      `/api/v1/backoffice/markets/${created.data._id}`,
      {},
      director,
    );
    const market = { id: created.data._id, runner: view.data.runners[0]?._id as string };
    const players: string[] = [];
    for (let i = 0; i < PLAYERS; i += 1) {
      const mobile = `9185${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(5, '0')}`;
      await call(a, 'POST', '/api/v1/signUp', {
        name: `Lease ${i}`,
        mobile_no: mobile,
        password: 'bench-password-1',
        confirmPassword: 'bench-password-1',
        ageConfirmed: true,
      });
      const outbox = await call<{ body: string }[]>(a, 'GET', `/api/dev/sms-outbox?mobile_no=${mobile}`);
      players.push(
        (await call(a, 'POST', '/api/v1/verify-otp', { mobile_no: mobile, otp: outbox.data[0]?.body.slice(0, 4) })).meta
          .token as string,
      );
    }
    // Half the players' bets go to each process (one process: all of them, at twice the connections).
    const results = await Promise.all(
      processes === 2
        ? servers.map((server, i) => load(server.base, market, players, i))
        : [load(a, market, players, 0), load(a, market, players, 1)],
    );
    const accepted = results.reduce((sum, r) => sum + r.accepted, 0);
    const errors = results.reduce((sum, r) => sum + r.errors, 0);
    console.log(
      `  ${label.padEnd(44)} ${String(2 * CONNECTIONS).padStart(5)} ${Math.round(accepted / SECONDS)
        .toString()
        .padStart(8)} ${Math.max(...results.map((r) => r.p50))
        .toFixed(1)
        .padStart(8)} ${Math.max(...results.map((r) => r.p99))
        .toFixed(1)
        .padStart(8)} ${String(errors).padStart(7)}`,
    );
  } finally {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await new Promise((done) => server.child.once('exit', done));
    }
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

console.log(
  `\n== One hot market, bets to two processes, autocannon ${SECONDS} s per row (${PLAYERS} players; every bet matches another at 2.0)`,
);
console.log('  case                                         conns   bets/s   p50 ms   p99 ms  errors');
await run('one process (peer)', 1, false);
await run('two processes, advisory lock + rebuild', 2, false);
await run('two processes, lease + forwarding (Redis)', 2, true);
