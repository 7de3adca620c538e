/* global window -- the functions passed to page.evaluate and addInitScript run in the browser. */
// Price updates on an event page at a sustained rate (default 400 a second), in Debian Chromium at
// phone size with the CPU slowed 4x (Lighthouse's mobile factor) and at full speed, against the built
// product. The page's own socket is routed through Playwright: the real server connection stays, and
// the benchmark adds market messages (every runner's prices moving, versions rising) on top. Long tasks
// come from the browser's PerformanceObserver ('longtask', > 50 ms).
//
//   npm run build && node scripts/price-updates-bench.mjs [--rate 400] [--seconds 10]
//
// A benchmark, not a test: figures go to docs/benchmarks.md with the machine's load.
import { chromium } from 'playwright-core';
import { startProduct } from './lib/product.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const RATE = option('rate', 400);
const SECONDS = option('seconds', 10);

async function api(baseUrl, path, token, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return response.json();
}

/** The next state of a market: every price level moves a tick or two, the version rises. */
function moved(market, step) {
  const wiggle = (price) => Math.max(1.01, Math.round((price + (((step * 7) % 5) - 2) * 0.01) * 100) / 100);
  return {
    ...market,
    version: market.version + step,
    runners: market.runners.map((runner) => ({
      ...runner,
      back: runner.back.map((level) => ({ price: wiggle(level.price), size: level.size + (step % 13) })),
      lay: runner.lay.map((level) => ({ price: wiggle(level.price + 0.02), size: level.size + (step % 11) })),
      backRate: runner.backRate === null ? null : runner.backRate + (step % 3),
      layRate: runner.layRate === null ? null : runner.layRate + (step % 3),
    })),
    fancy: market.fancy ?? null,
  };
}

async function measure(browser, baseUrl, token, user, eventPath, markets, cpuSlowdown) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userData', JSON.stringify(user));
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    },
    { token, user },
  );
  let pageSocket = null;
  await context.routeWebSocket(/\/ws/, (ws) => {
    ws.connectToServer();
    pageSocket = ws;
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.goto(`${baseUrl}${eventPath}`);
  await page.getByTestId('exchange-market').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1500);
  if (pageSocket === null) throw new Error('the page opened no socket');
  await page.evaluate(() => (window.__longTasks = []));

  const total = RATE * SECONDS;
  const started = Date.now();
  let sent = 0;
  // Sends in 10 ms slices so the rate is even, as a busy feed would be.
  while (sent < total) {
    const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * RATE));
    for (; sent < due; sent += 1) {
      const market = markets[sent % markets.length];
      pageSocket.send(JSON.stringify({ type: 'market', market: moved(market, Math.floor(sent / markets.length) + 1) }));
    }
    await new Promise((done) => setTimeout(done, 10));
  }
  const elapsed = (Date.now() - started) / 1000;
  await page.waitForTimeout(1000);
  const longTasks = await page.evaluate(() => window.__longTasks);
  const shown = await page.getByTestId('exchange-market').first().getByTestId('best-back').first().textContent();
  await context.close();
  return { sent, elapsed, longTasks, shown };
}

async function main() {
  const product = await startProduct('price-bench');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const login = await api(product.baseUrl, '/api/v1/login', null, {
      mobile_no: '919999900001',
      password: 'demo-player-1',
    });
    const token = login.meta.token;
    const events = await api(product.baseUrl, '/api/v1/events', token);
    const summary = events.data.find((event) => event.mainMarket) ?? events.data[0];
    const slugs = { sport: summary.sport.slugName, league: summary.league.slugName, event: summary.slugName };
    const detail = await api(product.baseUrl, `/api/v1/event?${new URLSearchParams(slugs)}`, token);
    const markets = detail.data.markets.filter((market) => market.runners.length > 0);
    const eventPath = `/event?${new URLSearchParams(slugs)}`;
    console.log(
      `${summary.name ?? summary.slugName}: ${markets.length} markets with runners, ${RATE} updates/s for ${SECONDS} s, phone 390x844`,
    );
    for (const slowdown of [1, 4]) {
      const result = await measure(browser, product.baseUrl, token, login.data, eventPath, markets, slowdown);
      const over50 = result.longTasks.filter((duration) => duration > 50);
      const worst = result.longTasks.length === 0 ? 0 : Math.max(...result.longTasks);
      console.log(
        `CPU ${slowdown}x: sent ${result.sent} updates in ${result.elapsed.toFixed(1)} s (${(result.sent / result.elapsed).toFixed(0)}/s); long tasks over 50 ms: ${over50.length}, longest ${worst.toFixed(0)} ms; best back shown ${result.shown}`,
      );
    }
  } finally {
    await browser.close();
    await product.stop();
  }
}

await main();
