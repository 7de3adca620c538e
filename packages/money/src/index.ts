export * from './paise.js';
export * from './odds.js';
