import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '@khel/contract';
import type { WsServerMessage } from '@khel/contract';
import { systemClock } from '../../lib/clock.js';
import type { IdentityService } from '../identity/identity-service.js';
import { openLiveSocket } from '../../../test/live-sockets.js';
import { createLocalBus } from './live-bus.js';
import { registerLiveRoutes } from './live-routes.js';

/**
 * A subscriber's snapshot is read while changes keep coming: a change pushed before the snapshot's read
 * has ended is whole and at least as new, so the snapshot must not follow it and take the page back.
 * A bare app with the live routes and a snapshot the test answers when it chooses; no database.
 */
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function liveApp(
  snapshot: (topic: string) => Promise<WsServerMessage | null>,
  identity: Partial<IdentityService> = {},
) {
  const bus = createLocalBus();
  app = Fastify({ logger: false });
  await registerLiveRoutes(app, {
    bus,
    // Only what a test signs in with: the other sockets follow public markets only.
    identity: identity as IdentityService,
    clock: systemClock,
    limits: { socketsPerAccount: 5, socketsPerIp: 50, subscriptionsPerSocket: 10 },
    snapshot,
  });
  return { bus, app };
}

const marketAt = (id: string, price: number) =>
  ({ type: 'market', market: { _id: id, version: 1, price } }) as unknown as WsServerMessage;

/** The prices of the market states a socket heard, in order. */
const pricesHeard = (messages: { type: string; [key: string]: unknown }[]) =>
  messages.filter((message) => message.type === 'market').map((message) => (message.market as { price: number }).price);

describe('the snapshot on subscribe and the changes meanwhile', () => {
  it('drops a snapshot read before a change that was pushed while it was read', async () => {
    const id = randomUUID();
    let answer: ((message: WsServerMessage) => void) | undefined;
    const { bus, app: live } = await liveApp(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const socket = await openLiveSocket(live);
    socket.send({ type: 'subscribe', marketIds: [id], eventIds: [] });
    await expect.poll(() => answer !== undefined).toBe(true);
    // The price moves while the snapshot (the old price) is still being read.
    bus.publish(`market:${id}`, marketAt(id, 250));
    await socket.next('market');
    answer?.(marketAt(id, 200));
    // A ping after the snapshot's answer: its pong comes after anything the snapshot would have sent.
    socket.send({ type: 'ping' });
    await socket.next('pong');
    const prices = pricesHeard(socket.messages);
    expect(prices).toEqual([250]);
    socket.socket.close();
  });

  it('sends the snapshot when nothing was pushed meanwhile, then the changes', async () => {
    const id = randomUUID();
    const { bus, app: live } = await liveApp(async () => marketAt(id, 200));
    const socket = await openLiveSocket(live);
    socket.send({ type: 'subscribe', marketIds: [id], eventIds: [] });
    await socket.next('market');
    bus.publish(`market:${id}`, marketAt(id, 250));
    await expect.poll(() => socket.messages.filter((message) => message.type === 'market').length).toBe(2);
    const prices = pricesHeard(socket.messages);
    expect(prices).toEqual([200, 250]);
    socket.socket.close();
  });

  it('sends only the newest read when a topic is subscribed again while an earlier read is out', async () => {
    const id = randomUUID();
    const answers: ((message: WsServerMessage) => void)[] = [];
    const { app: live } = await liveApp(
      () =>
        new Promise((resolve) => {
          answers.push(resolve);
        }),
    );
    const socket = await openLiveSocket(live);
    socket.send({ type: 'subscribe', marketIds: [id], eventIds: [] });
    await expect.poll(() => answers.length).toBe(1);
    socket.send({ type: 'unsubscribe', marketIds: [id], eventIds: [] });
    socket.send({ type: 'subscribe', marketIds: [id], eventIds: [] });
    await expect.poll(() => answers.length).toBe(2);
    // The earlier read answers first, with the older state.
    answers[0]?.(marketAt(id, 200));
    await new Promise((resolve) => setImmediate(resolve));
    answers[1]?.(marketAt(id, 300));
    socket.send({ type: 'ping' });
    await socket.next('pong');
    const prices = pricesHeard(socket.messages);
    expect(prices).toEqual([300]);
    socket.socket.close();
  });
});

describe('a sign-in the server could not check', () => {
  it('closes the socket with 1011 so the client signs in again, instead of leaving it open and unsigned', async () => {
    const { app: live } = await liveApp(async () => null, {
      authenticate: () => Promise.reject(new Error('the database did not answer')),
    });
    const socket = await openLiveSocket(live, { token: 'any' });
    expect(await socket.closed).toMatchObject({
      code: WS_CLOSE.SIGN_IN_FAILED.code,
      reason: WS_CLOSE.SIGN_IN_FAILED.reason,
    });
  });
});
