import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetPageShown } from './app/layout/page-shown';
import { authModalStore } from './features/auth/hooks/use-auth-modal';
import { keepSlipOpenStore } from './features/sports/hooks/slip-settings';
import { oneClickStore } from './features/sports/hooks/one-click';
import { resetLiveMarkets } from './features/sports/hooks/live-markets';
import { betSlipStore } from './features/sports/hooks/use-bet-slip';
import { loadSession } from './lib/auth/session';
import { resetBackClose } from './lib/back-close';
import { setLocale } from './lib/i18n/i18n';
import { liveClient } from './lib/live/live-client';
import { appUpdateStore } from './lib/pwa/app-update';
import { loadTheme } from './lib/theme';
import { resetToasts } from './lib/toast';
import { FakeWebSocket } from './testing/fake-socket';
import { clearQueryClients, resetDocument } from './testing/reset-page';

// Pages, dialogs and the members' menu are lazy chunks that jsdom transforms on first use; on the
// shared 2-core machine that can take longer than Testing Library's default 1 s wait, and at load 25–29
// longer than 5 s (three waits ran out in one run, 29 November). A wait for a condition, not a threshold.
configure({ asyncUtilTimeout: 15_000 });

// The player app's files share their worker's process and jsdom (`isolate: false`, decision 0079): every
// test starts from what a fresh page load would see, and what it leaves (the DOM, the history, the app's
// module-level stores, timers, storage, stubbed globals, spies) is undone after it, whatever the order.

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

afterEach(async () => {
  cleanup();
  // A lazy page or dialog still loading ends its import inside this test. Left in flight, Vitest rejects it
  // when the file ends, and React.lazy keeps that rejection for every later file in the worker (a page that
  // "cannot load" there): seen twice in five shuffled orders before this wait.
  await vi.dynamicImportSettled();
  // Queries, their retries and mutations of the test's clients stop here, not in the next test.
  clearQueryClients();
  liveClient.setToken(null);
  vi.useRealTimers();
  // A closed sheet's Back lands now, before the next test opens its own.
  await resetBackClose();
  resetLiveMarkets();
  betSlipStore.set(null);
  appUpdateStore.set({ waiting: false, apply: null });
  resetPageShown();
  window.localStorage.clear();
  window.sessionStorage.clear();
  await setLocale('en', false);
  loadTheme();
  resetDocument();
  resetToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
