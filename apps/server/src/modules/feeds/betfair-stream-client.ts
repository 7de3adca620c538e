/**
 * The live source: a client of Betfair's Exchange Stream API (the "Exchange Stream API" page, word for
 * word). An SSL socket of CRLF-delimited JSON: read the `connection` message, send `authentication`,
 * then a `marketSubscription`; apply every `mcm` of that subscription to a StreamCache in order.
 *
 * Stream health as the page advises: no message for 2 × heartbeatMs means the connection is dead; it
 * is closed and a new one made after a back-off, and the subscription is sent again with the last
 * initialClk and clk, so Betfair answers with a RESUB_DELTA that patches the cache (no change missed,
 * none applied twice). An INVALID_CLOCK drops the clocks (a fresh image next time); errors about the
 * app key or session stop the client, since retrying cannot fix them.
 */
import { connect } from 'node:tls';
import type { TLSSocket } from 'node:tls';
import { HEARTBEAT_MS_MAX, HEARTBEAT_MS_MIN, StreamCache } from '@khel/betfair-stream';
import type {
  Applied,
  MarketChangeMessage,
  MarketDataFilter,
  MarketFilter,
  MarketSubscriptionMessage,
  RequestMessage,
  ResponseMessage,
  StatusErrorCode,
} from '@khel/betfair-stream';

export interface StreamClientOptions {
  host: string;
  port: number;
  appKey: string;
  /** The session token from Betfair's login; asked again at every connection (it may be renewed). */
  session: () => string | Promise<string>;
  marketFilter: MarketFilter;
  marketDataFilter: MarketDataFilter;
  /** Asked of Betfair; bounded to 500–5000 ms as Betfair does. */
  heartbeatMs?: number;
  /** Forced conflation asked of Betfair, ms (0 or absent: none). */
  conflateMs?: number;
  /** Send an explicit `heartbeat` request this often (only to keep a firewall open; absent: never). */
  keepAliveMs?: number;
  /** Trusted certificate(s), for a server that is not Betfair's (tests). */
  ca?: string;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** Every change message of the live subscription, after it was applied to `cache`. */
  onChange: (message: MarketChangeMessage, applied: Applied) => void;
  onEvent?: (event: StreamClientEvent) => void;
}

export type StreamClientEvent =
  | { kind: 'connected'; connectionId: string }
  | { kind: 'subscribed'; resumed: boolean }
  | { kind: 'disconnected'; reason: string }
  | { kind: 'failed'; errorCode: StatusErrorCode | 'UNKNOWN'; errorMessage: string; fatal: boolean };

/** Errors that no retry can fix: the client stops (the page: "these will all close your connection"). */
const FATAL: ReadonlySet<string> = new Set([
  'NO_APP_KEY',
  'INVALID_APP_KEY',
  'NO_SESSION',
  'INVALID_SESSION_INFORMATION',
  'NOT_AUTHORIZED',
]);

export class ExchangeStreamClient {
  readonly cache = new StreamCache();
  /** Connections opened so far (the first one and every reconnection). */
  connections = 0;
  private socket: TLSSocket | null = null;
  private stopped = true;
  private nextId = 1;
  private authId = 0;
  private subscriptionId = 0;
  private backoffMs: number;
  private watchdog: NodeJS.Timeout | null = null;
  private keepAlive: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly heartbeatMs: number;

  constructor(private readonly options: StreamClientOptions) {
    this.heartbeatMs = Math.min(HEARTBEAT_MS_MAX, Math.max(HEARTBEAT_MS_MIN, options.heartbeatMs ?? HEARTBEAT_MS_MAX));
    this.backoffMs = options.reconnectMinMs ?? 250;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    this.socket?.destroy();
    this.socket = null;
  }

  /** The subscription as it will be sent: criteria, and the clocks once there are any. */
  subscription(id: number): MarketSubscriptionMessage {
    const { marketFilter, marketDataFilter, conflateMs } = this.options;
    return {
      op: 'marketSubscription',
      id,
      marketFilter,
      marketDataFilter,
      segmentationEnabled: true,
      heartbeatMs: this.heartbeatMs,
      ...(conflateMs ? { conflateMs } : {}),
      ...(this.cache.initialClk ? { initialClk: this.cache.initialClk } : {}),
      ...(this.cache.clk ? { clk: this.cache.clk } : {}),
    };
  }

