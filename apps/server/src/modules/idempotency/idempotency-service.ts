import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, fail } from '../../lib/app-error.js';
import { sha256Hex } from '../../lib/crypto.js';
import { createIdempotencyRepository, idempotencyInsertStatement } from './idempotency-repository.js';
import type { IdempotencyInsert } from './idempotency-repository.js';

/** A key stored by another request first, found by a group commit's multi-row insert. */
export class DuplicateIdempotencyKey extends Error {
  constructor() {
    super('idempotency key already stored (idempotency_keys_pkey)');
  }
}

function isDuplicateKey(error: unknown): boolean {
  if (error instanceof DuplicateIdempotencyKey) return true;
  const text = error instanceof Error ? `${error.message} ${(error as { constraint?: string }).constraint ?? ''}` : '';
  return /idempotency_keys_pkey/.test(text);
}

/**
 * What runJoined hands its command: a function that stores the answer in the command's transaction,
 * and the same answer as a row with the inserter a group commit uses to store many in one statement
 * (answering the rows another request had already stored).
 */
export type JoinedRecord<T> = ((tx: Queryable, result: T) => Promise<void>) & {
  staged(result: T): { row: IdempotencyInsert; insertMany: typeof insertMany };
};

/** A group commit's answers in one statement; answers which rows were stored. As a part of a caller's own statement: `statement`. */
const insertMany = Object.assign(
  async (tx: Queryable, rows: IdempotencyInsert[]): Promise<boolean[]> => {
    const stored = await createIdempotencyRepository(tx).insertMany(rows);
    // One key twice in the batch (racing retries): the first row is the one stored.
    return rows.map((row) => stored.delete(`${row.userId}:${row.key}`));
  },
  { statement: idempotencyInsertStatement },
);

/** A bounded set of recently seen keys (the oldest goes first). */
function recentKeys(limit: number) {
  const keys = new Set<string>();
  return {
    has: (key: string) => keys.has(key),
    remember(key: string): void {
      keys.delete(key);
      keys.add(key);
      if (keys.size > limit) keys.delete(keys.values().next().value as string);
    },
  };
}

/**
 * The Idempotency-Key header (PRODUCT.md §4): the first answer is stored in the same database
 * transaction as the change it made, so either both exist or neither does (a crash in between loses
 * nothing and doubles nothing). A retry replays the stored answer; the same key with another body or
 * on another route is refused. Two racing requests with one key: the second waits on the key's row,
 * then replays the first's answer. A business refusal stores nothing, so a retry is judged afresh.
 */
export function createIdempotencyService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  /** Keys this process stored or replayed lately: a retry of one is looked up before it runs. */
  const recent = recentKeys(10_000);

  const service = {
    async run<T>(
      scope: { userId: string; key: string | undefined; route: string; body: unknown },
      fn: (tx: Queryable) => Promise<T>,
    ): Promise<T> {
      if (scope.key === undefined) return db.transaction(fn);
      const key = scope.key;
      const requestHash = sha256Hex(JSON.stringify(scope.body ?? null));
      for (let attempt = 0; ; attempt += 1) {
        const existing = await createIdempotencyRepository(db).find(scope.userId, key);
        if (existing !== null) {
          if (existing.request_hash !== requestHash || existing.route !== scope.route) fail('IDEMPOTENCY_KEY_REUSED');
          return existing.response as T;
        }
        try {
          return await db.transaction(async (tx) => {
            const result = await fn(tx);
            await createIdempotencyRepository(tx).insert(
              scope.userId,
              key,
              scope.route,
              requestHash,
              result,
              clock.now(),
            );
            return result;
          });
        } catch (error) {
          // Another request with this key committed first: ours rolled back whole; replay theirs.
          if (isDuplicateKey(error) && attempt === 0) continue;
          throw error;
        }
      }
    },

    /**
     * As run, for a change committed in another's transaction (the market writer's group commit,
     * decision 0027): fn gets `record`, to call in that transaction with its answer, so the answer and
     * the change still commit together. A racing duplicate fails its insert there alone, then replays.
     */
    async runJoined<T>(
      scope: { userId: string; key: string | undefined; route: string; body: unknown },
      fn: (record: JoinedRecord<T> | null) => Promise<T>,
    ): Promise<T> {
      if (scope.key === undefined) return fn(null);
      const key = scope.key;
      const requestHash = sha256Hex(JSON.stringify(scope.body ?? null));
      const seen = `${scope.userId}:${key}`;
      const replay = async (): Promise<{ value: T } | null> => {
        const existing = await createIdempotencyRepository(db).find(scope.userId, key);
        if (existing === null) return null;
        recent.remember(seen);
        if (existing.request_hash !== requestHash || existing.route !== scope.route) fail('IDEMPOTENCY_KEY_REUSED');
        return { value: existing.response as T };
      };
      // No read before the command (decision 0027, addendum "publish"): the batch's insert finds a stored
      // key and the command then replays it. A key this process has seen stored is looked up first.
      if (recent.has(seen)) {
        const stored = await replay();
        if (stored !== null) return stored.value;
      }
      const record = Object.assign(
        (tx: Queryable, result: T) =>
          createIdempotencyRepository(tx).insert(scope.userId, key, scope.route, requestHash, result, clock.now()),
        {
          staged: (result: T) => ({
            row: { userId: scope.userId, key, route: scope.route, requestHash, response: result, at: clock.now() },
            insertMany,
          }),
        },
      );
      try {
        const result = await fn(record);
        recent.remember(seen);
        return result;
      } catch (error) {
        // Stored by a request before (a retry) or racing this one (it committed first): replay its answer,
        // whatever refused this run (the duplicate key, or a refusal the stored answer came before).
        const stored = await replay();
        if (stored !== null) return stored.value;
        if (!isDuplicateKey(error)) throw error;
        // The other request's transaction has not committed yet: run once more, its row decides.
        return fn(record);
      }
    },

    /**
     * As run, for changes that lock a row first: a racing request with the same key waits on that lock
     * and, when the first commits, would be refused by the state it left (already claimed). That
     * refusal is answered by one more look for the stored answer, which replays the first's.
     */
    async runLocked<T>(
      scope: { userId: string; key: string | undefined; route: string; body: unknown },
      fn: (tx: Queryable) => Promise<T>,
    ): Promise<T> {
      try {
        return await service.run(scope, fn);
      } catch (error) {
        if (scope.key === undefined || !(error instanceof AppError)) throw error;
        return service.run(scope, fn);
      }
    },
  };
  return service;
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;

/** Reads and checks the header: printable, at most 100 characters. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers['idempotency-key'];
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? value[0] : value;
  if (key === undefined || key.length === 0) return undefined;
  if (key.length > 100 || !/^[\x21-\x7e]+$/.test(key))
    fail('VALIDATION_FAILED', 'Idempotency-Key must be 1–100 printable characters');
  return key;
}
