import type { LiveBus } from '../live/live-bus.js';
import { SETTINGS_CHANGED_TOPIC } from '../live/live-bus.js';

/**
 * Decision 0029: each process keeps the site's branding in memory (settings-service.ts) and drops it
 * when any process announces on the bus that an operator changed it (settings:changed). The announcing
 * process has already dropped its own copy; a lost announcement costs at most SETTINGS_CACHE_MS.
 */
export function forgetSettingsOnBus(
  bus: Pick<LiveBus, 'onMessage'>,
  settings: { forgetCached: () => void },
): () => void {
  return bus.onMessage((message) => {
    if (message.topic === SETTINGS_CHANGED_TOPIC) settings.forgetCached();
  });
}
