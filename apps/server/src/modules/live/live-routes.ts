import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { wsClientMessageSchema } from '@khel/contract';
import type { WsServerMessage } from '@khel/contract';
import type { IdentityService } from '../identity/identity-service.js';
import type { LiveBus, LiveMessage } from './live-bus.js';

interface Connection {
  socket: WebSocket;
  userId: string | null;
  topics: Set<string>;
}

const MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * One WebSocket at /ws (PRODUCT.md §3). A client authenticates with the same bearer token (query
 * `?token=` or an `auth` message), subscribes to markets and events, and receives their changes; an
 * authenticated client also receives its own bets and balance. Public market data needs no token.
 */
export async function registerLiveRoutes(app: FastifyInstance, deps: { bus: LiveBus; identity: IdentityService; snapshot: (topic: string) => Promise<WsServerMessage | null> }): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  const byTopic = new Map<string, Set<Connection>>();

  const send = (connection: Connection, message: WsServerMessage | string) => {
    if (connection.socket.readyState === 1) connection.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  };
  const join = (connection: Connection, topic: string) => {
    connection.topics.add(topic);
    let set = byTopic.get(topic);
    if (set === undefined) byTopic.set(topic, (set = new Set()));
    set.add(connection);
  };
  const leave = (connection: Connection, topic: string) => {
    connection.topics.delete(topic);
    const set = byTopic.get(topic);
    set?.delete(connection);
    if (set?.size === 0) byTopic.delete(topic);
  };

  // Serialised once per message, then written to every subscriber: fan-out cost is one write each.
  const unsubscribe = deps.bus.onMessage((message: LiveMessage) => {
    const set = byTopic.get(message.topic);
    if (set === undefined) return;
    const text = JSON.stringify(message.payload);
    for (const connection of set) send(connection, text);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await deps.bus.close();
  });

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const connection: Connection = { socket, userId: null, topics: new Set() };

    const authenticate = async (token: string) => {
      const result = await deps.identity.authenticate(token);
      if (result.kind !== 'ok') {
        send(connection, { type: 'error', message: 'Please log in again' });
        return;
      }
      if (connection.userId !== null) leave(connection, `user:${connection.userId}`);
      connection.userId = result.caller.userId;
      join(connection, `user:${connection.userId}`);
      send(connection, { type: 'authenticated', userId: connection.userId });
    };

    const query = request.query as { token?: string };
    if (typeof query.token === 'string' && query.token.length > 0) void authenticate(query.token);

    socket.on('message', (raw: Buffer) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        send(connection, { type: 'error', message: 'Messages are JSON' });
        return;
      }
      const message = wsClientMessageSchema.safeParse(parsed);
      if (!message.success) {
        send(connection, { type: 'error', message: message.error.issues[0]?.message ?? 'Unknown message' });
        return;
      }
      const data = message.data;
      if (data.type === 'ping') send(connection, { type: 'pong' });
      else if (data.type === 'auth') void authenticate(data.token);
      else {
        const topics = [...data.marketIds.map((id) => `market:${id}`), ...data.eventIds.map((id) => `event:${id}`)];
        for (const topic of topics) {
          if (data.type === 'subscribe') {
            if (connection.topics.size >= 300) break;
            join(connection, topic);
            // A snapshot on subscribe, then changes.
            void deps.snapshot(topic).then((snapshot) => {
              if (snapshot !== null) send(connection, snapshot);
            });
          } else leave(connection, topic);
        }
      }
    });
    socket.on('close', () => {
      for (const topic of [...connection.topics]) leave(connection, topic);
    });
  });
}
