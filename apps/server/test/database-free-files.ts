/**
 * The server's test files that never reach a database, run once (Vitest project `server`); every other
 * server test file runs twice, on PGlite and on PostgreSQL (docs/testing.md). A file belongs here exactly
 * when none of its runtime imports, followed through the repository, reaches a database driver or opener:
 * scripts/test-databases.test.ts fails when this list says otherwise, in either direction.
 * Paths are relative to apps/server.
 */
export const DATABASE_FREE_FILES: readonly string[] = [
  'src/config-limits.test.ts',
  'src/lib/access-line.test.ts',
  'src/lib/batched-log-stream.test.ts',
  'src/lib/hub88-signature.test.ts',
  'src/lib/second-approval.test.ts',
  'src/modules/casino/hub88/hub88-setup.test.ts',
  'src/modules/feeds/betfair-api.test.ts',
  'src/modules/feeds/betfair-stream-client.test.ts',
  'src/modules/feeds/replay-source.test.ts',
  'src/modules/identity/user-cache.test.ts',
  'src/modules/live/live-connections.test.ts',
  'src/modules/live/live-heartbeat.test.ts',
  'src/modules/live/live-snapshot-order.test.ts',
  'src/modules/ops/dashboard.test.ts',
  'src/modules/payment-accounts/ifsc-banks.test.ts',
  'src/modules/settings/player-index.test.ts',
  'src/modules/sms/msg91-sms.test.ts',
  'src/modules/sports/writer/market-state.test.ts',
  'src/plugins/static-files.test.ts',
];
