import { createToastStack, useStore, type StackedToast } from '@khel/web-kit';

export type ToastKind = 'success' | 'error' | 'info';
export type Toast = StackedToast<ToastKind>;

// The same message twice in a row (a double click, two failing queries) is shown once.
const stack = createToastStack<ToastKind>({
  max: 4,
  dedupe: true,
  autoCloseMs: { success: 3500, info: 4500, error: 7000 },
});

export const dismissToast = stack.dismiss;

export const toast = {
  success: (message: string) => stack.push('success', message),
  error: (message: string) => stack.push('error', message),
  info: (message: string) => stack.push('info', message),
};

export function useToasts(): Toast[] {
  return useStore(stack.store);
}

/** Tests start from an empty stack. */
export const resetToasts = stack.reset;
