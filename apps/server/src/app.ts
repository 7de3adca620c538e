import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Clock } from './lib/clock.js';
import { systemClock } from './lib/clock.js';
import { createAuthGuards } from './plugins/auth.js';
import { registerControlCharacterGuard } from './plugins/control-characters.js';
import { answerFrameworkError, registerErrorHandler } from './plugins/errors.js';
import { registerSeparationOfDuties } from './plugins/separation-of-duties.js';
import { registerStepUp } from './plugins/step-up.js';
import { helmetHeaderBlock, registerSecurityHeaders } from './plugins/security-headers.js';
import { responseSerializerCompiler } from './plugins/compiled-serializer.js';
import { createBatchedLogStream } from './lib/batched-log-stream.js';
import { createAccessLine } from './lib/access-line.js';
import { agentsRoutes } from './modules/agents/agents-routes.js';
import { registerStaticApps } from './plugins/static-apps.js';
import { auditRoutes } from './modules/audit/audit-routes.js';
import { identityAdminRoutes } from './modules/identity/identity-admin-routes.js';
import { identityRoutes } from './modules/identity/identity-routes.js';
import { secondFactorRoutes } from './modules/identity/second-factor-routes.js';
import { settingsRoutes } from './modules/settings/settings-routes.js';
import { webManifestRoutes } from './modules/settings/web-manifest.js';
import { playerIndexRenderer } from './modules/settings/player-index.js';
import { smsDevRoutes } from './modules/sms/sms-routes.js';
import { msg91ReportRoutes } from './modules/sms/msg91-report-routes.js';
import { productTexts } from './modules/sms/dlt-templates.js';
import { ConfigError } from './config.js';
import { adjustmentsRoutes } from './modules/adjustments/adjustments-routes.js';
import { depositsRoutes } from './modules/deposits/deposits-routes.js';
import { paymentAccountsRoutes } from './modules/payment-accounts/payment-accounts-routes.js';
import { agentReceivingAccountsRoutes } from './modules/payment-accounts/agent-receiving-accounts-routes.js';
import { statementsRoutes } from './modules/statements/statements-routes.js';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals-routes.js';
import {
  DEPOSIT_DESK_ROUTES,
  WITHDRAWAL_DESK_ROUTES,
  requestDeskRoutes,
} from './modules/request-desk/request-desk-routes.js';
import { createLocalBus, createRedisBus } from './modules/live/live-bus.js';
import { registerLiveRoutes } from './modules/live/live-routes.js';
import { createFeedRunner } from './modules/sports/feed/index.js';
import { createBetfairFeedRunner, teamNamesOf } from './modules/feeds/betfair-feed-runner.js';
import { cricsheetFile, loadReplaySpec, replayLabel, replaySpecs } from './modules/feeds/replay-feeds.js';
import { betfairLiveConfig, createBetfairLiveFeed } from './modules/feeds/betfair-live-feed.js';
import { createCricsheetFeedRunner, loadCricsheet } from './modules/feeds/cricsheet-feed-runner.js';
import { resultDeskRoutes } from './modules/sports/result-desk-routes.js';
import { sportsAdminRoutes } from './modules/sports/sports-admin-routes.js';
import { sportsRoutes } from './modules/sports/sports-routes.js';
import { tradingRoutes } from './modules/sports/trading-routes.js';
import { oddsPreferenceRoutes } from './modules/sports/odds-preference/index.js';
import { announcementsRoutes } from './modules/announcements/announcements-routes.js';
import { stakeButtonsRoutes } from './modules/stake-buttons/stake-buttons-routes.js';
import { pinsRoutes } from './modules/sports/pins/pins-routes.js';
import { resultsRoutes } from './modules/sports/results/results-routes.js';
import { cancelMarketBetsRoutes } from './modules/sports/cancel-market-bets-routes.js';
import { registerCasino, registerCasinoLive } from './modules/casino/casino-module.js';
import { hub88SimRoutes } from './modules/hub88-sim/hub88-sim-routes.js';
import { bonusAdminRoutes } from './modules/bonus/bonus-admin-routes.js';
import { bonusRoutes } from './modules/bonus/bonus-routes.js';
import { referralRoutes } from './modules/referral/referral-routes.js';
import { houseMoneyRoutes } from './modules/agents/house-money-routes.js';
import { treeMoveRoutes } from './modules/agents/tree-move-routes.js';
import { agentMoneyRoutes } from './modules/agents/agent-money-routes.js';
import { reportsRoutes } from './modules/reports/reports-routes.js';
import { agentsPartnershipRoutes } from './modules/agents/agents-partnership-routes.js';
import { createDrain } from './modules/ops/drain.js';
import type { Drain } from './modules/ops/drain.js';
import { healthRoutes } from './modules/ops/health-routes.js';
import { createHealthService } from './modules/ops/health-service.js';
import { metricsAllowList, metricsRoutes } from './modules/ops/metrics-routes.js';

