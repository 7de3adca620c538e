import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE, tooManySubscriptionsMessage } from '@khel/contract';
import type { TestApp } from '../../../test/test-app.js';
import { call, createTestApp, nextIp, signUpPlayer, PASSWORD } from '../../../test/test-app.js';
import type { LiveSocket } from '../../../test/live-sockets.js';
import { closedWithin, openLiveSocket } from '../../../test/live-sockets.js';

/**
 * Issue 9: per-account and per-address caps on open sockets and a cap on subscriptions per socket,
 * with clear close codes and messages. The test process is the proxy (TRUST_PROXY=127.0.0.1), so each
 * socket can speak from the address it names in X-Forwarded-For.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: '127.0.0.1',
    WS_MAX_SOCKETS_PER_ACCOUNT: '2',
    WS_MAX_SOCKETS_PER_IP: '3',
    WS_MAX_SUBSCRIPTIONS_PER_SOCKET: '3',
  });
});
afterAll(async () => t.close());

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

async function settle(live: LiveSocket): Promise<'authenticated' | 'closed'> {
  return Promise.race([
    live.next('authenticated', 3000).then(() => 'authenticated' as const),
    live.closed.then(() => 'closed' as const),
  ]);
}

describe('socket caps', () => {
  it('closes an account’s socket past its cap with 4429 and a reason, and takes a new one once another closes', async () => {
    const player = await signUpPlayer(t);
    const second = await call(t.app, 'POST', '/api/v1/login', {
      body: { mobile_no: player.mobileNo, password: PASSWORD },
      ip: nextIp(),
    });
    const tokens = [player.token, second.body.meta.token as string, player.token];
    // One after another: the cap refuses the socket that authenticates last, so the order must be known.
    const sockets: LiveSocket[] = [];
    for (const token of tokens.slice(0, 2)) {
      const live = await openLiveSocket(t.app, { token, ...from(nextIp()) });
      expect(await settle(live)).toBe('authenticated');
      sockets.push(live);
    }
    sockets.push(await openLiveSocket(t.app, { token: tokens[2] as string, ...from(nextIp()) }));
    const third = sockets[2] as LiveSocket;
    expect(await closedWithin(third, 10_000)).toMatchObject({
      code: WS_CLOSE.TOO_MANY_FOR_ACCOUNT.code,
      reason: WS_CLOSE.TOO_MANY_FOR_ACCOUNT.reason,
    });

    // Another player is not affected.
    const other = await signUpPlayer(t);
    const theirs = await openLiveSocket(t.app, { token: other.token, ...from(nextIp()) });
    expect(await settle(theirs)).toBe('authenticated');

    (sockets[0] as LiveSocket).socket.close();
    await (sockets[0] as LiveSocket).closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await openLiveSocket(t.app, { token: player.token, ...from(nextIp()) });
    expect(await settle(again)).toBe('authenticated');
    for (const live of [sockets[1], theirs, again]) live?.socket.close();
  });

  it('closes a socket past the per-address cap with 4429, and leaves other addresses alone', async () => {
    const address = '203.0.113.50';
    const sockets = [
      await openLiveSocket(t.app, from(address)),
      await openLiveSocket(t.app, from(address)),
      await openLiveSocket(t.app, from(address)),
    ];
    for (const live of sockets) {
      live.send({ type: 'ping' });
      await live.next('pong');
    }
    const fourth = await openLiveSocket(t.app, from(address));
    expect(await closedWithin(fourth, 10_000)).toMatchObject({
      code: WS_CLOSE.TOO_MANY_FOR_ADDRESS.code,
      reason: WS_CLOSE.TOO_MANY_FOR_ADDRESS.reason,
    });
    const elsewhere = await openLiveSocket(t.app, from('203.0.113.51'));
    elsewhere.send({ type: 'ping' });
    await elsewhere.next('pong');
    for (const live of [...sockets, elsewhere]) live.socket.close();
  });
});

describe('subscriptions per socket', () => {
  it('follows at most the cap, says so, and delivers only what it follows', async () => {
    const live = await openLiveSocket(t.app, from(nextIp()));
    const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    live.send({ type: 'subscribe', marketIds: ids });
    expect(await live.next('error')).toEqual({ type: 'error', message: tooManySubscriptionsMessage(3) });

    for (const id of ids) t.services.bus.publish(`market:${id}`, { type: 'market', market: { _id: id } });
    live.send({ type: 'ping' });
    await live.next('pong');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const delivered = live.messages
      .filter((message) => message.type === 'market')
      .map((message) => (message.market as { _id: string })._id);
    expect(delivered).toEqual(ids.slice(0, 3));

    // Leaving one makes room for another.
    live.send({ type: 'unsubscribe', marketIds: [ids[0]] });
    live.send({ type: 'subscribe', marketIds: [ids[4]] });
    live.send({ type: 'ping' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    t.services.bus.publish(`market:${ids[4]}`, { type: 'market', market: { _id: ids[4] } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(live.messages.filter((message) => message.type === 'error')).toHaveLength(1);
    expect(
      live.messages
        .filter((message) => message.type === 'market')
        .map((message) => (message.market as { _id: string })._id),
    ).toContain(ids[4]);
    live.socket.close();
  });
});
