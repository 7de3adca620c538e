import identity from './0001-identity.js';
import ledger from './0002-ledger.js';
import money from './0003-money.js';
import houseAccounts from './0004-house-accounts.js';
import sports from './0005-sports.js';
import casino from './0006-casino.js';
import casinoGames from './0013-casino-games.js';

/** Ordered; an applied migration is never edited, a change is a new one. */
export const MIGRATIONS: { id: string; sql: string }[] = [
  { id: '0001-identity', sql: identity },
  { id: '0002-ledger', sql: ledger },
  { id: '0003-money', sql: money },
  { id: '0004-house-accounts', sql: houseAccounts },
  { id: '0005-sports', sql: sports },
  { id: '0006-casino', sql: casino },
  { id: '0013-casino-games', sql: casinoGames },
];
