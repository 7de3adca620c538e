import { createStore, useStore } from './create-store';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const AUTO_CLOSE_MS = { success: 3500, info: 4500, error: 7000 } as const;
const MAX_VISIBLE = 4;

const store = createStore<Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number): void {
  store.set((list) => list.filter((toast) => toast.id !== id));
}

function push(kind: ToastKind, message: string): void {
  if (message.trim() === '') return;
  const id = nextId++;
  // The same message twice in a row (a double click, two failing queries) is shown once.
  store.set((list) => [...list.filter((toast) => toast.message !== message), { id, kind, message }].slice(-MAX_VISIBLE));
  setTimeout(() => dismissToast(id), AUTO_CLOSE_MS[kind]);
}

export const toast = {
  success: (message: string) => push('success', message),
  error: (message: string) => push('error', message),
  info: (message: string) => push('info', message),
};

export function useToasts(): Toast[] {
  return useStore(store);
}

/** Tests start from an empty stack. */
export function resetToasts(): void {
  store.set([]);
}
