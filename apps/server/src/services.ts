import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Clock } from './lib/clock.js';
import { createTreeRepository } from './modules/agents/tree-repository.js';
import { createAgentsService } from './modules/agents/agents-service.js';
import { createAuditRepository } from './modules/audit/audit-repository.js';
import { createAuditService } from './modules/audit/audit-service.js';
import { createIdentityRepository } from './modules/identity/identity-repository.js';
import { createIdentityService } from './modules/identity/identity-service.js';
import { createOtpService } from './modules/identity/otp-service.js';
import { createOperatorSignInService } from './modules/identity/operator-sign-in-service.js';
import { createSecondFactorRepository } from './modules/identity/second-factor-repository.js';
import { createSecretSealer } from './modules/identity/second-factor-secret.js';
import { createSecondFactorService } from './modules/identity/second-factor-service.js';
import { createMediaRepository } from './modules/media/media-repository.js';
import { createMediaService } from './modules/media/media-service.js';
import { createSettingsRepository } from './modules/settings/settings-repository.js';
import { createSettingsService } from './modules/settings/settings-service.js';
import { forgetSettingsOnBus } from './modules/settings/settings-cache-bus.js';
import { createSmsRepository } from './modules/sms/sms-repository.js';
import { createOutboxSmsService } from './modules/sms/sms-service.js';
import type { SmsSender } from './modules/sms/sms-service.js';
import { createDltRegistry } from './modules/sms/dlt-templates.js';
import { createMsg91Sender } from './modules/sms/msg91-sms.js';
import { createMsg91SmsService } from './modules/sms/msg91-service.js';
import { createSmsMessagesRepository } from './modules/sms/sms-messages-repository.js';
import { createThrottleService } from './modules/throttle/throttle-service.js';
import { createWalletService } from './modules/wallet/wallet-service.js';
import { createAdjustmentsService } from './modules/adjustments/adjustments-service.js';
import { createDepositsService } from './modules/deposits/deposits-service.js';
import { createFourEyesService } from './modules/four-eyes/four-eyes-service.js';
import { createIdempotencyService } from './modules/idempotency/idempotency-service.js';
import { createPaymentAccountsRepository } from './modules/payment-accounts/payment-accounts-repository.js';
import { createAgentReceivingAccountsService } from './modules/payment-accounts/agent-receiving-accounts-service.js';
import { createPaymentAccountsService } from './modules/payment-accounts/payment-accounts-service.js';
import { createStatementsService } from './modules/statements/statements-service.js';
import type { LiveBus } from './modules/live/live-bus.js';
import {
  SESSIONS_REVOKED_TOPIC,
  SETTINGS_CHANGED_TOPIC,
  USERS_CHANGED_TOPIC,
  createLocalBus,
} from './modules/live/live-bus.js';
import { forgetCachedOnBus } from './modules/identity/identity-cache-bus.js';
import { createBettingService } from './modules/sports/betting/index.js';
import { createMarketBooks } from './modules/sports/writer/index.js';
import { createDelayedBets } from './modules/sports/delayed-bets.js';
import { createExposureRepair } from './modules/sports/exposure-repair.js';
import { createMarketCommands } from './modules/sports/market-commands.js';
import { createMarketForwarding } from './modules/sports/routing/index.js';
import { createMarketLeases } from './modules/sports/routing/index.js';
import { createSettlementService } from './modules/sports/settlement/index.js';
import { createResultDeskService } from './modules/sports/result-desk-service.js';
import { createPositionsService } from './modules/sports/positions/index.js';
import { createCashOutService } from './modules/sports/betting/index.js';
import { createOddsPreferenceService } from './modules/sports/odds-preference/index.js';
import { createAnnouncementsService } from './modules/announcements/announcements-service.js';
import { createStakeButtonsService } from './modules/stake-buttons/stake-buttons-service.js';
import { createPinsService } from './modules/sports/pins/pins-service.js';
import { createResultsService } from './modules/sports/results/results-service.js';
import { createSportsService, hasOpenBets } from './modules/sports/sports-service.js';
import { createCasinoServices } from './modules/casino/casino-module.js';
import { hub88Setup } from './modules/casino/hub88/hub88-setup.js';
import { createHub88SimService } from './modules/hub88-sim/hub88-sim-service.js';
import { createWithdrawalsService } from './modules/withdrawals/withdrawals-service.js';
import { createBonusAdminService } from './modules/bonus/bonus-admin-service.js';
import { grantForDeposit } from './modules/bonus/bonus-grants.js';
import { createBonusReportService } from './modules/bonus/bonus-report-service.js';
import { createBonusService } from './modules/bonus/bonus-service.js';
import { createBonusWagering } from './modules/bonus/bonus-wagering.js';
import { createAgentChipsService, playerAgentOf } from './modules/agents/agent-chips-service.js';
import { createAgentCreditService } from './modules/agents/agent-credit-service.js';
import { createHouseMoneyService } from './modules/agents/house-money-service.js';
import { createTreeMoveService } from './modules/agents/tree-move-service.js';
import { createHouseMoneyGate } from './modules/agents/money-from-the-top.js';
import { createAgentBookService } from './modules/agents/agent-book-service.js';
import { createAgentFiguresService } from './modules/agents/agent-figures-service.js';
import { accountInScope } from './modules/agents/agent-scope.js';
import { createReferralService } from './modules/referral/referral-service.js';
import { createReferralWeekly } from './modules/referral/referral-weekly.js';
import { createBetListService } from './modules/reports/bet-list-service.js';
import { createReportsService } from './modules/reports/reports-service.js';
import { createAgentRatesService } from './modules/agents/agent-rates.js';
import { createAgentStatementService } from './modules/agents/agent-statement-service.js';
import { createDownlineLimitsService } from './modules/agents/downline-limits-service.js';
import { createMarketTypeRulesService } from './modules/agents/market-type-rules-service.js';
import { createPartnershipChains } from './modules/agents/partnership-chains.js';
import { createFancyBookService } from './modules/reports/fancy-book-service.js';
import { createMetrics } from './modules/ops/metrics.js';
import { createOpsRepository } from './modules/ops/ops-repository.js';

