import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESTART_SPREAD_MS, createLiveClient, type NetworkSignal, type SocketLike } from './live-client';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({});
  }
  /** The server closed it with a code (a clean close: no error event). */
  closeFromServer(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const last = () => FakeSocket.all.at(-1) as FakeSocket;
const M1 = '00000000-0000-4000-8000-000000000001';
const M2 = '00000000-0000-4000-8000-000000000002';
const E1 = '00000000-0000-4000-8000-0000000000e1';

function client() {
  return createLiveClient({
    url: () => 'ws://test/ws',
    createSocket: (url) => new FakeSocket(url),
    backoffMs: [500, 1000, 4000],
    pingMs: 20_000,
  });
}

describe('live client (WebSocket /ws)', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('connects for a token, authenticates, subscribes and delivers messages', () => {
    const live = client();
    const seen: unknown[] = [];
    live.onMessage((message) => seen.push(message));
    const off = live.subscribe({ marketIds: [M1], eventIds: [E1] });
    expect(FakeSocket.all).toHaveLength(0); // nothing without a token
    live.setToken('tok');
    expect(live.status.get()).toBe('connecting');
    last().open();
    expect(live.status.get()).toBe('live');
    expect(last().sent).toEqual([
      { type: 'auth', token: 'tok' },
      { type: 'subscribe', marketIds: [M1], eventIds: [E1] },
    ]);
    last().receive({ type: 'balance', balance: 10, exposure: -2, bonus: 0, bonusExposure: 0 });
    expect(seen).toEqual([{ type: 'balance', balance: 10, exposure: -2, bonus: 0, bonusExposure: 0 }]);
    off();
    expect(last().sent.at(-1)).toEqual({ type: 'unsubscribe', marketIds: [M1], eventIds: [E1] });
  });

  it('counts subscriptions: a market shared by two screens is unsubscribed only when both leave', () => {
    const live = client();
    live.setToken('tok');
    last().open();
    const a = live.subscribe({ marketIds: [M1] });
    const b = live.subscribe({ marketIds: [M1, M2] });
    expect(last().sent.slice(1)).toEqual([
      { type: 'subscribe', marketIds: [M1], eventIds: [] },
      { type: 'subscribe', marketIds: [M2], eventIds: [] },
    ]);
    a();
    a(); // twice is harmless
    expect(last().sent).toHaveLength(3);
    b();
    expect(last().sent.at(-1)).toEqual({ type: 'unsubscribe', marketIds: [M1, M2], eventIds: [] });
  });

  it('reconnects with backoff, re-authenticates and resubscribes everything, then tells listeners', () => {
    // The least of each step's spread: half the step.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const live = client();
    const reconnected = vi.fn();
    live.onReconnect(reconnected);
    live.setToken('tok');
    live.subscribe({ marketIds: [M1, M2], eventIds: [E1] });
    last().open();
    expect(reconnected).not.toHaveBeenCalled();

    last().drop();
    expect(live.status.get()).toBe('reconnecting');
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(249);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);

    // The second try fails too: the wait grows.
    last().drop();
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    last().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(4);

    last().open();
    expect(live.status.get()).toBe('live');
    expect(last().sent).toEqual([
      { type: 'auth', token: 'tok' },
      { type: 'subscribe', marketIds: [M1, M2], eventIds: [E1] },
    ]);
    expect(reconnected).toHaveBeenCalledTimes(1);

    // After a good connection the backoff starts again from the first step.
    last().drop();
    vi.advanceTimersByTime(250);
    expect(FakeSocket.all).toHaveLength(5);
  });

  it('spreads each wait between half its step and the whole of it, so clients dropped together come back apart', () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.998);
    const live = client();
    live.setToken('tok');
    last().open();
    last().drop();
    vi.advanceTimersByTime(498);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(2);
    expect(FakeSocket.all).toHaveLength(2);

    random.mockReturnValue(0.5);
    last().drop();
    vi.advanceTimersByTime(749);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('comes back at once, without the backoff, when the server says it is restarting (1012)', () => {
    // The middle of each spread: the restart's 125 ms, three quarters of a backoff step.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const live = client();
    const reconnected = vi.fn();
    live.onReconnect(reconnected);
    live.setToken('tok');
    live.subscribe({ marketIds: [M1] });
    last().open();
    // A failed try first, so the backoff would already wait 1000 ms.
    last().drop();
    vi.advanceTimersByTime(500);
    last().open();

    last().closeFromServer(1012);
    expect(live.status.get()).toBe('reconnecting');
    vi.advanceTimersByTime(RESTART_SPREAD_MS);
    expect(FakeSocket.all).toHaveLength(3);
    last().open();
    expect(last().sent).toEqual([
      { type: 'auth', token: 'tok' },
      { type: 'subscribe', marketIds: [M1], eventIds: [] },
    ]);
    expect(reconnected).toHaveBeenCalledTimes(2);

    // Any other close still waits out the backoff.
    last().closeFromServer(1006);
    vi.advanceTimersByTime(RESTART_SPREAD_MS);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('pings to keep the connection alive and closes for good on logout', () => {
    const live = client();
    live.setToken('tok');
    const socket = last();
    socket.open();
    vi.advanceTimersByTime(20_000);
    expect(socket.sent.at(-1)).toEqual({ type: 'ping' });
    live.setToken(null);
    expect(socket.closed).toBe(true);
    expect(live.status.get()).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('drops a socket that has said nothing since its last ping and connects again, reading what it missed', () => {
    const live = client();
    const reconnected = vi.fn();
    live.onReconnect(reconnected);
    live.setToken('tok');
    const first = last();
    first.open();
    // An answered ping keeps the socket.
    vi.advanceTimersByTime(20_000);
    expect(first.sent.at(-1)).toEqual({ type: 'ping' });
    first.receive({ type: 'pong' });
    vi.advanceTimersByTime(20_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(live.status.get()).toBe('live');
    // The network died silently: that ping is never answered and no close event ever comes.
    vi.advanceTimersByTime(20_000);
    expect(first.closed).toBe(true);
    expect(live.status.get()).toBe('reconnecting');
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(last().sent[0]).toEqual({ type: 'auth', token: 'tok' });
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('re-authenticates an open socket when the token changes and ignores junk frames', () => {
    const live = client();
    const seen = vi.fn();
    live.onMessage(seen);
    live.setToken('tok');
    last().open();
    live.setToken('tok-2');
    expect(last().sent.at(-1)).toEqual({ type: 'auth', token: 'tok-2' });
    last().onmessage?.({ data: 'not json' });
    last().onmessage?.({ data: '42' });
    expect(seen).not.toHaveBeenCalled();
  });

  it('drops the socket when the network goes and connects at once when it is back (issue 31)', () => {
    let tell: (online: boolean) => void = () => undefined;
    const network: NetworkSignal = {
      onChange(listener) {
        tell = listener;
        return () => undefined;
      },
    };
    const live = createLiveClient({
      url: () => 'ws://test/ws',
      createSocket: (url) => new FakeSocket(url),
      backoffMs: [500, 1000, 4000],
      network,
    });
    const reconnected = vi.fn();
    live.onReconnect(reconnected);
    live.setToken('tok');
    live.subscribe({ marketIds: [M1] });
    const first = last();
    first.open();

    // Offline: the socket (which the browser may keep half-open) is closed and no retry is scheduled.
    tell(false);
    expect(first.closed).toBe(true);
    expect(live.status.get()).toBe('reconnecting');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    // Online: a new socket at once, not after the backoff; it resubscribes and tells listeners.
    tell(true);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(live.status.get()).toBe('live');
    expect(last().sent).toEqual([
      { type: 'auth', token: 'tok' },
      { type: 'subscribe', marketIds: [M1], eventIds: [] },
    ]);
    expect(reconnected).toHaveBeenCalledTimes(1);

    // A socket that fails while the network is down waits for the network, not the backoff.
    tell(false);
    tell(true);
    tell(false);
    const pending = last();
    expect(pending.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(3);

    // Signed out: the network coming back opens nothing.
    live.setToken(null);
    tell(true);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it("follows the window's online and offline events by default, each event saying which way the network went", () => {
    // Its own sockets: the other tests' clients hear the window's events too.
    const mine: FakeSocket[] = [];
    const live = createLiveClient({
      url: () => 'ws://test/ws',
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        mine.push(socket);
        return socket;
      },
    });
    live.setToken('tok');
    const first = mine[0] as FakeSocket;
    first.open();
    // A quick flap: by the time the events are handled the browser may already say online again.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('offline'));
    expect(first.closed).toBe(true);
    expect(live.status.get()).toBe('reconnecting');
    window.dispatchEvent(new Event('online'));
    expect(mine).toHaveLength(2);
    mine[1]?.open();
    expect(live.status.get()).toBe('live');
    onLine.mockRestore();
    live.setToken(null);
  });
});
