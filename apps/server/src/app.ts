import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema } from '@khel/contract';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Clock } from './lib/clock.js';
import { systemClock } from './lib/clock.js';
import { createAuthGuards } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerStaticApps } from './plugins/static-apps.js';
import { createAuditRepository } from './modules/audit/audit-repository.js';
import { auditRoutes } from './modules/audit/audit-routes.js';
import { createAuditService } from './modules/audit/audit-service.js';
import { createIdentityRepository } from './modules/identity/identity-repository.js';
import { identityAdminRoutes } from './modules/identity/identity-admin-routes.js';
import { identityRoutes } from './modules/identity/identity-routes.js';
import { createIdentityService } from './modules/identity/identity-service.js';
import { createOtpService } from './modules/identity/otp-service.js';
import { createMediaRepository } from './modules/media/media-repository.js';
import { createMediaService } from './modules/media/media-service.js';
import { createSettingsRepository } from './modules/settings/settings-repository.js';
import { settingsRoutes } from './modules/settings/settings-routes.js';
import { createSettingsService } from './modules/settings/settings-service.js';
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
import { createIdempotencyService } from './modules/idempotency/idempotency-service.js';
import { createPaymentAccountsRepository } from './modules/payment-accounts/payment-accounts-repository.js';
import { paymentAccountsRoutes } from './modules/payment-accounts/payment-accounts-routes.js';
import { createPaymentAccountsService } from './modules/payment-accounts/payment-accounts-service.js';
import { statementsRoutes } from './modules/statements/statements-routes.js';
import { createStatementsService } from './modules/statements/statements-service.js';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals-routes.js';
import type { LiveBus } from './modules/live/live-bus.js';
import { createLocalBus, createRedisBus } from './modules/live/live-bus.js';
import { registerLiveRoutes } from './modules/live/live-routes.js';
import { createBettingService } from './modules/sports/betting-service.js';
import { createFeedRunner } from './modules/sports/feed-runner.js';
import { createMarketBooks } from './modules/sports/market-books.js';
import { createSettlementService } from './modules/sports/settlement-service.js';
import { sportsAdminRoutes } from './modules/sports/sports-admin-routes.js';
import { sportsRoutes } from './modules/sports/sports-routes.js';
import { createSportsService } from './modules/sports/sports-service.js';
import { createCasinoServices, registerCasino, registerCasinoLive } from './modules/casino/casino-module.js';
import { createWithdrawalsService } from './modules/withdrawals/withdrawals-service.js';

/** The largest JSON body we read: a 5 MB image as base64 plus its fields. Larger is HTTP 413. */
export const BODY_LIMIT_BYTES = 7 * 1024 * 1024;

const here = dirname(fileURLToPath(import.meta.url));

/** Services by module, for the process (demo data, bootstrap) and for tests. */
export function createServices(db: Database, config: Config, clock: Clock, bus: LiveBus = createLocalBus()) {
  const audit = createAuditService(createAuditRepository(db), clock);
  const throttle = createThrottleService(createThrottleRepository(db), clock);
  const sms = createOutboxSmsService(createSmsRepository(db), clock);
  const media = createMediaService(createMediaRepository(db));
  const settings = createSettingsService({ db, repository: createSettingsRepository(db), media, audit, clock, moneyMode: config.MONEY_MODE });
  const wallet = createWalletService({ db, clock, moneyMode: config.MONEY_MODE });
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
  });
  const idempotency = createIdempotencyService({ db, clock });
  const accounts = createPaymentAccountsService({ repository: createPaymentAccountsRepository(db), audit, clock });
  const secondApprovalAbovePaise = config.SECOND_APPROVAL_ABOVE_RUPEES * 100;
  const deposits = createDepositsService({ db, wallet, idempotency, media, accounts, audit, clock, secondApprovalAbovePaise });
  const withdrawals = createWithdrawalsService({ db, wallet, idempotency, accounts, audit, clock, secondApprovalAbovePaise });
  const adjustments = createAdjustmentsService({ db, wallet, audit, clock, secondApprovalAbovePaise });
  const statements = createStatementsService({ wallet, clock });
  const casino = createCasinoServices({ db, wallet, audit, clock });
  const books = createMarketBooks(db);
  // A bet waiting out its in-play delay is decided by a timer here; a sweep catches any a restart dropped.
  const delayed = new Set<NodeJS.Timeout>();
  const betting = createBettingService({
    books,
    wallet,
    clock,
    onDelayed: (betId, marketId, delayMs) => {
      const timer = setTimeout(() => {
        delayed.delete(timer);
        void sports.resolvePending(betId, marketId).catch(() => undefined);
      }, delayMs + 20);
      timer.unref();
      delayed.add(timer);
    },
  });
  const settlement = createSettlementService({ books, betting, wallet, clock });
  const sports = createSportsService({ db, books, betting, settlement, wallet, audit, bus, clock });
  const stopTimers = () => {
    for (const timer of delayed) clearTimeout(timer);
    delayed.clear();
  };
  return { audit, throttle, sms, media, settings, wallet, identity, idempotency, accounts, deposits, withdrawals, adjustments, statements, casino, bus, sports, stopTimers };
}
export type Services = ReturnType<typeof createServices>;

