import { isIP } from 'node:net';
import { z } from 'zod';
import { MONEY_MODES } from '@khel/contract';
import { HEARTBEAT_MS } from './lib/socket-heartbeat.js';
import type { DltTemplate } from './modules/sms/dlt-templates.js';
import { DEFAULT_DLT_TEMPLATES, parseDltTemplates } from './modules/sms/dlt-templates.js';

/**
 * Configuration is read once from the environment and validated at boot; a bad value stops the
 * process with a message naming the variable, before anything listens.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    /**
     * The schema owner's connection: migrations run through it, then the server connects with
     * DATABASE_URL as a least-privilege role it grants (decision 0043). Unset: migrations run as DATABASE_URL's role.
     */
    MIGRATION_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'MIGRATION_DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    MONEY_MODE: z.enum(MONEY_MODES).default('play'),
    /** Comma-separated ISO country codes licensed for real money (PRODUCT.md §5). */
    REAL_MONEY_JURISDICTIONS: z.string().default(''),
    BOOTSTRAP_DIRECTOR_MOBILE: z.string().optional(),
    BOOTSTRAP_DIRECTOR_PASSWORD: z
      .string()
      .min(8, 'BOOTSTRAP_DIRECTOR_PASSWORD needs at least 8 characters')
      .optional(),
    DEMO_DATA: booleanFromEnv.optional(),
    /** The simulated sports feed (on by default with demo data). */
    DEMO_FEED: booleanFromEnv.optional(),
    FEED_SEED: z.coerce.number().int().default(20_261_121),
    FEED_TICK_MS: z.coerce.number().int().min(100).default(1000),
    /** A real source beside the simulator (decisions 0042, 0070): `betfair-replay:<file>[,score=<ccm file>]`, `cricsheet:<file>` or `betfair:` (live, BETFAIR_*). */
    FEED: z
      .string()
      .regex(
        /^(betfair-replay:[^,]+(,score=.+)?|cricsheet:.+|betfair:)$/,
        'FEED must be betfair-replay:<file>[,score=<ccm file>], cricsheet:<file> or betfair:',
      )
      .optional(),
    /** The live Betfair source (FEED=betfair:, decision 0070): app key, and a session token or a login (with a certificate: non-interactive). */
    BETFAIR_APP_KEY: z.string().optional(),
    BETFAIR_SESSION_TOKEN: z.string().optional(),
    BETFAIR_USERNAME: z.string().optional(),
    BETFAIR_PASSWORD: z.string().optional(),
    BETFAIR_CERT_FILE: z.string().optional(),
    BETFAIR_KEY_FILE: z.string().optional(),
    /** Where Betfair is (the defaults); tests point them at local fakes, trusting BETFAIR_CA_FILE. */
    BETFAIR_STREAM_HOST: z.string().default('stream-api.betfair.com'),
    BETFAIR_STREAM_PORT: z.coerce.number().int().min(1).max(65_535).default(443),
    BETFAIR_IDENTITY_URL: z.string().url().default('https://identitysso.betfair.com/api/'),
    BETFAIR_CERT_IDENTITY_URL: z.string().url().default('https://identitysso-cert.betfair.com/api/'),
    BETFAIR_BETTING_URL: z.string().url().default('https://api.betfair.com/exchange/betting/json-rpc/v1'),
    BETFAIR_CA_FILE: z.string().optional(),
    /** The stream's market filter: event types (4 cricket, 1 soccer, 2 tennis), market types, and optionally countries or market ids (comma-separated). */
    BETFAIR_EVENT_TYPE_IDS: z.string().default('4'),
    BETFAIR_MARKET_TYPES: z.string().default('MATCH_ODDS'),
    BETFAIR_COUNTRY_CODES: z.string().optional(),
    BETFAIR_MARKET_IDS: z.string().optional(),
    /** Conflation asked of Betfair (0: none), the heartbeat asked (500–5000 ms), and how often the session is kept alive. */
    BETFAIR_CONFLATE_MS: z.coerce.number().int().min(0).default(0),
    BETFAIR_HEARTBEAT_MS: z.coerce.number().int().min(500).max(5000).default(5000),
    BETFAIR_KEEP_ALIVE_MINUTES: z.coerce.number().positive().default(60),
    /** The demo also replays the recorded NED v PNG match (labelled a replay); on with the demo feed. */
    DEMO_REPLAY: booleanFromEnv.optional(),
    /** A replay's speed (2 = twice as fast), and the longest wait between two recorded messages. */
    FEED_SPEED: z.coerce.number().positive().default(1),
    FEED_MAX_IDLE_MS: z.coerce.number().int().min(0).default(2000),
    /** A Cricsheet replay at speed 1: one delivery every FEED_BALL_MS, of which FEED_BALL_IN_AIR_MS with the lines suspended. */
    FEED_BALL_MS: z.coerce.number().int().min(100).default(6000),
    FEED_BALL_IN_AIR_MS: z.coerce.number().int().min(0).default(2000),
    /** House liquidity mirroring Betfair: rupees shown per £1 of Betfair's size, and the most at one price. */
    BETFAIR_SIZE_SCALE_RUPEES: z.coerce.number().positive().default(100),
    BETFAIR_HOUSE_LIMIT_RUPEES: z.coerce.number().positive().default(25_000),
    /** The market writer's group commit (decision 0027): most commands per transaction, wait for company, commands between snapshots. */
    MARKET_WRITER_BATCH: z.coerce.number().int().min(1).default(256),
    MARKET_WRITER_LINGER_MS: z.coerce.number().int().min(0).default(0),
    MARKET_WRITER_SNAPSHOT_EVERY: z.coerce.number().int().min(1).default(500),
    /** The casino wallet's group commit (decision 0028, third addendum): most callbacks per statement (1: each alone), statements in flight. */
    CASINO_WALLET_BATCH: z.coerce.number().int().min(1).max(1000).default(64),
    CASINO_WALLET_IN_FLIGHT: z.coerce.number().int().min(1).max(64).default(1),
    /** One writer per market across processes (decision 0034, only with REDIS_URL): lease length, renewal period, forwarded command timeout, Redis channel prefix. */
    MARKET_LEASE_MS: z.coerce.number().int().min(100).default(5000),
    MARKET_LEASE_RENEW_MS: z.coerce.number().int().min(20).default(1500),
    MARKET_FORWARD_TIMEOUT_MS: z.coerce.number().int().min(50).default(3000),
    MARKET_FORWARD_CHANNEL: z.string().min(1).max(100).default('khel:market'),
    /** Where SMS go: `outbox` keeps them in the database (development, demo); `msg91` sends them through MSG91 (decision 0060). */
    SMS_ADAPTER: z.enum(['outbox', 'msg91']).default('outbox'),
    /** MSG91's account key (its `authkey` header). */
    MSG91_AUTH_KEY: z.string().min(8, 'MSG91_AUTH_KEY is the authkey from the MSG91 panel').optional(),
    MSG91_API_URL: z
      .string()
      .regex(/^https?:\/\/[^/]+$/, 'MSG91_API_URL must be http(s)://host[:port] with no path')
      .default('https://control.msg91.com'),
    /** The secret part of the delivery-report webhook's URL (/api/v1/sms/msg91/reports/<token>), set in MSG91's panel. */
    MSG91_WEBHOOK_TOKEN: z
      .string()
      .regex(/^[\w-]{24,128}$/, 'MSG91_WEBHOOK_TOKEN must be 24 to 128 letters, digits, - or _')
      .optional(),
    /** The operator's DLT templates as a JSON array (modules/sms/dlt-templates.ts); required in production with msg91. */
    SMS_DLT_TEMPLATES: z.string().optional(),
    /** An OTP not reported delivered within this many seconds is sent again as a voice call; 0: never. */
    SMS_VOICE_FALLBACK_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
    ALLOW_OUTBOX_IN_PRODUCTION: booleanFromEnv.default(false),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis://')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(12 * 60),
    SESSION_ABSOLUTE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .default(7 * 24),
    /** OTP sends per IP per hour (behind a carrier NAT many players share one address). */
    OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
    /** Failed logins from one client address in 15 minutes before it is refused: an abuse cap, not a lockout. */
    LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
    /** Requests per minute per IP across the whole API; OTP and login have their own tighter limits. */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /** What one operator moves alone for one player in an India day above this many rupees needs a second operator (PRODUCT.md §7, decision 0010). */
    SECOND_APPROVAL_ABOVE_RUPEES: z.coerce.number().int().min(0).default(50_000),
    /** Key prefix of the rate-limit counters in Redis, so installations sharing a Redis do not mix. */
    RATE_LIMIT_NAMESPACE: z.string().default('khel-rate-limit-'),
    /**
     * Seals operators' TOTP secrets at rest (AES-256-GCM). Required in production mode and with real
     * money: only a play-money development install may keep them unsealed.
     */
    SECOND_FACTOR_KEY: z.string().min(32, 'SECOND_FACTOR_KEY needs at least 32 characters').optional(),
    /**
     * Argon2id's cost for new password hashes: `owasp` (19 MiB, 2 passes), or `minimal` (8 KiB, 1 pass) for the
     * server's test files only, refused unless NODE_ENV=test (decision 0084).
     */
    PASSWORD_HASH_COST: z.enum(['owasp', 'minimal']).default('owasp'),
    /**
     * Proxies whose X-Forwarded-For is believed: comma-separated addresses or CIDRs (or proxy-addr's
     * `loopback`, `linklocal`, `uniquelocal`). Empty: trust none, the client is the TCP peer.
     */
    TRUST_PROXY: z.string().default(''),
    /** Open WebSockets one account may hold at once (every process counts its own). */
    WS_MAX_SOCKETS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
    /** Open WebSockets from one client address (behind a carrier NAT many players share one). */
    WS_MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(200),
    /** Markets and events one WebSocket may follow at once. */
    WS_MAX_SUBSCRIPTIONS_PER_SOCKET: z.coerce.number().int().min(1).max(10_000).default(300),
    /** How often each WebSocket is pinged; one that answers nothing for a whole period is dropped (a half-open socket). */
    WS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(HEARTBEAT_MS),
    /** A socket with more than this many bytes waiting to be sent gets only the latest state of each market and event (conflation). */
    WS_CONFLATE_ABOVE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(64 * 1024 * 1024)
      .default(64 * 1024),
    /** The Redis pub/sub channel of live updates, so installations (or test runs) sharing a Redis do not mix. */
    LIVE_CHANNEL: z.string().min(1).max(100).default('khel:live'),
    /** Cash Out on bookmaker markets: the house keeps this share (basis points) of the position's best-minus-worst spread (decision 0022). */
    CASH_OUT_BOOKMAKER_MARGIN_BP: z.coerce.number().int().min(0).max(10_000).default(300),
    /** Cash Out on fancy markets: the same, for the fancy book. */
    CASH_OUT_FANCY_MARGIN_BP: z.coerce.number().int().min(0).max(10_000).default(500),
    /** Cash Out on fancy markets: how many runs either side of the live lines the house's valuation spreads. */
    CASH_OUT_FANCY_SPREAD_RUNS: z.coerce.number().int().min(1).max(100).default(8),
    /** Hub88 (decision 0046): its public key (PEM file) verifying its calls, ours (PEM file) signing our answers and calls. */
    HUB88_PUBLIC_KEY: z.string().min(1).optional(),
    HUB88_OPERATOR_PRIVATE_KEY: z.string().min(1).optional(),
    /** The built-in simulator's own key (PEM file) when it runs (play mode, Hub88 not configured); unset: made at each start. */
    HUB88_SIMULATOR_PRIVATE_KEY: z.string().min(1).optional(),
    /** Hub88's Operator API (game list, game URLs, transactions); unset in play mode: the built-in simulator. */
    HUB88_API_URL: z
      .string()
      .regex(/^https?:\/\//, 'HUB88_API_URL must start with http:// or https://')
      .optional(),
    HUB88_OPERATOR_ID: z.coerce.number().int().min(0).optional(),
    HUB88_SUB_PARTNER_ID: z.string().min(1).max(100).optional(),
    /** Who may read GET /metrics: comma-separated addresses or CIDRs, or `loopback` (decision 0040). */
    METRICS_ALLOW: z.string().default('loopback'),
    /** A graceful stop: how long readiness says "draining" while still serving, so the load balancer moves away first. */
    DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** A graceful stop: how long requests in flight may take to answer before the process stops anyway. */
    DRAIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
    WEB_DIST_DIR: z.string().optional(),
    BACKOFFICE_DIST_DIR: z.string().optional(),
  })
  .superRefine((config, ctx) => {
    for (const entry of trustedProxyList(config.TRUST_PROXY)) {
      if (!isTrustedProxyEntry(entry)) {
        ctx.addIssue({
          code: 'custom',
          path: ['TRUST_PROXY'],
          message: `TRUST_PROXY: "${entry}" is not an IP address, a CIDR (e.g. 10.0.0.0/8) or loopback/linklocal/uniquelocal`,
        });
      }
    }
    for (const entry of trustedProxyList(config.METRICS_ALLOW)) {
      if (entry !== 'loopback' && (PROXY_RANGE_NAMES.has(entry) || !isTrustedProxyEntry(entry))) {
        ctx.addIssue({
          code: 'custom',
          path: ['METRICS_ALLOW'],
          message: `METRICS_ALLOW: "${entry}" is not an IP address, a CIDR (e.g. 10.0.0.0/8) or loopback`,
        });
      }
    }
    if ((config.BOOTSTRAP_DIRECTOR_MOBILE === undefined) !== (config.BOOTSTRAP_DIRECTOR_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOOTSTRAP_DIRECTOR_MOBILE'],
        message: 'Set BOOTSTRAP_DIRECTOR_MOBILE and BOOTSTRAP_DIRECTOR_PASSWORD together',
      });
    }
    if (
      config.HUB88_API_URL !== undefined &&
      (config.HUB88_PUBLIC_KEY === undefined ||
        config.HUB88_OPERATOR_PRIVATE_KEY === undefined ||
        config.HUB88_OPERATOR_ID === undefined)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['HUB88_API_URL'],
        message: 'HUB88_API_URL needs HUB88_PUBLIC_KEY, HUB88_OPERATOR_PRIVATE_KEY and HUB88_OPERATOR_ID',
      });
    }
    if (config.FEED === 'betfair:') {
      if (config.BETFAIR_APP_KEY === undefined)
        ctx.addIssue({ code: 'custom', path: ['BETFAIR_APP_KEY'], message: 'FEED=betfair: needs BETFAIR_APP_KEY' });
      const login = config.BETFAIR_USERNAME !== undefined && config.BETFAIR_PASSWORD !== undefined;
      if (config.BETFAIR_SESSION_TOKEN === undefined && !login)
        ctx.addIssue({
          code: 'custom',
          path: ['BETFAIR_SESSION_TOKEN'],
          message: 'FEED=betfair: needs BETFAIR_SESSION_TOKEN, or BETFAIR_USERNAME and BETFAIR_PASSWORD to log in',
        });
      if ((config.BETFAIR_CERT_FILE === undefined) !== (config.BETFAIR_KEY_FILE === undefined))
        ctx.addIssue({
          code: 'custom',
          path: ['BETFAIR_CERT_FILE'],
          message: 'BETFAIR_CERT_FILE and BETFAIR_KEY_FILE go together (non-interactive login)',
        });
    }
    if (config.MIGRATION_DATABASE_URL !== undefined && config.DATABASE_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['MIGRATION_DATABASE_URL'],
        message: "MIGRATION_DATABASE_URL needs DATABASE_URL: the server's own, least-privilege connection",
      });
    }
    if (config.MARKET_LEASE_RENEW_MS * 2 > config.MARKET_LEASE_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['MARKET_LEASE_RENEW_MS'],
        message:
          'MARKET_LEASE_RENEW_MS must be at most half of MARKET_LEASE_MS, so a lease is renewed before it expires',
      });
    }
    if (config.NODE_ENV === 'production' && config.SMS_ADAPTER === 'outbox' && !config.ALLOW_OUTBOX_IN_PRODUCTION) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_ADAPTER'],
        message:
          'The outbox SMS adapter sends no real SMS; in production set ALLOW_OUTBOX_IN_PRODUCTION=true to use it anyway',
      });
    }
    if (config.SMS_ADAPTER === 'msg91') {
      if (config.MSG91_AUTH_KEY === undefined)
        ctx.addIssue({ code: 'custom', path: ['MSG91_AUTH_KEY'], message: 'SMS_ADAPTER=msg91 needs MSG91_AUTH_KEY' });
      if (config.MSG91_WEBHOOK_TOKEN === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['MSG91_WEBHOOK_TOKEN'],
          message: 'SMS_ADAPTER=msg91 needs MSG91_WEBHOOK_TOKEN, the secret of its delivery-report URL',
        });
      if (config.NODE_ENV === 'production' && config.SMS_DLT_TEMPLATES === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['SMS_DLT_TEMPLATES'],
          message:
            'SMS_ADAPTER=msg91 in production needs SMS_DLT_TEMPLATES: your templates as registered on DLT and MSG91',
        });
    }
    if (config.SMS_DLT_TEMPLATES !== undefined) {
      const parsed = parseDltTemplates(config.SMS_DLT_TEMPLATES);
      if ('problem' in parsed)
        ctx.addIssue({ code: 'custom', path: ['SMS_DLT_TEMPLATES'], message: `SMS_DLT_TEMPLATES ${parsed.problem}` });
    }
    if (config.PASSWORD_HASH_COST === 'minimal' && config.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message:
          "PASSWORD_HASH_COST=minimal is for the server's tests only (NODE_ENV=test): passwords are hashed at OWASP's cost",
      });
    }
    // Operators' authenticator secrets are never stored in plain text outside a play-money development install.
    if ((config.NODE_ENV === 'production' || config.MONEY_MODE === 'real') && config.SECOND_FACTOR_KEY === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECOND_FACTOR_KEY'],
        message:
          "SECOND_FACTOR_KEY (at least 32 characters) is required in production and with real money: it seals operators' authenticator secrets",
      });
    }
  });

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustedProxyList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

