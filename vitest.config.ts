import { defineConfig } from 'vitest/config';

// One test run for the whole product. The server's suite runs twice: on the embedded PGlite and on
// the PostgreSQL server (DATABASE_URL or the machine's 127.0.0.1:5432/test).
export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: '.test-report.json' }]],
    projects: [
      'packages/money',
      'packages/contract',
      'packages/exchange',
      'packages/casino-games',
      'packages/sports-sim',
      'packages/betfair-stream',
      'packages/cricket-feed',
      'packages/web-kit',
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'server:pglite', root: './apps/server', env: { TEST_DB: 'pglite' } },
      },
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'server:postgres', root: './apps/server', env: { TEST_DB: 'postgres' } },
      },
      'apps/web',
      'apps/backoffice',
      'apps/house-casino',
      'e2e',
      { test: { name: 'repo', root: '.', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
