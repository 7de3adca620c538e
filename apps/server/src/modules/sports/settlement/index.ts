// Settlement: a market's result settled or voided, with its wagering facts. Everything outside settlement/ enters here.
export { assertResult, createSettlementService } from './settlement-service.js';
export { refusalOf } from './bet-void.js';
export type { SettlementService } from './settlement-service.js';
