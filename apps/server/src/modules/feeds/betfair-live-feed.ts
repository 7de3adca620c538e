/**
 * `FEED=betfair:`: the live Betfair source (decision 0070). A session token (given, or by login, kept
 * alive), the Exchange Stream client subscribed with the operator's market filter, and the replay's
 * own runner (betfair-feed-runner.ts) translating every change into our markets. Runner names, the
 * event and its competition come from the Betting API's listMarketCatalogue, asked once per market
 * when the stream first names it; until they arrive the market waits (its book is kept).
 *
 * Failures are told, not thrown: `status()` (the readiness answer's `feed` check), the
 * `khel_feed_up` / `khel_feed_failures_total{reason}` metrics and a log line carry Betfair's own
 * error code. A refused app key stops the source; a refused session is met by one fresh login when
 * the process has credentials, at most once per `reloginAfterMs`.
 */
import { readFileSync } from 'node:fs';
import type { MarketFilter } from '@khel/betfair-stream';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { FeedMarketAction } from '../sports/feed/index.js';
import type { SportsService } from '../sports/sports-service.js';
import type { FeedMetrics } from '../ops/metrics.js';
import { BetfairApiError, keepAlive, listMarketCatalogue, login } from './betfair-api.js';
import type { BetfairEndpoints, Credentials } from './betfair-api.js';
import type { BetfairFeedConfig, MarketDescription } from './betfair-feed.js';
import { createBetfairFeedRunner } from './betfair-feed-runner.js';
import { ExchangeStreamClient } from './betfair-stream-client.js';

