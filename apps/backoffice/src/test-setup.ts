import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { endSession } from './lib/auth/session';
import { resetToasts } from './lib/toast';

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
