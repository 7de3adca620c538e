export * from './match-record.js';
export { parseCricsheet, type CricsheetMatch } from './cricsheet.js';
export * from './innings-facts.js';
export { matchAfter, matchDeliveries } from './progress.js';
export * from './fancy-markets.js';
export { simState, shortName, ballLabel, resultText } from './sim-state.js';
export { BetfairScoreTracker, ballsOf } from './betfair-score.js';
export type { CricketChange, CricketIncident } from './betfair-score.js';
