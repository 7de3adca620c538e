/**
 * A setup file of the two server database projects: records every statement the test file sends through
 * a database driver in this process (node-postgres's Client, so every pool too, and PGlite, transactions
 * included), and at the file's end writes its distinct statements, normalised, to the statement ledger
 * (`.test-statements/<database>/…json`) that the run's statement-cover check reads (test/statement-cover.ts,
 * docs/testing.md "Which server files run on both databases").
 *
 * Cheap by design: a statement costs a Set.add of its raw text; each distinct text is normalised once, at
 * the file's end. Files share their worker's process (decision 0073), so the drivers are patched once per
 * process and the set starts empty for each file. Statements of child processes are not seen.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { LEDGER_DIR, ledgerFileName, normaliseStatements, type LedgerFile } from './statement-cover.js';

interface Recorder {
  sent: Set<string>;
}

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;

const KEY = Symbol.for('khel.test.statements');
const holder = globalThis as { [KEY]?: Recorder };
const recorder = (holder[KEY] ??= install());

function install(): Recorder {
  const state: Recorder = { sent: new Set() };
  const record = (sql: unknown): void => {
    const text = typeof sql === 'string' ? sql : (sql as { text?: unknown } | null)?.text;
    if (typeof text === 'string') state.sent.add(text);
  };
  const wrap = (target: object, name: string): void => {
    const original = Reflect.get(target, name) as AnyFunction;
    Reflect.set(target, name, function (this: unknown, ...args: unknown[]) {
      record(args[0]);
      return original.apply(this, args);
    });
  };
  wrap(pg.Client.prototype, 'query');
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
  recorder.sent = new Set();
});

afterAll(() => {
  const testPath = expect.getState().testPath;
  if (testPath === undefined) return;
  const database = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const file = relative(join(import.meta.dirname, '..'), testPath);
  const entry: LedgerFile = { database, file, statements: normaliseStatements(recorder.sent) };
  recorder.sent = new Set();
  const folder = join(LEDGER_DIR, database);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, ledgerFileName(file)), JSON.stringify(entry, null, 1));
});