/** Services by module, for the process (demo data, bootstrap) and for tests. */
export function createServices(db: Database, config: Config, clock: Clock, bus: LiveBus = createLocalBus()) {
  // What Prometheus reads (decision 0040): each module gets the small part of it that it reports to.
  const metrics = createMetrics();
  const ops = createOpsRepository(db);
  metrics.useSources({
    pendingRequests: () => ops.pendingRequests(),
    postings: () => ops.postings(),
    pool: () => db.poolStats?.() ?? null,
  });
  const audit = createAuditService(createAuditRepository(db), clock);
  const throttle = createThrottleService(db, clock);
  const sms = createOutboxSmsService(createSmsRepository(db), clock);
  // SMS_ADAPTER=msg91 (decision 0060): OTPs through MSG91, DLT templates checked before sending.
  const registry = createDltRegistry(config.smsDltTemplates);
  const msg91 =
    config.SMS_ADAPTER === 'msg91'
      ? createMsg91SmsService({
          sender: createMsg91Sender({ baseUrl: config.MSG91_API_URL, authKey: config.MSG91_AUTH_KEY ?? '', registry }),
          registry,
          repository: createSmsMessagesRepository(db),
          clock,
          voiceFallbackMs: config.SMS_VOICE_FALLBACK_SECONDS > 0 ? config.SMS_VOICE_FALLBACK_SECONDS * 1000 : null,
          onOutcome: (outcome) => metrics.sms.outcome(outcome),
        })
      : null;
  const smsSender: SmsSender = msg91 ?? sms;
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
  const wallet = createWalletService({
    db,
    clock,
    moneyMode: config.MONEY_MODE,
    publisher: bus,
    onBalancesChanged: (userId) => identity.forgetBalances(userId),
  });
  const identityRepository = createIdentityRepository(db);
  const otp = createOtpService({
    repository: identityRepository,
    throttle,
    sms: smsSender,
    clock,
    siteName: () => settings.siteName(),
    sendsPerIpPerHour: config.OTP_SENDS_PER_IP_PER_HOUR,
  });
  const identity = createIdentityService({
    repository: identityRepository,
    otp,
    throttle,
    wallet,
    audit,
    clock,
    sessionIdleMs: config.SESSION_IDLE_MINUTES * 60 * 1000,
    passwordHashCost: config.PASSWORD_HASH_COST,
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
  const bonus = createBonusService({
    db,
    wallet,
    idempotency,
    clock,
    hasOpenBonusBets: (tx, userId) => hasOpenBets(tx, userId, 'bonus'),
  });
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
  const withdrawals = createWithdrawalsService({
    db,
    wallet,
    idempotency,
    accounts,
    audit,
    clock,
    fourEyes,
    agents: deskAgents,
  });
  // Agents' money (PRODUCT.md §9): chips, credit lines, settlements and the downline figures.
  // Money from the top of the tree counts in the operators' four-eyes totals (decision 0044).
  const houseGate = createHouseMoneyGate({ fourEyes, clock });
  const agentChips = createAgentChipsService({
    db,
    wallet,
    idempotency,
    audit,
    clock,
    gate: houseGate,
    // Chips to a player count as its deposit (PRODUCT.md §9).
    depositLimit: (tx, userId, amountPaise) => deposits.assertChipsWithinLimits(tx, userId, amountPaise),
  });
  const agentCredit = createAgentCreditService({ db, wallet, idempotency, audit, clock, gate: houseGate });
  const houseMoney = createHouseMoneyService({
    db,
    chips: agentChips,
    credit: agentCredit,
    fourEyes,
    audit,
    clock,
  });
  const treeMoves = createTreeMoveService({ db, wallet, credit: agentCredit, audit, clock });
  const agentFigures = createAgentFiguresService({ db });
  const agentBook = createAgentBookService({ db, clock });
  const adjustments = createAdjustmentsService({ db, wallet, audit, clock, fourEyes });
  const statements = createStatementsService({ wallet, clock });
  const hub88 = hub88Setup(config);
  const casino = createCasinoServices({
    db,
    wallet,
    audit,
    clock,
    onWagering: wagering.record,
    writer: { maxCalls: config.CASINO_WALLET_BATCH, maxInFlight: config.CASINO_WALLET_IN_FLIGHT },
    hub88,
  });
  // The built-in Hub88 simulator (play mode, no aggregator configured): another party, reaching the
  // wallet over HTTP like the real one (decision 0046).
  const simulatorKeys = hub88.simulator;
  const hub88Simulator =
    simulatorKeys === null
      ? null
      : createHub88SimService({
          db,
          clock,
          keys: () => simulatorKeys,
          wallet: casino.selfTransport,
          operatorId: hub88.operatorId,
        });
  const books = createMarketBooks(db, {
    maxBatch: config.MARKET_WRITER_BATCH,
    lingerMs: config.MARKET_WRITER_LINGER_MS,
    snapshotEvery: config.MARKET_WRITER_SNAPSHOT_EVERY,
    onCommitted: metrics.writer.batchCommitted,
  });
  const agentRates = createAgentRatesService({ db, audit, clock });
  const agentStatements = createAgentStatementService({ db, audit, clock });
  const downlineLimits = createDownlineLimitsService({ db, audit, clock });
  const marketTypeRules = createMarketTypeRulesService({ db, audit, clock });
  // A bet waiting out its in-play delay is decided by a timer here, if this process still writes its market; a sweep catches any a restart or a lease's move left.
  const betting = createBettingService({
    books,
    wallet,
    clock,
    onDelayed: (betId, marketId, delayMs) => delayedBets.schedule(betId, marketId, delayMs),
  });
  const settlement = createSettlementService({ books, betting, wallet, clock, onWagering: wagering.record });
  const positions = createPositionsService({ db, bus });
  const sports = createSportsService({
    db,
    books,
    betting,
    settlement,
    wallet,
    audit,
    bus,
    clock,
    positions,
    // A delayed bet's fill counts in the matched volume when its delay ends (decision 0041, addendum).
    onDelayedDecided: (outcome) =>
      metrics.bets.delayedDecided(outcome.marketType, outcome.status, outcome.matchedPaise / 100),
  });
  const cashOut = createCashOutService({
    db,
    books,
    betting,
    wallet,
    clock,
    terms: {
      bookmakerMarginBasisPoints: config.CASH_OUT_BOOKMAKER_MARGIN_BP,
      fancyMarginBasisPoints: config.CASH_OUT_FANCY_MARGIN_BP,
      fancySpreadRuns: config.CASH_OUT_FANCY_SPREAD_RUNS,
    },
  });
  const resultDesk = createResultDeskService({ db, sports, settlement, audit, clock });
  // With Redis (several processes), one writer per market: a lease in the database, every market command forwarded to its owner (decision 0034).
  const processId = randomUUID();
  const redisUrl = config.REDIS_URL;
  const leases =
    redisUrl === undefined
      ? null
      : createMarketLeases({
          db,
          owner: processId,
          options: { leaseMs: config.MARKET_LEASE_MS, renewMs: config.MARKET_LEASE_RENEW_MS },
          onLost: (marketId) => books.forget(marketId),
        });
  const marketRouter = createMarketCommands({
    sports,
    idempotency,
    cashOut,
    desk: resultDesk,
    leases,
    forwardTimeoutMs: config.MARKET_FORWARD_TIMEOUT_MS,
    connect:
      redisUrl === undefined
        ? null
        : (handle) =>
            createMarketForwarding({
              url: redisUrl,
              owner: processId,
              prefix: config.MARKET_FORWARD_CHANNEL,
              timeoutMs: config.MARKET_FORWARD_TIMEOUT_MS,
              handle,
              onError: () => undefined,
            }),
  });
  const oddsPreferences = createOddsPreferenceService({ db, clock });
  const stakeButtons = createStakeButtonsService({ db, clock });
  const pins = createPinsService({ db, clock, views: sports });
  const results = createResultsService({ db, clock });
  const announcements = createAnnouncementsService({ db, clock, audit });
  const reports = createReportsService({ db, clock, credit: agentFigures });
  const fancyBooks = createFancyBookService({ db, clock, chains: createPartnershipChains({ db, clock }) });
  const betList = createBetListService({ db });
  // Exposure rows a fill left stale before the counterparty fix, recomputed from the fills at every start (decision 0081).
  const exposureRepair = createExposureRepair({ db, books, wallet, audit });
  const delayedBets = createDelayedBets({ sports, mayWrite: (marketId) => marketRouter.mayWrite(marketId) });
  const stopTimers = () => delayedBets.stop();
  return {
    metrics,
    ops,
    audit,
    throttle,
    sms,
    smsRegistry: registry,
    msg91,
    media,
    settings,
    wallet,
    identity,
    secondFactor,
    signIns,
    idempotency,
    accounts,
    deposits,
    withdrawals,
    adjustments,
    statements,
    casino,
    hub88Simulator,
    bus,
    books,
    sports,
    marketRouter,
    delayedBets,
    exposureRepair,
    positions,
    cashOut,
    resultDesk,
    fourEyes,
    bonus,
    bonusAdmin,
    bonusReport,
    wagering,
    referral,
    referralWeekly,
    oddsPreferences,
    stakeButtons,
    pins,
    results,
    announcements,
    tree,
    agents,
    reports,
    fancyBooks,
    betList,
    agentRates,
    agentStatements,
    downlineLimits,
    marketTypeRules,
    agentChips,
    agentCredit,
    houseMoney,
    treeMoves,
    agentFigures,
    agentBook,
    agentAccounts,
    stopTimers,
  };
}
export type Services = ReturnType<typeof createServices>;
