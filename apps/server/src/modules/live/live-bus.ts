import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * Live updates between the parts of the product that change prices, scores, bets and balances and
 * the WebSocket connections that show them. One process alone delivers in memory; with REDIS_URL every
 * process publishes to one Redis channel and delivers what it hears from it, so a bet placed through
 * one process moves the price a client of another sees. A message is delivered exactly once per process.
 */
export interface LiveMessage {
  /** `market:<id>`, `event:<id>` or `user:<id>`. */
  topic: string;
  payload: unknown;
}

export interface LiveBus {
  publish(topic: string, payload: unknown): void;
  onMessage(listener: (message: LiveMessage) => void): () => void;
  /** Settles once the bus hears messages (Redis: the subscription is in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The bus topic on which the identity module announces ended sessions; never a client's topic. */
export const SESSIONS_REVOKED_TOPIC = 'sessions:revoked';
/** The bus topic on which the identity module announces an account's changed role, permissions or wallet ({ userId }). */
export const USERS_CHANGED_TOPIC = 'users:changed';
/** The bus topic on which the settings module announces that the site's branding changed (every process drops its copy). */
export const SETTINGS_CHANGED_TOPIC = 'settings:changed';

export function createLocalBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (topic, payload) => emitter.emit('message', { topic, payload }),
    onMessage(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    ready: () => Promise.resolve(),
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function createRedisBus(url: string, onError: (error: Error) => void, channel = 'khel:live'): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const subscribed = subscriber.subscribe(channel).then(
    () => undefined,
    (error: unknown) => onError(error instanceof Error ? error : new Error(String(error))),
  );
  subscriber.on('message', (_channel: string, text: string) => {
    try {
      emitter.emit('message', JSON.parse(text) as LiveMessage);
    } catch {
      // a message that is not ours: ignore it
    }
  });
  return {
    publish(topic, payload) {
      void publisher.publish(channel, JSON.stringify({ topic, payload })).catch(onError);
    },
    onMessage(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    ready: () => subscribed,
    async close() {
      emitter.removeAllListeners();
      await Promise.all([publisher.quit().catch(() => undefined), subscriber.quit().catch(() => undefined)]);
    },
  };
}
