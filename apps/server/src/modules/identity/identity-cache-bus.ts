import type { LiveBus } from '../live/live-bus.js';
import { SESSIONS_REVOKED_TOPIC, USERS_CHANGED_TOPIC } from '../live/live-bus.js';

/**
 * Decision 0029: what this process cached of an account goes when any process announces on the bus
 * that its sessions ended (sessions:revoked), that it changed (users:changed), or that its money moved
 * (the balance push on user:<id>). The announcing process has already dropped its own copy.
 */
export function forgetCachedOnBus(
  bus: Pick<LiveBus, 'onMessage'>,
  identity: { forgetUser: (userId: string) => void; forgetBalances: (userId: string) => void },
): () => void {
  return bus.onMessage((message) => {
    if (message.topic === SESSIONS_REVOKED_TOPIC || message.topic === USERS_CHANGED_TOPIC) {
      const userId = (message.payload as { userId?: unknown } | null)?.userId;
      if (typeof userId === 'string') identity.forgetUser(userId);
    } else if (message.topic.startsWith('user:')) {
      identity.forgetBalances(message.topic.slice('user:'.length));
    }
  });
}
