import { WS_RESTART_CODE } from '@khel/contract';
import type { WsClientMessage, WsServerMessage } from '@khel/contract';
import { createStore, type Store } from '@khel/web-kit';
import { onNetworkChange } from '../pwa/use-online';

/**
 * The one WebSocket of the app (PRODUCT.md §3, /ws): prices, suspensions, scores, the player's own
 * bets and balance. Subscriptions are counted per market and event, so two screens showing the same
 * market share it; after a reconnect (with backoff) the client authenticates again and re-sends every
 * subscription, and the server answers each with a fresh snapshot.
 */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting';

/** The part of the browser's WebSocket the client uses; tests pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface LiveClientOptions {
  url: () => string;
  createSocket?: (url: string) => SocketLike;
  /** Delays before reconnect attempts 1, 2, 3 …; the last repeats. */
  backoffMs?: readonly number[];
  /**
   * How often the client pings. A socket that has said nothing since the last ping (the server answers
   * every ping) is dead though still "open" (a phone that changed networks, a proxy that dropped the
   * connection silently): it is dropped and the client reconnects, reading again what it missed.
   */
  pingMs?: number;
  /**
   * The browser's word on the network (window's `online` / `offline` events). A phone that loses its
   * network often keeps a dead socket open for a long time (and Chromium keeps it through DevTools'
   * offline mode), so the client closes it on `offline` and, on `online`, connects at once instead of
   * waiting out the backoff. Absent, the client follows `window`.
   */
  network?: NetworkSignal | null;
}

/** Where the client hears that the network went and came back; returns the way to stop listening. */
export interface NetworkSignal {
  onChange(listener: (online: boolean) => void): () => void;
}

const windowNetwork: NetworkSignal | null =
  typeof window === 'undefined'
    ? null
    : { onChange: (listener) => onNetworkChange((event) => listener(event.type === 'online')) };

export interface LiveTopics {
  marketIds?: readonly string[];
  eventIds?: readonly string[];
}

type Listener = (message: WsServerMessage) => void;

const OPEN = 1;
export const DEFAULT_BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000] as const;
/** After a 1012 (server restarting) the client reconnects within this many ms, not after the backoff. */
export const RESTART_SPREAD_MS = 250;

export interface LiveClient {
  status: Store<LiveStatus>;
  /** Starts (or re-authenticates) the connection for a token; null closes it. */
  setToken(token: string | null): void;
  subscribe(topics: LiveTopics): () => void;
  onMessage(listener: Listener): () => void;
  /** Called after every reconnect (not the first connect): callers refresh what the socket may have missed. */
  onReconnect(listener: () => void): () => void;
}

