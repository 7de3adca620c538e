import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash, createHmac } from 'node:crypto';
import {
  checkSeeds,
  createOutcomeStream,
  hashServerSeed,
  outcomeBlock,
  shuffle,
  shuffleFirst,
  verifyServerSeed,
  type RoundSeeds,
} from './index.js';
import { seedsArb, serverSeedArb } from './testing/arbitraries.js';
import { hmacKey, hmacSha256Words } from './hmac-sha256.js';

const SEED_ONE = `${'0'.repeat(63)}1`;
const VECTOR: RoundSeeds = { serverSeed: SEED_ONE, clientSeed: 'khel', nonce: 0 };

describe('PF-1 seeds are checked with named reasons', () => {
  it.each<[string, RoundSeeds, string | null]>([
    ['well formed', VECTOR, null],
    ['server seed too short', { ...VECTOR, serverSeed: 'abc' }, 'INVALID_SERVER_SEED'],
    ['server seed upper-case hex', { ...VECTOR, serverSeed: 'A'.repeat(64) }, 'INVALID_SERVER_SEED'],
    ['empty client seed', { ...VECTOR, clientSeed: '' }, 'INVALID_CLIENT_SEED'],
    ['client seed too long', { ...VECTOR, clientSeed: 'x'.repeat(65) }, 'INVALID_CLIENT_SEED'],
    ['client seed with a newline', { ...VECTOR, clientSeed: 'a\nb' }, 'INVALID_CLIENT_SEED'],
    ['negative nonce', { ...VECTOR, nonce: -1 }, 'INVALID_NONCE'],
    ['fractional nonce', { ...VECTOR, nonce: 1.5 }, 'INVALID_NONCE'],
    ['server seed wins precedence', { serverSeed: '', clientSeed: '', nonce: -1 }, 'INVALID_SERVER_SEED'],
  ])('PF-1 %s', (_name, seeds, reason) => expect(checkSeeds(seeds)).toBe(reason));

  it('PF-1 a stream refuses malformed seeds (a caller bug)', () => {
    expect(() => createOutcomeStream({ ...VECTOR, nonce: -1 })).toThrow(/INVALID_NONCE/);
  });
});

describe('PF-2/PF-3 published test vectors (re-checkable with sha256sum and openssl)', () => {
  it('PF-2 hashServerSeed is SHA-256 of the seed text', () => {
    expect(hashServerSeed(SEED_ONE)).toBe('c386d8e8d07342f2e39e189c8e6c57bb205bb373fe4e3a6f69404a8bb767b417');
    expect(verifyServerSeed(SEED_ONE, 'C386D8E8D07342F2E39E189C8E6C57BB205BB373FE4E3A6F69404A8BB767B417')).toBe(true);
    expect(verifyServerSeed(`${'0'.repeat(63)}2`, hashServerSeed(SEED_ONE))).toBe(false);
  });

  it('PF-3 block 0 is HMAC-SHA256(serverSeed, "clientSeed:nonce:0")', () => {
    expect(outcomeBlock(VECTOR, 0).toString('hex')).toBe(
      '10c01a8aa0f572556b10eab41deaad66bfec65965a32c8dacfb7f410c70208af',
    );
  });

  it('PF-4/PF-5/PF-7 first draws of the vector', () => {
    const a = createOutcomeStream(VECTOR);
    expect([a.nextUint32(), a.nextUint32()]).toEqual([0x10c01a8a, 0xa0f57255]);
    const b = createOutcomeStream(VECTOR);
    expect([b.nextInt(52), b.nextInt(51), b.nextInt(6)]).toEqual([2, 43, 0]);
    expect(shuffle(createOutcomeStream(VECTOR), 10)).toEqual([2, 5, 6, 0, 4, 8, 3, 7, 1, 9]);
  });
});

/** An independent re-implementation from the SPEC text, for the property below. */
function referenceUint32s(seeds: RoundSeeds, count: number): number[] {
  const bytes: number[] = [];
  for (let cursor = 0; bytes.length < count * 4; cursor += 1) {
    bytes.push(
      ...createHmac('sha256', Buffer.from(seeds.serverSeed, 'utf8'))
        .update(Buffer.from(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`, 'utf8'))
        .digest(),
    );
  }
  const out: number[] = [];
  for (let i = 0; i < count; i += 1)
    out.push(((bytes[4 * i]! << 24) | (bytes[4 * i + 1]! << 16) | (bytes[4 * i + 2]! << 8) | bytes[4 * i + 3]!) >>> 0);
  return out;
}

const wordsHex = (words: Int32Array): string =>
  Array.from(words, (w) => (w >>> 0).toString(16).padStart(8, '0')).join('');

describe('PF-3 the in-package HMAC-SHA256 equals node:crypto', () => {
  it('PF-3 RFC 4231 test case 2 (key "Jefe")', () => {
    expect(wordsHex(hmacSha256Words(hmacKey('Jefe'), 'what do ya want for nothing?', new Int32Array(8)))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('PF-3 every message length across the padding boundaries, and any Unicode client seed', () => {
    const key = hmacKey(SEED_ONE);
    for (let length = 0; length <= 200; length += 1) {
      const message = 'x'.repeat(length);
      expect(wordsHex(hmacSha256Words(key, message, new Int32Array(8)))).toBe(
        createHmac('sha256', SEED_ONE).update(message, 'utf8').digest('hex'),
      );
    }
    fc.assert(
      fc.property(
        serverSeedArb,
        fc.string({ minLength: 1, maxLength: 64, unit: 'binary' }),
        fc.nat(),
        fc.nat(1_000),
        (serverSeed, clientSeed, nonce, cursor) => {
          const seeds = { serverSeed, clientSeed, nonce };
          fc.pre(checkSeeds(seeds) === null);
          expect(outcomeBlock(seeds, cursor).toString('hex')).toBe(
            createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${cursor}`, 'utf8').digest('hex'),
          );
        },
      ),
      { seed: 107, numRuns: 500 },
    );
  });
});

