import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Connection } from './live-connections.js';
import { createConnectionRegistry } from './live-connections.js';

/** The bookkeeping behind the socket caps; the registry never touches the socket itself. */
const connection = (ip: string): Connection => ({
  socket: {} as WebSocket,
  ip,
  topics: new Set(),
  session: null,
  checking: false,
  waitingStates: new Map(),
  flushTimer: null,
});
const session = (userId: string, sessionId: string) => ({
  userId,
  sessionId,
  token: `token-${sessionId}`,
  checkAtMs: 0,
});

describe('connection registry', () => {
  it('counts an account once per socket: authenticating the same socket again does not count it twice', () => {
    const registry = createConnectionRegistry({ socketsPerAccount: 2, socketsPerIp: 10, subscriptionsPerSocket: 5 });
    const [a, b, c] = [connection('1.1.1.1'), connection('1.1.1.2'), connection('1.1.1.3')];
    for (const each of [a, b, c]) expect(registry.open(each)).toBe(true);
    expect(registry.attachSession(a, session('u1', 's1'))).toBe(true);
    expect(registry.attachSession(b, session('u1', 's2'))).toBe(true);
    expect(registry.attachSession(a, session('u1', 's3'))).toBe(true);
    expect(registry.attachSession(c, session('u1', 's4'))).toBe(false);
    expect(c.session).toBeNull();
    expect(registry.ofSession('s1')).toEqual([]);
    expect(registry.ofSession('s3')).toEqual([a]);

    registry.close(b);
    expect(registry.attachSession(c, session('u1', 's4'))).toBe(true);
    expect(registry.authenticated()).toHaveLength(2);
  });

  it('moves a socket between accounts and its user topic with it', () => {
    const registry = createConnectionRegistry({ socketsPerAccount: 1, socketsPerIp: 10, subscriptionsPerSocket: 5 });
    const a = connection('1.1.1.1');
    registry.open(a);
    registry.attachSession(a, session('u1', 's1'));
    registry.attachSession(a, session('u2', 's2'));
    expect(registry.subscribers('user:u1').size).toBe(0);
    expect([...registry.subscribers('user:u2')]).toEqual([a]);
    const b = connection('1.1.1.2');
    registry.open(b);
    expect(registry.attachSession(b, session('u1', 's3'))).toBe(true);
  });

  it('caps sockets per address and frees the place on close', () => {
    const registry = createConnectionRegistry({ socketsPerAccount: 5, socketsPerIp: 2, subscriptionsPerSocket: 5 });
    const sockets = [connection('2.2.2.2'), connection('2.2.2.2'), connection('2.2.2.2')];
    expect(sockets.map((each) => registry.open(each))).toEqual([true, true, false]);
    expect(registry.open(connection('2.2.2.3'))).toBe(true);
    registry.close(sockets[0] as Connection);
    expect(registry.open(sockets[2] as Connection)).toBe(true);
  });

  it('caps public subscriptions per socket, not counting its own user topic, and never twice the same', () => {
    const registry = createConnectionRegistry({ socketsPerAccount: 5, socketsPerIp: 5, subscriptionsPerSocket: 2 });
    const a = connection('3.3.3.3');
    registry.open(a);
    registry.attachSession(a, session('u1', 's1'));
    expect(['market:1', 'market:1', 'market:2', 'market:3'].map((topic) => registry.subscribe(a, topic))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    registry.unsubscribe(a, 'market:1');
    expect(registry.subscribe(a, 'market:3')).toBe(true);
    registry.close(a);
    expect(registry.subscribers('market:3').size).toBe(0);
    expect(registry.subscribers('user:u1').size).toBe(0);
  });
});
