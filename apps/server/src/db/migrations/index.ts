import identity from './0001-identity.js';
import ledger from './0002-ledger.js';

/** Ordered; an applied migration is never edited, a change is a new one. */
export const MIGRATIONS: { id: string; sql: string }[] = [
  { id: '0001-identity', sql: identity },
  { id: '0002-ledger', sql: ledger },
];
