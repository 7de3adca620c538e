import { defineConfig } from 'vitest/config';

// Each test file builds its own app on its own fresh database (see test/test-app.ts), so files run in parallel.
// Those databases are copies of a template migrated once (test/template-database.ts), built before the files start.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['./test/global-setup.ts'],
  },
});
