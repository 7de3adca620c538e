import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import {
  BACKOFFICE_ROLES,
  RISK_NEEDS_BACKOFFICE_MESSAGE,
  WS_CLOSE,
  tooManySubscriptionsMessage,
  wsClientMessageSchema,
} from '@khel/contract';
import type { WsServerMessage } from '@khel/contract';
import type { Clock } from '../../lib/clock.js';
import { createSocketHeartbeat } from '../../lib/socket-heartbeat.js';
import type { IdentityService, SessionRevocation } from '../identity/identity-service.js';
import type { LiveBus, LiveMessage } from './live-bus.js';
import { SESSIONS_REVOKED_TOPIC } from './live-bus.js';
import type { Connection, ConnectionLimits } from './live-connections.js';
import { createConnectionRegistry } from './live-connections.js';
import { createConflatingWriter, isStateTopic } from './live-conflation.js';
import { prepareMessage } from './live-frames.js';

const MAX_MESSAGE_BYTES = 16 * 1024;
/** How often open sockets are compared with their sessions' expiry (in memory; the database only at expiry). */
const EXPIRY_SWEEP_MS = 250;
/** Sessions ended this recently close a socket whose authentication was in flight when they ended. */
const RECENT_REVOCATION_MS = 60 * 1000;
/**
 * Redis pub/sub delivers at most once: an announcement published while a process was reconnecting is
 * lost. So every socket's session is also checked again at least this often (one indexed read each).
 */
const SAFETY_RECHECK_MS = 2 * 60 * 1000;

export interface LiveDeps {
  bus: LiveBus;
  identity: IdentityService;
  clock: Clock;
  limits: ConnectionLimits;
  snapshot: (topic: string) => Promise<WsServerMessage | null>;
  /** Bytes waiting on a socket above which states conflate (WS_CONFLATE_ABOVE_BYTES). */
  conflation?: { conflateAboveBytes: number };
  /** How often each socket is pinged; one that answered nothing for a whole period is dropped (lib/socket-heartbeat.ts). */
  heartbeatMs?: number;
  /** Sockets and messages (metrics, decision 0041). */
  metrics?: { opened(): void; closed(): void; sent(count: number): void; received(): void };
}

/**
 * One WebSocket at /ws (PRODUCT.md §3). A client authenticates with the same bearer token (query
 * `?token=` or an `auth` message), subscribes to markets and events, and receives their changes; an
 * authenticated client also receives its own bets and balance. Public market data needs no token.
 *
 * A socket lives no longer than its session: it is closed at once when the session ends (logout,
 * password change or reset, suspension, self-exclusion: announced on the bus, so every process closes
 * its own sockets) and when the session reaches its idle or absolute expiry.
 */
