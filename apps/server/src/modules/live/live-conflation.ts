import type { Connection } from './live-connections.js';
import type { PreparedMessage } from './live-frames.js';
import { writePrepared } from './live-frames.js';

/** Bytes a socket may have waiting to be sent before state messages start to conflate. */
export const CONFLATE_ABOVE_BYTES = 64 * 1024;
/** How often a socket with waiting states is looked at again. */
const FLUSH_EVERY_MS = 40;

/**
 * Market and event topics carry whole states (a market's view, an event's score), and a risk topic
 * says only that a market's bets changed: the latest is all a client needs.
 */
export function isStateTopic(topic: string): boolean {
  return topic.startsWith('market:') || topic.startsWith('event:') || topic.startsWith('risk:');
}

/**
 * Writes a published message to one socket, conflating states (issue 10, "Live updates"). While the
 * socket's send buffer is small every message goes out at once. When it is not (a slow phone, a
 * burst), a state waits, and a newer state of the same topic and type replaces it; the waiting states
 * go out once the buffer has drained. So a slow socket receives fewer, newer messages, and what the
 * server holds for it is bounded by the number of topics it follows, never by the feed's rate.
 * Messages a client must not miss (its own bets and balance, errors) are never conflated.
 */
export function createConflatingWriter(
  limits: { conflateAboveBytes: number } = { conflateAboveBytes: CONFLATE_ABOVE_BYTES },
) {
  const write = (connection: Connection, message: PreparedMessage) => {
    if (connection.socket.readyState === 1) writePrepared(connection.socket, message);
  };

  const flush = (connection: Connection) => {
    connection.flushTimer = null;
    if (connection.socket.readyState !== 1) {
      connection.waitingStates.clear();
      return;
    }
    if (connection.socket.bufferedAmount >= limits.conflateAboveBytes) {
      schedule(connection);
      return;
    }
    const waiting = [...connection.waitingStates.values()];
    connection.waitingStates.clear();
    for (const message of waiting) write(connection, message);
  };

  const schedule = (connection: Connection) => {
    if (connection.flushTimer !== null) return;
    connection.flushTimer = setTimeout(() => flush(connection), FLUSH_EVERY_MS);
    connection.flushTimer.unref();
  };

  return {
    /** `key` names what a state replaces: its topic and message type. Null for messages that are never conflated. */
    send(connection: Connection, message: PreparedMessage, key: string | null): void {
      if (key === null) {
        write(connection, message);
        return;
      }
      if (connection.waitingStates.size === 0 && connection.socket.bufferedAmount < limits.conflateAboveBytes) {
        write(connection, message);
        return;
      }
      connection.waitingStates.delete(key);
      connection.waitingStates.set(key, message);
      schedule(connection);
    },
    /** The socket is gone: nothing waits for it any more. */
    forget(connection: Connection): void {
      if (connection.flushTimer !== null) clearTimeout(connection.flushTimer);
      connection.flushTimer = null;
      connection.waitingStates.clear();
    },
  };
}
