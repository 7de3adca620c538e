// What every request pays for (issue 10, "The HTTP path"): autocannon at 64 connections against a bare
// Fastify route and the product's cheapest calls, each server in its own process, in one run.
// Run after `npm run build`: npx tsx apps/server/bench/http-bench.ts   (or npm run bench -- http)
// BENCH_SECONDS (5), BENCH_CONNECTIONS (64), BENCH_ROUNDS (3), BENCH_ROUTES (a comma list of which
// product routes to load: favicon,app-settings,getUserData; all by default), BENCH_NODE_ARGS (e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/prof") to the product's process, for profiling it under load;
// BENCH_BASELINE (the server.js of another build, e.g. a copy of apps/server/dist made before a change):
// that build runs too, on the same database, and each of its routes is loaded right after ours in every
// round, so a before/after pair shares its peer runs and its load.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { cpuMsOf } from './proc-cpu.js';
import { createBenchDatabase, type BenchDatabase } from './bench-database.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUTES = process.env.BENCH_ROUTES?.split(',') ?? null;
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
const BASELINE =
  process.env.BENCH_BASELINE === undefined || process.env.BENCH_BASELINE === ''
    ? null
    : resolve(process.env.BENCH_BASELINE);

function startProcess(
  args: string[],
  env: Record<string, string>,
  logFile: string,
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolveStart, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = createWriteStream(logFile);
    let seen = '';
    const onData = (chunk: Buffer) => {
      log.write(chunk);
      if (seen.length < 20_000) seen += chunk.toString();
      const match = /http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/.exec(seen);
      if (match !== null) {
        child.stdout?.off('data', onData);
        child.stdout?.on('data', (more: Buffer) => log.write(more));
        resolveStart({ child, url: `http://127.0.0.1:${match[1] as string}` });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => log.write(chunk));
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}; see ${logFile}`)));
  });
}

/** The process's CPU time so far in µs (Linux /proc; null elsewhere). */
function cpuMicros(pid: number | undefined): number | null {
  const ms = cpuMsOf(pid);
  return ms === null ? null : ms * 1000;
}

type Load = { rps: number; p50: number; p99: number; errors: number; cpuPerAnswer: number | null };
/** One autocannon run; cpuPerAnswer is the server process's CPU per answer, steadier than req/s on a shared machine. */
async function load(url: string, pid: number | undefined, headers: Record<string, string> = {}): Promise<Load> {
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpuAfter = cpuMicros(pid);
  const cpuPerAnswer =
    cpuBefore === null || cpuAfter === null || result.requests.total === 0
      ? null
      : (cpuAfter - cpuBefore) / result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuPerAnswer,
  };
}

// One database per product process: two processes on one database would also share (and fight over)
// its background work, such as the house crash game's rounds, and measure that instead of the HTTP path.
const databases = [
  await createBenchDatabase(ADMIN_URL, 'khel_http'),
  ...(BASELINE === null ? [] : [await createBenchDatabase(ADMIN_URL, 'khel_http')]),
];
const logs = mkdtempSync(join(tmpdir(), 'khel-http-bench-'));
const children: ChildProcess[] = [];
try {
  const plain = await startProcess([join(ROOT, 'apps/server/bench/plain-fastify.mjs')], {}, join(logs, 'plain.log'));
  children.push(plain.child);
  // Production mode, as deployed: built files from memory, index.html read once (development re-reads from disk).
  const productEnv = (database: BenchDatabase) => ({
    NODE_ENV: 'production',
    ALLOW_OUTBOX_IN_PRODUCTION: 'true',
    SECOND_FACTOR_KEY: 'a-bench-only-key-of-at-least-32-characters',
    PORT: '0',
    HOST: '127.0.0.1',
    ...database.env,
    RATE_LIMIT_PER_MINUTE: '100000000',
    DEMO_FEED: 'false',
  });
  const product = await startProcess(
    [...NODE_ARGS, join(ROOT, 'apps/server/dist/server.js')],
    productEnv(databases[0] as BenchDatabase),
    join(logs, 'product.log'),
  );
  children.push(product.child);
  const baseline =
    BASELINE === null
      ? null
      : await startProcess([BASELINE], productEnv(databases[1] as BenchDatabase), join(logs, 'baseline.log'));
  if (baseline !== null) children.push(baseline.child);
  const signIn = async (url: string) => {
    const login = await fetch(`${url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile_no: '919999900001', password: 'demo-player-1' }),
    });
    const token = ((await login.json()) as { meta: { token?: string } }).meta.token;
    if (token === undefined) throw new Error('demo player login failed');
    return token;
  };

  // Rounds: the peer, then each product route, then the peer again, and so on. A route's ratio is its
  // req/s over the mean of the two peer runs around it, and the median over the rounds is reported: on
  // a machine shared with other work, load that comes and goes moves both sides of a ratio together.
  console.log(
    `\n== HTTP path: autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, ${ROUNDS} round(s), server logs to a file (LOG_LEVEL info)`,
  );
  console.log(
    "  route                                               req/s    p50 ms   p99 ms   errors   vs plain   server CPU/answer, peer's over it   (req/s ratio per round)",
  );
  const servers = [
    { suffix: '', server: product, token: await signIn(product.url) },
    ...(baseline === null ? [] : [{ suffix: ' (baseline)', server: baseline, token: await signIn(baseline.url) }]),
  ];
  const routes = (
    [
      ['favicon', 'GET /favicon.svg (static)', '/favicon.svg', {}],
      ['app-settings', 'GET /api/v1/app-settings (public)', '/api/v1/app-settings', {}],
      ['getUserData', 'GET /api/v1/getUserData (signed in)', '/api/v1/getUserData', true],
    ] as [string, string, string, boolean][]
  )
    .filter(([key]) => ROUTES === null || ROUTES.includes(key))
    .flatMap(([, label, path, signedIn]) =>
      servers.map(
        ({ suffix, server, token }) =>
          [
            `${label}${suffix}`,
            `${server.url}${path}`,
            (signedIn ? { authorization: `Bearer ${token}` } : {}) as Record<string, string>,
            server.child.pid,
          ] as const,
      ),
    );
  const peers: Load[] = [await load(`${plain.url}/ping`, plain.child.pid)];
  const runs = routes.map(() => [] as { row: Load; ratio: number }[]);
  for (let round = 0; round < ROUNDS; round += 1) {
    const before = peers[peers.length - 1] as Load;
    const rows = [];
    for (const [, url, headers, pid] of routes) rows.push(await load(url, pid, headers));
    const after = await load(`${plain.url}/ping`, plain.child.pid);
    peers.push(after);
    rows.forEach((row, index) => runs[index]?.push({ row, ratio: row.rps / ((before.rps + after.rps) / 2) }));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  // CPU: the server's CPU µs per answer (median over runs) and the peer's over the route's: the cost ratio.
  const peerCpu = median(peers.map((peer) => peer.cpuPerAnswer ?? Number.NaN));
  const line = (label: string, row: Load, ratio: number, all: number[], cpu: number) =>
    console.log(
      `  ${label.padEnd(50)} ${Math.round(row.rps).toString().padStart(7)} ${row.p50.toFixed(1).padStart(8)} ${row.p99.toFixed(1).padStart(8)} ${String(row.errors).padStart(8)}   ${ratio.toFixed(2)}×   ${Number.isNaN(cpu) ? '   -' : `${cpu.toFixed(1).padStart(5)} µs ${(peerCpu / cpu).toFixed(2)}×`}${all.length > 1 ? `   (rounds: ${all.map((value) => value.toFixed(2)).join(', ')})` : ''}`,
    );
  const peerRps = median(peers.map((peer) => peer.rps));
  const peerRow = peers.find((peer) => peer.rps === peerRps) as Load;
  line('plain Fastify GET /ping (peer)', peerRow, 1, [], peerCpu);
  routes.forEach(([label], index) => {
    const routeRuns = runs[index] ?? [];
    const ratio = median(routeRuns.map((run) => run.ratio));
    const row = (routeRuns.find((run) => run.ratio === ratio) ?? routeRuns[0])?.row;
    if (row !== undefined)
      line(
        label,
        row,
        ratio,
        routeRuns.map((run) => run.ratio),
        median(routeRuns.map((run) => run.row.cpuPerAnswer ?? Number.NaN)),
      );
  });
  console.log(`  server logs: ${logs}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((done) => setTimeout(done, 500));
  for (const database of databases) await database.drop();
}
