import { sha256Hex } from './sha256.js';

/**
 * The one piece of node:crypto that @khel/casino-games uses (SHA-256 of the server seed text, PF-2),
 * for the browser bundle. vite.config.ts aliases node:crypto to this file.
 */
export function createHash(algorithm: string) {
  if (algorithm !== 'sha256') throw new Error(`unsupported hash ${algorithm}`);
  let text = '';
  const hash = {
    update(data: string) {
      text += data;
      return hash;
    },
    digest(encoding: string) {
      if (encoding !== 'hex') throw new Error(`unsupported digest encoding ${encoding}`);
      return sha256Hex(text);
    },
  };
  return hash;
}
