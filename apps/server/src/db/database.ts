/**
 * The one database interface the repositories see. Two drivers implement it: PGlite (PostgreSQL
 * compiled to WASM, the embedded default) and node-postgres against a PostgreSQL server. Both run
 * the same SQL and migrations; bigint columns come back as JS numbers (paise stay far below 2^53).
 */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface Queryable {
  /** name: a prepared statement's name (node-postgres parses it once per connection; PGlite ignores it). */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[], name?: string): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** A server's connection pool right now (metrics); PGlite has none. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Whether an error proves that the statement (or the transaction) it ended wrote nothing: PostgreSQL
 * answered it with an SQLSTATE, and the failed statement or transaction was rolled back. A lost
 * connection (no SQLSTATE, or class 08) proves nothing: the commit may have happened before the answer
 * was lost, so the work must not be run again as if it had not.
 */
export function provesRolledBack(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('08');
}

/**
 * A transaction PostgreSQL aborted only for its timing against another (a deadlock, a serialization
 * failure): nothing was written, and running it again may well succeed.
 */
export function abortedForTiming(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** int8 → number, refusing values JavaScript cannot hold exactly rather than rounding them. */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`int8 value ${text} is outside the safe integer range`);
  return value;
}

const commitHooks = new WeakMap<Queryable, (() => void)[]>();

/**
 * Runs hook once the transaction tx belongs to has committed, and never when it rolls back (live
 * updates must not announce what did not happen). Outside a transaction (tx is the database itself,
 * where each statement commits on its own) the hook runs on the next turn of the event loop.
 */
export function afterCommit(tx: Queryable, hook: () => void): void {
  const hooks = commitHooks.get(tx);
  if (hooks === undefined) setImmediate(hook);
  else hooks.push(hook);
}

/** Lets a wrapper around tx (one that counts or watches its statements) register hooks on tx's commit. */
export function shareCommitHooks(tx: Queryable, alias: Queryable): void {
  const hooks = commitHooks.get(tx);
  if (hooks !== undefined) commitHooks.set(alias, hooks);
}

/**
 * Runs fn on the database without a transaction, for work whose only write is ONE statement, which
 * PostgreSQL commits on its own (atomically: all of it or nothing). Hooks registered with afterCommit
 * on the handle fn gets run once fn is done, in order, before the caller goes on, as after a COMMIT; a
 * hook is registered only once its statement succeeded (the wallet's balance push), so none runs for
 * a statement that failed. Saves a transaction's BEGIN and COMMIT round trips.
 */
export async function autoCommitted<T>(db: Queryable, fn: (q: Queryable) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = [];
  const handle: Queryable = { query: (sql, params, name) => db.query(sql, params, name), exec: (sql) => db.exec(sql) };
  commitHooks.set(handle, hooks);
  try {
    return await fn(handle);
  } finally {
    for (const hook of hooks) {
      try {
        hook();
      } catch {
        // as after a COMMIT: a hook's failure must not turn a committed change into an error
      }
    }
  }
}

/**
 * A handle on db for work that reads first and then writes everything in ONE statement of its own
 * (the market writer's one-statement commit, decision 0039): hooks registered with afterCommit on the
 * handle wait until the caller says that statement committed (`commit` runs them, in order) or that
 * it did not (`discard` drops them), so nothing is announced for work that was redone elsewhere.
 */
export function deferredCommitHooks(db: Queryable): { handle: Queryable; commit: () => void; discard: () => void } {
  const hooks: (() => void)[] = [];
  const handle: Queryable = { query: (sql, params, name) => db.query(sql, params, name), exec: (sql) => db.exec(sql) };
  commitHooks.set(handle, hooks);
  return {
    handle,
    commit() {
      for (const hook of hooks.splice(0)) {
        try {
          hook();
        } catch {
          // as after a COMMIT: a hook's failure must not turn a committed change into an error
        }
      }
    },
    discard() {
      hooks.length = 0;
    },
  };
}

/** Wraps a driver's transaction so hooks registered with afterCommit run after COMMIT, in order. */
export function withCommitHooks(run: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>): Database['transaction'] {
  return async (fn) => {
    const hooks: (() => void)[] = [];
    const result = await run((tx) => {
      commitHooks.set(tx, hooks);
      return fn(tx);
    });
    for (const hook of hooks) {
      try {
        hook();
      } catch {
        // a hook's failure must not turn a committed change into an error for the caller
      }
    }
    return result;
  };
}
