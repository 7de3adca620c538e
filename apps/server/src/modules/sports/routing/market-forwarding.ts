import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ErrorCode } from '@khel/contract';

/** A forwarded command's answer: what the owner's route would have answered, success or refusal. */
export type ForwardAnswer =
  | { ok: true; data: unknown; message: string }
  | { ok: false; code: ErrorCode; message: string; data: unknown }
  | { ok: false; code: null };

/**
 * Every command that changes a market and may reach a process that is not its owner (decision 0034
 * and its addendum): players' bets, edits, cancels and cash outs; operators' status, rate and line changes
 * and results; the demo feed's market actions. Each is defined once, with what running it does, in
 * player-commands.ts, operator-commands.ts and feed-market.ts.
 */
export type ForwardKind =
  | 'bet.place'
  | 'bet.edit'
  | 'bet.cancel'
  | 'bet.cancel-all'
  | 'bet.cash-out'
  | 'market.update'
  | 'market.rates'
  | 'market.fancy-line'
  | 'result.declare'
  | 'result.void'
  | 'result.confirm'
  | 'bets.void'
  | 'feed.market';

/** Nobody listens on the owner's request channel: it stopped or died (its lease expires soon). */
export class ForwardNotDelivered extends Error {}
/** The owner heard the command but did not answer in time: dead, or stuck. */
export class ForwardTimedOut extends Error {}

interface Request {
  id: string;
  from: string;
  kind: ForwardKind;
  payload: unknown;
  /** Wall-clock ms after which the sender has given up waiting: an owner hearing it later drops it unrun. */
  deadline: number;
}

/**
 * Market commands sent to the process that owns the market's lease (decision 0034), over Redis
 * pub/sub: each process listens on `<prefix>:req:<its id>` and `<prefix>:reply:<its id>`. PUBLISH
 * answers how many listeners heard it, so a command for a stopped or killed owner is known undelivered
 * at once. One heard but not answered within timeoutMs is waited for again, timeoutMs at a time, while
 * the sender still sees the owner alive (its lease renewed) and before the sender's deadline; else it
 * times out. Either way the sender's retry carries the same Idempotency-Key: never applied twice.
 */
export function createMarketForwarding(deps: {
  url: string;
  owner: string;
  prefix: string;
  timeoutMs: number;
  handle: (kind: ForwardKind, payload: unknown) => Promise<ForwardAnswer>;
  onError: (error: Error) => void;
}) {
  const { owner, prefix, timeoutMs } = deps;
  const publisher = new Redis(deps.url, { maxRetriesPerRequest: 2, lazyConnect: false });
  const subscriber = new Redis(deps.url, { maxRetriesPerRequest: null, lazyConnect: false });
  publisher.on('error', deps.onError);
  subscriber.on('error', deps.onError);
  const requests = `${prefix}:req:${owner}`;
  const replies = `${prefix}:reply:${owner}`;
  const subscribed = subscriber.subscribe(requests, replies).then(() => undefined);
  subscribed.catch((error: unknown) => deps.onError(error instanceof Error ? error : new Error(String(error))));
  const waiting = new Map<
    string,
    { resolve: (answer: ForwardAnswer) => void; reject: (error: Error) => void; timer: NodeJS.Timeout | null }
  >();
  const running = new Set<Promise<void>>();
  let closed = false;

  async function serve(request: Request): Promise<void> {
    if (Date.now() > request.deadline) return;
    let answer: ForwardAnswer;
    try {
      answer = await deps.handle(request.kind, request.payload);
    } catch {
      answer = { ok: false, code: null };
    }
    await publisher
      .publish(`${prefix}:reply:${request.from}`, JSON.stringify({ id: request.id, answer }))
      .catch(deps.onError);
  }

  subscriber.on('message', (channel: string, text: string) => {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (channel === replies) {
      const { id, answer } = message as { id: string; answer: ForwardAnswer };
      const entry = waiting.get(id);
      if (entry === undefined) return; // it timed out: the sender has moved on
      waiting.delete(id);
      if (entry.timer !== null) clearTimeout(entry.timer);
      entry.resolve(answer);
    } else if (channel === requests && !closed) {
      const job = serve(message as Request);
      running.add(job);
      void job.finally(() => running.delete(job));
    }
  });

  return {
    /**
     * Sends one command to the owner; answers its answer, or throws ForwardNotDelivered /
     * ForwardTimedOut. alive: whether the owner still holds the market (asked each timeoutMs).
     */
    async request(
      target: string,
      kind: ForwardKind,
      payload: unknown,
      wait: { deadline: number; alive: () => Promise<boolean> },
    ): Promise<ForwardAnswer> {
      const id = randomUUID();
      const answered = new Promise<ForwardAnswer>((resolve, reject) => {
        const entry: {
          resolve: (answer: ForwardAnswer) => void;
          reject: (error: Error) => void;
          timer: NodeJS.Timeout | null;
        } = { resolve, reject, timer: null };
        const giveUp = () => {
          waiting.delete(id);
          reject(new ForwardTimedOut(`market owner ${target} did not answer`));
        };
        const check = () => {
          entry.timer = null;
          if (!waiting.has(id)) return;
          if (Date.now() + timeoutMs > wait.deadline) return giveUp();
          // Slow but alive (still renewing its lease): keep waiting for this answer rather than sending again.
          wait.alive().then(
            (alive) => {
              if (!waiting.has(id)) return;
              if (alive) entry.timer = setTimeout(check, timeoutMs);
              else giveUp();
            },
            () => giveUp(),
          );
        };
        entry.timer = setTimeout(check, timeoutMs);
        waiting.set(id, entry);
      });
      answered.catch(() => undefined);
      const request: Request = { id, from: owner, kind, payload, deadline: wait.deadline };
      // Redis unreachable counts as nobody listening: the router waits and asks again, then answers 503.
      const heard = await publisher.publish(`${prefix}:req:${target}`, JSON.stringify(request)).catch(() => 0);
      if (heard === 0) {
        const entry = waiting.get(id);
        waiting.delete(id);
        if (entry !== undefined && entry.timer !== null) clearTimeout(entry.timer);
        throw new ForwardNotDelivered(`market owner ${target} is not listening`);
      }
      return answered;
    },

    /** Settles once this process hears forwarded commands and answers. */
    ready: () => subscribed,

    /** Whether both Redis connections are up now (readiness: this process reaches the other markets' writers). */
    connected: () => !closed && subscriber.status === 'ready' && publisher.status === 'ready',

    /** Stops taking commands, lets the ones running answer, then disconnects. */
    async close(): Promise<void> {
      closed = true;
      await subscriber.unsubscribe(requests).catch(() => undefined);
      await Promise.all([...running]);
      for (const [id, entry] of waiting) {
        if (entry.timer !== null) clearTimeout(entry.timer);
        entry.reject(new ForwardTimedOut('closing'));
        waiting.delete(id);
      }
      await Promise.all([publisher.quit().catch(() => undefined), subscriber.quit().catch(() => undefined)]);
    },
  };
}
export type MarketForwarding = ReturnType<typeof createMarketForwarding>;