/** The largest JSON body we read: a 5 MB image as base64 plus its fields. Larger is HTTP 413. */
export const BODY_LIMIT_BYTES = 7 * 1024 * 1024;

const here = dirname(fileURLToPath(import.meta.url));

import { createServices } from './services.js';
import type { Services } from './services.js';

export { createServices };
export type { Services };

/**
 * Wiring in Fastify's load order: framework settings and external plugins (security headers, rate
 * limit, OpenAPI), then app plugins (errors, auth), then routes, then the static apps.
 */
export async function buildApp(options: { config: Config; db: Database; clock?: Clock }): Promise<{
  app: FastifyInstance;
  services: Services;
  startFeed: () => void;
  drain: Drain;
  /** The live Betfair source, when FEED=betfair: (started by startFeed). */
  liveFeed: ReturnType<typeof createBetfairLiveFeed> | null;
}> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const bus =
    config.REDIS_URL === undefined
      ? createLocalBus()
      : createRedisBus(config.REDIS_URL, () => undefined, config.LIVE_CHANNEL);
  const services = createServices(db, config, clock, bus);
  const logStream = createBatchedLogStream();
  // helmet's headers are the same for every answer: worked out once here, set in one hook below.
  const securityHeaders = await helmetHeaderBlock();

  const app = Fastify({
    // Lines gathered and written once per event-loop turn, not one write each (decision 0029).
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization'], stream: logStream },
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // The client address is X-Forwarded-For only when the peer is a configured proxy (TRUST_PROXY).
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // A malformed percent-encoding in the path: the envelope, not Fastify's own 400 body.
    frameworkErrors: answerFrameworkError,
    // One access line per request (below) instead of Fastify's two: logging was most of what a cheap
    // request cost (docs/benchmarks.md, HTTP path).
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  // JSON only: Fastify's built-in text/plain parser would let a text body reach validation instead of a 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  // zod's encode for every answer; a compiled serializer for the hot reads marked compiledResponse (decision 0029).
  app.setSerializerCompiler(responseSerializerCompiler({ checkWithZod: config.NODE_ENV !== 'production' }));
  app.addHook('onClose', (_app, done) => {
    logStream.close();
    done();
  });
  // Hooks every request runs take a callback, not a promise (decision 0029: one promise and turn fewer each).
  // The security headers (helmet's, computed once) and the request id, before any route runs.
  registerSecurityHeaders(app, securityHeaders);
  // pino's line, written without pino's generic path (lib/access-line.ts): the path without its query.
  const accessLine = createAccessLine({
    enabled: ['trace', 'debug', 'info'].includes(config.LOG_LEVEL),
    write: (line) => logStream.write(line),
  });
  const { metrics } = services;
  app.addHook('onResponse', (request, reply, done) => {
    accessLine(request.id, request.method, request.url, reply.statusCode, reply.elapsedTime);
    // By route pattern, never the raw path (ids would make a series per bet); unknown paths share one.
    metrics.http.answered(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  // A graceful stop (SIGTERM, server.ts) counts what is in flight and, at the end, refuses what is new.
  const drain = createDrain({ delayMs: config.DRAIN_DELAY_MS });
  drain.register(app);

  // With Redis, every process counts against the same per-IP window; without it, each process counts alone.
  const redis =
    config.REDIS_URL === undefined
      ? null
      : new Redis(config.REDIS_URL, {
          connectTimeout: 1000,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          lazyConnect: false,
        });
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis unavailable'));
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
  });
  await app.register(rateLimit, {
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    // The x-ratelimit-* headers only on the refusal (with Retry-After), not on every answer under the
    // limit: no client reads them, and three headers more on each answer cost both ends (decision 0029).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    ...(redis === null ? {} : { redis, nameSpace: config.RATE_LIMIT_NAMESPACE, skipOnError: true }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Khel API',
        version: '1.0.0',
        description:
          'Every call of the player app and the back office. Envelope: { meta: { code, message, error? }, data }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app, (request, code) => metrics.http.refused(request.routeOptions.url ?? 'unmatched', code));
  registerControlCharacterGuard(app);
  const guards = createAuthGuards(app, services.identity, services.secondFactor);
  // Before any route: every back-office route that acts on a player or a request gets the check.
  registerSeparationOfDuties(
    app,
    {
      user: async (id) => ({ playerId: id, requestedBy: null }),
      deposit: (id) => services.deposits.parties(id),
      withdrawal: (id) => services.withdrawals.parties(id),
      adjustment: (id) => services.adjustments.parties(id),
      result: (id) => services.resultDesk.parties(id),
      bonusGrant: (id) => services.bonusAdmin.grantParties(id),
      houseMoney: (id) => services.houseMoney.parties(id),
      treeMove: (id) => services.treeMoves.parties(id),
    },
    (rootId, userId) => services.tree.isInSubtree(rootId, userId),
  );
  // Money routes ask for a fresh authenticator code (decision 0049).
  registerStepUp(app, services.secondFactor);
  // The player app's device id (X-Device-Id) feeds the shared-device referral rule; each pair is written once per process.
  const seenDevices = new Set<string>();
  app.addHook('onResponse', (request, _reply, done) => {
    const deviceId = request.headers['x-device-id'];
    const key =
      request.caller === null || typeof deviceId !== 'string' || deviceId.length < 8 || deviceId.length > 128
        ? null
        : `${request.caller.userId}:${deviceId}`;
    if (key === null || request.caller === null || seenDevices.has(key)) {
      done();
      return;
    }
    if (seenDevices.size > 50_000) seenDevices.clear();
    seenDevices.add(key);
    services.referral
      .recordDevice(request.caller.userId, deviceId as string)
      .catch(() => seenDevices.delete(key))
      .finally(() => done());
  });

  // The live Betfair source (FEED=betfair:, decision 0070); started with the feed, its state in readiness.
  const liveConfig = betfairLiveConfig(config);
  const live =
    liveConfig === null
      ? null
      : createBetfairLiveFeed({
          config: liveConfig,
          sports: services.sports,
          onMarket: (marketId, action) => services.marketRouter.run('feed.market', { marketId, action }),
          clock,
          log: (message, error) => app.log.warn({ err: error }, message),
          metrics: metrics.feed,
        });
  const health = createHealthService({
    db,
    repository: services.ops,
    redis,
    marketsReachable: () => services.marketRouter.reachable(),
    phase: drain.phase,
    startedAtMs: Date.now(),
    ...(live === null ? {} : { feed: live.status }),
  });
  await app.register(healthRoutes(health));
  await app.register(metricsRoutes(metrics, metricsAllowList(config.metricsAllow)));

  await app.register(identityRoutes(services.identity, guards, services.signIns));
  await app.register(secondFactorRoutes(services.secondFactor, guards));
  await app.register(identityAdminRoutes(services.identity, guards));
  await app.register(agentsRoutes(services.agents, services.identity, guards));
  await app.register(settingsRoutes(services.settings, guards));
  await app.register(webManifestRoutes(services.settings));
  await app.register(auditRoutes(services.audit, guards));
  await app.register(paymentAccountsRoutes(services.accounts, guards));
  await app.register(agentReceivingAccountsRoutes(services.agentAccounts, guards));
  await app.register(depositsRoutes(services.deposits, guards));
  await app.register(requestDeskRoutes(services.deposits, DEPOSIT_DESK_ROUTES, guards));
  await app.register(withdrawalsRoutes(services.withdrawals, guards));
  await app.register(requestDeskRoutes(services.withdrawals, WITHDRAWAL_DESK_ROUTES, guards));
  await app.register(adjustmentsRoutes(services.adjustments, guards));
  await app.register(statementsRoutes(services.statements, guards));
  await app.register(bonusRoutes(services.bonus, guards));
  await app.register(bonusAdminRoutes(services.bonusAdmin, services.bonusReport, guards));
  await app.register(referralRoutes(services.referral, guards));
  await app.register(
    agentMoneyRoutes(
      {
        chips: services.agentChips,
        credit: services.agentCredit,
        figures: services.agentFigures,
        houseMoney: services.houseMoney,
        book: services.agentBook,
      },
      guards,
    ),
  );
  await app.register(houseMoneyRoutes(services.houseMoney, guards));
  await app.register(treeMoveRoutes(services.treeMoves, guards));
  // casino wiring (modules/casino) goes here
  await registerCasino(app, services.casino, guards, metrics.casinoWallet);
  // The built-in Hub88 simulator's Operator API and game pages (another party; decision 0046).
  if (services.hub88Simulator !== null) await app.register(hub88SimRoutes(services.hub88Simulator));
  // sports wiring (modules/sports) goes here
  // Every command that changes a market runs where the market is written (modules/sports/market-commands.ts).
  const markets = services.marketRouter;
  await app.register(sportsRoutes(services.sports, markets, guards, metrics.bets));
  await markets.ready();
  app.addHook('onClose', () => markets.close());
  await app.register(tradingRoutes({ positions: services.positions, cashOut: services.cashOut, markets, guards }));
  await app.register(oddsPreferenceRoutes(services.oddsPreferences, guards));
  await app.register(stakeButtonsRoutes(services.stakeButtons, guards));
  await app.register(pinsRoutes(services.pins, guards));
  await app.register(resultsRoutes(services.results));
  await app.register(announcementsRoutes(services.announcements, guards));
  await app.register(cancelMarketBetsRoutes(markets, guards));
  await app.register(sportsAdminRoutes(services.sports, markets, guards));
  await app.register(resultDeskRoutes(services.resultDesk, services.sports, markets, guards));
  await app.register(reportsRoutes(services.reports, services.betList, services.fancyBooks, guards));
  await app.register(
    agentsPartnershipRoutes(
      {
        rates: services.agentRates,
        statements: services.agentStatements,
        limits: services.downlineLimits,
        marketTypes: services.marketTypeRules,
      },
      guards,
    ),
  );
  await registerLiveRoutes(app, {
    bus: services.bus,
    identity: services.identity,
    clock,
    limits: {
      socketsPerAccount: config.WS_MAX_SOCKETS_PER_ACCOUNT,
      socketsPerIp: config.WS_MAX_SOCKETS_PER_IP,
      subscriptionsPerSocket: config.WS_MAX_SUBSCRIPTIONS_PER_SOCKET,
    },
    snapshot: (topic) => services.sports.snapshot(topic),
    conflation: { conflateAboveBytes: config.WS_CONFLATE_ABOVE_BYTES },
    heartbeatMs: config.WS_HEARTBEAT_MS,
    metrics: metrics.live,
  });
  registerCasinoLive(app, services.casino, config.WS_HEARTBEAT_MS);
  services.delayedBets.start(1000);
  // Bonus expiry and the weekly referral payout: safe to run in every process at once (row locks, an advisory lock, unique keys).
  // Once a few seconds after start (a process back from a stop catches up at once), then every minute.
  const runBonusJobs = () => {
    void services.bonus.expireDue().catch((error: unknown) => app.log.warn({ err: error }, 'bonus expiry failed'));
    void services.referralWeekly
      .run()
      .catch((error: unknown) => app.log.warn({ err: error }, 'referral weekly payout failed'));
  };
  const bonusJobsFirstRun = setTimeout(runBonusJobs, 5_000);
  bonusJobsFirstRun.unref();
  const bonusJobs = setInterval(runBonusJobs, 60_000);
  bonusJobs.unref();
  const feed = config.demoFeed
    ? createFeedRunner({
        sports: services.sports,
        onMarket: (marketId, action) => markets.run('feed.market', { marketId, action }),
        clock,
        seed: config.FEED_SEED,
        tickMs: config.FEED_TICK_MS,
        log: (message, error) => app.log.warn({ err: error }, message),
        onLag: (seconds) => metrics.feed.lag('demo', seconds),
      })
    : null;
  // Real matches replayed beside the simulator (decision 0042); loaded and started with the feed.
  const replays = replaySpecs(config).map((spec) => {
    let runner: ReturnType<typeof createBetfairFeedRunner> | null = null;
    return {
      start() {
        const items = loadReplaySpec(spec);
        runner = createBetfairFeedRunner({
          sports: services.sports,
          onMarket: (marketId, action) => markets.run('feed.market', { marketId, action }),
          clock,
          config: {
            sizeScalePaise: Math.round(config.BETFAIR_SIZE_SCALE_RUPEES * 100),
            houseLimitPaise: Math.round(config.BETFAIR_HOUSE_LIMIT_RUPEES * 100),
            league: 'Replays of real matches',
            label: replayLabel(items),
          },
          names: teamNamesOf(items),
          log: (message, error) => app.log.warn({ err: error }, message),
          onLag: (seconds) => metrics.feed.lag('betfair-replay', seconds),
        });
        runner.start(items, { speed: config.FEED_SPEED, maxIdleMs: config.FEED_MAX_IDLE_MS });
      },
      stop: () => runner?.stop(),
    };
  });
  // A real match from a Cricsheet file, ball by ball (decision 0042).
  const cricsheet = cricsheetFile(config);
  if (cricsheet !== null) {
    let runner: ReturnType<typeof createCricsheetFeedRunner> | null = null;
    replays.push({
      start() {
        runner = createCricsheetFeedRunner({
          sports: services.sports,
          onMarket: (marketId, action) => markets.run('feed.market', { marketId, action }),
          clock,
          replay: loadCricsheet(cricsheet),
          league: 'Replays of real matches',
          log: (message, error) => app.log.warn({ err: error }, message),
          onLag: (seconds) => metrics.feed.lag('cricsheet', seconds),
        });
        runner.start({
          ballMs: config.FEED_BALL_MS,
          ballInAirMs: config.FEED_BALL_IN_AIR_MS,
          speed: config.FEED_SPEED,
        });
      },
      stop: () => runner?.stop(),
    });
  }
  app.addHook('onClose', async () => {
    clearTimeout(bonusJobsFirstRun);
    clearInterval(bonusJobs);
    services.stopTimers();
    await feed?.stop();
    for (const replay of replays) await replay.stop();
    await live?.stop();
  });
  if (config.NODE_ENV !== 'production') await app.register(smsDevRoutes(services.sms));
  const { msg91 } = services;
  if (msg91 !== null) {
    // Every text the product sends must be one of the registered DLT templates, or no OTP would ever go out.
    const unmatched = productTexts(await services.settings.siteName()).filter(
      (text) => services.smsRegistry.match(text) === null,
    );
    if (unmatched.length > 0)
      throw new ConfigError(`SMS_DLT_TEMPLATES: no registered template matches the text "${unmatched[0]}"`);
    msg91.logTo((message, error) => app.log.warn({ err: error }, message));
    await app.register(msg91ReportRoutes(msg91, config.MSG91_WEBHOOK_TOKEN ?? ''));
    msg91.start(5000);
    app.addHook('onClose', async () => msg91.stop());
  }

  await registerStaticApps(app, {
    rereadIndex: config.NODE_ENV === 'development',
    renderWebIndex: playerIndexRenderer(services.settings),
    webDir: config.WEB_DIST_DIR ?? resolve(here, '../../web/dist'),
    backofficeDir: config.BACKOFFICE_DIST_DIR ?? resolve(here, '../../backoffice/dist'),
    houseCasinoDir: resolve(here, '../../house-casino/dist'),
  });

  // Throttle events older than every window are pruned now and then; unref so tests and shutdown are not held.
  const pruneTimer = setInterval(() => void services.throttle.prune().catch(() => undefined), 60 * 60 * 1000);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));

  return {
    app,
    services,
    startFeed: () => {
      feed?.start();
      for (const replay of replays) replay.start();
      live?.start();
    },
    drain,
    liveFeed: live,
  };
}