/**
 * Wiring in Fastify's load order: framework settings and external plugins (security headers, rate
 * limit, OpenAPI), then app plugins (errors, auth), then routes, then the static apps.
 */
export async function buildApp(options: { config: Config; db: Database; clock?: Clock }): Promise<{ app: FastifyInstance; services: Services; startFeed: () => void }> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const bus = config.REDIS_URL === undefined ? createLocalBus() : createRedisBus(config.REDIS_URL, () => undefined);
  const services = createServices(db, config, clock, bus);

  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization'] },
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  // JSON only: Fastify's built-in text/plain parser would let a text body reach validation instead of a 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // External casino providers (configured, not coded in) serve their game frames and thumbnails
        // from their own HTTPS origins.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:'],
      },
    },
    crossOriginEmbedderPolicy: false,
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
  const guards = createAuthGuards(app, services.identity);

  const startedAt = Date.now();
  app.get('/api/health', { schema: { tags: ['ops'], summary: 'Liveness and database reachability', response: { 200: healthSchema } } }, async () => {
    await db.query('select 1');
    return { status: 'ok' as const, database: db.kind, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
  });

  await app.register(identityRoutes(services.identity, guards));
  await app.register(identityAdminRoutes(services.identity, guards));
  await app.register(settingsRoutes(services.settings, guards));
  await app.register(auditRoutes(services.audit, guards));
  await app.register(paymentAccountsRoutes(services.accounts, guards));
  await app.register(depositsRoutes(services.deposits, guards));
  await app.register(withdrawalsRoutes(services.withdrawals, guards));
  await app.register(adjustmentsRoutes(services.adjustments, guards));
  await app.register(statementsRoutes(services.statements, guards));
  // casino wiring (modules/casino) goes here
  await registerCasino(app, services.casino, guards);
  // sports wiring (modules/sports) goes here
  await app.register(sportsRoutes(services.sports, services.idempotency, guards));
  await app.register(sportsAdminRoutes(services.sports, guards));
  await registerLiveRoutes(app, { bus: services.bus, identity: services.identity, snapshot: (topic) => services.sports.snapshot(topic) });
  registerCasinoLive(app, services.casino);
  const sweep = setInterval(() => void services.sports.resolveDueBets().catch(() => undefined), 1000);
  sweep.unref();
  const feed = config.demoFeed
    ? createFeedRunner({ sports: services.sports, clock, seed: config.FEED_SEED, tickMs: config.FEED_TICK_MS, log: (message, error) => app.log.warn({ err: error }, message) })
    : null;
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    services.stopTimers();
    await feed?.stop();
  });
  if (config.NODE_ENV !== 'production') await app.register(smsDevRoutes(services.sms));

  await registerStaticApps(app, {
    rereadIndex: config.NODE_ENV === 'development',
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
