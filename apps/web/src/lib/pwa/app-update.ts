import { createStore } from '@khel/web-kit';

/**
 * A new version is waiting (ADR 0024): the service worker found a newer app shell. `apply` activates it
 * and reloads; until then the player keeps the version they are using, so no bet form reloads under them.
 */
export interface AppUpdateState {
  waiting: boolean;
  apply: (() => Promise<void>) | null;
}

export const appUpdateStore = createStore<AppUpdateState>({ waiting: false, apply: null });

export function announceUpdate(apply: () => Promise<void>): void {
  appUpdateStore.set({ waiting: true, apply });
}

export function dismissUpdate(): void {
  appUpdateStore.set((state) => ({ ...state, waiting: false }));
}
