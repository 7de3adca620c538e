export * from './protocol.js';
export { PriceLadder, LevelLadder } from './ladder.js';
export { MarketCache } from './market-cache.js';
export type { MarketBook, RunnerBook } from './market-cache.js';
export { StreamCache } from './stream-cache.js';
export type { Applied } from './stream-cache.js';
export { bookView, backPrices, layPrices, parseMarketMessages, replayUntil } from './book-view.js';
export type { BookView } from './book-view.js';
