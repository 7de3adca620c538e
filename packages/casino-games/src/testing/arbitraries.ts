/** Shared fast-check arbitraries for this package's tests (not part of the public entry). */
import fc from 'fast-check';
import type { RoundSeeds } from '../index.js';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export const serverSeedArb: fc.Arbitrary<string> = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((b) => Buffer.from(b).toString('hex'));

export const seedsArb: fc.Arbitrary<RoundSeeds> = fc.record({
  serverSeed: serverSeedArb,
  clientSeed: fc
    .string({ minLength: 1, maxLength: 64, unit: 'grapheme-ascii' })
    .filter((s) => !CONTROL_CHARACTERS.test(s)),
  nonce: fc.nat({ max: 1_000_000_000 }),
});
