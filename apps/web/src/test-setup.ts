import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { authModalStore } from './features/auth/hooks/use-auth-modal';
import { loadSession } from './lib/auth/session';
import { liveClient } from './lib/live/live-client';
import { FakeWebSocket } from './testing/fake-socket';
import { resetToasts } from './lib/toast';
import { keepSlipOpenStore } from './features/sports/hooks/slip-settings';
import { oneClickStore } from './features/sports/hooks/one-click';

// Pages, dialogs and the members' menu are lazy chunks that jsdom transforms on first use; on the
// shared 2-core machine that can take longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  loadSession();
  resetToasts();
  keepSlipOpenStore.set(false);
  oneClickStore.set({ on: false, stake: 100 });
  // No real sockets in jsdom: the app's live client talks to a fake a test can drive.
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  authModalStore.set({ kind: null });
  document.documentElement.removeAttribute('data-theme');
});

afterEach(() => {
  cleanup();
  liveClient.setToken(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
