import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '@khel/contract';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Clock } from './lib/clock.js';
import { systemClock } from './lib/clock.js';
import { createAuthGuards } from './plugins/auth.js';
import { registerControlCharacterGuard } from './plugins/control-characters.js';
import { answerFrameworkError, registerErrorHandler } from './plugins/errors.js';
import { registerSeparationOfDuties } from './plugins/separation-of-duties.js';
import { helmetHeaderBlock, registerSecurityHeaders } from './plugins/security-headers.js';
import { responseSerializerCompiler } from './plugins/compiled-serializer.js';
import { createBatchedLogStream } from './lib/batched-log-stream.js';
import { createAccessLine } from './lib/access-line.js';
import { createTreeRepository } from './modules/agents/tree-repository.js';
import { agentsRoutes } from './modules/agents/agents-routes.js';
import { createAgentsService } from './modules/agents/agents-service.js';
import { registerStaticApps } from './plugins/static-apps.js';
import { createAuditRepository } from './modules/audit/audit-repository.js';
import { auditRoutes } from './modules/audit/audit-routes.js';
import { createAuditService } from './modules/audit/audit-service.js';
import { createIdentityRepository } from './modules/identity/identity-repository.js';
import { identityAdminRoutes } from './modules/identity/identity-admin-routes.js';
import { identityRoutes } from './modules/identity/identity-routes.js';
import { createIdentityService } from './modules/identity/identity-service.js';
import { createOtpService } from './modules/identity/otp-service.js';
import { createOperatorSignInService } from './modules/identity/operator-sign-in-service.js';
import { createSecondFactorRepository } from './modules/identity/second-factor-repository.js';
import { secondFactorRoutes } from './modules/identity/second-factor-routes.js';
import { createSecretSealer } from './modules/identity/second-factor-secret.js';
import { createSecondFactorService } from './modules/identity/second-factor-service.js';
import { createMediaRepository } from './modules/media/media-repository.js';
import { createMediaService } from './modules/media/media-service.js';
import { createSettingsRepository } from './modules/settings/settings-repository.js';
import { settingsRoutes } from './modules/settings/settings-routes.js';
import { createSettingsService } from './modules/settings/settings-service.js';
import { webManifestRoutes } from './modules/settings/web-manifest.js';
import { forgetSettingsOnBus } from './modules/settings/settings-cache-bus.js';
import { playerIndexRenderer } from './modules/settings/player-index.js';
import { createSmsRepository } from './modules/sms/sms-repository.js';
import { smsDevRoutes } from './modules/sms/sms-routes.js';
import { createOutboxSmsService } from './modules/sms/sms-service.js';
import { createThrottleRepository } from './modules/throttle/throttle-repository.js';
import { createThrottleService } from './modules/throttle/throttle-service.js';
import { createWalletService } from './modules/wallet/wallet-service.js';
import { adjustmentsRoutes } from './modules/adjustments/adjustments-routes.js';
import { createAdjustmentsService } from './modules/adjustments/adjustments-service.js';
import { depositsRoutes } from './modules/deposits/deposits-routes.js';
import { createDepositsService } from './modules/deposits/deposits-service.js';
import { createFourEyesService } from './modules/four-eyes/four-eyes-service.js';
import { createIdempotencyService } from './modules/idempotency/idempotency-service.js';
import { createPaymentAccountsRepository } from './modules/payment-accounts/payment-accounts-repository.js';
import { paymentAccountsRoutes } from './modules/payment-accounts/payment-accounts-routes.js';
import { agentReceivingAccountsRoutes } from './modules/payment-accounts/agent-receiving-accounts-routes.js';
import { createAgentReceivingAccountsService } from './modules/payment-accounts/agent-receiving-accounts-service.js';
import { createPaymentAccountsService } from './modules/payment-accounts/payment-accounts-service.js';
import { statementsRoutes } from './modules/statements/statements-routes.js';
import { createStatementsService } from './modules/statements/statements-service.js';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals-routes.js';
import { DEPOSIT_DESK_ROUTES, WITHDRAWAL_DESK_ROUTES, requestDeskRoutes } from './modules/request-desk/request-desk-routes.js';
import type { LiveBus } from './modules/live/live-bus.js';
import { SESSIONS_REVOKED_TOPIC, SETTINGS_CHANGED_TOPIC, USERS_CHANGED_TOPIC, createLocalBus, createRedisBus } from './modules/live/live-bus.js';
import { forgetCachedOnBus } from './modules/identity/identity-cache-bus.js';
import { registerLiveRoutes } from './modules/live/live-routes.js';
import { createBettingService } from './modules/sports/betting-service.js';
import { createFeedRunner } from './modules/sports/feed-runner.js';
import { createMarketBooks } from './modules/sports/market-books.js';
import { createDelayedBets } from './modules/sports/delayed-bets.js';
import { createMarketCommands } from './modules/sports/market-commands.js';
import { createMarketForwarding } from './modules/sports/market-forwarding.js';
import { createMarketLeases } from './modules/sports/market-lease.js';
import { createSettlementService } from './modules/sports/settlement-service.js';
import { resultDeskRoutes } from './modules/sports/result-desk-routes.js';
import { createResultDeskService } from './modules/sports/result-desk-service.js';
import { sportsAdminRoutes } from './modules/sports/sports-admin-routes.js';
import { sportsRoutes } from './modules/sports/sports-routes.js';
import { tradingRoutes } from './modules/sports/trading-routes.js';
import { createPositionsService } from './modules/sports/positions-service.js';
import { createCashOutService } from './modules/sports/cash-out-service.js';
import { oddsPreferenceRoutes } from './modules/sports/odds-preference-routes.js';
import { cancelMarketBetsRoutes } from './modules/sports/cancel-market-bets-routes.js';
import { createOddsPreferenceService } from './modules/sports/odds-preference-service.js';
import { createSportsService } from './modules/sports/sports-service.js';
import { createCasinoServices, registerCasino, registerCasinoLive } from './modules/casino/casino-module.js';
import { createWithdrawalsService } from './modules/withdrawals/withdrawals-service.js';
import { bonusAdminRoutes } from './modules/bonus/bonus-admin-routes.js';
import { createBonusAdminService } from './modules/bonus/bonus-admin-service.js';
import { grantForDeposit } from './modules/bonus/bonus-grants.js';
import { createBonusReportService } from './modules/bonus/bonus-report-service.js';
import { bonusRoutes } from './modules/bonus/bonus-routes.js';
import { createBonusService } from './modules/bonus/bonus-service.js';
import { createBonusWagering } from './modules/bonus/bonus-wagering.js';
import { referralRoutes } from './modules/referral/referral-routes.js';
import { createAgentChipsService, playerAgentOf } from './modules/agents/agent-chips-service.js';
import { createAgentCreditService } from './modules/agents/agent-credit-service.js';
import { createAgentFiguresService } from './modules/agents/agent-figures-service.js';
import { agentMoneyRoutes } from './modules/agents/agent-money-routes.js';
import { accountInScope } from './modules/agents/agent-scope.js';
import { createReferralService } from './modules/referral/referral-service.js';
import { createReferralWeekly } from './modules/referral/referral-weekly.js';
import { createBetListService } from './modules/reports/bet-list-service.js';
import { reportsRoutes } from './modules/reports/reports-routes.js';
import { createReportsService } from './modules/reports/reports-service.js';
import { createAgentRatesService } from './modules/agents/agent-rates.js';
import { createAgentStatementService } from './modules/agents/agent-statement-service.js';
import { agentsPartnershipRoutes } from './modules/agents/agents-partnership-routes.js';
import { createDownlineLimitsService } from './modules/agents/downline-limits-service.js';

