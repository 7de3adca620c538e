import { registerSW } from 'virtual:pwa-register';
import { announceUpdate } from './app-update';

/**
 * Registers the Workbox service worker (vite-plugin-pwa, prompt mode). Loaded with a dynamic import
 * after the first screen, so neither it nor workbox-window counts against the initial script budget.
 */
export function registerServiceWorker(): void {
  const update = registerSW({
    onNeedRefresh() {
      announceUpdate(() => update(true));
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });
}
