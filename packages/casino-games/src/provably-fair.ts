/**
 * Provably fair randomness (SPEC.md PF-1..PF-7). Every outcome of every game is a pure function of
 * (serverSeed, clientSeed, nonce): the server commits to SHA-256(serverSeed) before the round, reveals
 * serverSeed after it, and anyone can recompute the outcome with the algorithm below.
 *
 * Bytes: HMAC-SHA256(key = UTF-8(serverSeed), message = UTF-8(`${clientSeed}:${nonce}:${cursor}`)) for
 * cursor = 0, 1, 2, … concatenated. Integers: 4 bytes big-endian, uniform in [0, n) by rejection (no
 * modulo bias). The generator is deterministic. node:crypto hashes the commitment; the stream's HMAC is
 * computed in-package (hmac-sha256.ts, for speed) and checked against node:crypto in the tests.
 */
import { createHash } from 'node:crypto';
import { hmacKey, hmacSha256Words, type HmacKey } from './hmac-sha256.js';

export interface RoundSeeds {
  /** 64 lowercase hex characters (32 bytes from a CSPRNG, made by the server). Secret until revealed. */
  serverSeed: string;
  /** Chosen by the player (slots) or the table's public seed (shared table rounds). 1–64 characters. */
  clientSeed: string;
  /** Counts the rounds played on one (serverSeed, clientSeed) pair: 0, 1, 2, … */
  nonce: number;
}

export const SEED_REASONS = ['INVALID_SERVER_SEED', 'INVALID_CLIENT_SEED', 'INVALID_NONCE'] as const;
export type SeedReason = (typeof SEED_REASONS)[number];

const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
// Printable characters only, so a seed can be typed into the verify page and shown without ambiguity.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const MAX_CLIENT_SEED_LENGTH = 64;

/** PF-1: null when the seeds are well formed, else the first reason in SEED_REASONS order. */
export function checkSeeds(seeds: RoundSeeds): SeedReason | null {
  if (typeof seeds.serverSeed !== 'string' || !SERVER_SEED_PATTERN.test(seeds.serverSeed)) return 'INVALID_SERVER_SEED';
  if (
    typeof seeds.clientSeed !== 'string' ||
    seeds.clientSeed.length === 0 ||
    seeds.clientSeed.length > MAX_CLIENT_SEED_LENGTH ||
    CONTROL_CHARACTERS.test(seeds.clientSeed)
  ) {
    return 'INVALID_CLIENT_SEED';
  }
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) return 'INVALID_NONCE';
  return null;
}

function assertSeeds(seeds: RoundSeeds): void {
  const reason = checkSeeds(seeds);
  if (reason !== null) throw new Error(`${reason}: seeds must be checked with checkSeeds before a round is played`);
}

/** PF-2: the commitment shown before the round: SHA-256 of the UTF-8 server seed, lowercase hex. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** PF-2: true when the revealed seed matches the hash shown before the round. */
export function verifyServerSeed(serverSeed: string, serverSeedHash: string): boolean {
  return hashServerSeed(serverSeed) === serverSeedHash.toLowerCase();
}

// One server seed is used for many blocks (a slot's seed pair, every block of an Andar Bahar round),
// so its HMAC key states are kept for the next call. Same input, same output: still a pure function.
let cachedSeed = '';
let cachedKey: HmacKey | null = null;

function keyFor(serverSeed: string): HmacKey {
  if (cachedKey === null || cachedSeed !== serverSeed) {
    cachedKey = hmacKey(serverSeed);
    cachedSeed = serverSeed;
  }
  return cachedKey;
}

/** PF-3: block `cursor` of the outcome stream as 8 big-endian words, written into `out`. */
function outcomeWords(seeds: RoundSeeds, cursor: number, out: Int32Array): Int32Array {
  return hmacSha256Words(keyFor(seeds.serverSeed), `${seeds.clientSeed}:${seeds.nonce}:${cursor}`, out);
}

/** PF-3: one 32-byte block of the outcome stream, for the verify page. */
export function outcomeBlock(seeds: RoundSeeds, cursor: number): Buffer {
  assertSeeds(seeds);
  const words = outcomeWords(seeds, cursor, new Int32Array(8));
  const block = Buffer.alloc(32);
  for (let i = 0; i < 8; i += 1) block.writeInt32BE(words[i] as number, 4 * i);
  return block;
}

const TWO_POW_32 = 0x1_0000_0000;
const WORDS_PER_BLOCK = 8;

