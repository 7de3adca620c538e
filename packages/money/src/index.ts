export * from './paise.js';
export * from './odds.js';
export * from './ladder.js';
export * from './india-time.js';
export * from './partnership.js';
