import { loadConfig, ConfigError } from './config.js';
import type { Config } from './config.js';
import { buildApp } from './app.js';
import { openServerDatabase } from './db/open-database.js';
import { serverRoleProblems } from './db/server-role.js';
import { DEMO_ACCOUNTS, DEMO_TREE, seedDemoData } from './modules/demo/demo-seed.js';
import { realMoneyConfigProblems } from './modules/identity/jurisdictions.js';

/** The process: configuration, database, migrations, demo data, listen, and a graceful stop. */
async function main(): Promise<void> {
  const bootStartedMs = performance.now();
  let config: Config;
  try {
    config = loadConfig();
    const problems = realMoneyConfigProblems(config.MONEY_MODE, config.realMoneyJurisdictions);
    if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const db = await openServerDatabase({
    databaseUrl: config.DATABASE_URL,
    migrationDatabaseUrl: config.MIGRATION_DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  // The server's role must not be able to rewrite history (decision 0043): production refuses to start.
  const roleProblems = await serverRoleProblems(db);
  if (roleProblems.length > 0 && config.NODE_ENV === 'production') {
    console.error(
      `Refusing to start: ${roleProblems.join('; ')}.\nConnect as the least-privilege role (README, "PostgreSQL roles").`,
    );
    process.exit(78); // EX_CONFIG
  }
  const { app, services, startFeed, drain } = await buildApp({ config, db });
  // Exposure rows checked against their fills, and any stale one repaired, before this process listens,
  // seeds or starts a feed (decision 0081); each repair is a command of its market's writer, so a process
  // serving beside this one meanwhile stays right.
  await services.exposureRepair.repairOpenMarkets(app.log);
  if (config.demoData) await seedDemoData(services);
  // The demo lobby shows the built-in Hub88 simulator's games (decision 0046); a refresh keeps operators' switches.
  if (config.demoData && services.hub88Simulator !== null)
    await services.casino.hub88Admin
      .importCatalogue({ enableNew: true })
      .catch((error: unknown) => app.log.warn({ err: error }, 'hub88 catalogue not imported'));
  if (config.BOOTSTRAP_DIRECTOR_MOBILE !== undefined && config.BOOTSTRAP_DIRECTOR_PASSWORD !== undefined) {
    const created = await services.identity.bootstrapDirector(
      config.BOOTSTRAP_DIRECTOR_MOBILE,
      config.BOOTSTRAP_DIRECTOR_PASSWORD,
    );
    if (created) app.log.info({ mobile_no: config.BOOTSTRAP_DIRECTOR_MOBILE }, 'bootstrap director created');
  }

  startFeed();
  let stopping = false;
  /**
   * A graceful stop (decision 0041): readiness says draining while the load balancer moves away, then
   * new requests are refused (nothing done, sent again elsewhere) while those in flight commit and
   * answer; closing the app then closes sockets with a reconnect hint, gives the market leases back
   * and lets forwarded commands answer; the database closes last. A second signal changes nothing.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, delayMs: config.DRAIN_DELAY_MS }, 'draining');
    const force = setTimeout(
      () => {
        app.log.error('drain took too long, exiting');
        process.exit(1);
      },
      config.DRAIN_DELAY_MS + config.DRAIN_TIMEOUT_MS + 10_000,
    );
    force.unref();
    const { unanswered } = await drain.drain(config.DRAIN_TIMEOUT_MS);
    if (unanswered > 0) app.log.warn({ unanswered }, 'requests still running at the drain timeout');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  const url = `http://localhost:${port}`;
  const lines = [
    '',
    `  Khel is running (${config.MONEY_MODE === 'play' ? 'play money' : 'REAL MONEY'}, ${db.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'})`,
    `  Player app:   ${url}/`,
    `  Back office:  ${url}/backoffice/`,
    `  API docs:     ${url}/api/docs`,
  ];
  if (config.demoData) {
    lines.push(
      `  Demo player:   mobile ${DEMO_ACCOUNTS.player.mobileNo.slice(2)} (India +91), password ${DEMO_ACCOUNTS.player.password}`,
      `  Demo director: mobile ${DEMO_ACCOUNTS.director.mobileNo.slice(2)} (India +91), password ${DEMO_ACCOUNTS.director.password}` +
        (config.MONEY_MODE === 'play' ? ' (demo only: signs in without a second factor)' : ''),
      `  Demo friend:   mobile ${DEMO_ACCOUNTS.friend.mobileNo.slice(2)} (India +91), password ${DEMO_ACCOUNTS.friend.password} (referred by the demo player)`,
      `  Demo agents (back office, their downline only${config.MONEY_MODE === 'play' ? ', no second factor in the demo' : ''}):`,
      ...Object.values(DEMO_TREE).map(
        (account) =>
          `    ${`${account.name}:`.padEnd(24)} mobile ${account.mobileNo.slice(2)}, password ${account.password}`,
      ),
    );
  }
  lines.push('  Operators set up two-step sign-in (an authenticator app) at their first back-office sign-in');
  if (roleProblems.length > 0)
    lines.push(`  Warning: ${roleProblems[0]}; production needs the least-privilege role (README, "PostgreSQL roles")`);
  if (config.SMS_ADAPTER === 'msg91')
    lines.push(
      `  SMS through MSG91; its delivery-report webhook: ${url}/api/v1/sms/msg91/reports?token=<MSG91_WEBHOOK_TOKEN>`,
    );
  else if (config.NODE_ENV !== 'production')
    lines.push(`  OTPs (no real SMS): ${url}/api/dev/sms-outbox?mobile_no=91XXXXXXXXXX`);
  lines.push(`  Ready in ${Math.round(performance.now() - bootStartedMs)} ms`, '');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
