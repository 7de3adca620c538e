import { defineConfig } from 'vitest/config';

// Real Chromium against the built product on a real server process (see e2e/support/). Files run in
// parallel, as many as the run's workers (a worker's files share its process): each starts its own server on a free port, with its own data
// folder, scratch PostgreSQL database and Redis channels, or borrows one of the run's shared products
// (sharedProduct(), one file at a time, decision 0078); every file launches its own Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['./support/global-setup.ts'],
    // A worker imports the harness and playwright-core once and runs its files one after another, each still
    // with its own Chromium and its own product or a lent one (docs/testing.md: 599 → 506 CPU-s for the project).
    isolate: false,
  },
});
