import type { WebSocket } from 'ws';

/** How often a watched socket is pinged (a WebSocket ping frame, which browsers answer themselves): WS_HEARTBEAT_MS. */
export const HEARTBEAT_MS = 30 * 1000;

export interface SocketHeartbeat {
  /** Pings the socket every period from now on; drops it if nothing (a pong, a message) was heard for a whole period. */
  watch(socket: WebSocket): void;
  stop(): void;
}

/**
 * Drops the half-open sockets: a peer gone without a close (a phone off the network, a NAT that forgot
 * the connection) never answers a ping, and its socket would otherwise hold its subscriptions and its
 * place under the caps until TCP gives up, minutes later. A socket not heard since its last ping is
 * terminated at the next, which runs its 'close' listeners like any other close.
 */
export function createSocketHeartbeat(periodMs: number = HEARTBEAT_MS): SocketHeartbeat {
  const heard = new Map<WebSocket, boolean>();
  const timer = setInterval(() => {
    for (const [socket, wasHeard] of heard) {
      if (!wasHeard) {
        socket.terminate();
        continue;
      }
      heard.set(socket, false);
      socket.ping();
    }
  }, periodMs);
  timer.unref();
  return {
    watch(socket) {
      heard.set(socket, true);
      const hear = () => {
        if (heard.has(socket)) heard.set(socket, true);
      };
      socket.on('pong', hear);
      socket.on('message', hear);
      socket.on('close', () => heard.delete(socket));
    },
    stop: () => clearInterval(timer),
  };
}
