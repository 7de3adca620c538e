import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** A real WebSocket client of /ws on a listening app, with what it heard and how it ended. */
export interface LiveSocket {
  socket: WebSocket;
  messages: { type: string; [key: string]: unknown }[];
  /** Settles when the server closes the socket: the code, the reason, and Date.now() at that moment. */
  closed: Promise<{ code: number; reason: string; atMs: number }>;
  isOpen(): boolean;
  /** The first message of this type (already heard or still to come), or a rejection after timeoutMs. */
  next(type: string, timeoutMs?: number): Promise<{ type: string; [key: string]: unknown }>;
  send(message: unknown): void;
}

/** Starts the app listening on a free local port (idempotent) and answers its /ws URL. */
export async function wsUrlOf(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
}

export async function openLiveSocket(
  app: FastifyInstance,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<LiveSocket> {
  const base = await wsUrlOf(app);
  const url = options.token === undefined ? base : `${base}?token=${encodeURIComponent(options.token)}`;
  const socket = new WebSocket(url, { headers: options.headers });
  const messages: LiveSocket['messages'] = [];
  const waiters: { type: string; resolve: (message: LiveSocket['messages'][number]) => void }[] = [];
  socket.on('message', (raw: Buffer) => {
    const message = JSON.parse(raw.toString('utf8')) as LiveSocket['messages'][number];
    messages.push(message);
    for (const waiter of waiters.filter((candidate) => candidate.type === message.type)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const closed = new Promise<{ code: number; reason: string; atMs: number }>((resolve) => {
    socket.on('close', (code: number, reason: Buffer) =>
      resolve({ code, reason: reason.toString('utf8'), atMs: Date.now() }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    // A socket the server closes at once (a cap) still opens first; a refused upgrade errors.
  });
  return {
    socket,
    messages,
    closed,
    isOpen: () => socket.readyState === WebSocket.OPEN,
    next(type, timeoutMs = 20_000) {
      const heard = messages.find((message) => message.type === type);
      if (heard !== undefined) return Promise.resolve(heard);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${type}" message within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          type,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        });
      });
    },
    send: (message) => socket.send(JSON.stringify(message)),
  };
}

/** The close of a socket, or a rejection when it is still open after timeoutMs. */
export async function closedWithin(
  live: LiveSocket,
  timeoutMs: number,
): Promise<{ code: number; reason: string; atMs: number }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`socket still open after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([live.closed, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
