import { createStore, type Store } from './create-store';

export interface StackedToast<K extends string> {
  id: number;
  type: K;
  message: string;
  subMessage?: string;
}

export interface ToastStackOptions<K extends string> {
  /** The most toasts on screen; older ones leave when a newer one would exceed it. */
  max: number;
  /** The same message again replaces the one on screen instead of stacking (a double click). */
  dedupe?: boolean;
  /** Per type, how long a toast stays before it closes itself; none: the component closes it. */
  autoCloseMs?: Record<K, number>;
}

export interface ToastStack<K extends string> {
  store: Store<StackedToast<K>[]>;
  push(type: K, message: string, subMessage?: string): void;
  dismiss(id: number): void;
  /** Tests start from an empty stack. */
  reset(): void;
}

/**
 * The list of toasts on screen, outside React so the API client can push from plain functions. Each
 * app draws it in its own look (and the player app adds its mobile toast on top).
 */
export function createToastStack<K extends string>(options: ToastStackOptions<K>): ToastStack<K> {
  const store = createStore<StackedToast<K>[]>([]);
  let nextId = 1;
  const dismiss = (id: number) => store.set((list) => list.filter((toast) => toast.id !== id));
  return {
    store,
    dismiss,
    push(type, message, subMessage) {
      if (message.trim() === '') return;
      const toast: StackedToast<K> = { id: nextId++, type, message, ...(subMessage ? { subMessage } : {}) };
      store.set((list) =>
        [...(options.dedupe ? list.filter((shown) => shown.message !== message) : list), toast].slice(-options.max),
      );
      const closeAfter = options.autoCloseMs?.[type];
      if (closeAfter !== undefined) setTimeout(() => dismiss(toast.id), closeAfter);
    },
    reset: () => store.set([]),
  };
}