/** An address, a CIDR with a prefix that fits the address family, or one of proxy-addr's named ranges. */
function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export type RawConfig = z.infer<typeof configSchema>;

export interface Config
  extends Omit<
    RawConfig,
    'REAL_MONEY_JURISDICTIONS' | 'DEMO_DATA' | 'DEMO_FEED' | 'DEMO_REPLAY' | 'SMS_DLT_TEMPLATES'
  > {
  /** SMS_DLT_TEMPLATES parsed, or the demo's templates. */
  smsDltTemplates: readonly DltTemplate[];
  realMoneyJurisdictions: string[];
  /** METRICS_ALLOW as a list. */
  metricsAllow: string[];
  /** TRUST_PROXY as a list for Fastify's trustProxy; empty trusts no proxy. */
  trustedProxies: string[];
  demoData: boolean;
  demoFeed: boolean;
  demoReplay: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings in the environment mean "unset", as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'config'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { REAL_MONEY_JURISDICTIONS, DEMO_DATA, DEMO_FEED, DEMO_REPLAY, SMS_DLT_TEMPLATES, ...rest } = parsed.data;
  const templates = SMS_DLT_TEMPLATES === undefined ? null : parseDltTemplates(SMS_DLT_TEMPLATES);
  const realMoneyJurisdictions = REAL_MONEY_JURISDICTIONS.split(',')
    .map((code) => code.trim().toLowerCase())
    .filter((code) => code.length > 0);
  const demoData = DEMO_DATA ?? rest.MONEY_MODE === 'play';
  return {
    ...rest,
    realMoneyJurisdictions,
    smsDltTemplates: templates !== null && 'templates' in templates ? templates.templates : DEFAULT_DLT_TEMPLATES,
    trustedProxies: trustedProxyList(rest.TRUST_PROXY),
    metricsAllow: trustedProxyList(rest.METRICS_ALLOW),
    demoData,
    demoFeed: DEMO_FEED ?? demoData,
    demoReplay: DEMO_REPLAY ?? DEMO_FEED ?? demoData,
  };
}