/**
 * The outcome stream of one round (PF-3..PF-6). Games draw from it in a fixed, documented order, so
 * the same seeds give the same outcome on the server, in the tests and on the verify page.
 */
export class OutcomeStream {
  readonly #seeds: RoundSeeds;
  #cursor = 0;
  readonly #words = new Int32Array(8);
  #word = 0;
  #bytesRead = 0;

  constructor(seeds: RoundSeeds) {
    assertSeeds(seeds);
    this.#seeds = seeds;
    outcomeWords(seeds, 0, this.#words);
  }

  /** PF-4: the next 4 bytes, big-endian. Blocks hold 32 bytes, so a value never spans two blocks. */
  nextUint32(): number {
    if (this.#word === WORDS_PER_BLOCK) {
      this.#cursor += 1;
      outcomeWords(this.#seeds, this.#cursor, this.#words);
      this.#word = 0;
    }
    const value = (this.#words[this.#word] as number) >>> 0;
    this.#word += 1;
    this.#bytesRead += 4;
    return value;
  }

  /**
   * PF-5: a uniform integer in [0, n) for 1 ≤ n ≤ 2^32, without modulo bias: values at or above the
   * largest multiple of n that fits in 32 bits are thrown away and the next 4 bytes are drawn.
   */
  nextInt(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1 || n > TWO_POW_32)
      throw new Error(`nextInt: n must be an integer in 1..2^32, got ${n}`);
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    for (;;) {
      const value = this.nextUint32();
      if (value < limit) return value % n;
    }
  }

  /** PF-6: a uniform float in [0, 1) with 32 bits of resolution: uint32 / 2^32. */
  nextFloat(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /** PF-6: an index into `weights` (non-negative integers, positive sum) with probability weight / sum. */
  nextWeighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let draw = this.nextInt(total);
    for (let i = 0; i < weights.length; i += 1) {
      const w = weights[i] ?? 0;
      if (draw < w) return i;
      draw -= w;
    }
    throw new Error('nextWeighted: unreachable');
  }

  /** How many bytes of the stream this round used (shown on the verify page). */
  get bytesRead(): number {
    return this.#bytesRead;
  }
}

export function createOutcomeStream(seeds: RoundSeeds): OutcomeStream {
  return new OutcomeStream(seeds);
}

/**
 * PF-7: a Fisher–Yates shuffle of [0, 1, …, size − 1] run one step at a time: step i (i = 0, 1, …)
 * swaps position i with position i + nextInt(size − i) and hands out position i, which is final from
 * then on. So the first k cards of a full shuffle and k cards dealt one by one are the same cards,
 * and a game that stops early (Andar Bahar) uses only the draws it needs. The last position of the
 * shoe needs no draw.
 */
export class ShuffleDealer {
  readonly #stream: OutcomeStream;
  readonly #deck: Uint16Array | number[];
  #dealt = 0;

  constructor(stream: OutcomeStream, size: number) {
    if (!Number.isSafeInteger(size) || size < 1) throw new Error('ShuffleDealer: size must be a positive integer');
    this.#stream = stream;
    this.#deck = size <= 0xffff ? new Uint16Array(size) : new Array<number>(size);
    for (let i = 0; i < size; i += 1) this.#deck[i] = i;
  }

  get remaining(): number {
    return this.#deck.length - this.#dealt;
  }

  next(): number {
    const i = this.#dealt;
    const size = this.#deck.length;
    if (i >= size) throw new Error('ShuffleDealer: the shoe is empty');
    if (i < size - 1) {
      const j = i + this.#stream.nextInt(size - i);
      const held = this.#deck[i] as number;
      this.#deck[i] = this.#deck[j] as number;
      this.#deck[j] = held;
    }
    this.#dealt += 1;
    return this.#deck[i] as number;
  }
}

/** PF-7: the first `count` positions of a shuffle of `size`. */
export function shuffleFirst(stream: OutcomeStream, size: number, count: number): number[] {
  if (!Number.isSafeInteger(count) || count < 0 || count > size)
    throw new Error('shuffleFirst: count must be in 0..size');
  const dealer = new ShuffleDealer(stream, size);
  const out = new Array<number>(count);
  for (let k = 0; k < count; k += 1) out[k] = dealer.next();
  return out;
}

/** PF-7: the full shuffle (every position), for the verify page. */
export function shuffle(stream: OutcomeStream, size: number): number[] {
  return shuffleFirst(stream, size, size);
}
