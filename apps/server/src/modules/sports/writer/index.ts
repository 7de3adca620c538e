// The market writer: one writer per market, its lanes and group commit, the rows a batch stages and the
// repositories that commit them. Everything outside writer/ enters here.
export type { BatchWrites, JoinedInserter, WalletMove } from './batch-writes.js';
export { MarketNotFound, createMarketBooks } from './market-books.js';
export type { MarketBooks, MarketContext } from './market-books.js';
