// Read views: the market books and lists players and operators see, and the live updates after a commit.
// Everything outside views/ enters here.
export { createOperatorMarketBook } from './operator-market-book.js';
export { createSportsLive } from './sports-live.js';
export type { SportsLive } from './sports-live.js';
export { createSportsViews, slugged } from './sports-views.js';
