import { randomUUID } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { Hub88Answer, Hub88Game, Hub88GameUrlRequest, Hub88Transaction } from '@khel/contract';
import { hub88AnswerSchema } from '@khel/contract';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { HttpTransport } from '../../lib/http-transport.js';
import { HUB88_SIGNATURE_HEADER, hub88Sign, hub88Verify } from '../../lib/hub88-signature.js';
import type { SimTransaction } from './hub88-sim-repository.js';
import { createHub88SimRepository } from './hub88-sim-repository.js';
import { drawMultiplier, SIM_GAMES, simGame } from './hub88-sim-games.js';

/** Statuses after which Hub88 does not roll a bet back (its retry policy): the bet was plainly refused. */
const FINAL_BET_REFUSALS = new Set(['RS_ERROR_NOT_ENOUGH_MONEY', 'RS_ERROR_LIMIT_REACHED']);
/** A win or a rollback is tried this many times in a round; what is left waits for the sweep. */
const ATTEMPTS = 4;

export interface SimKeys {
  /** The simulator's own key: it signs the wallet calls (the operator verifies with its public key). */
  privateKey: KeyObject;
  /** The operator's public key: the simulator verifies its Operator API calls and its wallet answers. */
  operatorPublicKey: KeyObject;
}

export class SimRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The built-in Hub88 simulator (decision 0046): an aggregator outside our code in all but process. It
 * serves Hub88's Operator API (game list, game URL, transactions report) to the operator, and plays
 * rounds for the game pages by sending the operator's Wallet API the signed calls Hub88 sends, over
 * HTTP, with Hub88's retry policy: a bet that fails or goes unanswered is rolled back, a win or a
 * rollback is retried (a new request_uuid, the same transaction_uuid) until it is answered. It keeps its
 * own books (hub88_sim_*), which its transactions report reads.
 *
 * `lostAnswers` (tests): the answers to these calls (by count, 1-based) are dropped after the operator
 * processed them, as a timeout would; `resends`: these calls are sent twice with the same request_uuid.
 */
