import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '@khel/contract';
import { systemClock } from '../../lib/clock.js';
import type { IdentityService } from '../identity/identity-service.js';
import { wsUrlOf } from '../../../test/live-sockets.js';
import type { HouseCrashService } from '../casino/house-provider/crash-service.js';
import { registerCrashLive } from '../casino/house-provider/crash-routes.js';
import { createLocalBus } from './live-bus.js';
import { registerLiveRoutes } from './live-routes.js';

/**
 * A socket whose peer is gone without a close (a phone off the network, a NAT that forgot it) is dropped
 * after a ping it does not answer, and its place under the caps is freed. A bare app with the live
 * routes, one socket allowed per address, pinging every 500 ms; no database. (A peer that answers is
 * never at risk: it has a whole period to; the tests wait for pings counted, never for a time.)
 */
const HEARTBEAT_MS = 500;
let app: FastifyInstance | undefined;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await app?.close();
  app = undefined;
});

async function liveUrl(): Promise<string> {
  app = Fastify({ logger: false });
  await registerLiveRoutes(app, {
    bus: createLocalBus(),
    identity: {} as IdentityService,
    clock: systemClock,
    limits: { socketsPerAccount: 5, socketsPerIp: 1, subscriptionsPerSocket: 10 },
    snapshot: async () => null,
    heartbeatMs: HEARTBEAT_MS,
  });
  // The crash game's feed, on the same server: any token is a player's here, and no round is running.
  const crash = { onMessage: () => () => undefined } as unknown as HouseCrashService;
  registerCrashLive(app, crash, async () => ({}), HEARTBEAT_MS);
  return wsUrlOf(app);
}

/**
 * A client socket, open. `answering` says whether it answers pings (a pong, as browsers do): set to false,
 * it plays a peer that is gone.
 */
async function open(url: string, answer: { answering: boolean }) {
  const socket = new WebSocket(url, { autoPong: false });
  sockets.push(socket);
  const pings = { count: 0 };
  socket.on('ping', () => {
    pings.count += 1;
    if (answer.answering) socket.pong();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, pings, closed };
}

describe("the heartbeat of /ws and of the crash game's feed", () => {
  it('keeps a socket that answers its pings, ping after ping', async () => {
    const url = await liveUrl();
    const client = await open(url, { answering: true });
    await expect.poll(() => client.pings.count, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('keeps a socket heard otherwise: a message since the last ping counts as an answer', async () => {
    const url = await liveUrl();
    const client = await open(url, { answering: false });
    client.socket.on('ping', () => client.socket.send(JSON.stringify({ type: 'ping' })));
    await expect.poll(() => client.pings.count, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('drops a socket that answers nothing, and frees its place under the address cap', async () => {
    const url = await liveUrl();
    const answer = { answering: true };
    const gone = await open(url, answer);
    // While it holds the address's one place, a second socket is refused.
    const refused = await open(url, { answering: true });
    expect(await refused.closed).toBe(WS_CLOSE.TOO_MANY_FOR_ADDRESS.code);

    // Its peer is gone: terminated without a close frame, the client sees an abnormal closure.
    answer.answering = false;
    expect(await gone.closed).toBe(1006);
    expect(gone.pings.count).toBeGreaterThanOrEqual(1);
    const next = await open(url, { answering: true });
    await expect.poll(() => next.pings.count, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(next.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("drops the crash game's sockets that answer nothing too", async () => {
    const url = (await liveUrl()).replace(/\/ws$/, '/api/v1/house-casino/crash/live?token=t');
    const answering = await open(url, { answering: true });
    const gone = await open(url, { answering: false });
    expect(await gone.closed).toBe(1006);
    await expect.poll(() => answering.pings.count, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    expect(answering.socket.readyState).toBe(WebSocket.OPEN);
  });
});
