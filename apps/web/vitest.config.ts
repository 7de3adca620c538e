import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // One jsdom and one import of React and the app per worker; test-setup.ts resets what a test leaves (the
    // DOM and the history, the app's module-level stores, query clients, timers, storage, stubbed globals and
    // mocks) after every test, so the files pass in any order (decision 0079).
    isolate: false,
    testTimeout: 30_000,
  },
});
