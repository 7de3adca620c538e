// The feed: a simulated or real feed's actions turned into market commands. Everything outside feed/ enters here.
export { createFeedMarketCommands } from './feed-market.js';
export type { FeedMarketAction } from './feed-market.js';
export { createFeedActions, createFeedRunner } from './feed-runner.js';
