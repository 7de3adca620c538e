export * from './paise.js';
export * from './odds.js';
export * from './partnership.js';
