import { defineConfig } from 'vitest/config';

// Real Chromium against the built product on a real server process (see e2e/support/).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['./support/global-setup.ts'],
  },
});
