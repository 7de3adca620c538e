/**
 * A setup file of the two server database projects: records every statement the test file sends through
 * a database driver in this process (node-postgres's Client, so every pool too, and PGlite, transactions
 * included), and at the file's end writes its distinct statements, normalised, to the statement ledger
 * (`.test-statements/<database>/…json`) that the run's statement-cover check reads (test/statement-cover.ts,
 * docs/testing.md "Which server files run on both databases").
 *
 * Only the product's statements count (decision 0082, addendum): a statement is the product's when a frame of
 * its call stack is the server's or a package's source (not a test file, not the database layer itself);
 * a statement sent by test code alone (a test's own assertion query, a harness helper's) is written apart,
 * as `testStatements`, and not asked of PGlite. A stack with no frame of the repository counts as the
 * product's, so a doubt keeps a file on PGlite rather than drops it.
 *
 * Cheap by design: a statement costs a Set.add of its raw text once its text is known to be the product's,
 * and a call stack's file names until then; each distinct text is normalised once, at the file's end. Files
 * share their worker's process (decision 0073), so the drivers are patched once per process and the sets start
 * empty for each file. Statements of child processes are not seen.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { LEDGER_DIR, ledgerFileName, normaliseStatements, type LedgerFile } from './statement-cover.js';

interface Recorder {
  /** Raw texts sent by the product's code, and those only test code sent so far. */
  product: Set<string>;
  test: Set<string>;
}

/** The server's and the packages' source, the database layer left out: where a product statement comes from. */
const PRODUCT_SOURCE = /[\\/](?:apps[\\/]server|packages[\\/][^\\/]+)[\\/]src[\\/]/;
const DATABASE_LAYER = /[\\/]apps[\\/]server[\\/]src[\\/]db[\\/](?:database|postgres-database|pglite-database)\.ts$/;
const TEST_CODE = /\.test\.tsx?$|[\\/]test[\\/]/;
const REPOSITORY = /[\\/](?:apps|packages|scripts|e2e)[\\/]/;

/** Whether the statement being sent now comes from the product's code (see above), by its call stack. */
function sentByProduct(): boolean {
  const limit = Error.stackTraceLimit;
  const prepare = Error.prepareStackTrace;
  Error.stackTraceLimit = 24;
  Error.prepareStackTrace = (_error, sites) => sites;
  const holder: { stack?: NodeJS.CallSite[] } = {};
  Error.captureStackTrace(holder, sentByProduct);
  const sites = holder.stack ?? [];
  Error.prepareStackTrace = prepare;
  Error.stackTraceLimit = limit;
  let ours = false;
  for (const site of sites) {
    const file = site.getFileName() ?? '';
    if (file.includes('node_modules') || !REPOSITORY.test(file) || file.endsWith('record-statements.ts')) continue;
    ours = true;
    if (PRODUCT_SOURCE.test(file) && !DATABASE_LAYER.test(file) && !TEST_CODE.test(file)) return true;
  }
  return !ours;
}

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

const KEY = Symbol.for('khel.test.statements');
const holder = globalThis as { [KEY]?: Recorder };
const recorder = (holder[KEY] ??= install());

function install(): Recorder {
  const state: Recorder = { product: new Set(), test: new Set() };
  const record = (sql: unknown): void => {
    const text = typeof sql === 'string' ? sql : (sql as { text?: unknown } | null)?.text;
    if (typeof text !== 'string' || state.product.has(text)) return;
    if (sentByProduct()) state.product.add(text);
    else state.test.add(text);
  };
  const wrap = (target: object, name: string): void => {
    const original = Reflect.get(target, name) as AnyFunction;
    Reflect.set(target, name, function (this: unknown, ...args: unknown[]) {
      record(args[0]);
      return original.apply(this, args);
    });
  };
  // A pool's query hands its statement to a client's in a callback, where the caller's stack is gone: record it
  // at the pool, and leave out the client's call that carries the pool's callback (its third argument).
  wrap(pg.Pool.prototype, 'query');
  const clientQuery = Reflect.get(pg.Client.prototype, 'query') as AnyFunction;
  Reflect.set(pg.Client.prototype, 'query', function (this: unknown, ...args: unknown[]) {
    if (typeof args[2] !== 'function') record(args[0]);
    return clientQuery.apply(this, args);
  });
  wrap(PGlite.prototype, 'query');
  wrap(PGlite.prototype, 'exec');
  // A transaction's handle runs its statements through PGlite's private methods: record them on the handle.
  const transaction = Reflect.get(PGlite.prototype, 'transaction') as AnyFunction;
  Reflect.set(PGlite.prototype, 'transaction', function (this: unknown, fn: (tx: object) => unknown) {
    return transaction.call(this, (tx: object) => {
      const recorded = Object.create(tx) as object;
      for (const name of ['query', 'exec']) {
        const method = Reflect.get(tx, name) as AnyFunction;
        Reflect.set(recorded, name, (...args: unknown[]) => {
          record(args[0]);
          return method.apply(tx, args);
        });
      }
      return fn(recorded);
    });
  });
  return state;
}

beforeAll(() => {
  recorder.product = new Set();
  recorder.test = new Set();
});

afterAll(() => {
  const testPath = expect.getState().testPath;
  if (testPath === undefined) return;
  const database = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const file = relative(join(import.meta.dirname, '..'), testPath);
  const statements = normaliseStatements(recorder.product);
  const product = new Set(statements);
  const testStatements = normaliseStatements(recorder.test).filter((statement) => !product.has(statement));
  const entry: LedgerFile = { database, file, statements, testStatements };
  recorder.product = new Set();
  recorder.test = new Set();
  const folder = join(LEDGER_DIR, database);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, ledgerFileName(file)), JSON.stringify(entry, null, 1));
});
