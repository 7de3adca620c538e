// Command routing and leases: which process writes a market (its lease), and forwarding a command to it.
// Everything outside routing/ enters here.
export { createMarketForwarding } from './market-forwarding.js';
export type { ForwardAnswer, ForwardKind, MarketForwarding } from './market-forwarding.js';
export { createMarketLeases } from './market-lease.js';
export type { MarketLeases } from './market-lease.js';
export { createMarketRouter } from './market-router.js';
export type { CommandAnswer, CommandTable, MarketCommand } from './market-router.js';
