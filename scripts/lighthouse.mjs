// Lighthouse's mobile preset (simulated slow 4G and a 4x slower CPU, Moto G-class screen) in Debian
// Chromium against the built product: /login, / signed in as the demo player, and an event page.
// Prints performance, LCP and CLS per page (median of --runs, default 3) and the targets of issue 14.
//
//   npm run build && node scripts/lighthouse.mjs [--runs 3] [--json out.json]
//
// It starts the product itself (apps/server/dist/server.js, production mode, a fresh database with demo
// data on a free port) and stops it afterwards. Record the figures in docs/benchmarks.md with the load
// the machine was under: Lighthouse's simulated throttling still depends on this machine's CPU.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, startProduct } from './lib/product.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const RUNS = Number(option('runs', '3'));
const JSON_OUT = option('json', null);
const DEMO_PLAYER = { mobile_no: '919999900001', password: 'demo-player-1' };

async function api(baseUrl, method, path, body, token) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return response.json();
}

const DIAGNOSTIC_AUDITS = ['long-tasks', 'bootup-time', 'mainthread-work-breakdown'];
const diagnostics = (lhr) =>
  Object.fromEntries(DIAGNOSTIC_AUDITS.map((id) => [id, lhr.audits[id]?.details?.items ?? []]));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const product = await startProduct('lighthouse');
  const port = await freePort();
  // A persistent profile: its default context is the one Lighthouse's tab opens in, so the session
  // stored below is the one the audited page reads.
  const profileDir = mkdtempSync(join(tmpdir(), 'khel-lighthouse-profile-'));
  // A browser that cannot start (e.g. no /usr/bin/chromium) must not leave the product running.
  const browser = await chromium
    .launchPersistentContext(profileDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        `--remote-debugging-port=${port}`,
        '--no-first-run',
        '--disable-background-networking',
      ],
    })
    .catch(async (error) => {
      await product.stop();
      rmSync(profileDir, { recursive: true, force: true });
      throw error;
    });
  const results = [];
  try {
    const login = await api(product.baseUrl, 'POST', '/api/v1/login', DEMO_PLAYER);
    const token = login.meta.token;
    if (!token) throw new Error(`demo login failed: ${JSON.stringify(login.meta)}`);
    const events = await api(product.baseUrl, 'GET', '/api/v1/events', null, token);
    const event = events.data.find((candidate) => candidate.mainMarket) ?? events.data[0];
    const eventPath = `/event?${new URLSearchParams({ sport: event.sport.slugName, league: event.league.slugName, event: event.slugName })}`;

    const pages = [
      { name: '/login', path: '/login', signedIn: false },
      { name: '/ (signed in)', path: '/', signedIn: true },
      { name: 'event page', path: eventPath, signedIn: true },
    ];
    // One browser context holds the session (local storage, as the app keeps it); Lighthouse keeps storage.
    const page = browser.pages()[0] ?? (await browser.newPage());
    for (const target of pages) {
      await page.goto(`${product.baseUrl}/favicon.svg`);
      await page.evaluate(
        ({ signedIn, token, user }) => {
          localStorage.clear();
          if (signedIn) {
            localStorage.setItem('token', token);
            localStorage.setItem('userData', JSON.stringify(user));
          }
        },
        { signedIn: target.signedIn, token, user: login.data },
      );
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        const { lhr } = await lighthouse(`${product.baseUrl}${target.path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: true,
        });
        if (lhr.runtimeError || lhr.audits['cumulative-layout-shift'].numericValue === undefined) {
          console.log(
            `${target.name}: run ${run + 1} failed: ${lhr.runtimeError?.message ?? lhr.audits['cumulative-layout-shift'].errorMessage ?? 'no metrics'}`,
          );
          continue;
        }
        runs.push({
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
          cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
          fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
          tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
          finalUrl: lhr.finalDisplayedUrl,
          // With --json, where the main thread went: the long tasks, script boot-up per file, work by kind.
          ...(JSON_OUT ? { diagnostics: diagnostics(lhr) } : {}),
        });
      }
      if (runs.length === 0) continue;
      const row = {
        page: target.name,
        performance: median(runs.map((r) => r.performance)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        cls: median(runs.map((r) => r.cls)),
        fcpMs: median(runs.map((r) => r.fcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        runs,
      };
      results.push(row);
      const ok = row.performance >= 90 && row.lcpMs <= 2500 && row.cls < 0.1;
      console.log(
        `${row.page.padEnd(16)} performance ${String(row.performance).padStart(3)}  LCP ${(row.lcpMs / 1000).toFixed(2)} s  CLS ${row.cls.toFixed(3)}  FCP ${(row.fcpMs / 1000).toFixed(2)} s  TBT ${row.tbtMs} ms  ${ok ? 'meets' : 'misses'} the target  (runs: ${runs.map((r) => r.performance).join(', ')}; ${runs[0].finalUrl.replace(product.baseUrl, '')})`,
      );
    }
  } finally {
    await browser.close();
    await product.stop();
    rmSync(profileDir, { recursive: true, force: true });
  }
  console.log('Targets: performance ≥ 90, LCP ≤ 2.5 s, CLS < 0.1 (Lighthouse mobile preset, simulated throttling).');
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(results, null, 2));
}

await main();
