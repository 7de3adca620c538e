import type { Database } from '../../db/database.js';
import { autoCommitted } from '../../db/database.js';
import type { Posting, WalletFigures, WalletService } from '../wallet/wallet-service.js';
import { settleCalls } from './casino-wallet-batch.js';
import type { SettleInput, Settled } from './casino-wallet-settle.js';

/** How the writer groups calls: most calls in one statement (1: never group), statements in flight at once. */
export interface CasinoWalletWriterOptions {
  maxCalls: number;
  maxInFlight: number;
}
export const DEFAULT_WRITER_OPTIONS: CasinoWalletWriterOptions = { maxCalls: 64, maxInFlight: 1 };

interface Pending {
  input: SettleInput;
  posting: Posting | null;
  /** Today's one-call statement for this call, on its caller's handle (it raises the call's own refusal). */
  alone: () => Promise<Settled>;
  keys: string[];
  resolve: (settled: Settled) => void;
  reject: (error: unknown) => void;
}

/**
 * The casino wallet's group commit (docs/decisions/0028, third addendum). Every one-statement call (a
 * player this process knows) goes through `settle`. When fewer than `maxInFlight` statements are
 * running it goes at once, alone, on today's statement, so a lone call costs what it did. Otherwise it
 * waits, and the next statement takes up to `maxCalls` waiting calls: ONE set-based statement
 * (`settleCalls`), ONE commit, one round trip, each call answered only after it.
 *
 * - Calls that would meet inside one statement (two calls of one player: the same account, the same
 *   round; or one transaction id) never share one, nor run beside one in flight: the later waits. So
 *   every balance answered is the locked row plus the call's own delta, exact.
 * - A call the statement did not claim comes back "not claimed" (its caller takes the full path and
 *   names the refusal); batch-mates are not affected.
 * - A statement that raises anyway (a racing uncommitted claim of the same id, headroom taken by an
 *   uncommitted payout) is undone whole; each of its calls then runs alone, failing alone.
 * - The balance push of the batch's players runs after its commit and before any of them is answered
 *   (`autoCommitted`, `postManyWithin`).
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
  /** Statements sent for the calls, calls settled, statements that carried several, the calls they carried, batches undone and run call by call. */
  const counts = { statements: 0, calls: 0, batches: 0, batchedCalls: 0, fallbacks: 0 };

  /** What may not share a statement: a player (their accounts and their rounds), a transaction id. */
  const keysOf = (input: SettleInput): string[] => [
    `user:${input.userId}`,
    `id:${input.providerId}:${input.transactionId}`,
  ];

  async function alone(item: Pending): Promise<void> {
    counts.statements += 1;
    await item.alone().then(item.resolve, item.reject);
  }

  async function together(items: Pending[]): Promise<void> {
    counts.statements += 1;
    counts.batches += 1;
    counts.batchedCalls += items.length;
    const withPosting = items.flatMap((item, index) => (item.posting === null ? [] : [index]));
    let settled: Settled[];
    try {
      settled = await autoCommitted(db, (q) =>
        wallet.postManyWithin(
          q,
          withPosting.map((index) => items[index]?.posting as Posting),
          async (rows) => {
            const outcomes = await settleCalls(
              q,
              items.map((item) => item.input),
              rows,
              withPosting,
            );
            const balances = new Map<string, WalletFigures>();
            outcomes.forEach(
              (outcome, index) =>
                outcome.claimed &&
                outcome.wallets !== null &&
                balances.set(items[index]?.input.userId as string, outcome.wallets),
            );
            return { posted: withPosting.map((index) => outcomes[index]?.posted === true), value: outcomes, balances };
          },
        ),
      );
    } catch {
      // Undone whole: nothing of it was written. Each call alone, so one call's refusal stays its own.
      counts.fallbacks += 1;
      await Promise.all(items.map(alone));
      return;
    }
    items.forEach((item, index) => item.resolve(settled[index] as Settled));
  }

  /** The next statement's calls: waiting calls in arrival order, skipping any that meets one in flight or already taken. */
  function take(): { items: Pending[]; keys: string[] } {
    const items: Pending[] = [];
    const keys = new Set<string>();
    for (let index = 0; index < queue.length && items.length < options.maxCalls;) {
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
      const sent = items.length === 1 ? alone(items[0] as Pending) : together(items);
      void sent.finally(() => {
        inFlight -= 1;
        for (const key of keys) busy.delete(key);
        pump();
      });
    }
  }

  return {
    /**
     * Settles one call: alone (`alone`, today's statement) or with others. Resolves once its statement
     * committed; rejects only as `alone` does (the call's own refusal or lost race).
     */
    settle(input: SettleInput, posting: Posting | null, run: () => Promise<Settled>): Promise<Settled> {
      counts.calls += 1;
      if (options.maxCalls <= 1) {
        counts.statements += 1;
        return run();
      }
      return new Promise<Settled>((resolve, reject) => {
        queue.push({ input, posting, alone: run, keys: keysOf(input), resolve, reject });
        pump();
      });
    },
    /** What the writer did so far (tests, benches). */
    counts: (): Readonly<typeof counts> => ({ ...counts }),
  };
}
export type CasinoWalletWriter = ReturnType<typeof createCasinoWalletWriter>;
