import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { freePort } from '../../apps/server/test/free-port.js';
import { pgliteTemplateFile } from '../../apps/server/test/template-database.js';

/** Repository root, from e2e/support. */
export const ROOT = resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/server.js');

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 900 } as const;

export const DEMO = {
  player: { mobileNo: '919999900001', national: '9999900001', password: 'demo-player-1' },
  director: { mobileNo: '919999900000', national: '9999900000', password: 'demo-director-1' },
} as const;

export interface RunningProduct {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * What the global setup (e2e/support/global-setup.ts) made once for the run: the Hub88 keys every
 * product is given, and a data folder with the demo data already seeded, for products to start from.
 */
export interface E2eRun {
  /** PEM files: our Hub88 key and the built-in simulator's (HUB88_OPERATOR_PRIVATE_KEY, HUB88_SIMULATOR_PRIVATE_KEY). */
  hub88Keys: { operator: string; simulator: string };
  /** A tarball of a data folder the built product migrated and seeded with its demo data, then stopped gracefully. */
  demoTemplate: string | null;
  /** The run's lender of shared products and Chromiums (e2e/support/shared-pool.ts), an http:// address. */
  pool: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    khelE2eRun: E2eRun;
  }
}

/**
 * Settings that change nothing the demo seed writes, so a product started with them may begin from the
 * seeded data folder: its own boot would have seeded the same rows. Any other setting (e.g.
 * SECOND_APPROVAL_ABOVE_RUPEES, under which the demo director's gives wait for a second operator)
 * starts from the migrated folder and seeds at boot, as a real start does.
 */
const SEED_NEUTRAL_SETTINGS = new Set([
  'DEMO_FEED',
  'DEMO_REPLAY',
  'FEED_SPEED',
  'FEED_MAX_IDLE_MS',
  'WEB_DIST_DIR',
  'MARKET_FORWARD_TIMEOUT_MS',
  'OTP_SENDS_PER_IP_PER_HOUR',
  'RATE_LIMIT_PER_MINUTE',
]);

/**
 * V8's baseline WebAssembly compiler only, for the products the tests start: a product lives seconds to a
 * minute, and optimising PGlite's engine on background threads cost it about 1 of its 3 CPU-s to ready
 * while paying back less in the queries a test file makes (docs/testing.md, 30 November: six files, 4–9 %
 * less CPU). The product itself runs with V8's defaults.
 */
const PRODUCT_NODE_FLAGS = ['--liftoff-only'];

export interface StartOptions {
  env?: Record<string, string>;
  dataDir?: string;
  clockOffsetMs?: number;
  firstInstall?: boolean;
}

/**
 * Starts the built product (`npm run build` first) as a real process on a free port, with a fresh
 * embedded database in a temporary folder and demo data, and waits until it serves. `dataDir` reopens
 * a database of an earlier run (and keeps it on stop); `clockOffsetMs` moves the process's wall clock
 * forward (test-only preload e2e/support/shift-clock.mjs), e.g. to reach the close of a week.
 * An empty data folder starts as a copy of the run's seeded template (the migrated database with the
 * demo data the product's boot would write: decision 0076), or of the migrated template
 * (apps/server/test/template-database.ts) where a setting could change what the seed writes; either
 * spares the process PGlite's initdb. `firstInstall` leaves it empty, as on a first `npm start`.
 */
export function startProduct(options: StartOptions = {}): Promise<RunningProduct> {
  return bootProduct(options, inject('khelE2eRun'));
}

/**
 * startProduct with the run's keys and templates given (the global setup and the run's pool, where `inject`
 * does not answer). `readyWithinMs`: a file's hook gives up at two minutes; the global setup and the pool
 * wait longer on a loaded machine, where a start that outlives the file that asked still serves the next.
 */