describe('PF-3..PF-7 properties', () => {
  it('PF-3/PF-4 the stream is the concatenation of blocks for cursor 0, 1, 2, … read 4 bytes at a time', () => {
    fc.assert(
      fc.property(seedsArb, fc.integer({ min: 1, max: 40 }), (seeds, count) => {
        const stream = createOutcomeStream(seeds);
        const got = Array.from({ length: count }, () => stream.nextUint32());
        expect(got).toEqual(referenceUint32s(seeds, count));
        expect(stream.bytesRead).toBe(count * 4);
      }),
      { seed: 101, numRuns: 200 },
    );
  });

  it('PF-5 nextInt stays in range and rejects the biased tail (n = 3·2^30 rejects 1 value in 4)', () => {
    fc.assert(
      fc.property(seedsArb, fc.integer({ min: 1, max: 2 ** 32 }), (seeds, n) => {
        const value = createOutcomeStream(seeds).nextInt(n);
        expect(Number.isInteger(value) && value >= 0 && value < n).toBe(true);
      }),
      { seed: 102, numRuns: 300 },
    );
    // n = 3·2^30: limit = 2^32 − 2^30, so any uint32 ≥ 3·2^30 is thrown away.
    fc.assert(
      fc.property(seedsArb, (seeds) => {
        const n = 3 * 2 ** 30;
        const raw = referenceUint32s(seeds, 20);
        const expected = raw.find((x) => x < n);
        if (expected === undefined) return;
        const stream = createOutcomeStream(seeds);
        expect(stream.nextInt(n)).toBe(expected % n);
        expect(stream.bytesRead).toBe((raw.indexOf(expected) + 1) * 4);
      }),
      { seed: 103, numRuns: 200 },
    );
  });

  it.each([0, -1, 1.5, 2 ** 32 + 1])('PF-5 nextInt(%s) is a caller bug', (n) => {
    expect(() => createOutcomeStream(VECTOR).nextInt(n)).toThrow();
  });

  it('PF-6 nextFloat is in [0, 1) and nextWeighted never picks a zero weight', () => {
    fc.assert(
      fc.property(
        seedsArb,
        fc.array(fc.nat(5), { minLength: 1, maxLength: 8 }).filter((w) => w.some((x) => x > 0)),
        (seeds, weights) => {
          const stream = createOutcomeStream(seeds);
          const f = stream.nextFloat();
          expect(f >= 0 && f < 1).toBe(true);
          const index = stream.nextWeighted(weights);
          expect(weights[index]).toBeGreaterThan(0);
        },
      ),
      { seed: 104, numRuns: 300 },
    );
  });

  it('PF-7 a shuffle is a permutation, and its first k cards equal a k-card partial shuffle', () => {
    fc.assert(
      fc.property(seedsArb, fc.integer({ min: 1, max: 104 }), fc.nat(104), (seeds, size, k) => {
        const count = Math.min(k, size);
        const full = shuffle(createOutcomeStream(seeds), size);
        expect([...full].sort((a, b) => a - b)).toEqual(Array.from({ length: size }, (_, i) => i));
        expect(shuffleFirst(createOutcomeStream(seeds), size, count)).toEqual(full.slice(0, count));
      }),
      { seed: 105, numRuns: 200 },
    );
  });

  it('PF-2 a different seed never verifies against another seed’s hash', () => {
    fc.assert(
      fc.property(seedsArb, seedsArb, (a, b) => {
        fc.pre(a.serverSeed !== b.serverSeed);
        expect(verifyServerSeed(b.serverSeed, hashServerSeed(a.serverSeed))).toBe(false);
        expect(hashServerSeed(a.serverSeed)).toBe(createHash('sha256').update(a.serverSeed).digest('hex'));
      }),
      { seed: 106, numRuns: 100 },
    );
  });
});
