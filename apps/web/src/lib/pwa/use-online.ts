import { useSyncExternalStore } from 'react';

/** Calls onChange with the browser's every `online` and `offline` event; answers the unsubscribe. */
export function onNetworkChange(onChange: (event: Event) => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it has a network (navigator.onLine), updated on online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    onNetworkChange,
    () => navigator.onLine,
    () => true,
  );
}
