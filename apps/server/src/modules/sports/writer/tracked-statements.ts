import type { Queryable } from '../../../db/database.js';
import { shareCommitHooks } from '../../../db/database.js';

/** A statement that writes (anything but a select). */
export const isWrite = (sql: string): boolean => !/^\s*select\b/i.test(sql);
/** A statement that writes the market row (its mark, decision 0039, changes with it). */
export const writesMarketRow = (sql: string): boolean => /^\s*update\s+markets\b/i.test(sql);

/**
 * Watches one command's statements inside a group commit: whether it wrote (then a refusal cannot be
 * dropped with a savepoint-free skip: its batch runs again without it), whether a statement failed
 * (the transaction is then aborted) and whether it changed the market row (the writer re-reads it).
 */
export function trackStatements(inner: Queryable) {
  const state = { writes: 0, failed: false, marketWritten: false };
  const tx: Queryable = {
    async query(sql, params, name) {
      if (isWrite(sql)) {
        state.writes += 1;
        if (writesMarketRow(sql)) state.marketWritten = true;
      }
      try {
        return await inner.query(sql, params, name);
      } catch (error) {
        state.failed = true;
        throw error;
      }
    },
    async exec(sql) {
      state.writes += 1;
      try {
        await inner.exec(sql);
      } catch (error) {
        state.failed = true;
        throw error;
      }
    },
  };
  shareCommitHooks(inner, tx);
  return {
    tx,
    get writes() {
      return state.writes;
    },
    get failed() {
      return state.failed;
    },
    get marketWritten() {
      return state.marketWritten;
    },
  };
}
