import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'backoffice',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // One jsdom and one import of React and the app per worker; test-setup.ts resets what a test leaves
    // (the DOM, the session, toasts, storage, stubbed globals and mocks) after every test (decision 0073).
    isolate: false,
    // Each test waits for its conditions (above); the full parallel run on 2 cores needs more than the default 5 s.
    testTimeout: 30_000,
  },
});