export interface BetfairLiveConfig {
  appKey: string;
  sessionToken?: string;
  credentials?: Credentials;
  endpoints: BetfairEndpoints;
  stream: { host: string; port: number };
  marketFilter: MarketFilter;
  conflateMs?: number;
  heartbeatMs?: number;
  keepAliveMs: number;
  feed: BetfairFeedConfig;
  /** Wait before asking the catalogue again for markets it failed to describe; and between fresh logins. */
  retryMs?: number;
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** The live source's settings from the environment (config.ts validated them); null without `FEED=betfair:`. */
export function betfairLiveConfig(config: Config): BetfairLiveConfig | null {
  if (config.FEED !== 'betfair:') return null;
  const file = (path: string | undefined) => (path === undefined ? undefined : readFileSync(path, 'utf8'));
  const filter: MarketFilter = {
    eventTypeIds: list(config.BETFAIR_EVENT_TYPE_IDS),
    marketTypes: list(config.BETFAIR_MARKET_TYPES),
  };
  if (config.BETFAIR_COUNTRY_CODES) filter.countryCodes = list(config.BETFAIR_COUNTRY_CODES);
  if (config.BETFAIR_MARKET_IDS) filter.marketIds = list(config.BETFAIR_MARKET_IDS);
  return {
    appKey: config.BETFAIR_APP_KEY!,
    ...(config.BETFAIR_SESSION_TOKEN ? { sessionToken: config.BETFAIR_SESSION_TOKEN } : {}),
    ...(config.BETFAIR_USERNAME && config.BETFAIR_PASSWORD
      ? {
          credentials: {
            username: config.BETFAIR_USERNAME,
            password: config.BETFAIR_PASSWORD,
            cert: file(config.BETFAIR_CERT_FILE),
            key: file(config.BETFAIR_KEY_FILE),
          },
        }
      : {}),
    endpoints: {
      identityUrl: config.BETFAIR_IDENTITY_URL,
      certIdentityUrl: config.BETFAIR_CERT_IDENTITY_URL,
      bettingUrl: config.BETFAIR_BETTING_URL,
      ca: file(config.BETFAIR_CA_FILE),
    },
    stream: { host: config.BETFAIR_STREAM_HOST, port: config.BETFAIR_STREAM_PORT },
    marketFilter: filter,
    conflateMs: config.BETFAIR_CONFLATE_MS,
    heartbeatMs: config.BETFAIR_HEARTBEAT_MS,
    keepAliveMs: config.BETFAIR_KEEP_ALIVE_MINUTES * 60_000,
    feed: {
      sizeScalePaise: Math.round(config.BETFAIR_SIZE_SCALE_RUPEES * 100),
      houseLimitPaise: Math.round(config.BETFAIR_HOUSE_LIMIT_RUPEES * 100),
      league: 'Other competitions',
      label: '',
    },
  };
}

const SESSION_ERRORS = new Set(['NO_SESSION', 'INVALID_SESSION_INFORMATION']);

export function createBetfairLiveFeed(deps: {
  config: BetfairLiveConfig;
  sports: SportsService;
  onMarket: (marketId: string, action: FeedMarketAction) => Promise<unknown>;
  clock: Clock;
  log: (message: string, error?: unknown) => void;
  metrics?: FeedMetrics;
}) {
  const { config } = deps;
  const retryMs = config.retryMs ?? 30_000;
  const names = new Map<number, string>();
  const descriptions = new Map<string, MarketDescription>();
  const asked = new Map<string, number>(); // market id → when its catalogue was asked (wall clock ms)
  let token: string | null = config.sessionToken ?? null;
  let state = { ok: false, detail: 'not started' };
  let keepAliveTimer: NodeJS.Timeout | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let lastLoginMs = 0;
  let stopped = true;
  let chain: Promise<void> = Promise.resolve();

  const set = (ok: boolean, detail: string) => {
    state = { ok, detail };
    deps.metrics?.up('betfair', ok);
  };
  const failed = (reason: string, detail: string, error?: unknown) => {
    set(false, detail);
    deps.metrics?.failure('betfair', reason);
    deps.log(`betfair feed: ${detail}`, error);
  };
  const codeOf = (error: unknown) => (error instanceof BetfairApiError ? error.code : 'NETWORK');

  async function session(): Promise<string> {
    if (token !== null) return token;
    if (config.credentials === undefined) throw new BetfairApiError('NO_SESSION', 'no session token and no login');
    lastLoginMs = Date.now();
    token = await login(config.endpoints, config.appKey, config.credentials);
    return token;
  }

  const client = new ExchangeStreamClient({
    host: config.stream.host,
    port: config.stream.port,
    ca: config.endpoints.ca,
    appKey: config.appKey,
    session: () => session(),
    marketFilter: config.marketFilter,
    // The full ladder (atb/atl): the translation reads the best three prices each side from it.
    marketDataFilter: { fields: ['EX_ALL_OFFERS', 'EX_TRADED_VOL', 'EX_LTP', 'EX_MARKET_DEF'] },
    heartbeatMs: config.heartbeatMs,
    conflateMs: config.conflateMs,
    onChange: (message, applied) => {
      if (applied.heartbeat) return;
      for (const marketId of applied.marketIds) describeLater(marketId);
      chain = chain.then(() => runner.changed(message, applied));
    },
    onEvent: (event) => {
      if (event.kind === 'subscribed') set(true, event.resumed ? 'live (resumed)' : 'live');
      else if (event.kind === 'disconnected') failed('DISCONNECTED', `reconnecting: ${event.reason}`);
      else if (event.kind === 'failed') {
        failed(event.errorCode, `${event.errorCode}: ${event.errorMessage}${event.fatal ? ' (stopped)' : ''}`);
        if (event.fatal && SESSION_ERRORS.has(event.errorCode)) relogin();
      }
    },
  });

  const runner = createBetfairFeedRunner({
    sports: deps.sports,
    onMarket: deps.onMarket,
    clock: deps.clock,
    config: config.feed,
    names,
    describe: (marketId) => descriptions.get(marketId) ?? null,
    cache: client.cache,
    log: deps.log,
  });

  /** A refused session: one fresh login and the stream again (resuming from its clocks). */
  function relogin(): void {
    if (stopped || config.credentials === undefined || retryTimer !== null) return;
    const wait = Math.max(0, lastLoginMs + retryMs - Date.now());
    retryTimer = setTimeout(() => {
      retryTimer = null;
      token = null;
      if (!stopped) connect();
    }, wait);
  }

  /** Logs in if need be, then starts the stream. Betfair refusing the login is final (a locked account
   * awaits repeated bad passwords); Betfair not answering is tried again after `retryMs`. */
  function connect(): void {
    session()
      .then(() => {
        if (!stopped) client.start();
      })
      .catch((error: unknown) => {
        const code = codeOf(error);
        const transient = code === 'NETWORK' || code.startsWith('HTTP_5');
        failed(code, `login failed: ${code}${transient ? ' (trying again)' : ' (stopped)'}`, error);
        if (transient && !stopped && retryTimer === null)
          retryTimer = setTimeout(() => {
            retryTimer = null;
            if (!stopped) connect();
          }, retryMs);
      });
  }

  /** Asks the catalogue for a market the stream just named (batched with the others of this turn). */
  let batch: string[] = [];
  function describeLater(marketId: string): void {
    if (descriptions.has(marketId)) return;
    const at = asked.get(marketId);
    if (at !== undefined && Date.now() - at < retryMs) return;
    asked.set(marketId, Date.now());
    batch.push(marketId);
    if (batch.length === 1) setImmediate(() => void describe());
  }

  async function describe(): Promise<void> {
    const marketIds = batch;
    batch = [];
    try {
      const catalogue = await listMarketCatalogue(config.endpoints, config.appKey, await session(), marketIds);
      for (const market of catalogue) {
        for (const runner of market.runners) names.set(runner.selectionId, runner.runnerName);
        const start = Date.parse(market.marketStartTime ?? market.event?.openDate ?? '');
        descriptions.set(market.marketId, {
          eventName: market.event?.name ?? null,
          league: market.competition?.name ?? null,
          startMs: Number.isNaN(start) ? null : start,
        });
        chain = chain.then(() => runner.refresh(market.marketId));
      }
    } catch (error) {
      failed(codeOf(error), `listMarketCatalogue failed: ${codeOf(error)}`, error);
    }
  }

  async function keepSessionAlive(): Promise<void> {
    if (token === null) return;
    try {
      token = await keepAlive(config.endpoints, config.appKey, token);
    } catch (error) {
      failed(codeOf(error), `keep-alive failed: ${codeOf(error)}`, error);
      if (SESSION_ERRORS.has(codeOf(error)) && config.credentials !== undefined) token = null; // next use logs in
    }
  }

  return {
    client,
    status: () => state,
    start(): void {
      if (!stopped) return;
      stopped = false;
      set(false, 'connecting');
      keepAliveTimer = setInterval(() => void keepSessionAlive(), config.keepAliveMs);
      keepAliveTimer.unref();
      connect();
    },
    /** What the stream delivered so far, translated into our markets (tests, shutdown). */
    async drain(): Promise<void> {
      await chain;
      await runner.drain();
    },
    async stop(): Promise<void> {
      stopped = true;
      client.stop();
      for (const timer of [keepAliveTimer, retryTimer]) if (timer) clearTimeout(timer);
      keepAliveTimer = retryTimer = null;
      set(false, 'stopped');
      await chain;
      await runner.drain();
    },
  };
}
