import { randomUUID } from 'node:crypto';
import type { BetRow as BetDto, PlaceBet } from '@khel/contract';
import { AppError } from '../../lib/app-error.js';
import { HttpError } from '../../lib/http-error.js';
import type { Caller } from '../identity/identity-service.js';
import type { IdempotencyService } from '../idempotency/idempotency-service.js';
import { emptyChanges } from './betting-service.js';
import type { ForwardAnswer, ForwardKind, MarketForwarding } from './market-forwarding.js';
import { ForwardNotDelivered, ForwardTimedOut } from './market-forwarding.js';
import type { MarketLeases } from './market-lease.js';
import type { SportsService } from './sports-service.js';

/** A player bet command's answer, as its route sends it in the envelope. */
export interface BetAnswer {
  data: BetDto;
  message: string;
}

interface PlacePayload {
  caller: Caller;
  body: PlaceBet;
  key: string | undefined;
}
interface CancelPayload {
  caller: Caller;
  betId: string;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Player bet commands go to the process that owns their market's lease (decision 0034): run here
 * when this process owns it (or with no Redis: one process, always here), else forwarded to the owner,
 * which runs them through its market writer and answers what its route would have. A forwarded place
 * always carries an Idempotency-Key (the player's, or one made here), so when the owner is dead or
 * late the command is sent again, or run here once the dead owner's lease expired, and never applied twice.
 */
export function createBetRouter(deps: {
  sports: SportsService;
  idempotency: IdempotencyService;
  leases: MarketLeases | null;
  /** Connects this process to the others; given the handler of the commands they forward here. */
  connect: ((handle: (kind: ForwardKind, payload: unknown) => Promise<ForwardAnswer>) => MarketForwarding) | null;
  forwardTimeoutMs: number;
}) {
  const { sports, idempotency, leases } = deps;

  const local = {
    async place({ caller, body, key }: PlacePayload): Promise<BetAnswer> {
      const changes = emptyChanges();
      // The bet joins its market's group commit; its idempotency answer is written in the same transaction.
      const betId = await idempotency.runJoined<string>({ userId: caller.userId, key, route: 'bet.place', body }, (record) => sports.placeBet(caller, body, changes, record));
      const published = await sports.publish(changes);
      const bet = published.get(betId) ?? (await sports.bet(caller, betId));
      const message = bet.status === 'pending' ? `Bet accepted, waiting ${Math.max(0, Math.round((Date.parse(bet.delayUntil ?? '') - Date.now()) / 1000))} s for the in-play delay` : 'Bet placed';
      return { data: bet, message };
    },
    async cancel({ caller, betId }: CancelPayload): Promise<BetAnswer> {
      await sports.cancelBet(caller, betId);
      return { data: await sports.bet(caller, betId), message: 'Bet cancelled' };
    },
  };

  /** Runs a command another process forwarded: always here, never forwarded again (the writer's lock keeps it correct even if this process just lost the lease). */
  async function handle(kind: ForwardKind, payload: unknown): Promise<ForwardAnswer> {
    try {
      const answer = kind === 'bet.place' ? await local.place(payload as PlacePayload) : await local.cancel(payload as CancelPayload);
      return { ok: true, data: answer.data, message: answer.message };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, code: error.code, message: error.message, data: error.data };
      return { ok: false, code: null };
    }
  }

  const forwarding = leases === null || deps.connect === null ? null : deps.connect(handle);

  function unwrap(answer: ForwardAnswer): BetAnswer {
    if (answer.ok) return { data: answer.data as BetDto, message: answer.message };
    if (answer.code !== null) throw new AppError(answer.code, answer.message, answer.data);
    throw new Error('the market owner failed on a forwarded command');
  }

  /**
   * Runs here or at the owner. An owner that is not listening (stopped, killed) is waited out until its
   * lease expires, then this process takes the market; one that is slow is waited for while it still
   * renews its lease, and once it stopped renewing (dead or stuck) the market is taken over. Past
   * a lease and four timeouts: a 503 ("try again"), never a guess.
   */
  async function onMarket(marketId: string, runHere: () => Promise<BetAnswer>, forward: (owner: string, wait: { deadline: number; alive: () => Promise<boolean> }) => Promise<ForwardAnswer>): Promise<BetAnswer> {
    if (leases === null || forwarding === null) return runHere();
    const giveUpAt = Date.now() + leases.options.leaseMs + 4 * deps.forwardTimeoutMs;
    for (;;) {
      const route = await leases.route(marketId);
      if (route.kind === 'local') return runHere();
      const owner = route.owner;
      const alive = async () => {
        const now = await leases.route(marketId);
        return now.kind === 'owner' && now.owner === owner;
      };
      try {
        return unwrap(await forward(owner, { deadline: giveUpAt, alive }));
      } catch (error) {
        if (!(error instanceof ForwardNotDelivered) && !(error instanceof ForwardTimedOut)) throw error;
        const left = giveUpAt - Date.now();
        if (left <= 0) throw new HttpError(503, 'INTERNAL', 'This market is busy, please try again');
        if (error instanceof ForwardNotDelivered) await sleep(Math.min(left, route.remainingMs + 10));
      }
    }
  }

  return {
    /** Places a bet where its market is written; the answer is the envelope's data and message. */
    placeBet(caller: Caller, body: PlaceBet, key: string | undefined): Promise<BetAnswer> {
      const payload: PlacePayload = { caller, body, key };
      return onMarket(
        body.marketId,
        () => local.place(payload),
        (owner, wait) => {
          // From the first forward on, the command has a key: a retry here or there replays, never places again.
          payload.key ??= `fwd:${randomUUID()}`;
          return (forwarding as MarketForwarding).request(owner, 'bet.place', payload, wait);
        },
      );
    },

    async cancelBet(caller: Caller, betId: string): Promise<BetAnswer> {
      const bet = await sports.repository.bet(betId);
      const payload: CancelPayload = { caller, betId };
      // Not the caller's (or no such bet): answered here, as the owner would.
      if (bet === null || bet.user_id !== caller.userId) return local.cancel(payload);
      return onMarket(bet.market_id, () => local.cancel(payload), (owner, wait) => (forwarding as MarketForwarding).request(owner, 'bet.cancel', payload, wait));
    },

    /** This process starts taking forwarded commands (with Redis). */
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
export type BetRouter = ReturnType<typeof createBetRouter>;
