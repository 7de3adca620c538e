import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { authModalStore } from './features/auth/hooks/use-auth-modal';
import { loadSession } from './lib/auth/session';
import { resetToasts } from './lib/toast';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  loadSession();
  resetToasts();
  authModalStore.set({ kind: null });
  document.documentElement.removeAttribute('data-theme');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
