import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { endSession } from './lib/auth/session';
import { resetToasts } from './lib/toast';

// Pages are lazy chunks that jsdom transforms on first use; in the full parallel run on 2 cores that takes
// longer than Testing Library's default 1 s wait, and under load longer than 5 s (the player app's setup saw
// it, 29 November). A wait for a condition, not a timing threshold: the same 15 s as the player app's.
configure({ asyncUtilTimeout: 15_000 });

// React 19's act() warnings need to know this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  endSession();
  resetToasts();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
