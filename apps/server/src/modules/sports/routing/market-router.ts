import { randomUUID } from 'node:crypto';
import { AppError } from '../../../lib/app-error.js';
import { HttpError } from '../../../lib/http-error.js';
import type { ForwardAnswer, ForwardKind, MarketForwarding } from './market-forwarding.js';
import { ForwardNotDelivered, ForwardTimedOut } from './market-forwarding.js';
import type { MarketLeases } from './market-lease.js';

/** What a market command answers: the envelope's data and message, as its route sends them. */
export interface CommandAnswer<Data = unknown> {
  data: Data;
  message: string;
}

/**
 * One kind of market command: the market it changes, and what running it on the market's owner does
 * (exactly what its route or timer would have run: checks, the writer, audit, publishing, the answer).
 * Its payload crosses Redis as JSON.
 */
export interface MarketCommand<Payload, Data = unknown> {
  /** The market it changes; null: there is none (or it is not the caller's), so it runs here and refuses as the owner would. */
  marketOf(payload: Payload): string | null | Promise<string | null>;
  run(payload: Payload): Promise<CommandAnswer<Data>>;
  /**
   * Idempotent through an Idempotency-Key (the payload's `key`): from its first forward on it carries
   * one, the caller's or one made here (`fwd:<uuid>`), so every retry, there or here after a takeover,
   * replays the answer stored with the change instead of applying it again.
   */
  keyed?: boolean;
}

/** Every kind, each defined once. */
export type CommandTable = { [Kind in ForwardKind]: MarketCommand<never> };
type PayloadOf<Command> = Command extends { run(payload: infer Payload): unknown } ? Payload : never;
type DataOf<Command> = Command extends { run(payload: never): Promise<CommandAnswer<infer Data>> } ? Data : never;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Every command that changes a market goes to the process that owns the market's lease (decision
 * 0034 and its addendum), by this one function whatever its kind: run here when this process holds
 * the lease or can take it (or without Redis: one process, always here), else forwarded to the owner,
 * which runs it and answers what its route would have; a refusal comes back as the same AppError, so
 * the client gets the owner's envelope byte for byte. A forwarded command is never forwarded again.
 */
export function createMarketRouter<Table extends CommandTable>(deps: {
  commands: Table;
  leases: MarketLeases | null;
  /** Connects this process to the others; given the handler of the commands they forward here. */
  connect: ((handle: (kind: ForwardKind, payload: unknown) => Promise<ForwardAnswer>) => MarketForwarding) | null;
  forwardTimeoutMs: number;
}) {
  const { commands, leases } = deps;
  const commandOf = (kind: ForwardKind) => commands[kind] as MarketCommand<unknown> | undefined;

  /** Runs a command another process forwarded: always here (the writer's lock keeps it correct even if this process just lost the lease). */
  async function handle(kind: ForwardKind, payload: unknown): Promise<ForwardAnswer> {
    try {
      const command = commandOf(kind);
      if (command === undefined) return { ok: false, code: null };
      const answer = await command.run(payload);
      return { ok: true, data: answer.data, message: answer.message };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, code: error.code, message: error.message, data: error.data };
      return { ok: false, code: null };
    }
  }

  const forwarding = leases === null || deps.connect === null ? null : deps.connect(handle);

  function unwrap(answer: ForwardAnswer): CommandAnswer {
    if (answer.ok) return { data: answer.data, message: answer.message };
    if (answer.code !== null) throw new AppError(answer.code, answer.message, answer.data);
    throw new Error('the market owner failed on a forwarded command');
  }

  /**
   * An owner that is not listening (stopped, killed) is waited out until its lease expires, then this
   * process takes the market; one that heard is waited for while it still renews its lease (never sent
   * the command again), and once it stopped renewing (dead or stuck) the market is taken over and the
   * command runs here. Past a lease and four timeouts: a 503 ("try again"), never a guess.
   */
  async function onMarket(
    marketId: string,
    kind: ForwardKind,
    command: MarketCommand<unknown>,
    payload: unknown,
  ): Promise<CommandAnswer> {
    if (leases === null || forwarding === null) return command.run(payload);
    const giveUpAt = Date.now() + leases.options.leaseMs + 4 * deps.forwardTimeoutMs;
    for (;;) {
      const route = await leases.route(marketId);
      if (route.kind === 'local') return command.run(payload);
      const owner = route.owner;
      const alive = async () => {
        const now = await leases.route(marketId);
        return now.kind === 'owner' && now.owner === owner;
      };
      // From the first forward on, a keyed command has its key: a retry here or there replays, never applies again.
      if (command.keyed === true) (payload as { key?: string }).key ??= `fwd:${randomUUID()}`;
      try {
        return unwrap(await forwarding.request(owner, kind, payload, { deadline: giveUpAt, alive }));
      } catch (error) {
        if (!(error instanceof ForwardNotDelivered) && !(error instanceof ForwardTimedOut)) throw error;
        const left = giveUpAt - Date.now();
        if (left <= 0) throw new HttpError(503, 'INTERNAL', 'This market is busy, please try again');
        if (error instanceof ForwardNotDelivered) await sleep(Math.min(left, route.remainingMs + 10));
      }
    }
  }

  return {
    /** Runs the command where its market is written; answers its envelope's data and message, or throws its refusal. */
    async run<Kind extends ForwardKind>(
      kind: Kind,
      payload: PayloadOf<Table[Kind]>,
    ): Promise<CommandAnswer<DataOf<Table[Kind]>>> {
      const command = commandOf(kind) as MarketCommand<unknown>;
      // Without Redis there is nowhere else to run it: not even the market is looked up.
      const marketId = leases === null ? null : await command.marketOf(payload);
      const answer = marketId === null ? await command.run(payload) : await onMarket(marketId, kind, command, payload);
      return answer as CommandAnswer<DataOf<Table[Kind]>>;
    },

    /**
     * Whether this process may write the market now: it holds the lease or has just taken it (always,
     * without Redis). Timers ask it and leave the other owners' markets to them.
     */
    async mayWrite(marketId: string): Promise<boolean> {
      return leases === null || (await leases.route(marketId)).kind === 'local';
    },

    /** Whether this process reaches its markets' writers: always alone, with Redis while the forwarding channel is up. */
    reachable(): boolean {
      return forwarding === null || forwarding.connected();
    },

    /** This process starts renewing its leases and taking forwarded commands (with Redis). */
    async ready(): Promise<void> {
      leases?.start();
      await forwarding?.ready();
    },

    /**
     * A graceful stop: every lease given back first, so the other processes take these markets at their
     * next command instead of waiting for an expiry; then forwarded commands still arriving are run
     * here (the writer's lock keeps that correct) until the running ones have answered.
     */
    async close(): Promise<void> {
      await leases?.stop();
      await forwarding?.close();
    },
  };
}
