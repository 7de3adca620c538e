import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { createTestApp, signUpPlayer } from '../../../test/test-app.js';
import { openLiveSocket } from '../../../test/live-sockets.js';

/**
 * Issue 10, live updates: a slow socket gets fewer, newer states of a market, never a growing buffer,
 * and never loses a message of its own. The "slow phone" is a real client that stops reading.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WS_CONFLATE_ABOVE_BYTES: '1024' });
});
afterAll(async () => t.close());

const UPDATES = 3000;

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('conflation of market states', () => {
  it('gives a socket that stopped reading the latest state, far fewer messages than were published, and every message of its own', async () => {
    const player = await signUpPlayer(t);
    const live = await openLiveSocket(t.app, { token: player.token });
    await live.next('authenticated');
    const marketId = randomUUID();
    live.send({ type: 'subscribe', marketIds: [marketId], eventIds: [] });
    await new Promise((resolve) => setTimeout(resolve, 100));

    // The phone stops reading: what the server writes piles up in the kernel, then in the server's buffer.
    const tcp = (live.socket as unknown as { _socket: Socket })._socket;
    tcp.pause();
    const filler = 'x'.repeat(8000);
    for (let seq = 1; seq <= UPDATES; seq += 1) {
      t.services.bus.publish(`market:${marketId}`, { type: 'market', market: { _id: marketId, seq, filler } });
      if (seq === UPDATES / 2) t.services.bus.publish(`user:${player.userId}`, { type: 'bet', bet: { _id: 'mine' } });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    tcp.resume();

    const seqs = () =>
      live.messages
        .filter((message) => message.type === 'market')
        .map((message) => (message.market as { seq: number }).seq);
    await until(() => seqs().at(-1) === UPDATES, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const heard = seqs();
    expect(heard.at(-1)).toBe(UPDATES);
    expect(heard.length).toBeLessThan(UPDATES / 2);
    for (let i = 1; i < heard.length; i += 1) expect(heard[i]).toBeGreaterThan(heard[i - 1] as number);
    expect(live.messages.filter((message) => message.type === 'bet')).toHaveLength(1);
    live.socket.close();
  });

  it('gives a socket that keeps up every state in order', async () => {
    const live = await openLiveSocket(t.app);
    const marketId = randomUUID();
    live.send({ type: 'subscribe', marketIds: [marketId], eventIds: [] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let seq = 1; seq <= 20; seq += 1) {
      t.services.bus.publish(`market:${marketId}`, { type: 'market', market: { _id: marketId, seq } });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const seqs = () =>
      live.messages
        .filter((message) => message.type === 'market')
        .map((message) => (message.market as { seq: number }).seq);
    await until(() => seqs().length === 20, 5000);
    expect(seqs()).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    live.socket.close();
  });
});
