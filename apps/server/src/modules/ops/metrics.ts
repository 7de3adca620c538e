import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What the server tells Prometheus (issue 29, decision 0041). One registry per app (tests build
 * several apps in one process), the process's own figures from prom-client (event-loop lag, heap,
 * CPU) and ours. Modules never see prom-client: each gets the small interface below that fits what it
 * does (`WriterMetrics` for the market writer, `CasinoWalletMetrics` for provider callbacks, …), so
 * a module keeps no more than one line per figure and a test can pass a plain object.
 */

/** The market writer's group commit: one call per committed batch. */
export interface WriterMetrics {
  batchCommitted(commands: number, seconds: number, oneStatement: boolean): void;
}

/** A place-bet answer (on the process that received it): placed with its status, or refused with its reason code. */
export interface BetMetrics {
  placed(marketType: string, status: string, matchedRupees: number): void;
  refused(reason: string): void;
  /** An in-play bet decided at the end of its delay (on the process that decided it): matched or lapsed. */
  delayedDecided(marketType: string, status: string, matchedRupees: number): void;
}

/** A seamless-wallet callback from a casino provider, by call and the protocol's status. */
export interface CasinoWalletMetrics {
  answered(call: string, status: string): void;
}

/** Sockets on /ws and the messages they carry. */
export interface LiveMetrics {
  opened(): void;
  closed(): void;
  sent(count: number): void;
  received(): void;
}

/** How far behind the feed a source is: seconds between an update's own time and when we applied it. */
export interface FeedMetrics {
  lag(source: string, seconds: number): void;
  /** A live source connected and subscribed (true), or not (false). */
  up(source: string, up: boolean): void;
  /** A live source's failure, by the provider's error code (INVALID_SESSION_INFORMATION, NO_APP_KEY, …). */
  failure(source: string, reason: string): void;
}

/** An SMS through the gateway (decision 0060): refused before sending, sent, delivered, failed, or gone to voice. */
export interface SmsMetrics {
  outcome(outcome: string): void;
}

