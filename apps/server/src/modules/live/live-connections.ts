import type { WebSocket } from 'ws';
import type { PreparedMessage } from './live-frames.js';

/** The session an open socket speaks for, and when it must be checked again. */
export interface SocketSession {
  userId: string;
  sessionId: string;
  token: string;
  /** The earlier of the session's absolute and idle expiry, epoch ms by the app's clock. */
  checkAtMs: number;
  /** A back-office role: it may follow markets' risk (`risk:<marketId>`, decision 0064). */
  backOffice?: boolean;
}

export interface Connection {
  socket: WebSocket;
  ip: string;
  topics: Set<string>;
  session: SocketSession | null;
  /** A re-check of the session is under way (the sweep starts one at a time per socket). */
  checking: boolean;
  /** States waiting for a slow socket's buffer to drain, latest per topic and type (live-conflation.ts). */
  waitingStates: Map<string, PreparedMessage>;
  flushTimer: NodeJS.Timeout | null;
}

export interface ConnectionLimits {
  socketsPerAccount: number;
  socketsPerIp: number;
  subscriptionsPerSocket: number;
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (set === undefined) map.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  set?.delete(value);
  if (set?.size === 0) map.delete(key);
}

/**
 * The open sockets of this process, indexed by topic, session, account and address, with the caps.
 * Pure bookkeeping: the routes decide what to send and when to close.
 */
export function createConnectionRegistry(limits: ConnectionLimits) {
  const byTopic = new Map<string, Set<Connection>>();
  const bySession = new Map<string, Set<Connection>>();
  const byUser = new Map<string, Set<Connection>>();
  const byIp = new Map<string, Set<Connection>>();
  const authenticated = new Set<Connection>();

  const join = (connection: Connection, topic: string) => {
    connection.topics.add(topic);
    addTo(byTopic, topic, connection);
  };
  const leave = (connection: Connection, topic: string) => {
    connection.topics.delete(topic);
    removeFrom(byTopic, topic, connection);
  };

  const detachSession = (connection: Connection) => {
    const session = connection.session;
    if (session === null) return;
    leave(connection, `user:${session.userId}`);
    removeFrom(bySession, session.sessionId, connection);
    removeFrom(byUser, session.userId, connection);
    authenticated.delete(connection);
    connection.session = null;
  };

  return {
    limits,
    /** False when the address already holds its cap of sockets; the caller closes this one. */
    open(connection: Connection): boolean {
      if ((byIp.get(connection.ip)?.size ?? 0) >= limits.socketsPerIp) return false;
      addTo(byIp, connection.ip, connection);
      return true;
    },
    close(connection: Connection): void {
      detachSession(connection);
      for (const topic of [...connection.topics]) leave(connection, topic);
      removeFrom(byIp, connection.ip, connection);
    },
    /** False when the account already holds its cap of other sockets; the socket stays as it was. */
    attachSession(connection: Connection, session: SocketSession): boolean {
      const others = [...(byUser.get(session.userId) ?? [])].filter((other) => other !== connection).length;
      if (others >= limits.socketsPerAccount) return false;
      detachSession(connection);
      connection.session = session;
      addTo(bySession, session.sessionId, connection);
      addTo(byUser, session.userId, connection);
      authenticated.add(connection);
      join(connection, `user:${session.userId}`);
      return true;
    },
    /** Joins a public topic; false when the socket already follows as many as it may. */
    subscribe(connection: Connection, topic: string): boolean {
      if (connection.topics.has(topic)) return true;
      const publicTopics = connection.topics.size - (connection.session === null ? 0 : 1);
      if (publicTopics >= limits.subscriptionsPerSocket) return false;
      join(connection, topic);
      return true;
    },
    unsubscribe: leave,
    subscribers: (topic: string): ReadonlySet<Connection> => byTopic.get(topic) ?? new Set(),
    ofSession: (sessionId: string): Connection[] => [...(bySession.get(sessionId) ?? [])],
    authenticated: (): Connection[] => [...authenticated],
  };
}
export type ConnectionRegistry = ReturnType<typeof createConnectionRegistry>;
