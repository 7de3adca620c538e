import { existsSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { DATABASE_FREE_FILES } from './apps/server/test/database-free-files.js';
import { PGLITE_FILES } from './apps/server/test/pglite-files.js';
import server from './apps/server/vitest.config.js';

// The run's temporary files on the machine's tmpfs (unless TMPDIR says where): every browser file's product
// unpacks a data folder of about 1,400 files and deletes it, Chromium makes a profile per launch, and on this
// machine's root file system (ext4 without a journal) creating files soon after many were deleted costs the
// kernel a scan past the freed inodes: 0.7–1.0 CPU-s per data folder against 0.07 on tmpfs (docs/testing.md,
// 1 December). Workers, products and Chromium inherit it. The test databases on PostgreSQL: template-database.ts.
if (process.env.TMPDIR === undefined && existsSync('/dev/shm')) {
  process.env.TMPDIR = '/dev/shm/khel-tests';
  mkdirSync(process.env.TMPDIR, { recursive: true });
}

// One test run for the whole product. The server's files that use a database run on the PostgreSQL server
// (DATABASE_URL or the machine's 127.0.0.1:5432/test), and those of test/pglite-files.ts on the embedded
// PGlite too, chosen so that every statement of the product's code sent on PostgreSQL is also sent on PGlite
// (a full run checks it: scripts/statement-cover-reporter.ts; KHEL_PGLITE_ALL=1 runs every database file on
// PGlite, to choose the list again). The few that reach no database run once, as `server` (docs/testing.md; scripts/test-databases.test.ts
// keeps both lists true). (Spread, not `extends`: Vitest's merge would join the include lists.)
const serverTest = { ...server.test, root: './apps/server' };
const databaseFiles = {
  ...serverTest,
  exclude: [...configDefaults.exclude, ...DATABASE_FREE_FILES],
  // Each file's statements, to the ledger the statement cover reads (test/record-statements.ts).
  setupFiles: ['./test/record-statements.ts'],
};
const pgliteFiles = process.env.KHEL_PGLITE_ALL === '1' ? {} : { include: [...PGLITE_FILES] };
export default defineConfig({
  test: {
    // Three workers for two cores. A file keeps at most one core busy (its worker, or PostgreSQL answering it)
    // and waits between (a browser's page, a bet delay, a socket): with a worker per core the cores were 82-91 %
    // busy through the server and browser files, with three 93 % and the run 8 % shorter (docs/testing.md).
    // (Vitest caps a percentage at the cores, so the count is worked out here.)
    maxWorkers: Math.ceil(availableParallelism() * 1.5),
    // The closing summary (scripts/test-summary.mjs) reads the JSON report and the timings; the statement cover
    // fails the run when PGlite missed a statement sent on PostgreSQL.
    reporters: [
      'default',
      ['json', { outputFile: '.test-report.json' }],
      './scripts/timing-reporter.ts',
      './scripts/statement-cover-reporter.ts',
    ],
    projects: [
      'packages/money',
      'packages/contract',
      'packages/exchange',
      'packages/casino-games',
      'packages/sports-sim',
      'packages/betfair-stream',
      'packages/cricket-feed',
      'packages/web-kit',
      { test: { ...serverTest, name: 'server', include: [...DATABASE_FREE_FILES], globalSetup: [] } },
      { test: { ...databaseFiles, ...pgliteFiles, name: 'server:pglite', env: { TEST_DB: 'pglite' } } },
      { test: { ...databaseFiles, name: 'server:postgres', env: { TEST_DB: 'postgres' } } },
      'apps/web',
      'apps/backoffice',
      'apps/house-casino',
      'e2e',
      { test: { name: 'repo', root: '.', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
