import { SHARED_TOAST_DELAY_MS, SHARED_TOAST_VISIBLE_MS } from '@khel/contract';
import { createStore, createToastStack, type StackedToast } from '@khel/web-kit';

/** Spec §2: a toast with desktop and mobile variants, types success, warning and error. */
export type ToastType = 'success' | 'warning' | 'error';

export type DesktopToast = StackedToast<ToastType>;

/** The shared (mobile) toast state of spec §3: show, type, message, subMessage. */
export interface SharedToastState {
  show: boolean;
  type: ToastType;
  message: string;
  subMessage?: string;
}

// Keep at most three on desktop: older outcomes are stale once a fourth arrives. Each closes itself
// from its own component (spec §9), so the stack has no clock of its own.
const desktop = createToastStack<ToastType>({ max: 3 });
export const desktopToasts = desktop.store;
export const sharedToast = createStore<SharedToastState>({ show: false, type: 'success', message: '' });

let showTimer: ReturnType<typeof setTimeout> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Shows a toast. The desktop variant is pushed at once (its own component closes it after 3000 ms);
 * the shared toast appears after 100 ms and hides 4500 ms later (spec §4). A newer toast replaces the
 * shared one and restarts its clock, so the player always reads the latest outcome in full.
 */
export function notify(type: ToastType, message: string, subMessage?: string): void {
  if (message.trim() === '') return;
  desktop.push(type, message, subMessage);

  clearTimeout(showTimer);
  clearTimeout(hideTimer);
  sharedToast.set((previous) => ({ ...previous, show: false }));
  showTimer = setTimeout(() => {
    sharedToast.set({ show: true, type, message, ...(subMessage ? { subMessage } : {}) });
    hideTimer = setTimeout(
      () => sharedToast.set((previous) => ({ ...previous, show: false })),
      SHARED_TOAST_VISIBLE_MS,
    );
  }, SHARED_TOAST_DELAY_MS);
}

export function dismissDesktopToast(id: number): void {
  desktop.dismiss(id);
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
  desktop.reset();
  sharedToast.set({ show: false, type: 'success', message: '' });
}

export const toast = {
  success: (message: string, subMessage?: string) => notify('success', message, subMessage),
  warning: (message: string, subMessage?: string) => notify('warning', message, subMessage),
  error: (message: string, subMessage?: string) => notify('error', message, subMessage),
};
