// WebSocket fan-out (issue 10): messages/s delivered to 1,000 subscribers of one market through the
// product's live module against a plain `ws` broadcast loop, in the same run; and the time from an
// engine event (a publish on the live bus, apart from any HTTP bet) to the last of 5,000 clients.
// The subscribers run in their own process (ws-clients.mjs). Run: npx tsx apps/server/bench/ws-bench.ts
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { openPgliteDatabase } from '../src/db/pglite-database.js';

const FANOUT = Number(process.env.BENCH_WS_SUBSCRIBERS ?? 1000);
const LATENCY_CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 5000);
const MESSAGES = Number(process.env.BENCH_WS_MESSAGES ?? 300);
const TRIALS = 20;

interface Report {
  received: number;
  first: number;
  last: number;
  spans: number[];
  minLastSeq: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function startClients(
  url: string,
  count: number,
  marketId: string,
): Promise<{ child: ChildProcess; ask: <T>(type: string) => Promise<T> }> {
  const child = fork(join(import.meta.dirname, 'ws-clients.mjs'), [url, String(count), marketId], { stdio: 'inherit' });
  const ask = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const onMessage = (message: { type: string }) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message as T);
      };
      child.on('message', onMessage);
      if (type !== 'ready') child.send({ type });
    });
  await ask('ready');
  return { child, ask };
}

/** Publishes MESSAGES states, one per turn of the event loop, and waits for the subscribers to hear the last. */
async function deliver(
  publish: (seq: number) => void,
  clients: Awaited<ReturnType<typeof startClients>>,
): Promise<{ perSecond: number; received: number }> {
  await clients.ask('reset');
  const started = Date.now();
  for (let seq = 1; seq <= MESSAGES; seq += 1) {
    publish(seq);
    await new Promise((resolve) => setImmediate(resolve));
  }
  let report: Report;
  const deadline = Date.now() + 30_000;
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    report = await clients.ask<Report>('report');
  } while (report.minLastSeq < MESSAGES && Date.now() < deadline);
  return { perSecond: (report.received / Math.max(1, report.last - started)) * 1000, received: report.received };
}

const payload = (marketId: string, seq: number) => ({
  type: 'market',
  market: { _id: marketId, seq, sentAt: Date.now(), runners: [{ back: [[200, 10_000]], lay: [[202, 10_000]] }] },
});

// The product: the real app and live module, on PGlite (the database is not on this path).
const db = await openPgliteDatabase(undefined);
await migrate(db);
const config = loadConfig({
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'false',
  DEMO_FEED: 'false',
  WS_MAX_SOCKETS_PER_IP: '100000',
});
const { app, services } = await buildApp({ config, db });
await app.listen({ port: 0, host: '127.0.0.1' });
const productUrl = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;

// The peer: a bare ws server that sends each message to every socket in a loop.
const peer = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
await new Promise((resolve) => peer.once('listening', resolve));
const peerUrl = `ws://127.0.0.1:${(peer.address() as AddressInfo).port}`;

const marketId = randomUUID();
try {
  console.log(
    `\n== WebSocket fan-out: ${MESSAGES} market states to ${FANOUT.toLocaleString('en-IN')} subscribers (clients in another process)`,
  );
  const peerClients = await startClients(peerUrl, FANOUT, marketId);
  const peerResult = await deliver((seq) => {
    const text = JSON.stringify(payload(marketId, seq));
    for (const socket of peer.clients) socket.send(text);
  }, peerClients);
  peerClients.child.send({ type: 'close' });
  const ourClients = await startClients(productUrl, FANOUT, marketId);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const ours = await deliver((seq) => services.bus.publish(`market:${marketId}`, payload(marketId, seq)), ourClients);
  ourClients.child.send({ type: 'close' });
  console.log(
    `  plain ws broadcast loop: ${Math.round(peerResult.perSecond).toLocaleString('en-IN')} messages/s delivered (${peerResult.received.toLocaleString('en-IN')} messages)`,
  );
  console.log(
    `  product live module:     ${Math.round(ours.perSecond).toLocaleString('en-IN')} messages/s delivered (${ours.received.toLocaleString('en-IN')} messages; fewer when slow sockets conflate)`,
  );
  console.log(`  ratio: ${(ours.perSecond / peerResult.perSecond).toFixed(2)}`);

  console.log(
    `\n== Engine event to the last of ${LATENCY_CLIENTS.toLocaleString('en-IN')} clients (a publish on the live bus, no HTTP)`,
  );
  const many = await startClients(productUrl, LATENCY_CLIENTS, marketId);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const lastArrivals: number[] = [];
  for (let trial = 1; trial <= TRIALS; trial += 1) {
    await many.ask('reset');
    services.bus.publish(`market:${marketId}`, payload(marketId, trial));
    let report: Report;
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      report = await many.ask<Report>('report');
    } while (report.minLastSeq < trial);
    lastArrivals.push(...report.spans);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  many.child.send({ type: 'close' });
  lastArrivals.sort((a, b) => a - b);
  console.log(
    `  ${TRIALS} events: last client received after p50 ${percentile(lastArrivals, 50)} ms, p99 ${percentile(lastArrivals, 99)} ms (epoch ms clocks of one machine)`,
  );
} finally {
  peer.close();
  await app.close();
  await db.close();
}
