// `npm run cluster`: several server processes on one PostgreSQL database, a Redis of their own and
// HAProxy (Debian's `haproxy` package) in front, all on this machine (issue 29, docs/operations.md).
// Build first (`npm run build`). Environment: CLUSTER_PROCESSES (2), CLUSTER_PORT (8080), DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/khel_cluster, created if missing), REDIS_URL (default: a
// redis-server of its own on a free port). Ctrl-C drains and stops everything. Also a library for the
// e2e test that stops and starts one process behind the balancer (e2e/server/cluster.e2e.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const root = new URL('..', import.meta.url).pathname;
const SERVER_ENTRY = join(root, 'apps/server/dist/server.js');
const HAPROXY_BINARIES = ['/usr/sbin/haproxy', '/usr/bin/haproxy'];

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what, check, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child !== undefined && child.exitCode !== null) throw new Error(`${what}: exited with ${child.exitCode}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Creates the database if the server lacks it (the name comes from the URL). */
async function ensureDatabase(databaseUrl) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name} is not a plain identifier`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** The HAProxy configuration: round robin over the processes, each checked on its readiness probe. */
export function haproxyConfig({ port, servers, checkIntervalMs = 1000 }) {
  return `# Written by scripts/cluster.mjs (docs/operations.md explains each line).
global
  maxconn 4096

defaults
  mode http
  option forwardfor
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A WebSocket is a tunnel once upgraded: it lives until a side closes it (a drain closes with 1012).
  timeout tunnel 1h
  timeout http-keep-alive 5s
  # Only a request that never reached a process is sent again elsewhere: anything it reached may have
  # moved money, and the client's Idempotency-Key, not the balancer, decides a retry of that.
  retries 3
  retry-on conn-failure
  option redispatch

frontend khel
  bind 127.0.0.1:${port}
  default_backend khel_processes

backend khel_processes
  balance roundrobin
  # Readiness is 503 while a process drains (DRAIN_DELAY_MS above inter x fall) or a dependency is down.
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter ${checkIntervalMs} fall 2 rise 2
${servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`).join('\n')}
`;
}

function haproxyBinary() {
  const found = HAPROXY_BINARIES.find((path) => existsSync(path));
  if (found === undefined) throw new Error('haproxy is not installed: apt-get install -y haproxy');
  return found;
}

/**
 * Starts the cluster and answers its handles: `url` (the balancer), `processes` (each with its port,
 * `stop()` as SIGTERM and wait, `start()` again on the same port), `stop()` for everything.
 */
export async function startCluster(options = {}) {
  if (!existsSync(SERVER_ENTRY)) throw new Error('apps/server/dist/server.js is missing: run npm run build first');
  const count = options.processes ?? 2;
  const log = options.log ?? ((line) => console.log(line));
  const databaseUrl = options.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/khel_cluster';
  await ensureDatabase(databaseUrl);
  const dir = mkdtempSync(join(tmpdir(), 'khel-cluster-'));
  const children = [];
  const track = (child) => {
    children.push(child);
    return child;
  };

  let redisUrl = options.redisUrl;
  let redis = null;
  if (redisUrl === undefined) {
    const redisPort = await freePort();
    redis = track(
      spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      }),
    );
    redisUrl = `redis://127.0.0.1:${redisPort}`;
    await waitFor(
      'redis',
      async () =>
        spawnSync('redis-cli', ['-p', String(redisPort), 'ping'])
          .stdout?.toString()
          .includes('PONG'),
      10_000,
      redis,
    );
  }

  const ports = [];
  for (let i = 0; i < count; i += 1) ports.push(await freePort());
  const processes = ports.map((port, index) => {
    const name = `p${index + 1}`;
    let child = null;
    let output = '';
    const handle = {
      name,
      port,
      url: `http://127.0.0.1:${port}`,
      output: () => output,
      running: () => child !== null && child.exitCode === null,
      async start() {
        output = '';
        child = track(
          spawn(process.execPath, [SERVER_ENTRY], {
            cwd: root,
            env: {
              ...process.env,
              NODE_ENV: 'development',
              LOG_LEVEL: 'warn',
              ...options.env,
              PORT: String(port),
              HOST: '127.0.0.1',
              DATABASE_URL: databaseUrl,
              REDIS_URL: redisUrl,
              // The balancer is the only proxy: its X-Forwarded-For names the player.
              TRUST_PROXY: '127.0.0.1',
              DRAIN_DELAY_MS: String(options.drainDelayMs ?? 3000),
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          }),
        );
        const current = child;
        current.stdout.on('data', (chunk) => (output += chunk.toString()));
        current.stderr.on('data', (chunk) => (output += chunk.toString()));
        await waitFor(
          name,
          async () => (await fetch(`${handle.url}/api/health/ready`)).ok && output.includes('Ready in'),
          120_000,
          current,
        ).catch((error) => {
          throw new Error(`${error.message}\n${output}`);
        });
        log(`  ${name}: ${handle.url} ready`);
      },
      /** SIGTERM and wait for the drain to end; answers the exit code. */
      async stop() {
        const current = child;
        if (current === null || current.exitCode !== null) return current?.exitCode ?? null;
        const exited = new Promise((resolve) => current.once('exit', (code) => resolve(code)));
        current.kill('SIGTERM');
        const code = await Promise.race([exited, sleep(60_000).then(() => 'timeout')]);
        if (code === 'timeout') current.kill('SIGKILL');
        return code;
      },
    };
    return handle;
  });
  // One at a time: the first migrates and seeds the demo data, the others find it done.
  for (const handle of processes) await handle.start();

  const port = options.port ?? (await freePort());
  const configPath = join(dir, 'haproxy.cfg');
  writeFileSync(
    configPath,
    haproxyConfig({ port, servers: processes.map((handle) => ({ name: handle.name, port: handle.port })) }),
  );
  const check = spawnSync(haproxyBinary(), ['-c', '-q', '-f', configPath]);
  if (check.status !== 0) throw new Error(`haproxy refused its configuration:\n${check.stderr}`);
  const haproxy = track(spawn(haproxyBinary(), ['-db', '-f', configPath], { stdio: ['ignore', 'ignore', 'pipe'] }));
  const url = `http://127.0.0.1:${port}`;
  await waitFor('haproxy', async () => (await fetch(`${url}/api/health/ready`)).ok, 20_000, haproxy);

  return {
    url,
    databaseUrl,
    redisUrl,
    processes,
    async stop() {
      for (const handle of processes) await handle.stop();
      for (const child of [haproxy, redis]) {
        if (child === null || child.exitCode !== null) continue;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(5000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startCluster({
    processes: Number(process.env.CLUSTER_PROCESSES ?? 2),
    port: Number(process.env.CLUSTER_PORT ?? 8080),
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
  });
  console.log(
    [
      '',
      `  Khel cluster: ${cluster.processes.length} processes behind HAProxy at ${cluster.url}/`,
      `  Database ${cluster.databaseUrl}, Redis ${cluster.redisUrl}`,
      ...cluster.processes.map((handle) => `  ${handle.name}: ${handle.url} (metrics ${handle.url}/metrics)`),
      '  Ctrl-C drains every process and stops.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
