// `npm run bench`: the product's benchmarks, each printing its figures. Run after `npm run build`
// (it builds what is missing). Latest figures live in docs/benchmarks.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv.slice(2);
const wants = (name) => only.length === 0 || only.includes(name);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function ensureBuilt() {
  if (!existsSync(join(root, 'apps/web/dist/index.html')) || !existsSync(join(root, 'apps/server/dist/server.js')))
    run('npm', ['run', 'build']);
}

/** The JavaScript a first visit must download before the app can start: entry script plus modulepreloads. */
function initialJavaScript() {
  const dist = join(root, 'apps/web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map(
    (match) => match[1],
  );
  const rows = files.map((file) => {
    const bytes = readFileSync(join(dist, file.replace(/^\//, '')));
    return { file, rawKb: bytes.length / 1024, gzipKb: gzipSync(bytes, { level: 9 }).length / 1024 };
  });
  const totalGzipKb = rows.reduce((sum, row) => sum + row.gzipKb, 0);
  console.log('\n== Player app initial JavaScript (budget 120 KB gzip)');
  for (const row of rows)
    console.log(
      `  ${row.file.padEnd(44)} ${row.rawKb.toFixed(1).padStart(8)} KB raw ${row.gzipKb.toFixed(1).padStart(7)} KB gzip`,
    );
  console.log(
    `  total initial JS: ${totalGzipKb.toFixed(1)} KB gzip — ${totalGzipKb <= 120 ? 'within' : 'OVER'} budget`,
  );
  return totalGzipKb;
}

async function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Wall time from spawning `node apps/server/dist/server.js` to the first 200 for GET /. */
async function timeToFirstPage(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not yet listening
      }
      if (child.exitCode !== null) throw new Error('server exited');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function startup() {
  console.log('\n== Process start to first served page (embedded PGlite)');
  const dataDir = mkdtempSync(join(tmpdir(), 'khel-bench-'));
  try {
    const cold = await timeToFirstPage(dataDir);
    console.log(`  fresh data folder (migrations + demo data): ${cold.toFixed(0)} ms`);
    const warm = [];
    for (let i = 0; i < 3; i += 1) warm.push(await timeToFirstPage(dataDir));
    warm.sort((a, b) => a - b);
    console.log(`  existing data folder, median of 3:          ${warm[1].toFixed(0)} ms`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureBuilt();
if (wants('web')) initialJavaScript();
if (wants('startup')) await startup();
if (wants('ledger')) run('npx', ['tsx', 'apps/server/bench/ledger-bench.ts']);
if (wants('sports')) run('npx', ['tsx', 'apps/server/bench/sports-bench.ts']);
if (wants('bets')) run('npx', ['tsx', 'apps/server/bench/bets-bench.ts']);
if (wants('lease')) run('npx', ['tsx', 'apps/server/bench/lease-bench.ts']);
if (wants('ws')) run('npx', ['tsx', 'apps/server/bench/ws-bench.ts']);
if (wants('http')) run('npx', ['tsx', 'apps/server/bench/http-bench.ts']);
if (wants('settlement')) run('npx', ['tsx', 'apps/server/bench/settlement-bench.ts']);
if (wants('casino') || wants('casino-wallet')) run('npx', ['tsx', 'apps/server/bench/casino-wallet-bench.ts']);
if (wants('casino') || wants('casino-cpu')) run('npx', ['tsx', 'apps/server/bench/casino-wallet-cpu.ts']);
// 64 callers at once: the group commit against the same product with it off, in one run (decision 0028, third addendum).
if (wants('casino') || wants('casino-cpu'))
  run('npx', ['tsx', 'apps/server/bench/casino-wallet-cpu.ts'], { env: { ...process.env, BENCH_CONCURRENCY: '64' } });
// Hub88's Wallet API with RSA signatures, bet + win pairs at 64 callers, against a plain RSA route (issue 27).
if (wants('hub88')) run('npx', ['tsx', 'apps/server/bench/hub88-wallet-bench.ts']);
if (wants('betfair')) run('npx', ['tsx', 'packages/betfair-stream/bench/stream-cache-bench.ts']);
if (wants('exchange')) {
  console.log('\n== Exchange engine against nodejs-order-book (same seeded workload, same process)');
  run('npx', ['tsx', 'packages/exchange/bench/engine-bench.ts']);
}
