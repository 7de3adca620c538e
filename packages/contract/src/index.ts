export * from './errors.js';
export * from './envelope.js';
export * from './constants.js';
export * from './messages.js';
export * from './phone.js';
export * from './identity.js';
export * from './settings.js';
export * from './backoffice.js';
