/**
 * The server database files that also run on PGlite (Vitest project `server:pglite`); every server database
 * file runs on PostgreSQL (`server:postgres`). The rule (docs/testing.md, "Which server files run on both
 * databases"; decision 0082 and its addendum): every distinct statement the product's code sends on PostgreSQL
 * in the server files is sent on PGlite by at least one file listed here. Every full run checks it
 * (scripts/statement-cover-reporter.ts) and fails naming each statement left uncovered and a file to add. Paths are relative to apps/server;
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

/**
 * The files that test the database layer itself (`src/db/`): its PGlite adapter, the template, the server's
 * role. Their statements are the tests' own by design (sent straight through the layer, not by the product's
 * code, so the cover does not count them), and what they check is the layer the product runs PGlite through:
 * always listed. scripts/test-databases.test.ts checks every database file of src/db/ is listed.
 */
export const DATABASE_LAYER_FILES: readonly string[] = ['src/db/database.test.ts', 'src/db/template-database.test.ts'];

/** Every file that runs on PGlite: those above, then the ones scripts/pglite-files.ts chose. */
export const PGLITE_FILES: readonly string[] = [
  ...POSTGRES_ONLY_IN_PART,
  ...DATABASE_LAYER_FILES,
  // chosen by `npx tsx scripts/pglite-files.ts --write` (begin)
  'src/modules/agents/agent-authorisation.test.ts',
  'src/modules/agents/market-type-rules.test.ts',
  'src/modules/agents/money-from-the-top.test.ts',
  'src/modules/agents/tree-move.test.ts',
  'src/modules/announcements/announcements.test.ts',
  'src/modules/audit/audit.test.ts',
  'src/modules/bonus/bonus.test.ts',
  'src/modules/casino/casino-wallet.test.ts',
  'src/modules/casino/house-provider/house-casino.test.ts',
  'src/modules/casino/house-provider/house-crash.test.ts',
  'src/modules/casino/hub88/hub88-wallet.test.ts',
  'src/modules/casino/my-games.test.ts',
  'src/modules/deposits/agent-account-deposits.test.ts',
  'src/modules/deposits/money-flows.test.ts',
  'src/modules/feeds/betfair-live.test.ts',
  'src/modules/hub88-sim/hub88-simulator.test.ts',
  'src/modules/identity/identity-admin.test.ts',
  'src/modules/identity/identity.test.ts',
  'src/modules/identity/second-factor.test.ts',
  'src/modules/payment-accounts/agent-receiving-accounts.test.ts',
  'src/modules/referral/referral.test.ts',
  'src/modules/reports/agent-landing.test.ts',
  'src/modules/reports/bet-list.test.ts',
  'src/modules/reports/fancy-book.test.ts',
  'src/modules/reports/reports.test.ts',
  'src/modules/reports/search.test.ts',
  'src/modules/settings/settings.test.ts',
  'src/modules/sms/msg91-service.test.ts',
  'src/modules/sports/bet-void.test.ts',
  'src/modules/sports/betting/house-batch.test.ts',
  'src/modules/sports/exposure-repair.test.ts',
  'src/modules/sports/feed/feed-quotes.test.ts',
  'src/modules/sports/market-rules.test.ts',
  'src/modules/sports/odds-preference/odds-preference.test.ts',
  'src/modules/sports/pins/pins.test.ts',
  'src/modules/sports/results/results.test.ts',
  'src/modules/sports/routing/market-lease.test.ts',
  'src/modules/sports/routing/operator-forwarding.test.ts',
  'src/modules/sports/sports.test.ts',
  'src/modules/sports/writer/one-statement.test.ts',
  'src/modules/sports/writer/writer-retry.test.ts',
  'src/modules/stake-buttons/stake-buttons.test.ts',
  'src/plugins/money-operations.test.ts',
  'src/plugins/separation-of-duties.test.ts',
  // chosen (end)
];
