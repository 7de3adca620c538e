// Betting: placing, cancelling and resolving bets (delayed ones included) and cashing out, on the market writer.
// Everything outside betting/ enters here.
export { HOUSE_OWNER, createBettingService, emptyChanges } from './betting-service.js';
export type { BettingService, ChangeSet, Recorder } from './betting-service.js';
export type { DelayedOutcome } from './bet-lifecycle.js';
export { createCashOutService } from './cash-out-service.js';
export type { CashOutService } from './cash-out-service.js';