/** The largest JSON body we read: a 5 MB image as base64 plus its fields. Larger is HTTP 413. */
export const BODY_LIMIT_BYTES = 7 * 1024 * 1024;

const here = dirname(fileURLToPath(import.meta.url));

/** Services by module, for the process (demo data, bootstrap) and for tests. */
export function createServices(db: Database, config: Config, clock: Clock, bus: LiveBus = createLocalBus()) {
  const audit = createAuditService(createAuditRepository(db), clock);
  const throttle = createThrottleService(createThrottleRepository(db), clock);
  const sms = createOutboxSmsService(createSmsRepository(db), clock);
  const media = createMediaService(createMediaRepository(db));
  const settings = createSettingsService({
    db,
    repository: createSettingsRepository(db),
    media,
    audit,
    clock,
    moneyMode: config.MONEY_MODE,
    onChanged: () => bus.publish(SETTINGS_CHANGED_TOPIC, {}),
  });
  // Every process drops its copy of the branding when any process changes it (decision 0029).
  forgetSettingsOnBus(bus, settings);
  // A posting's commit drops the player's cached balances here before its caller answers (decision 0029).
  const wallet = createWalletService({ db, clock, moneyMode: config.MONEY_MODE, publisher: bus, onBalancesChanged: (userId) => identity.forgetBalances(userId) });
  const identityRepository = createIdentityRepository(db);
  const otp = createOtpService({ repository: identityRepository, throttle, sms, clock, siteName: () => settings.siteName(), sendsPerIpPerHour: config.OTP_SENDS_PER_IP_PER_HOUR });
  const identity = createIdentityService({
    repository: identityRepository,
    otp,
    throttle,
    wallet,
    audit,
    clock,
    sessionIdleMs: config.SESSION_IDLE_MINUTES * 60 * 1000,
    sessionAbsoluteMs: config.SESSION_ABSOLUTE_HOURS * 60 * 60 * 1000,
    moneyMode: config.MONEY_MODE,
    realMoneyJurisdictions: config.realMoneyJurisdictions,
    siteName: () => settings.siteName(),
    loginFailuresPerIp: config.LOGIN_FAILURES_PER_IP,
    // Every process hears it and closes the sockets of those sessions (modules/live).
    onSessionsRevoked: (revocation) => bus.publish(SESSIONS_REVOKED_TOPIC, revocation),
    onUserChanged: (userId) => bus.publish(USERS_CHANGED_TOPIC, { userId }),
  });
  // Every process drops what it cached of an account whose sessions ended, which changed, or whose money moved.
  forgetCachedOnBus(bus, identity);
  const secondFactor = createSecondFactorService({
    db,
    repository: createSecondFactorRepository(db),
    identity: identityRepository,
    sealer: createSecretSealer(config.SECOND_FACTOR_KEY),
    throttle,
    audit,
    clock,
    siteName: () => settings.siteName(),
    moneyMode: config.MONEY_MODE,
    onSessionsRevoked: (revocation) => {
      identity.forgetUser(revocation.userId);
      bus.publish(SESSIONS_REVOKED_TOPIC, revocation);
    },
  });
  const tree = createTreeRepository(db);
  const agents = createAgentsService({ tree, identity, audit });
  const signIns = createOperatorSignInService({ identity: identityRepository, audit });
  const idempotency = createIdempotencyService({ db, clock });
  const accounts = createPaymentAccountsService({ repository: createPaymentAccountsRepository(db), audit, clock });
  const agentAccounts = createAgentReceivingAccountsService({ db, audit });
  const secondApprovalAbovePaise = config.SECOND_APPROVAL_ABOVE_RUPEES * 100;
  const fourEyes = createFourEyesService({ clock, secondApprovalAbovePaise });
  // Bonuses and referrals (PRODUCT.md §8) hear about approved deposits and settled bonus-wallet stakes
  // inside the transactions that make them.
  const bonus = createBonusService({ db, wallet, idempotency, clock });
  const bonusAdmin = createBonusAdminService({ db, audit, clock, fourEyes });
  const bonusReport = createBonusReportService({ db, clock });
  const wagering = createBonusWagering({ clock });
  const referral = createReferralService({ db, wallet, idempotency, audit, clock });
  const referralWeekly = createReferralWeekly({ db, wallet, clock });
  // A cash agent's players deposit and withdraw against the agent's chips (PRODUCT.md §9).
  const deskAgents = { agentOf: playerAgentOf, assertInScope: accountInScope };
  const deposits = createDepositsService({
    agents: deskAgents,
    db,
    wallet,
    idempotency,
    media,
    accounts,
    audit,
    clock,
    fourEyes,
    onApproved: async (tx, deposit) => {
      await grantForDeposit(tx, deposit);
      await referral.onDepositApproved(tx, deposit);
    },
  });
  const withdrawals = createWithdrawalsService({ db, wallet, idempotency, accounts, audit, clock, fourEyes, agents: deskAgents });
  // Agents' money (PRODUCT.md §9): chips, credit lines, settlements and the downline figures.
  const agentChips = createAgentChipsService({ db, wallet, idempotency, audit, clock });
  const agentCredit = createAgentCreditService({ db, wallet, idempotency, audit, clock });
  const agentFigures = createAgentFiguresService({ db });
  const adjustments = createAdjustmentsService({ db, wallet, audit, clock, fourEyes });
  const statements = createStatementsService({ wallet, clock });
  const casino = createCasinoServices({ db, wallet, audit, clock, onWagering: wagering.record, writer: { maxCalls: config.CASINO_WALLET_BATCH, maxInFlight: config.CASINO_WALLET_IN_FLIGHT } });
  const books = createMarketBooks(db, { maxBatch: config.MARKET_WRITER_BATCH, lingerMs: config.MARKET_WRITER_LINGER_MS, snapshotEvery: config.MARKET_WRITER_SNAPSHOT_EVERY, sharedCommit: config.MARKET_WRITER_SHARED, oneStatement: config.MARKET_WRITER_ONE_STATEMENT });
  const agentRates = createAgentRatesService({ db, audit, clock });
  const agentStatements = createAgentStatementService({ db, audit, clock });
  const downlineLimits = createDownlineLimitsService({ db, audit, clock });
  // A bet waiting out its in-play delay is decided by a timer here, if this process still writes its market; a sweep catches any a restart or a lease's move left.
  const betting = createBettingService({ books, wallet, clock, onDelayed: (betId, marketId, delayMs) => delayedBets.schedule(betId, marketId, delayMs) });
  const settlement = createSettlementService({ books, betting, wallet, clock, onWagering: wagering.record });
  const positions = createPositionsService({ db, bus });
  const sports = createSportsService({ db, books, betting, settlement, wallet, audit, bus, clock, positions });
  const cashOut = createCashOutService({
    db,
    books,
    betting,
    wallet,
    clock,
    terms: { bookmakerMarginBasisPoints: config.CASH_OUT_BOOKMAKER_MARGIN_BP, fancyMarginBasisPoints: config.CASH_OUT_FANCY_MARGIN_BP, fancySpreadRuns: config.CASH_OUT_FANCY_SPREAD_RUNS },
  });
  const resultDesk = createResultDeskService({ db, sports, settlement, audit, clock });
  // With Redis (several processes), one writer per market: a lease in the database, every market command forwarded to its owner (decision 0034).
  const processId = randomUUID();
  const redisUrl = config.REDIS_URL;
  const leases = redisUrl === undefined ? null : createMarketLeases({ db, owner: processId, options: { leaseMs: config.MARKET_LEASE_MS, renewMs: config.MARKET_LEASE_RENEW_MS }, onLost: (marketId) => books.forget(marketId) });
  const marketRouter = createMarketCommands({
    sports,
    idempotency,
    cashOut,
    desk: resultDesk,
    leases,
    forwardTimeoutMs: config.MARKET_FORWARD_TIMEOUT_MS,
    connect: redisUrl === undefined ? null : (handle) => createMarketForwarding({ url: redisUrl, owner: processId, prefix: config.MARKET_FORWARD_CHANNEL, timeoutMs: config.MARKET_FORWARD_TIMEOUT_MS, handle, onError: () => undefined }),
  });
  const oddsPreferences = createOddsPreferenceService({ db, clock });
  const reports = createReportsService({ db, clock, credit: agentFigures });
  const betList = createBetListService({ db });
  const delayedBets = createDelayedBets({ sports, mayWrite: (marketId) => marketRouter.mayWrite(marketId) });
  const stopTimers = () => delayedBets.stop();
  return { audit, throttle, sms, media, settings, wallet, identity, secondFactor, signIns, idempotency, accounts, deposits, withdrawals, adjustments, statements, casino, bus, books, sports, marketRouter, delayedBets, positions, cashOut, resultDesk, fourEyes, bonus, bonusAdmin, bonusReport, wagering, referral, referralWeekly, oddsPreferences, tree, agents, reports, betList, agentRates, agentStatements, downlineLimits, agentChips, agentCredit, agentFigures, agentAccounts, stopTimers };
}
export type Services = ReturnType<typeof createServices>;

