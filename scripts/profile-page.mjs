// Where a page's main thread goes while it loads, by function: Chromium's sampling profiler with the CPU
// slowed 4x (as Lighthouse's mobile preset), over the first seconds of /, an event page or /login.
//
//   npm run build && node scripts/profile-page.mjs [--page home|event|login] [--seconds 6]
//
// For readable names build the web app unminified and point the server at it:
//   (cd apps/web && npx vite build --minify false --outDir /tmp/web-unmin) && WEB_DIST_DIR=/tmp/web-unmin node scripts/profile-page.mjs
import { chromium } from 'playwright-core';
import { startProduct } from './lib/product.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const PAGE = option('page', 'home');
const SECONDS = Number(option('seconds', '6'));
const DEMO_PLAYER = { mobile_no: '919999900001', password: 'demo-player-1' };

async function api(baseUrl, method, path, body, token) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return response.json();
}

const product = await startProduct('profile');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const login = await api(product.baseUrl, 'POST', '/api/v1/login', DEMO_PLAYER);
  const token = login.meta.token;
  const events = await api(product.baseUrl, 'GET', '/api/v1/events', null, token);
  const event = events.data.find((candidate) => candidate.mainMarket) ?? events.data[0];
  const path =
    PAGE === 'login'
      ? '/login'
      : PAGE === 'event'
        ? `/event?${new URLSearchParams({ sport: event.sport.slugName, league: event.league.slugName, event: event.slugName })}`
        : '/';
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}/favicon.svg`);
  if (PAGE !== 'login')
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('userData', JSON.stringify(user));
      },
      { token, user: login.data },
    );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  // Long tasks as the page itself sees them.
  await page.addInitScript(() => {
    globalThis.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        globalThis.__longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${product.baseUrl}${path}`);
  await page.waitForTimeout(SECONDS * 1000);
  const { profile } = await cdp.send('Profiler.stop');
  const longTasks = await page.evaluate(() => globalThis.__longTasks);
  console.log(`long tasks (start ms, duration ms): ${JSON.stringify(longTasks)}`);
  console.log(`TBT-like sum over 50 ms: ${longTasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)} ms`);

  // Self time per function, and total (inclusive) time per function.
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const dt = new Map();
  profile.samples.forEach((id, index) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const label = (node) => {
    const frame = node.callFrame;
    return `${frame.functionName || '(anonymous)'} ${frame.url.replace(/.*\//, '')}:${frame.lineNumber + 1}`;
  };
  const self = new Map();
  const total = new Map();
  for (const [id, micros] of dt) {
    const node = byId.get(id);
    self.set(label(node), (self.get(label(node)) ?? 0) + micros);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at));
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + micros);
    }
  }
  // Busy stretches of the sampled profile (no idle sample between): the long tasks, each with the
  // functions of ours (not the framework chunk) that took most of it.
  const isIdle = (id) => byId.get(id).callFrame.functionName === '(idle)';
  const stretches = [];
  let current = null;
  let clock = profile.startTime;
  profile.samples.forEach((id, index) => {
    clock += profile.timeDeltas[index] ?? 0;
    if (isIdle(id)) {
      if (current) stretches.push(current);
      current = null;
      return;
    }
    current ??= { startUs: clock, endUs: clock, samples: [] };
    current.endUs = clock;
    current.samples.push([id, profile.timeDeltas[index + 1] ?? 0]);
  });
  if (current) stretches.push(current);
  for (const stretch of stretches.filter((s) => s.endUs - s.startUs > 50_000)) {
    const own = new Map();
    for (const [id, micros] of stretch.samples) {
      const seen = new Set();
      for (let at = id; at !== undefined; at = parent.get(at)) {
        const node = byId.get(at);
        const name = label(node);
        if (seen.has(name) || /framework|^\(/.test(name) || node.callFrame.url === '') continue;
        seen.add(name);
        own.set(name, (own.get(name) ?? 0) + micros);
      }
    }
    const selfTime = new Map();
    for (const [id, micros] of stretch.samples) {
      const name = label(byId.get(id));
      selfTime.set(name, (selfTime.get(name) ?? 0) + micros);
    }
    const selfLines = [...selfTime]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, micros]) => `${Math.round(micros / 1000)} ${name}`);
    const lines = [...own]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([name, micros]) => `${Math.round(micros / 1000)} ${name}`);
    console.log(
      `task at ${Math.round((stretch.startUs - profile.startTime) / 1000)} ms, ${Math.round((stretch.endUs - stretch.startUs) / 1000)} ms: ${lines.join(' | ')}\n    self: ${selfLines.join(' | ')}`,
    );
  }

  const top = (map, count) =>
    [...map]
      .filter(([name]) => !/^\((idle|program|root)\)/.test(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => `${String(Math.round(micros / 1000)).padStart(6)} ms  ${name}`)
      .join('\n');
  console.log(`\nself time (4x CPU):\n${top(self, Number(option('top', '40')))}`);
  console.log(`\ntotal time (4x CPU):\n${top(total, Number(option('top', '40')) * 2)}`);
} finally {
  await browser.close();
  await product.stop();
}
