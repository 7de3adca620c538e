/**
 * The live client against a local TLS stream server that serves the recorded NED v PNG file, with the
 * faults a real connection has: dropped mid-line, gone silent, an unknown clock, a bad session.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMarketMessages, replayUntil } from '@khel/betfair-stream';
import type { MarketChangeMessage } from '@khel/betfair-stream';
import { ExchangeStreamClient } from './betfair-stream-client.js';
import type { StreamClientEvent, StreamClientOptions } from './betfair-stream-client.js';
import { startFakeStreamServer } from './fake-stream-server-test-support.js';
import type { FakeStreamServer } from './fake-stream-server-test-support.js';
import { FIXTURES_DIR, readRecordedText } from './recorded-files.js';

const recorded = parseMarketMessages(readRecordedText(join(FIXTURES_DIR, 'betfair/1.200806927.jsonl.gz')));
const MARKET = '1.200806927';
let server: FakeStreamServer | null = null;
let client: ExchangeStreamClient | null = null;
afterEach(async () => {
  client?.stop();
  await server?.close();
  server = client = null;
});

/** Runs a client until it has applied the file's last message (or fails), recording what it saw. */
function run(fake: FakeStreamServer, over: Partial<StreamClientOptions> = {}) {
  const applied: string[] = [];
  const events: StreamClientEvent[] = [];
  const done = new Promise<void>((resolve) => {
    client = new ExchangeStreamClient({
      host: '127.0.0.1',
      port: fake.port,
      ca: fake.ca,
      appKey: 'app-key',
      session: () => 'session-token',
      marketFilter: { marketIds: [MARKET], eventTypeIds: ['4'], marketTypes: ['MATCH_ODDS'] },
      marketDataFilter: { fields: ['EX_ALL_OFFERS', 'EX_TRADED', 'EX_TRADED_VOL', 'EX_LTP', 'EX_MARKET_DEF'] },
      heartbeatMs: 500,
      reconnectMinMs: 20,
      onChange: (message: MarketChangeMessage, result) => {
        if (result.heartbeat) return;
        applied.push(message.clk!);
        if (message.clk === recorded.at(-1)!.clk) resolve();
      },
      onEvent: (event) => {
        events.push(event);
        if (event.kind === 'failed' && event.fatal) resolve();
      },
      ...over,
    });
    client.start();
  });
  return { applied, events, done };
}

describe('the Exchange Stream client over TLS', () => {
  it('authenticates, subscribes with its filters, and applies the whole recording in order', async () => {
    server = await startFakeStreamServer({ messages: recorded, appKey: 'app-key', session: 'session-token' });
    const { applied, done } = run(server);
    await done;
    expect(applied).toEqual(recorded.map((m) => m.clk));
    expect(server.requests[0]).toEqual({ op: 'authentication', id: 1, appKey: 'app-key', session: 'session-token' });
    expect(server.subscriptions).toEqual([
      {
        op: 'marketSubscription',
        id: 2,
        marketFilter: { marketIds: [MARKET], eventTypeIds: ['4'], marketTypes: ['MATCH_ODDS'] },
        marketDataFilter: { fields: ['EX_ALL_OFFERS', 'EX_TRADED', 'EX_TRADED_VOL', 'EX_LTP', 'EX_MARKET_DEF'] },
        segmentationEnabled: true,
        heartbeatMs: 500,
      },
    ]);
    expect(client!.cache.book(MARKET)).toEqual(replayUntil(recorded).book(MARKET));
  });

  it('a dropped connection (mid-line) and a silent one are resumed from the clocks: no change missed or applied twice', async () => {
    server = await startFakeStreamServer({
      messages: recorded,
      appKey: 'app-key',
      session: 'session-token',
      dropAt: [4_000, 12_000],
      stallAt: [9_000],
    });
    const { applied, events, done } = run(server);
    await done;
    expect(client!.connections).toBe(4);
    // Every recorded change applied exactly once, in order: the resubscriptions patched, never re-imaged.
    expect(applied).toEqual(recorded.map((m) => m.clk));
    expect(server.subscriptions.map((s) => [s.initialClk ?? null, s.clk ?? null])).toEqual([
      [null, null],
      ['initial-2', recorded[3_999]!.clk],
      ['initial-2', recorded[8_999]!.clk],
      ['initial-2', recorded[11_999]!.clk],
    ]);
    expect(events.filter((e) => e.kind === 'subscribed')).toEqual([
      { kind: 'subscribed', resumed: false },
      { kind: 'subscribed', resumed: true },
      { kind: 'subscribed', resumed: true },
      { kind: 'subscribed', resumed: true },
    ]);
    expect(events).toContainEqual({ kind: 'disconnected', reason: 'no message for 1000 ms' });
    expect(client!.cache.book(MARKET)).toEqual(replayUntil(recorded).book(MARKET));
  });

  it('keeps the connection on server heartbeats and can send its own heartbeat requests', async () => {
    server = await startFakeStreamServer({
      messages: recorded.slice(0, 50),
      appKey: 'app-key',
      session: 'session-token',
    });
    const heartbeats: number[] = [];
    const { done } = run(server, {
      keepAliveMs: 300,
      onChange: (message, result) => {
        if (result.heartbeat) heartbeats.push(message.pt);
      },
    });
    void done;
    // Wait for what the test is about (three server heartbeats, two of our requests), not for a time.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const sent = server!.requests.filter((r) => r.op === 'heartbeat').length;
        if (heartbeats.length >= 3 && sent >= 2) resolve(clearInterval(timer));
      }, 20);
    });
    expect(client!.connections).toBe(1);
    expect(client!.cache.clk).toBe(recorded[49]!.clk);
  });

  it('an unknown clock (INVALID_CLOCK) is dropped: the next subscription takes a fresh image', async () => {
    server = await startFakeStreamServer({
      messages: recorded.slice(0, 2_000),
      appKey: 'app-key',
      session: 'session-token',
    });
    client = null;
    const { done } = run(server);
    client!.cache.initialClk = 'stale';
    client!.cache.clk = 'not-a-clock-of-this-server';
    const last = new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (client!.cache.clk === recorded[1_999]!.clk) resolve(clearInterval(timer));
      }, 20);
    });
    void done;
    await last;
    expect(server.subscriptions.map((s) => s.clk ?? null)).toEqual(['not-a-clock-of-this-server', null]);
    expect(client!.cache.book(MARKET)).toEqual(replayUntil(recorded.slice(0, 2_000)).book(MARKET));
  });

  it('a refused session stops the client: no reconnection storm', async () => {
    server = await startFakeStreamServer({ messages: recorded, appKey: 'app-key', session: 'the-right-one' });
    const { events, done } = run(server);
    await done;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events.filter((e) => e.kind === 'failed')).toEqual([
      {
        kind: 'failed',
        errorCode: 'INVALID_SESSION_INFORMATION',
        errorMessage: 'Session token is invalid',
        fatal: true,
      },
    ]);
    expect(client!.connections).toBe(1);
    expect(server.subscriptions).toEqual([]);
  });
});
