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

/** Every file that runs on PGlite: those above, then the ones scripts/pglite-files.ts chose. */
export const PGLITE_FILES: readonly string[] = [
  ...POSTGRES_ONLY_IN_PART,
  // chosen by `npx tsx scripts/pglite-files.ts --write` (begin)
  'src/db/database.test.ts',
  'src/db/template-database.test.ts',
  'src/modules/agents/agent-authorisation.test.ts',
  'src/modules/agents/agent-money.test.ts',
  'src/modules/agents/agent-statement.test.ts',
  'src/modules/agents/market-type-rules.test.ts',
  'src/modules/agents/money-from-the-top.test.ts',
  'src/modules/agents/session-commission.test.ts',
  'src/modules/agents/tree-move.test.ts',
  'src/modules/agents/tree-repository.test.ts',
  'src/modules/announcements/announcements.test.ts',
  'src/modules/audit/audit.test.ts',
  'src/modules/bonus/bonus.test.ts',
  'src/modules/casino/casino-wallet-group-commit.test.ts',
  'src/modules/casino/casino-wallet-guard.test.ts',
  'src/modules/casino/casino-wallet-model.test.ts',
  'src/modules/casino/casino-wallet-round-trips.test.ts',
  'src/modules/casino/casino-wallet.test.ts',
  'src/modules/casino/house-provider/house-casino.test.ts',
  'src/modules/casino/house-provider/house-crash.test.ts',
  'src/modules/casino/hub88/hub88-wallet-model.test.ts',
  'src/modules/casino/hub88/hub88-wallet.test.ts',
  'src/modules/casino/my-games.test.ts',
  'src/modules/deposits/hostile-uploads.test.ts',
  'src/modules/deposits/money-flows.test.ts',
  'src/modules/deposits/money-properties.test.ts',
  'src/modules/feeds/betfair-replay.test.ts',
  'src/modules/feeds/cricsheet-replay.test.ts',
  'src/modules/hub88-sim/hub88-simulator.test.ts',
  'src/modules/identity/identity-admin.test.ts',
  'src/modules/identity/identity-hardening.test.ts',
  'src/modules/identity/identity.test.ts',
  'src/modules/identity/password-cost.test.ts',
  'src/modules/identity/second-factor.test.ts',
  'src/modules/identity/session-cache.test.ts',
  'src/modules/live/live-revocation.test.ts',
  'src/modules/ops/health-drain.test.ts',
  'src/modules/payment-accounts/agent-receiving-accounts.test.ts',
  'src/modules/referral/referral.test.ts',
  'src/modules/reports/agent-landing.test.ts',
  'src/modules/reports/bet-list.test.ts',
  'src/modules/reports/fancy-book.test.ts',
  'src/modules/reports/reports.test.ts',
  'src/modules/reports/search.test.ts',
  'src/modules/settings/settings-cache.test.ts',
  'src/modules/settings/settings.test.ts',
  'src/modules/sms/msg91-service.test.ts',
  'src/modules/sports/bet-void.test.ts',
  'src/modules/sports/betting/house-batch.test.ts',
  'src/modules/sports/edit-bet.test.ts',
  'src/modules/sports/exposure-repair.test.ts',
  'src/modules/sports/feed/feed-quotes.test.ts',
  'src/modules/sports/feed/market-timers.test.ts',
  'src/modules/sports/market-rules.test.ts',
  'src/modules/sports/odds-preference/odds-preference.test.ts',
  'src/modules/sports/pins/pins.test.ts',
  'src/modules/sports/results/results.test.ts',
  'src/modules/sports/routing/market-forwarding.test.ts',
  'src/modules/sports/routing/market-lease.test.ts',
  'src/modules/sports/routing/operator-forwarding.test.ts',
  'src/modules/sports/sports.test.ts',
  'src/modules/sports/writer/lane-players.test.ts',
  'src/modules/sports/writer/market-writer.test.ts',
  'src/modules/sports/writer/one-statement.test.ts',
  'src/modules/sports/writer/shared-commit.test.ts',
  'src/modules/sports/writer/writer-retry.test.ts',
  'src/modules/stake-buttons/stake-buttons.test.ts',
  'src/modules/wallet/wallet.test.ts',
  'src/plugins/money-operations.test.ts',
  // chosen (end)
];