export async function bootProduct(
  options: StartOptions,
  run: E2eRun,
  readyWithinMs = 120_000,
): Promise<RunningProduct> {
  if (!existsSync(SERVER_ENTRY)) throw new Error('apps/server/dist/server.js is missing: run npm run build first');
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'khel-e2e-'));
  if (!options.firstInstall && !existsSync(join(dataDir, 'PG_VERSION'))) {
    const seeded =
      options.clockOffsetMs === undefined &&
      Object.keys(options.env ?? {}).every((name) => SEED_NEUTRAL_SETTINGS.has(name))
        ? run.demoTemplate
        : null;
    // GNU tar warns on stderr that it strips the leading '/' of the names: expected, so captured.
    execFileSync('tar', ['-xf', seeded ?? (await pgliteTemplateFile()), '-C', dataDir], { stdio: 'pipe' });
  }
  const preload = options.clockOffsetMs
    ? ['--import', pathToFileURL(join(ROOT, 'e2e/support/shift-clock.mjs')).href]
    : [];
  const child = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, ...preload, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DATABASE_URL: '',
      // The demo feed's simulated matches run only where a test asks for them (DEMO_FEED=true: live prices on
      // Home, the demo fixtures): a product with them burns CPU every second, and so does every page it pushes
      // prices to (docs/testing.md, 30 November). The recorded real match likewise (DEMO_REPLAY=true).
      DEMO_FEED: 'false',
      DEMO_REPLAY: 'false',
      // Keys made once for the run: two RSA generations per start were seconds of CPU on a busy machine.
      HUB88_OPERATOR_PRIVATE_KEY: run.hub88Keys.operator,
      HUB88_SIMULATOR_PRIVATE_KEY: run.hub88Keys.simulator,
      ...(options.clockOffsetMs ? { KHEL_E2E_CLOCK_OFFSET_MS: String(options.clockOffsetMs) } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A file that ends before its product does (its hook timed out on a loaded machine while the product
  // started) would leave the process running, with its feeds, after the file's worker is gone.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  child.once('exit', () => process.off('exit', orphaned));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;

  // A loaded machine (several builds and test runs at once) can take most of a minute to migrate and start.
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok && output.includes('Ready in')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }

  return {
    baseUrl,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        // A product whose data folder is thrown away next is killed: its graceful stop (several seconds
        // on a busy machine, closing sockets, leases and PGlite) would only tidy what is deleted
        // (e2e/server/drain.e2e.ts tests the graceful stop). One that keeps its folder stops gracefully.
        child.kill(options.dataDir === undefined ? 'SIGKILL' : 'SIGTERM');
        // The wait's timer is cleared once the product is gone: left running, it kept the run's main
        // process (which stops the shared products) alive for 10 s after the last test.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((done) => (timer = setTimeout(done, 10_000)))]);
        clearTimeout(timer);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a test file needs of a product it did not start itself: where it answers, and giving it back. */
export interface Product {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Where the run's pool answers (e2e/support/shared-pool.ts): one lend or return. */
async function borrow(path: string): Promise<{ id: number; lease: number; baseUrl?: string }> {
  const response = await fetch(`${inject('khelE2eRun').pool}${path}`, { method: 'POST' });
  const body = (await response.json()) as { id: number; lease: number; error?: string };
  if (!response.ok) throw new Error(`the run's pool refused ${path}: ${body.error ?? response.status}`);
  return body;
}

/**
 * A running product lent to this test file until its `stop()` (decision 0078): started with the default
 * settings and no demo feed, from the seeded template, by the run's pool on the first file that asks, and
 * lent to one file at a time; a file that asks while every shared product is lent gets a new one, so there
 * are at most as many as files running at once (the run's workers). A file that shares one makes its own
 * users, sports, events and markets, needs no demo fixture, and changes nothing every file sees: no
 * settings, branding, clock, casino catalogue, demo account's limits or agents' rates (the review of every
 * file is in the decision). Anything else: startProduct().
 */
export async function sharedProduct(): Promise<Product> {
  const lent = await borrow('/product');
  // The numbers this file signs up are unique in the run, not only among the processes running now: the
  // product remembers every number the files before this one signed up.
  mobilePrefix = lent.lease % 10_000;
  let returned = false;
  return {
    baseUrl: lent.baseUrl ?? '',
    async stop() {
      if (returned) return;
      returned = true;
      await borrow(`/product/${lent.id}/return`);
    },
  };
}

/**
 * Debian's Chromium, headless, through playwright-core (no downloaded browser builds here), one for the file
 * (decision 0078's addendum: a Chromium for the whole run, connected to through a browser server in the run's
 * main process, made the browser project 25 % slower and costlier than a launch per file).
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_OPTIONS);
}

/**
 * How Debian's Chromium is started headless (a file's browser, and its own persistent context): its headless
 * shell (Debian's `chromium-headless-shell`, the same Chromium release built without the browser's UI layer,
 * what Playwright itself runs for headless tests), which costs the browser files about a quarter less CPU than
 * the full browser in headless mode (decision 0083). `installable.e2e.ts`, whose subject is the browser's
 * install prompt, starts the full `chromium`; CHROMIUM_PATH picks another for every file.
 */
export const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/** The newest OTP the outbox SMS adapter holds for a number. */
export async function readOtp(baseUrl: string, mobileNo: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/dev/sms-outbox?mobile_no=${mobileNo}`);
  const body = (await response.json()) as { data: { body: string }[] | null };
  const code = body.data?.[0]?.body.match(/^(\d{4})\b/)?.[1];
  if (code === undefined) throw new Error(`no OTP for ${mobileNo}`);
  return code;
}

/** A JSON call to the running product; answers the parsed envelope. */
export async function api<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; meta: { code: number; message: string; token?: string; error?: string }; data: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const json = (await response.json()) as { meta: { code: number; message: string; token?: string }; data: T };
  return { status: response.status, ...json };
}

/** Logs in through the API and answers the token. */
export async function loginToken(baseUrl: string, mobileNo: string, password: string): Promise<string> {
  const answer = await api(baseUrl, 'POST', '/api/v1/login', { body: { mobile_no: mobileNo, password } });
  if (answer.meta.token === undefined) throw new Error(`login failed: ${answer.meta.message}`);
  return answer.meta.token;
}

let mobileSeq = 0;
/** The file's process, or the pool's lease number once the file shares a product (sharedProduct). */
let mobilePrefix = process.pid % 10_000;
/** A fresh Indian mobile number that no other test run uses at the same time. */
export function freshMobile(): { mobileNo: string; national: string } {
  mobileSeq += 1;
  const national = `7${String(mobilePrefix).padStart(4, '0')}${String(mobileSeq).padStart(5, '0')}`;
  return { mobileNo: `91${national}`, national };
}

export function cleanupDir(path: string): void {
  rmSync(path, { recursive: true, force: true });
}