export async function registerLiveRoutes(app: FastifyInstance, deps: LiveDeps): Promise<void> {
  // A graceful stop closes every socket with 1012 (service restart): the client reconnects at once,
  // through the load balancer to a process that stays (decision 0041).
  await app.register(websocket, {
    options: { maxPayload: MAX_MESSAGE_BYTES },
    preClose(this: FastifyInstance, done: () => void) {
      for (const client of this.websocketServer.clients)
        client.close(WS_CLOSE.RESTARTING.code, WS_CLOSE.RESTARTING.reason);
      this.websocketServer.close(() => done());
    },
  });
  const metrics = deps.metrics;
  const registry = createConnectionRegistry(deps.limits);
  const writer = createConflatingWriter(deps.conflation);
  const recentlyRevoked = new Map<string, { atMs: number; revocation: SessionRevocation }>();

  const send = (connection: Connection, message: WsServerMessage | string) => {
    if (connection.socket.readyState !== 1) return;
    connection.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    metrics?.sent(1);
  };
  const closeWith = (connection: Connection, close: { code: number; reason: string }) => {
    registry.close(connection);
    if (connection.socket.readyState <= 1) connection.socket.close(close.code, close.reason);
  };
  const closeForRevocation = (connection: Connection, revocation: Pick<SessionRevocation, 'ended'>) => {
    closeWith(
      connection,
      revocation.ended === null
        ? WS_CLOSE.SESSION_REVOKED
        : { code: WS_CLOSE.SESSION_ENDED.code, reason: revocation.ended },
    );
  };

  const onRevoked = (revocation: SessionRevocation) => {
    const nowMs = Date.now();
    for (const sessionId of revocation.sessionIds) {
      recentlyRevoked.set(sessionId, { atMs: nowMs, revocation });
      for (const connection of registry.ofSession(sessionId)) closeForRevocation(connection, revocation);
    }
    for (const [sessionId, entry] of recentlyRevoked)
      if (nowMs - entry.atMs > RECENT_REVOCATION_MS) recentlyRevoked.delete(sessionId);
  };

  // The topics each socket has subscribed to and whose snapshot is still being read. A state pushed for such a
  // topic meanwhile is whole and at least as new as the snapshot being read, so the snapshot is then not sent:
  // arriving after the push, it would take the page back to an older price or score.
  const awaitingSnapshot = new WeakMap<Connection, Map<string, symbol>>();

  // Serialised and framed once per message, then the same frame is written to every subscriber: fan-out
  // cost is one socket write each (live-frames.ts). States (markets, events) conflate per slow
  // subscriber; a player's own messages never do.
  const unsubscribe = deps.bus.onMessage((message: LiveMessage) => {
    if (message.topic === SESSIONS_REVOKED_TOPIC) {
      // Our own announcement (identity's SessionRevocation); anything else on the topic is ignored.
      const revocation = message.payload as SessionRevocation | null;
      if (revocation !== null && Array.isArray(revocation.sessionIds))
        onRevoked({ ...revocation, ended: revocation.ended ?? null });
      return;
    }
    const set = registry.subscribers(message.topic);
    if (set.size === 0) return;
    const prepared = prepareMessage(JSON.stringify(message.payload));
    const type = (message.payload as { type?: unknown } | null)?.type;
    const key = isStateTopic(message.topic) ? `${message.topic}|${String(type)}` : null;
    for (const connection of set) {
      if (key !== null) awaitingSnapshot.get(connection)?.delete(message.topic);
      writer.send(connection, prepared, key);
    }
    metrics?.sent(set.size);
  });

  /** The session's idle or absolute expiry, or the safety re-check, whichever comes first (app clock). */
  const nextCheckAtMs = (session: { expiresAt: Date; idleExpiresAt: Date }) =>
    Math.min(
      session.expiresAt.getTime(),
      session.idleExpiresAt.getTime(),
      deps.clock.now().getTime() + SAFETY_RECHECK_MS,
    );

  /** Sockets whose session reached its expiry by the app's clock are checked again, and closed if it ended. */
  const recheck = async (connection: Connection) => {
    const session = connection.session;
    if (session === null) return;
    connection.checking = true;
    try {
      const result = await deps.identity.authenticate(session.token, { touch: false, fresh: true });
      if (connection.session !== session) return;
      if (result.kind === 'ok') session.checkAtMs = nextCheckAtMs(result);
      else closeForRevocation(connection, { ended: result.kind === 'ended' ? result.message : null });
    } catch (error) {
      // The database is unreachable: try again in a few seconds, not on every sweep.
      session.checkAtMs = deps.clock.now().getTime() + 5000;
      app.log.warn({ err: error }, 'live: session re-check failed');
    } finally {
      connection.checking = false;
    }
  };
  const sweep = setInterval(() => {
    const nowMs = deps.clock.now().getTime();
    for (const connection of registry.authenticated()) {
      if (!connection.checking && connection.session !== null && nowMs >= connection.session.checkAtMs)
        void recheck(connection);
    }
  }, EXPIRY_SWEEP_MS);
  sweep.unref();

  // The half-open sockets: terminated after a period unheard, which frees their subscriptions, session and caps.
  const heartbeat = createSocketHeartbeat(deps.heartbeatMs);

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    heartbeat.stop();
    unsubscribe();
    await deps.bus.close();
  });

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket: WebSocket, request) => {
    const connection: Connection = {
      socket,
      ip: request.ip,
      topics: new Set(),
      session: null,
      checking: false,
      waitingStates: new Map(),
      flushTimer: null,
    };
    if (!registry.open(connection)) {
      socket.close(WS_CLOSE.TOO_MANY_FOR_ADDRESS.code, WS_CLOSE.TOO_MANY_FOR_ADDRESS.reason);
      return;
    }
    metrics?.opened();
    heartbeat.watch(socket);

    const authenticate = async (token: string) => {
      const result = await deps.identity.authenticate(token);
      if (socket.readyState !== 1) return;
      if (result.kind !== 'ok') {
        send(connection, { type: 'error', message: 'Please log in again' });
        return;
      }
      const { caller } = result;
      const revoked = recentlyRevoked.get(caller.sessionId);
      if (revoked !== undefined) {
        closeForRevocation(connection, revoked.revocation);
        return;
      }
      if (
        !registry.attachSession(connection, {
          userId: caller.userId,
          sessionId: caller.sessionId,
          token,
          checkAtMs: nextCheckAtMs(result),
          backOffice: BACKOFFICE_ROLES.includes(caller.role as never),
        })
      ) {
        closeWith(connection, WS_CLOSE.TOO_MANY_FOR_ACCOUNT);
        return;
      }
      send(connection, { type: 'authenticated', userId: caller.userId });
    };
    const authenticateSafely = (token: string) => {
      authenticate(token).catch((error: unknown) => {
        app.log.warn({ err: error }, 'live: authentication failed');
        closeWith(connection, WS_CLOSE.SIGN_IN_FAILED);
      });
    };

    const query = request.query as { token?: string };
    if (typeof query.token === 'string' && query.token.length > 0) authenticateSafely(query.token);

    socket.on('message', (raw: Buffer) => {
      metrics?.received();
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
      else if (data.type === 'auth') authenticateSafely(data.token);
      else {
        // A market's risk is the back office's alone (decision 0064); the message names the market, never a figure.
        if (data.riskMarketIds.length > 0 && data.type === 'subscribe' && connection.session?.backOffice !== true) {
          send(connection, { type: 'error', message: RISK_NEEDS_BACKOFFICE_MESSAGE });
          return;
        }
        const topics = [
          ...data.marketIds.map((id) => `market:${id}`),
          ...data.eventIds.map((id) => `event:${id}`),
          ...data.riskMarketIds.map((id) => `risk:${id}`),
        ];
        for (const topic of topics) {
          if (data.type === 'unsubscribe') {
            registry.unsubscribe(connection, topic);
            continue;
          }
          if (!registry.subscribe(connection, topic)) {
            send(connection, {
              type: 'error',
              message: tooManySubscriptionsMessage(registry.limits.subscriptionsPerSocket),
            });
            break;
          }
          // A snapshot on subscribe, then changes (unless a change went out first, see awaitingSnapshot).
          // One mark per read: a topic subscribed again while an earlier read is out sends the newer read only.
          const awaiting = awaitingSnapshot.get(connection) ?? new Map<string, symbol>();
          awaitingSnapshot.set(connection, awaiting);
          const read = Symbol(topic);
          awaiting.set(topic, read);
          const mine = () => awaiting.get(topic) === read && awaiting.delete(topic);
          void deps.snapshot(topic).then(
            (snapshot) => {
              if (mine() && snapshot !== null) send(connection, snapshot);
            },
            () => mine(),
          );
        }
      }
    });
    socket.on('close', () => {
      metrics?.closed();
      registry.close(connection);
      writer.forget(connection);
    });
  });
}
