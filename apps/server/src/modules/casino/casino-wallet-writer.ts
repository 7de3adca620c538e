import type { Database, Queryable } from '../../db/database.js';
import { autoCommitted } from '../../db/database.js';
import type { Posting, WalletFigures, WalletService } from '../wallet/wallet-service.js';
import { settleCalls } from './casino-wallet-settle-repository.js';
import type { SettleInput, Settled } from './casino-wallet-settle.js';

/** How the writer groups calls: most calls in one statement (1: never group), statements in flight at once. */
export interface CasinoWalletWriterOptions {
  maxCalls: number;
  maxInFlight: number;
}
export const DEFAULT_WRITER_OPTIONS: CasinoWalletWriterOptions = { maxCalls: 64, maxInFlight: 1 };

interface Pending {
  /** The caller's handle: a call that goes alone runs on it (its balance push follows its caller's commit). */
  q: Queryable;
  input: SettleInput;
  posting: Posting | null;
  keys: string[];
  resolve: (settled: Settled) => void;
  reject: (error: unknown) => void;
}

/**
 * The casino wallet's writer (docs/decisions/0028, third addendum; 0069): every debit and credit
 * settles through `settle`, on the one settle statement (`settleCalls`; a lone call is a set of one).
 *
 * - A call of the one-statement path (`skipLocked`: a player this process knows) goes at once, alone,
 *   when fewer than `maxInFlight` statements are running, so a lone call costs what it did. Otherwise
 *   it waits, and the next statement takes up to `maxCalls` waiting calls: ONE statement, ONE commit,
 *   one round trip, each call answered only after it.
 * - A call that waits for its account's lock (after the context read, or inside a bonus credit's
 *   transaction) goes alone at once on its caller's handle, never in a shared statement, which it
 *   could hold behind one player's lock.
 * - Calls that would meet inside one statement (two calls of one player: the same account, the same
 *   round; or one transaction id) never share one, nor run beside one in flight: the later waits. So
 *   every balance answered is the locked row plus the call's own delta, exact.
 * - A call the statement did not claim comes back with its reason (`Settled.refused`); set-mates are
 *   not affected.
 * - A shared statement that raises anyway (a racing uncommitted claim of the same id, headroom taken
 *   by an uncommitted payout) is undone whole; each of its calls then runs alone, failing alone: a
 *   set of one raises its own error to its caller. PostgreSQL sends the error before it releases the
 *   undone statement's locks, so a call run alone just after may still skip its account (`locked`) and
 *   go the long way: one more call here, never a second posting.
 * - The balance push of a statement's players runs after its commit and before any of them is
 *   answered (`autoCommitted`, `postManyWithin`).
 */
export function createCasinoWalletWriter(deps: {
  db: Database;
  wallet: WalletService;
  options?: CasinoWalletWriterOptions;
}) {
  const { db, wallet } = deps;
  const options = deps.options ?? DEFAULT_WRITER_OPTIONS;
  const queue: Pending[] = [];
  /** The keys of the calls in flight. */
  const busy = new Set<string>();
  let inFlight = 0;
  /** Statements sent for the calls, calls settled, statements that carried several, the calls they carried, shared statements undone and run call by call. */
  const counts = { statements: 0, calls: 0, batches: 0, batchedCalls: 0, fallbacks: 0 };

  /** What may not share a statement: a player (their accounts and their rounds), a transaction id. */
  const keysOf = (input: SettleInput): string[] => [
    `user:${input.userId}`,
    `id:${input.providerId}:${input.transactionId}`,
  ];

  /** The settle statement for `calls` on `q`, with their postings; each player's wallets pushed after the commit. */
  function statement(q: Queryable, calls: readonly { input: SettleInput; posting: Posting | null }[]) {
    const withPosting = calls.flatMap((call, index) => (call.posting === null ? [] : [index]));
    return wallet.postManyWithin(
      q,
      withPosting.map((index) => calls[index]?.posting as Posting),
      async (rows) => {
        const outcomes = await settleCalls(
          q,
          calls.map((call) => call.input),
          rows,
          withPosting,
          calls.every((call) => call.input.skipLocked === true),
        );
        const balances = new Map<string, WalletFigures>();
        outcomes.forEach(
          (outcome, index) =>
            outcome.claimed &&
            outcome.wallets !== null &&
            balances.set(calls[index]?.input.userId as string, outcome.wallets),
        );
        return { posted: withPosting.map((index) => outcomes[index]?.posted === true), value: outcomes, balances };
      },
    );
  }

  /** One call alone, on its caller's handle: a set of one; its error is its own. */
  async function alone(q: Queryable, input: SettleInput, posting: Posting | null): Promise<Settled> {
    counts.statements += 1;
    return (await statement(q, [{ input, posting }]))[0] as Settled;
  }

  async function together(items: Pending[]): Promise<void> {
    counts.statements += 1;
    counts.batches += 1;
    counts.batchedCalls += items.length;
    let settled: Settled[];
    try {
      settled = await autoCommitted(db, (q) => statement(q, items));
    } catch {
      // Undone whole: nothing of it was written. Each call alone, so one call's refusal stays its own;
      // one after another, as side by side they would skip each other's locked house row and each go
      // the long way round (a rare path: a statement that raised).
      counts.fallbacks += 1;
      for (const item of items) await alone(item.q, item.input, item.posting).then(item.resolve, item.reject);
      return;
    }
    items.forEach((item, index) => item.resolve(settled[index] as Settled));
  }
  /** The next statement's calls: waiting calls in arrival order, skipping any that meets one in flight or already taken. */
  function take(): { items: Pending[]; keys: string[] } {
    const items: Pending[] = [];
    const keys = new Set<string>();
    for (let index = 0; index < queue.length && items.length < options.maxCalls; ) {
      const item = queue[index] as Pending;
      if (item.keys.some((key) => busy.has(key) || keys.has(key))) {
        index += 1;
        continue;
      }
      for (const key of item.keys) keys.add(key);
      items.push(item);
      queue.splice(index, 1);
    }
    return { items, keys: [...keys] };
  }

  function pump(): void {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const { items, keys } = take();
      // Everything waiting meets a call in flight: it goes when that one is done.
      if (items.length === 0) return;
      inFlight += 1;
      for (const key of keys) busy.add(key);
      const first = items[0] as Pending;
      const sent =
        items.length === 1
          ? alone(first.q, first.input, first.posting).then(first.resolve, first.reject)
          : together(items);
      void sent.finally(() => {
        inFlight -= 1;
        for (const key of keys) busy.delete(key);
        pump();
      });
    }
  }

  return {
    /**
     * Settles one call on the settle statement, alone or with others (see above). Resolves once its
     * statement committed (or, on a transaction's handle, ran); rejects only with the call's own error
     * (a refusal the database raised, a lost race for its id).
     */
    settle(q: Queryable, input: SettleInput, posting: Posting | null): Promise<Settled> {
      counts.calls += 1;
      if (options.maxCalls <= 1 || input.skipLocked !== true) return alone(q, input, posting);
      return new Promise<Settled>((resolve, reject) => {
        queue.push({ q, input, posting, keys: keysOf(input), resolve, reject });
        pump();
      });
    },
    /** What the writer did so far (tests, benches). */
    counts: (): Readonly<typeof counts> => ({ ...counts }),
  };
}
export type CasinoWalletWriter = ReturnType<typeof createCasinoWalletWriter>;
