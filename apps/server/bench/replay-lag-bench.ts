// Message-to-screen lag while the NED v PNG replay runs at 100× (issue 26): the product in this process
// (PGlite, as the demo runs), the replay source scheduling Betfair's messages at 100× with idle gaps
// capped, the Betfair adapter applying them, and a player's WebSocket following the Match Odds market.
// Lag of a market message = arrival of the first `market` update after it was applied − the time the
// 100× schedule said it was published (so a replay falling behind its schedule shows as lag). Covers
// the in-play hour from the turn in play (messages 1,012 onwards) for BENCH_LAG_MESSAGES messages.
//   npx tsx apps/server/bench/replay-lag-bench.ts   (BENCH_LAG_CONFLATE_MS=1000 for the adapter's conflation)
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { openPgliteDatabase } from '../src/db/pglite-database.js';
import { createBetfairFeedRunner, teamNamesOf } from '../src/modules/feeds/betfair-feed-runner.js';
import { FIXTURES_DIR } from '../src/modules/feeds/recorded-files.js';
import { loadReplay, playReplay } from '../src/modules/feeds/replay-source.js';

const SPEED = Number(process.env.BENCH_LAG_SPEED ?? 100);
const MESSAGES = Number(process.env.BENCH_LAG_MESSAGES ?? 1500);
/** The adapter's conflation (decision 0042): a market's book translated at most once per this much publish time. */
const CONFLATE_MS = Number(process.env.BENCH_LAG_CONFLATE_MS ?? 0);

const db = await openPgliteDatabase(undefined);
await migrate(db);
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'false',
  RATE_LIMIT_PER_MINUTE: '100000',
});
const { app, services } = await buildApp({ config, db });
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;

const items = loadReplay(
  join(FIXTURES_DIR, 'betfair/1.200806927.jsonl.gz'),
  join(FIXTURES_DIR, 'betfair/ccm-1.200806927.jsonl.gz'),
);
const runner = createBetfairFeedRunner({
  sports: services.sports,
  onMarket: (marketId, action) => services.marketRouter.run('feed.market', { marketId, action }),
  clock: { now: () => new Date() },
  config: { sizeScalePaise: 100_00, houseLimitPaise: 25_000_00, league: 'Replays', label: '(replay)' },
  names: teamNamesOf(items),
  conflateMs: CONFLATE_MS,
  log: (message, error) => console.error(message, error),
});
const inPlay = items.findIndex((i) => 'market' in i && i.market.mc?.some((mc) => mc.marketDefinition?.inPlay));
// Up to the turn in play as fast as it goes (not measured): the event, its markets and the first quotes exist.
for (const item of items.slice(0, inPlay)) await runner.handle(item);
const matchOdds = (await services.sports.repository.marketByFeedRef('betfair-31573045/match-odds'))!.id;

const socket = new WebSocket(url);
await new Promise((resolve) => socket.once('open', resolve));
socket.send(JSON.stringify({ type: 'subscribe', marketIds: [matchOdds], eventIds: [] }));
await new Promise((resolve) => setTimeout(resolve, 300));

const lags: number[] = [];
let waiting: number[] = []; // scheduled publish times of applied market messages not yet seen on the socket
socket.on('message', (data) => {
  const message = JSON.parse(String(data)) as { type: string };
  if (message.type !== 'market') return;
  const now = performance.now();
  for (const scheduled of waiting) lags.push(now - scheduled);
  waiting = [];
});

const slice = items.slice(inPlay, inPlay + MESSAGES);
const started = performance.now();
let scheduled = started;
await playReplay(slice, { speed: SPEED, maxIdleMs: 2_000 }, async (item, index) => {
  if (index > 0) scheduled += Math.min(Math.max(0, item.pt - slice[index - 1]!.pt) / SPEED, 2_000);
  const due = scheduled;
  await runner.handle(item);
  if ('market' in item) waiting.push(due);
});
await new Promise((resolve) => setTimeout(resolve, 1_000));
const wall = (performance.now() - started) / 1000;
const replayed = (slice.at(-1)!.pt - slice[0]!.pt) / 1000;
lags.sort((a, b) => a - b);
const pct = (p: number) => lags[Math.min(lags.length - 1, Math.floor((p / 100) * lags.length))]!.toFixed(0);
console.log(
  `\n== Replay at ${SPEED}×, conflateMs ${CONFLATE_MS}: ${slice.length} messages (${(replayed / 60).toFixed(1)} min of match) in ${wall.toFixed(1)} s wall; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `  market messages seen on the socket: ${lags.length}; lag p50 ${pct(50)} ms, p90 ${pct(90)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms`,
);
socket.close();
await app.close();
await db.close();
process.exit(0);