  private open(): void {
    this.connections += 1;
    const socket = connect({ host: this.options.host, port: this.options.port, ca: this.options.ca });
    this.socket = socket;
    socket.setEncoding('utf8');
    socket.setNoDelay(true);
    let buffered = '';
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end = buffered.indexOf('\n');
      while (end >= 0 && this.socket === socket) {
        const line = buffered.slice(0, end).trim();
        buffered = buffered.slice(end + 1);
        if (line !== '') this.receive(socket, JSON.parse(line) as ResponseMessage);
        end = buffered.indexOf('\n');
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.closed(socket));
    this.armWatchdog(socket);
  }

  private receive(socket: TLSSocket, message: ResponseMessage): void {
    this.armWatchdog(socket);
    if (message.op === 'connection') {
      this.options.onEvent?.({ kind: 'connected', connectionId: message.connectionId });
      void this.authenticate(socket);
    } else if (message.op === 'status') {
      if (message.statusCode === 'FAILURE') return this.failed(socket, message.errorCode, message.errorMessage);
      if (message.id === this.authId) this.subscribe(socket);
    } else if (message.op === 'mcm') {
      // Messages of an earlier subscription on this connection are disposed of by their id.
      if (message.id !== undefined && message.id !== this.subscriptionId) return;
      const applied = this.cache.apply(message);
      if (!applied.heartbeat) this.backoffMs = this.options.reconnectMinMs ?? 250;
      this.options.onChange(message, applied);
    }
  }

  private async authenticate(socket: TLSSocket): Promise<void> {
    const session = await this.options.session();
    this.authId = this.nextId++;
    this.send(socket, { op: 'authentication', id: this.authId, appKey: this.options.appKey, session });
  }

  private subscribe(socket: TLSSocket): void {
    this.subscriptionId = this.nextId++;
    const message = this.subscription(this.subscriptionId);
    this.send(socket, message);
    this.options.onEvent?.({ kind: 'subscribed', resumed: message.clk !== undefined });
    if (this.options.keepAliveMs) {
      if (this.keepAlive) clearInterval(this.keepAlive);
      this.keepAlive = setInterval(
        () => this.send(socket, { op: 'heartbeat', id: this.nextId++ }),
        this.options.keepAliveMs,
      );
    }
  }

  private failed(socket: TLSSocket, errorCode: StatusErrorCode | undefined, errorMessage: string | undefined): void {
    const fatal = FATAL.has(errorCode ?? '');
    if (errorCode === 'INVALID_CLOCK') {
      this.cache.initialClk = null;
      this.cache.clk = null;
    }
    this.options.onEvent?.({
      kind: 'failed',
      errorCode: errorCode ?? 'UNKNOWN',
      errorMessage: errorMessage ?? '',
      fatal,
    });
    if (fatal) this.stop();
    // Every error but SUBSCRIPTION_LIMIT_EXCEEDED closes the connection; we close it ourselves too.
    else if (errorCode !== 'SUBSCRIPTION_LIMIT_EXCEEDED') socket.destroy();
  }

  private send(socket: TLSSocket, message: RequestMessage): void {
    if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\r\n`);
  }

  private armWatchdog(socket: TLSSocket): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => {
      this.options.onEvent?.({ kind: 'disconnected', reason: `no message for ${2 * this.heartbeatMs} ms` });
      socket.destroy();
    }, 2 * this.heartbeatMs);
  }

  private closed(socket: TLSSocket): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.clearTimers();
    if (this.stopped) return;
    this.options.onEvent?.({ kind: 'disconnected', reason: 'connection closed' });
    // Back off, doubling up to the maximum, so an outage is not met with a storm of connections.
    this.reconnectTimer = setTimeout(() => this.open(), this.backoffMs);
    this.backoffMs = Math.min(this.backoffMs * 2, this.options.reconnectMaxMs ?? 30_000);
  }

  private clearTimers(): void {
    for (const timer of [this.watchdog, this.reconnectTimer]) if (timer) clearTimeout(timer);
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.watchdog = this.reconnectTimer = this.keepAlive = null;
  }
}
