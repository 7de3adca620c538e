/**
 * A local stand-in for stream-api.betfair.com:443 that serves a recorded file the way Betfair's server
 * behaves on the Exchange Stream API page: TLS (a self-signed certificate made here), CRLF JSON, a
 * `connection` message, `authentication` checked, a `status` for every request, the subscription's
 * image (ct SUB_IMAGE with initialClk) then deltas carrying the subscription's id and their recorded
 * clk, ct HEARTBEAT when idle, and a resubscription with a clk answered by a RESUB_DELTA from the
 * message after it (an unknown clk: INVALID_CLOCK, connection closed).
 *
 * Faults to test recovery: `dropAt` closes the connection after writing half of that message's line,
 * `stallAt` goes silent (no data, no heartbeat) before that message, each once. `pauseAt` holds the
 * stream before that message (server heartbeats go on) until `resume()`, so a test can act mid-match.
 */
import { createServer } from 'node:tls';
import type { TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import type { MarketChangeMessage, MarketSubscriptionMessage, RequestMessage } from '@khel/betfair-stream';

export interface FakeStreamServer {
  port: number;
  /** The self-signed certificate: the client's `ca`. */
  ca: string;
  subscriptions: MarketSubscriptionMessage[];
  requests: RequestMessage[];
  /** Holding at a `pauseAt` message. */
  paused(): boolean;
  resume(): void;
  close(): Promise<void>;
}

export interface FakeStreamServerOptions {
  messages: readonly MarketChangeMessage[];
  appKey: string;
  session: string;
  dropAt?: number[];
  stallAt?: number[];
  pauseAt?: number[];
}

export async function startFakeStreamServer(options: FakeStreamServerOptions): Promise<FakeStreamServer> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  const faults = { drop: new Set(options.dropAt), stall: new Set(options.stallAt), pause: new Set(options.pauseAt) };
  let held: (() => void) | null = null;
  const subscriptions: MarketSubscriptionMessage[] = [];
  const requests: RequestMessage[] = [];
  const sockets = new Set<TLSSocket>();
  let connectionCount = 0;

  const server = createServer({ key: pems.private, cert: pems.cert }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    const write = (message: object) => !socket.destroyed && socket.write(`${JSON.stringify(message)}\r\n`);
    let authenticated = false;
    let heartbeat: NodeJS.Timeout | null = null;
    socket.on('close', () => heartbeat && clearInterval(heartbeat));
    write({ op: 'connection', connectionId: `fake-${++connectionCount}` });

    const serve = (subscription: MarketSubscriptionMessage, from: number, ct: 'SUB_IMAGE' | 'RESUB_DELTA') => {
      const heartbeatMs = subscription.heartbeatMs ?? 5000;
      let index = from;
      let first = true;
      const pump = () => {
        // A few hundred messages per turn of the event loop, like a socket buffer draining.
        for (let sent = 0; sent < 200 && index < options.messages.length; sent += 1, index += 1) {
          if (socket.destroyed) return;
          if (faults.stall.delete(index)) return; // silent from here: the client's watchdog must act
          if (faults.pause.delete(index)) {
            const idle = setInterval(
              () =>
                write({
                  op: 'mcm',
                  id: subscription.id,
                  ct: 'HEARTBEAT',
                  pt: Date.now(),
                  clk: options.messages[index - 1]?.clk,
                }),
              heartbeatMs,
            );
            socket.on('close', () => clearInterval(idle));
            held = () => {
              clearInterval(idle);
              pump();
            };
            return;
          }
          const recorded = options.messages[index]!;
          const message = {
            ...recorded,
            id: subscription.id,
            ...(first ? { ct, ...(ct === 'SUB_IMAGE' ? { initialClk: `initial-${subscription.id}` } : {}) } : {}),
          };
          first = false;
          const line = `${JSON.stringify(message)}\r\n`;
          if (faults.drop.delete(index)) {
            socket.write(line.slice(0, line.length >> 1), () => socket.destroy());
            return;
          }
          socket.write(line);
        }
        if (index < options.messages.length) setImmediate(pump);
        else
          heartbeat = setInterval(
            () =>
              write({
                op: 'mcm',
                id: subscription.id,
                ct: 'HEARTBEAT',
                pt: Date.now(),
                clk: options.messages.at(-1)!.clk,
              }),
            heartbeatMs,
          );
      };
      pump();
    };

    let buffered = '';
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
        const request = JSON.parse(buffered.slice(0, end)) as RequestMessage;
        buffered = buffered.slice(end + 2);
        requests.push(request);
        if (request.op === 'authentication') {
          authenticated = request.appKey === options.appKey && request.session === options.session;
          if (authenticated)
            write({
              op: 'status',
              id: request.id,
              statusCode: 'SUCCESS',
              connectionClosed: false,
              connectionsAvailable: 9,
            });
          else {
            write({
              op: 'status',
              id: request.id,
              statusCode: 'FAILURE',
              errorCode: 'INVALID_SESSION_INFORMATION',
              errorMessage: 'Session token is invalid',
              connectionClosed: true,
            });
            socket.end();
          }
        } else if (!authenticated) {
          write({
            op: 'status',
            id: request.id,
            statusCode: 'FAILURE',
            errorCode: 'NOT_AUTHORIZED',
            connectionClosed: true,
          });
          socket.end();
        } else if (request.op === 'heartbeat') {
          write({ op: 'status', id: request.id, statusCode: 'SUCCESS', connectionClosed: false });
        } else if (request.op === 'marketSubscription') {
          subscriptions.push(request);
          const ids = request.marketFilter?.marketIds;
          const wanted = !ids || options.messages.some((m) => m.mc?.some((mc) => ids.includes(mc.id)));
          const resumeAt = request.clk ? options.messages.findIndex((m) => m.clk === request.clk) : -1;
          if (request.clk && resumeAt < 0) {
            write({
              op: 'status',
              id: request.id,
              statusCode: 'FAILURE',
              errorCode: 'INVALID_CLOCK',
              errorMessage: 'Invalid clock',
              connectionClosed: true,
            });
            socket.end();
            continue;
          }
          write({ op: 'status', id: request.id, statusCode: 'SUCCESS', connectionClosed: false });
          if (wanted) serve(request, request.clk ? resumeAt + 1 : 0, request.clk ? 'RESUB_DELTA' : 'SUB_IMAGE');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    ca: pems.cert,
    subscriptions,
    requests,
    paused: () => held !== null,
    resume() {
      const go = held;
      held = null;
      go?.();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