/**
 * Wiring in Fastify's load order: framework settings and external plugins (security headers, rate
 * limit, OpenAPI), then app plugins (errors, auth), then routes, then the static apps.
 */
export async function buildApp(options: { config: Config; db: Database; clock?: Clock }): Promise<{ app: FastifyInstance; services: Services; startFeed: () => void }> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const bus = config.REDIS_URL === undefined ? createLocalBus() : createRedisBus(config.REDIS_URL, () => undefined, config.LIVE_CHANNEL);
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
    disableRequestLogging: true,
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
  const accessLine = createAccessLine({ enabled: ['trace', 'debug', 'info'].includes(config.LOG_LEVEL), write: (line) => logStream.write(line) });
  app.addHook('onResponse', (request, reply, done) => {
    accessLine(request.id, request.method, request.url, reply.statusCode, reply.elapsedTime);
    done();
  });

  // With Redis, every process counts against the same per-IP window; without it, each process counts alone.
  const redis = config.REDIS_URL === undefined ? null : new Redis(config.REDIS_URL, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
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
      info: { title: 'Khel API', version: '1.0.0', description: 'Every call of the player app and the back office. Envelope: { meta: { code, message, error? }, data }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerErrorHandler(app);
  registerControlCharacterGuard(app);
  const guards = createAuthGuards(app, services.identity, services.secondFactor);
  // Before any route: every back-office route that acts on a player or a request gets the check.
  registerSeparationOfDuties(app, {
    user: async (id) => ({ playerId: id, requestedBy: null }),
    deposit: (id) => services.deposits.parties(id),
    withdrawal: (id) => services.withdrawals.parties(id),
    adjustment: (id) => services.adjustments.parties(id),
    result: (id) => services.resultDesk.parties(id),
    bonusGrant: (id) => services.bonusAdmin.grantParties(id),
  }, (rootId, userId) => services.tree.isInSubtree(rootId, userId));
  // The player app's device id (X-Device-Id) feeds the shared-device referral rule; each pair is written once per process.
  const seenDevices = new Set<string>();
  app.addHook('onResponse', (request, _reply, done) => {
    const deviceId = request.headers['x-device-id'];
    const key = request.caller === null || typeof deviceId !== 'string' || deviceId.length < 8 || deviceId.length > 128 ? null : `${request.caller.userId}:${deviceId}`;
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

  const startedAt = Date.now();
  app.get('/api/health', { schema: { tags: ['ops'], summary: 'Liveness and database reachability', response: { 200: healthSchema } } }, async () => {
    await db.query('select 1');
    return { status: 'ok' as const, database: db.kind, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
  });

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
  await app.register(agentMoneyRoutes({ chips: services.agentChips, credit: services.agentCredit, figures: services.agentFigures }, guards));
  // casino wiring (modules/casino) goes here
  await registerCasino(app, services.casino, guards);
  // sports wiring (modules/sports) goes here
  // Every command that changes a market runs where the market is written (modules/sports/market-commands.ts).
  const markets = services.marketRouter;
  await app.register(sportsRoutes(services.sports, markets, guards));
  await markets.ready();
  app.addHook('onClose', () => markets.close());
  await app.register(tradingRoutes({ positions: services.positions, cashOut: services.cashOut, markets, guards }));
  await app.register(oddsPreferenceRoutes(services.oddsPreferences, guards));
  await app.register(cancelMarketBetsRoutes(markets, guards));
  await app.register(sportsAdminRoutes(services.sports, markets, guards));
  await app.register(resultDeskRoutes(services.resultDesk, services.sports, markets, guards));
  await app.register(reportsRoutes(services.reports, services.betList, guards));
  await app.register(agentsPartnershipRoutes({ rates: services.agentRates, statements: services.agentStatements, limits: services.downlineLimits }, guards));
  await registerLiveRoutes(app, {
    bus: services.bus,
    identity: services.identity,
    clock,
    limits: { socketsPerAccount: config.WS_MAX_SOCKETS_PER_ACCOUNT, socketsPerIp: config.WS_MAX_SOCKETS_PER_IP, subscriptionsPerSocket: config.WS_MAX_SUBSCRIPTIONS_PER_SOCKET },
    snapshot: (topic) => services.sports.snapshot(topic),
    conflation: { conflateAboveBytes: config.WS_CONFLATE_ABOVE_BYTES },
  });
  registerCasinoLive(app, services.casino);
  services.delayedBets.start(1000);
  // Bonus expiry and the weekly referral payout: safe to run in every process at once (row locks, an advisory lock, unique keys).
  // Once a few seconds after start (a process back from a stop catches up at once), then every minute.
  const runBonusJobs = () => {
    void services.bonus.expireDue().catch((error: unknown) => app.log.warn({ err: error }, 'bonus expiry failed'));
    void services.referralWeekly.run().catch((error: unknown) => app.log.warn({ err: error }, 'referral weekly payout failed'));
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
      })
    : null;
  app.addHook('onClose', async () => {
    clearTimeout(bonusJobsFirstRun);
    clearInterval(bonusJobs);
    services.stopTimers();
    await feed?.stop();
  });
  if (config.NODE_ENV !== 'production') await app.register(smsDevRoutes(services.sms));

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

  return { app, services, startFeed: () => feed?.start() };
}
