import type { Catalogue } from './i18n';

/** हिन्दी (ADR 0030): English message id → Hindi. A lazy chunk, fetched only when Hindi is chosen. */
export const hi: Catalogue = {
  messages: {},
  errors: {},
};
