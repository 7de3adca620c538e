import { SHARED_TOAST_DELAY_MS, SHARED_TOAST_VISIBLE_MS } from '@khel/contract';
import { createStore } from './create-store';

/** Spec §2: a toast with desktop and mobile variants, types success, warning and error. */
export type ToastType = 'success' | 'warning' | 'error';

export interface DesktopToast {
  id: number;
  type: ToastType;
  message: string;
  subMessage?: string;
}

/** The shared (mobile) toast state of spec §3: show, type, message, subMessage. */
export interface SharedToastState {
  show: boolean;
  type: ToastType;
  message: string;
  subMessage?: string;
}

export const desktopToasts = createStore<DesktopToast[]>([]);
export const sharedToast = createStore<SharedToastState>({ show: false, type: 'success', message: '' });

let nextId = 1;
let showTimer: ReturnType<typeof setTimeout> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Shows a toast. The desktop variant is pushed at once (its own component closes it after 3000 ms);
 * the shared toast appears after 100 ms and hides 4500 ms later (spec §4). A newer toast replaces the
 * shared one and restarts its clock, so the player always reads the latest outcome in full.
 */
export function notify(type: ToastType, message: string, subMessage?: string): void {
  if (message.trim() === '') return;
  const toast: DesktopToast = { id: nextId++, type, message, ...(subMessage ? { subMessage } : {}) };
  // Keep at most three on desktop: older outcomes are stale once a fourth arrives.
  desktopToasts.set((list) => [...list, toast].slice(-3));

  clearTimeout(showTimer);
  clearTimeout(hideTimer);
  sharedToast.set((previous) => ({ ...previous, show: false }));
  showTimer = setTimeout(() => {
    sharedToast.set({ show: true, type, message, ...(subMessage ? { subMessage } : {}) });
    hideTimer = setTimeout(() => sharedToast.set((previous) => ({ ...previous, show: false })), SHARED_TOAST_VISIBLE_MS);
  }, SHARED_TOAST_DELAY_MS);
}

export function dismissDesktopToast(id: number): void {
  desktopToasts.set((list) => list.filter((toast) => toast.id !== id));
}

export function dismissSharedToast(): void {
  clearTimeout(showTimer);
  clearTimeout(hideTimer);
  sharedToast.set((previous) => ({ ...previous, show: false }));
}

/** Tests start from a clean slate. */
export function resetToasts(): void {
  clearTimeout(showTimer);
  clearTimeout(hideTimer);
  desktopToasts.set([]);
  sharedToast.set({ show: false, type: 'success', message: '' });
}

export const toast = {
  success: (message: string, subMessage?: string) => notify('success', message, subMessage),
  warning: (message: string, subMessage?: string) => notify('warning', message, subMessage),
  error: (message: string, subMessage?: string) => notify('error', message, subMessage),
};