export function createLiveClient(options: LiveClientOptions): LiveClient {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const pingMs = options.pingMs ?? 15_000;
  const status = createStore<LiveStatus>('idle');
  const listeners = new Set<Listener>();
  const reconnectListeners = new Set<() => void>();
  const markets = new Map<string, number>();
  const events = new Map<string, number>();

  let token: string | null = null;
  let socket: SocketLike | null = null;
  let attempts = 0;
  let everOpened = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let heard = true;
  let networkDown = false;

  const send = (message: WsClientMessage) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  const stopTimers = () => {
    if (retryTimer !== null) clearTimeout(retryTimer);
    if (pingTimer !== null) clearInterval(pingTimer);
    retryTimer = null;
    pingTimer = null;
  };

  /** Closes a socket whose events no longer matter. */
  const silence = (current: SocketLike) => {
    current.onopen = current.onmessage = current.onclose = null;
    current.close();
  };

  const connect = () => {
    stopTimers();
    status.set(everOpened || attempts > 0 ? 'reconnecting' : 'connecting');
    const current = createSocket(options.url());
    socket = current;
    current.onopen = () => {
      if (socket !== current) return;
      const reconnected = everOpened;
      attempts = 0;
      everOpened = true;
      status.set('live');
      if (token !== null) send({ type: 'auth', token });
      if (markets.size > 0 || events.size > 0)
        send({ type: 'subscribe', marketIds: [...markets.keys()], eventIds: [...events.keys()] });
      heard = true;
      pingTimer = setInterval(() => {
        if (heard) {
          heard = false;
          send({ type: 'ping' });
        } else {
          // Its close event, if one ever comes, is ignored: it is no longer the client's socket.
          current.close();
          afterLoss();
        }
      }, pingMs);
      if (reconnected) for (const listener of reconnectListeners) listener();
    };
    current.onmessage = (event) => {
      if (socket !== current) return;
      heard = true; // anything heard answers the last ping
      if (typeof event.data !== 'string') return;
      let message: WsServerMessage;
      try {
        message = JSON.parse(event.data) as WsServerMessage;
      } catch {
        return;
      }
      if (typeof message !== 'object' || message === null || typeof message.type !== 'string') return;
      for (const listener of [...listeners]) listener(message);
    };
    // No error handler: a socket's error is followed by its close, which schedules the retry.
    current.onclose = (event) => {
      if (socket === current) afterLoss(event);
    };
  };

  /** The socket is gone (closed, or dead): try again after the backoff, at once after a restart, or when the network is back. */
  const afterLoss = (event?: unknown) => {
    socket = null;
    stopTimers();
    if (token === null) {
      status.set('idle');
      return;
    }
    status.set('reconnecting');
    // No network: the next attempt waits for the browser's `online` (below), not for the backoff.
    if (networkDown) return;
    // 1012: the server is restarting and another process takes over (WS_CLOSE.RESTARTING): come back
    // at once, spread over a moment so a process's clients do not all arrive in the same instant.
    if ((event as { code?: unknown } | null)?.code === WS_RESTART_CODE) {
      retryTimer = setTimeout(connect, Math.round(Math.random() * RESTART_SPREAD_MS));
      return;
    }
    // Between half the step and the whole of it: the clients a lost network dropped together come back apart.
    const delay = backoff[Math.min(attempts, backoff.length - 1)] ?? 1000;
    attempts += 1;
    retryTimer = setTimeout(connect, (delay * (1 + Math.random())) / 2);
  };

  const disconnect = () => {
    stopTimers();
    const current = socket;
    socket = null;
    attempts = 0;
    everOpened = false;
    if (current) silence(current);
    status.set('idle');
  };

  /** Drops the socket without the close handshake reaching anyone: the network is gone. */
  const dropForNetwork = () => {
    stopTimers();
    const current = socket;
    socket = null;
    if (current) silence(current);
    status.set('reconnecting');
  };

  (options.network === undefined ? windowNetwork : options.network)?.onChange((online) => {
    networkDown = !online;
    if (token === null) return;
    if (!online) dropForNetwork();
    else if (socket === null) {
      attempts = 0;
      connect();
    }
  });

  const change = (map: Map<string, number>, ids: readonly string[], delta: 1 | -1): string[] => {
    const changed: string[] = [];
    for (const id of new Set(ids)) {
      const count = (map.get(id) ?? 0) + delta;
      if (count <= 0) {
        if (map.delete(id)) changed.push(id);
      } else {
        if (count === 1 && delta === 1) changed.push(id);
        map.set(id, count);
      }
    }
    return changed;
  };

  return {
    status,
    setToken(next) {
      if (next === token) return;
      token = next;
      if (next === null) disconnect();
      else if (socket === null) connect();
      else send({ type: 'auth', token: next });
    },
    subscribe({ marketIds = [], eventIds = [] }) {
      const addedMarkets = change(markets, marketIds, 1);
      const addedEvents = change(events, eventIds, 1);
      if (addedMarkets.length > 0 || addedEvents.length > 0)
        send({ type: 'subscribe', marketIds: addedMarkets, eventIds: addedEvents });
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const goneMarkets = change(markets, marketIds, -1);
        const goneEvents = change(events, eventIds, -1);
        if (goneMarkets.length > 0 || goneEvents.length > 0)
          send({ type: 'unsubscribe', marketIds: goneMarkets, eventIds: goneEvents });
      };
    },
    onMessage(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
  };
}

/** Same origin: ws:// or wss:// by the page's protocol. */
export function liveUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

/** The app's one client. */
export const liveClient: LiveClient = createLiveClient({ url: liveUrl });