/** Figures read when Prometheus scrapes (a few indexed reads, never per request). */
export interface ScrapeSources {
  pendingRequests(): Promise<{ deposits: number; withdrawals: number }>;
  /** The journal's transaction sequence: every posting, by whichever process or statement wrote it. */
  postings(): Promise<number>;
  pool(): { total: number; idle: number; waiting: number } | null;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'khel_process_' });
  const sources: { current: ScrapeSources | null } = { current: null };

  const httpRequests = new Counter({
    name: 'khel_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and HTTP status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'khel_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const httpRefusals = new Counter({
    name: 'khel_http_refusals_total',
    help: 'Answers that refused the request (meta.error from the error catalogue), by route and code; 500s are INTERNAL',
    labelNames: ['route', 'error'] as const,
    registers: [registry],
  });
  const betsPlaced = new Counter({
    name: 'khel_bets_placed_total',
    help: 'Bets placed, by market type and status when answered (matched, unmatched, pending for an in-play delay)',
    labelNames: ['market_type', 'status'] as const,
    registers: [registry],
  });
  const betsMatched = new Counter({
    name: 'khel_bets_matched_rupees_total',
    help: 'Stake matched by the incoming bet of every fill (when placed, or at the end of its in-play delay), rupees, by market type',
    labelNames: ['market_type'] as const,
    registers: [registry],
  });
  const betsDelayed = new Counter({
    name: 'khel_bets_delayed_total',
    help: 'In-play bets decided at the end of their delay, by market type and what they became (matched, unmatched, lapsed)',
    labelNames: ['market_type', 'status'] as const,
    registers: [registry],
  });
  const betsRefused = new Counter({
    name: 'khel_bets_refused_total',
    help: 'Bets refused when placed, by reason code',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const batchSize = new Histogram({
    name: 'khel_writer_batch_commands',
    help: "Commands in one of the market writer's group commits",
    labelNames: ['path'] as const,
    buckets: BATCH_BUCKETS,
    registers: [registry],
  });
  const commitSeconds = new Histogram({
    name: 'khel_writer_commit_seconds',
    help: "Time of one of the market writer's group commits (statement or transaction)",
    labelNames: ['path'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const casinoCallbacks = new Counter({
    name: 'khel_casino_callbacks_total',
    help: 'Casino wallet callbacks answered, by call and protocol status',
    labelNames: ['call', 'status'] as const,
    registers: [registry],
  });
  const wsClients = new Gauge({
    name: 'khel_ws_clients',
    help: 'WebSocket clients connected to this process',
    registers: [registry],
  });
  const wsSent = new Counter({
    name: 'khel_ws_messages_sent_total',
    help: 'WebSocket messages written to clients',
    registers: [registry],
  });
  const wsReceived = new Counter({
    name: 'khel_ws_messages_received_total',
    help: 'WebSocket messages received from clients',
    registers: [registry],
  });
  const smsOutcomes = new Counter({
    name: 'khel_sms_total',
    help: 'SMS through the gateway by outcome: refused (no DLT template), sent, delivered, failed, voice (fallback call)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const feedLag = new Gauge({
    name: 'khel_feed_lag_seconds',
    help: "Seconds between a feed update's own time and when it was applied, by source (last update)",
    labelNames: ['source'] as const,
    registers: [registry],
  });
  const feedUp = new Gauge({
    name: 'khel_feed_up',
    help: 'A live feed source connected and subscribed (1) or not (0), by source',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  const feedFailures = new Counter({
    name: 'khel_feed_failures_total',
    help: "A live feed source's failures (login, subscription, catalogue, connection), by source and the provider's error code",
    labelNames: ['source', 'reason'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'khel_requests_pending',
    help: 'Deposit and withdrawal requests waiting for an operator',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      const pending = await sources.current?.pendingRequests();
      if (pending === undefined) return;
      this.set({ kind: 'deposit' }, pending.deposits);
      this.set({ kind: 'withdrawal' }, pending.withdrawals);
    },
  });
  new Gauge({
    name: 'khel_wallet_postings',
    help: 'Journal transactions (wallet postings) ever written, by every process: use rate() of its max over processes',
    registers: [registry],
    async collect() {
      const postings = await sources.current?.postings();
      if (postings !== undefined) this.set(postings);
    },
  });
  new Gauge({
    name: 'khel_db_pool_connections',
    help: "This process's PostgreSQL pool: connections open, idle, and callers waiting for one",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.current?.pool();
      if (pool === null || pool === undefined) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  // Children by label values, kept: the hot path pays a map look-up, not prom-client's label hashing.
  const requestChildren = new Map<string, { duration: Histogram.Internal<'method' | 'route'> }>();

  return {
    registry,
    /** The figures read at scrape time come from the database; set once the app has its services. */
    useSources(next: ScrapeSources): void {
      sources.current = next;
    },
    http: {
      answered(method: string, route: string, status: number, seconds: number): void {
        const key = `${method} ${route}`;
        let child = requestChildren.get(key);
        if (child === undefined) {
          child = { duration: httpDuration.labels(method, route) };
          requestChildren.set(key, child);
        }
        child.duration.observe(seconds);
        httpRequests.inc({ method, route, status: String(status) });
      },
      refused(route: string, error: string): void {
        httpRefusals.inc({ route, error });
      },
    },
    bets: {
      placed(marketType, status, matchedRupees) {
        betsPlaced.inc({ market_type: marketType, status });
        if (matchedRupees > 0) betsMatched.inc({ market_type: marketType }, matchedRupees);
      },
      refused(reason) {
        betsRefused.inc({ reason });
      },
      delayedDecided(marketType, status, matchedRupees) {
        betsDelayed.inc({ market_type: marketType, status });
        if (matchedRupees > 0) betsMatched.inc({ market_type: marketType }, matchedRupees);
      },
    } satisfies BetMetrics,
    writer: {
      batchCommitted(commands, seconds, oneStatement) {
        const path = oneStatement ? 'statement' : 'transaction';
        batchSize.observe({ path }, commands);
        commitSeconds.observe({ path }, seconds);
      },
    } satisfies WriterMetrics,
    casinoWallet: {
      answered(call, status) {
        casinoCallbacks.inc({ call, status });
      },
    } satisfies CasinoWalletMetrics,
    live: {
      opened: () => wsClients.inc(),
      closed: () => wsClients.dec(),
      sent: (count) => wsSent.inc(count),
      received: () => wsReceived.inc(),
    } satisfies LiveMetrics,
    sms: {
      outcome(outcome) {
        smsOutcomes.inc({ outcome });
      },
    } satisfies SmsMetrics,
    feed: {
      lag(source, seconds) {
        feedLag.set({ source }, seconds);
      },
      up(source, up) {
        feedUp.set({ source }, up ? 1 : 0);
      },
      failure(source, reason) {
        feedFailures.inc({ source, reason });
      },
    } satisfies FeedMetrics,
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
