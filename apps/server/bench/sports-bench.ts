// Bets placed per second end to end through HTTP on PostgreSQL (1, 16, 64 clients, p50/p99), and
// WebSocket fan-out: 5,000 subscribed clients, time from a price change to the last one receiving it.
// Run: npx tsx apps/server/bench/sports-bench.ts   (or npm run bench -- sports). Needs npm run build.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { freePort } from '../test/free-port.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const FANOUT_CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 5000);
const MARKETS = 16;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Envelope<T> {
  meta: { code: number; message: string; token?: string };
  data: T;
}

async function call<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Envelope<T>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

const name = `khel_sports_bench_${randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(
  process.execPath,
  [
    ...(process.env.BENCH_PROFILE === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]),
    'apps/server/dist/server.js',
  ],
  {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      DEMO_FEED: 'false',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '10000000',
      OTP_SENDS_PER_IP_PER_HOUR: '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
try {
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const director = (
    await call<unknown>(base, 'POST', '/api/v1/login', { mobile_no: '919999900000', password: 'demo-director-1' })
  ).meta.token as string;
  const sport = await call<{ _id: string }>(base, 'POST', '/api/v1/backoffice/sports', { name: 'Cricket' }, director);
  const league = await call<{ _id: string }>(
    base,
    'POST',
    '/api/v1/backoffice/leagues',
    { sportId: sport.data._id, name: 'Bench League' },
    director,
  );
  const markets: { id: string; runner: string }[] = [];
  for (let i = 0; i < MARKETS; i += 1) {
    const event = await call<{ _id: string }>(
      base,
      'POST',
      '/api/v1/backoffice/events',
      { leagueId: league.data._id, name: `Bench ${i} v Rivals ${i}`, startTime: '2026-11-22T10:00:00Z' },
      director,
    );
    const market = await call<{ _id: string }>(
      base,
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
      base,
      'PUT',
      `/api/v1/backoffice/markets/${market.data._id}`,
      {},
      director,
    );
    markets.push({ id: market.data._id, runner: view.data.runners[0]?._id as string });
  }
  // 64 players, signed up through the API like any player.
  const players: string[] = [];
  for (let i = 0; i < 64; i += 1) {
    const mobile = `9188${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(5, '0')}`;
    await call(base, 'POST', '/api/v1/signUp', {
      name: `Bench ${i}`,
      mobile_no: mobile,
      password: 'bench-password-1',
      confirmPassword: 'bench-password-1',
      ageConfirmed: true,
    });
    const outbox = await call<{ body: string }[]>(base, 'GET', `/api/dev/sms-outbox?mobile_no=${mobile}`);
    const otp = outbox.data[0]?.body.slice(0, 4) as string;
    players.push(
      (await call<unknown>(base, 'POST', '/api/v1/verify-otp', { mobile_no: mobile, otp })).meta.token as string,
    );
  }

  console.log(
    `\n== Bets placed per second through HTTP on PostgreSQL (${MARKETS} markets, 64 players, ${SECONDS} s per level)`,
  );
  console.log(
    '  each request: POST /api/v1/place-bet with an Idempotency-Key; pairs of players back and lay at 2.0 and match each other',
  );
  console.log('  clients   bets/s    p50 ms   p99 ms   refused');
  for (const clients of (process.env.BENCH_CLIENTS ?? '1,16,64').split(',').map(Number)) {
    const latencies: number[] = [];
    let refused = 0;
    const reasons = new Map<string, number>();
    const deadline = performance.now() + SECONDS * 1000;
    // Each client drives a pair of players on its own market: one backs, the other lays the same stake
    // at the same price (they match), then they swap sides, so positions stay flat and nothing piles up.
    const worker = async (index: number) => {
      const pair = [
        players[(index * 2) % players.length] as string,
        players[(index * 2 + 1) % players.length] as string,
      ];
      const market = markets[index % markets.length] as { id: string; runner: string };
      let step = 0;
      while (performance.now() < deadline) {
        const side = step % 4 === 0 || step % 4 === 3 ? 'back' : 'lay';
        const token = pair[step % 2] as string;
        step += 1;
        const started = performance.now();
        const answer = await call(
          base,
          'POST',
          '/api/v1/place-bet',
          { marketId: market.id, selectionId: market.runner, selectionType: side, odds: 2, stake: 100 },
          token,
          { 'idempotency-key': randomBytes(12).toString('hex') },
        );
        latencies.push(performance.now() - started);
        if (answer.meta.code !== 200) {
          refused += 1;
          reasons.set(answer.meta.message, (reasons.get(answer.meta.message) ?? 0) + 1);
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: clients }, (_, index) => worker(index)));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      `  ${String(clients).padStart(7)}   ${(latencies.length / seconds).toFixed(0).padStart(6)}   ${percentile(latencies, 50).toFixed(1).padStart(6)}   ${percentile(latencies, 99).toFixed(1).padStart(6)}   ${refused}`,
    );
    if (reasons.size > 0)
      console.log(`            refusals: ${[...reasons].map(([reason, count]) => `${reason} ×${count}`).join(', ')}`);
  }

  console.log(`\n== WebSocket fan-out: ${FANOUT_CLIENTS.toLocaleString('en-IN')} clients subscribed to one market`);
  const target = markets[0] as { id: string; runner: string };
  const sockets: WebSocket[] = [];
  const arrivals: number[] = [];
  let trialStarted = 0;
  let waiting = 0;
  let resolveTrial: (() => void) | null = null;
  const connectStarted = performance.now();
  for (let i = 0; i < FANOUT_CLIENTS; i += 1) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { perMessageDeflate: false });
    sockets.push(socket);
    socket.on('message', (data: Buffer) => {
      if (trialStarted === 0 || !data.toString().includes('"type":"market"')) return;
      arrivals.push(performance.now() - trialStarted);
      waiting -= 1;
      if (waiting === 0) resolveTrial?.();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'subscribe', marketIds: [target.id] }));
        resolve();
      });
      socket.once('error', reject);
    });
  }
  console.log(
    `  ${FANOUT_CLIENTS} clients connected and subscribed in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`,
  );
  await new Promise((resolve) => setTimeout(resolve, 2000)); // let the subscription snapshots drain
  const lastArrivals: number[] = [];
  const allArrivals: number[] = [];
  const TRIALS = 20;
  for (let trial = 0; trial < TRIALS; trial += 1) {
    arrivals.length = 0;
    waiting = FANOUT_CLIENTS;
    const done = new Promise<void>((resolve) => (resolveTrial = resolve));
    trialStarted = performance.now();
    // A price change: a new lay offer on the market moves its back-side ladder.
    void call(
      base,
      'POST',
      '/api/v1/place-bet',
      {
        marketId: target.id,
        selectionId: target.runner,
        selectionType: 'lay',
        odds: 3 + (trial % 5) * 0.05,
        stake: 100,
      },
      players[trial % players.length],
      { 'idempotency-key': randomBytes(12).toString('hex') },
    );
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    trialStarted = 0;
    if (arrivals.length > 0) lastArrivals.push(Math.max(...arrivals));
    allArrivals.push(...arrivals);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  lastArrivals.sort((a, b) => a - b);
  allArrivals.sort((a, b) => a - b);
  console.log(
    `  ${TRIALS} price changes (each a placed bet: the time includes the bet's own HTTP request and transaction)`,
  );
  console.log(
    `  last client received: p50 ${percentile(lastArrivals, 50).toFixed(1)} ms, p99 ${percentile(lastArrivals, 99).toFixed(1)} ms`,
  );
  console.log(
    `  every delivery:       p50 ${percentile(allArrivals, 50).toFixed(1)} ms, p99 ${percentile(allArrivals, 99).toFixed(1)} ms (${allArrivals.length.toLocaleString('en-IN')} messages)`,
  );
  for (const socket of sockets) socket.terminate();
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
