/**
 * The server database files that also run on PGlite (Vitest project `server:pglite`); every server database
 * file runs on PostgreSQL (`server:postgres`). The rule (docs/testing.md, "Which server files run on both
 * databases"; decision 0082): every distinct statement the server files send on PostgreSQL is sent on PGlite
 * by at least one file listed here. Every full run checks it (scripts/statement-cover-reporter.ts) and fails
 * naming each statement left uncovered and a file to add. Paths are relative to apps/server;
 * scripts/test-databases.test.ts checks that each names a database file.
 */

/**
 * The files that skip tests on PGlite by design (they read TEST_DB): backups, point-in-time recovery, the
 * route fuzzer, the server role's logins, lock waits. Always listed, so their tests for both databases run
 * on both; a statement that only these files send on PostgreSQL is their PostgreSQL-only tests' own, and the
 * cover does not ask it of PGlite. scripts/test-databases.test.ts checks this is exactly the files that read TEST_DB.
 */
export const POSTGRES_ONLY_IN_PART: readonly string[] = [
  'src/db/server-role.test.ts',
  'src/fuzz.test.ts',
  'src/modules/casino/casino-limit-stripes.test.ts',
  'src/modules/casino/casino-wallet-group-fallback.test.ts',
  'src/modules/ops/backup-restore.test.ts',
  'src/modules/ops/pitr-restore.test.ts',
  'src/modules/sports/writer/lane-cache.test.ts',
  'src/modules/sports/writer/one-statement-reads.test.ts',
];

/** Every file that runs on PGlite: those above, then the ones scripts/pglite-files.ts chose, in its order. */
export const PGLITE_FILES: readonly string[] = [
  ...POSTGRES_ONLY_IN_PART,
  // chosen by `npx tsx scripts/pglite-files.ts --write` (begin)
  // chosen (end)
];