export function createHub88SimService(deps: {
  db: Database;
  clock: Clock;
  keys: () => SimKeys;
  wallet: () => HttpTransport;
  operatorId: number;
  faults?: { lostAnswers?: (call: number) => boolean; resends?: (call: number) => boolean };
}) {
  const { clock } = deps;
  const repository = createHub88SimRepository(deps.db);
  let calls = 0;
  let faults = deps.faults;

  /** One signed wallet call; null when no verified answer came back (network, HTTP error, bad signature, lost). */
  async function send(path: string, body: Record<string, unknown>): Promise<Hub88Answer | null> {
    calls += 1;
    const call = calls;
    const text = JSON.stringify(body);
    const headers = {
      'content-type': 'application/json',
      [HUB88_SIGNATURE_HEADER]: hub88Sign(deps.keys().privateKey, text),
    };
    const once = async (): Promise<Hub88Answer | null> => {
      try {
        const answer = await deps.wallet().post(`/api/v1/hub88/${path}`, text, headers);
        if (answer.status !== 200) return null;
        if (!hub88Verify(deps.keys().operatorPublicKey, answer.body, answer.headers[HUB88_SIGNATURE_HEADER]))
          return null;
        const parsed = hub88AnswerSchema.safeParse(JSON.parse(answer.body));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    };
    const first = await once();
    if (faults?.resends?.(call) === true) await once();
    return faults?.lostAnswers?.(call) === true ? null : first;
  }

  /** A win or a rollback, sent until answered (each retry a new request_uuid); its status kept in the books. */
  async function deliver(
    transaction: SimTransaction,
    body: Record<string, unknown>,
    attempts: number,
  ): Promise<Hub88Answer | null> {
    const path = transaction.type === 'win' ? 'transaction/win' : 'transaction/rollback';
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      const answer = await send(path, { ...body, request_uuid: randomUUID() });
      if (answer === null) continue;
      const done =
        answer.status === 'RS_OK' ||
        (transaction.type === 'rollback' && answer.status === 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      await repository.settle(
        transaction.transaction_uuid,
        done ? 'TS_SUCCESS' : 'TS_DECLINED',
        answer.status,
        clock.now(),
      );
      return answer;
    }
    return null;
  }

  function transactionBody(t: SimTransaction, token: string | null): Record<string, unknown> {
    return {
      user: t.user_id,
      transaction_uuid: t.transaction_uuid,
      supplier_transaction_id: `sim-${t.transaction_uuid.slice(0, 8)}`,
      ...(token === null ? {} : { token }),
      round: t.round,
      round_closed: t.type !== 'bet',
      game_code: t.game_code,
      meta: {},
      ...(t.reference_transaction_uuid === null ? {} : { reference_transaction_uuid: t.reference_transaction_uuid }),
      ...(t.type === 'rollback' ? {} : { currency: t.currency, amount: t.amount, is_free: false, bet: 'main' }),
    };
  }

  async function newTransaction(
    fields: Omit<SimTransaction, 'status' | 'answer' | 'created_at' | 'transaction_uuid'>,
  ): Promise<SimTransaction> {
    const transaction: SimTransaction = {
      ...fields,
      transaction_uuid: randomUUID(),
      status: 'TS_PENDING',
      answer: null,
      created_at: clock.now(),
    };
    await repository.record(transaction, transaction.created_at);
    return transaction;
  }

  return {
    /** The operator's Operator API call must carry its signature and its operator id. */
    checkOperator(raw: Buffer, signature: string | undefined, operatorId: unknown): void {
      if (!hub88Verify(deps.keys().operatorPublicKey, raw, signature))
        throw new SimRefusal(401, 'Request signature is invalid');
      if (operatorId !== deps.operatorId)
        throw new SimRefusal(404, 'The operator_id does not correspond to any existing Operator');
    },

    gameList(): Hub88Game[] {
      return SIM_GAMES.map((game, index) => ({
        game_id: index + 1,
        game_code: game.game_code,
        name: game.name,
        product: game.product,
        category: game.category,
        url_thumb: `/hub88-sim/thumbs/${game.game_code}.svg`,
        url_background: null,
        platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
        enabled: true,
        freebet_support: false,
        demo_game_support: false,
      }));
    },

    /** A game session for the operator's token; its landing URL carries the token. */
    async gameUrl(request: Hub88GameUrlRequest): Promise<{ url: string }> {
      if (simGame(request.game_code) === undefined) throw new SimRefusal(404, 'The game requested does not exist');
      await repository.openSession(
        { token: request.token, user_id: request.user, game_code: request.game_code, currency: request.currency },
        clock.now(),
      );
      const query = new URLSearchParams({ token: request.token, lang: request.lang, platform: request.platform });
      return { url: `/hub88-sim/play/${encodeURIComponent(request.game_code)}?${query.toString()}` };
    },

    /** The transactions report: every wallet transaction sent between two times, with its end. */
    async transactions(from: Date, to: Date): Promise<Hub88Transaction[]> {
      return (await repository.between(from, to)).map((row) => ({
        transaction_uuid: row.transaction_uuid,
        reference_transaction_uuid: row.reference_transaction_uuid,
        user: row.user_id,
        round: row.round,
        game_code: row.game_code,
        type: row.type,
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        created_at: row.created_at.toISOString(),
      }));
    },

    /** The player's balance as the operator answers it (Hub88 units), for the game page. */
    async balance(token: string): Promise<number> {
      const session = (await repository.session(token)) ?? fail();
      const answer = await send('user/balance', {
        user: session.user_id,
        token,
        request_uuid: randomUUID(),
        game_code: session.game_code,
      });
      if (answer?.status !== 'RS_OK' || answer.balance === undefined)
        throw new SimRefusal(502, answer?.status ?? 'No answer');
      return answer.balance;
    },

    /**
     * One round of the game page: a bet (rolled back if it fails or goes unanswered), the outcome, then
     * its win (0 for a loss), retried until answered. Amounts in Hub88 units.
     */
    async playRound(
      token: string,
      stake: number,
    ): Promise<{ status: string; multiplier: number | null; payout: number; balance: number | null }> {
      const session = (await repository.session(token)) ?? fail();
      const game = simGame(session.game_code) ?? fail();
      const round = `sim-${randomUUID()}`;
      const bet = await newTransaction({
        reference_transaction_uuid: null,
        user_id: session.user_id,
        round,
        game_code: game.game_code,
        type: 'bet',
        amount: stake,
        currency: session.currency,
      });
      const betAnswer = await send('transaction/bet', { ...transactionBody(bet, token), request_uuid: randomUUID() });
      if (betAnswer?.status !== 'RS_OK') {
        await repository.settle(bet.transaction_uuid, 'TS_DECLINED', betAnswer?.status ?? null, clock.now());
        if (betAnswer === null || !FINAL_BET_REFUSALS.has(betAnswer.status)) {
          const rollback = await newTransaction({
            ...bet,
            reference_transaction_uuid: bet.transaction_uuid,
            type: 'rollback',
            amount: 0,
          });
          await deliver(rollback, transactionBody(rollback, token), ATTEMPTS);
        }
        return {
          status: betAnswer?.status ?? 'NO_ANSWER',
          multiplier: null,
          payout: 0,
          balance: betAnswer?.balance ?? null,
        };
      }
      await repository.settle(bet.transaction_uuid, 'TS_SUCCESS', 'RS_OK', clock.now());
      const multiplier = drawMultiplier(game);
      // Whole paise: Hub88 units are 1/100,000 of a rupee, a paisa is 1,000 of them.
      const payout = Math.floor((stake * multiplier) / 100 / 1000) * 1000;
      const win = await newTransaction({
        ...bet,
        reference_transaction_uuid: bet.transaction_uuid,
        type: 'win',
        amount: payout,
      });
      const winAnswer = await deliver(win, transactionBody(win, token), ATTEMPTS);
      return { status: winAnswer?.status ?? 'PENDING', multiplier, payout, balance: winAnswer?.balance ?? null };
    },

    /** Wins and rollbacks not yet answered, sent again (the aggregator never gives up on them). */
    async retryPending(): Promise<number> {
      let sent = 0;
      // A win or a rollback needs no live token (the session may have ended): none is sent.
      for (const transaction of await repository.pending(50)) {
        await deliver(transaction, transactionBody(transaction, null), 1);
        sent += 1;
      }
      return sent;
    },

    /** How many wallet calls were sent (tests). */
    callsSent: () => calls,
    /** Lost answers and resends from now on (tests: Hub88's retries, made to happen). */
    useFaults(next: typeof faults): void {
      faults = next;
    },
  };
}

function fail(): never {
  throw new SimRefusal(404, 'Unknown game session');
}
export type Hub88SimService = ReturnType<typeof createHub88SimService>;
