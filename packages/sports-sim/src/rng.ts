/**
 * A tiny seeded PRNG (mulberry32). Every simulation function takes an `Rng` argument instead of
 * calling Math.random, so a match is a pure function of its seed and can be replayed (SIM-1).
 * The whole generator state is one unsigned 32-bit integer: `rng.state()` is plain JSON, and
 * `createRng(saved)` resumes the exact same stream after a restart (SIM-2).
 */
export interface Rng {
  /** A uniform integer in 0 … 2^32 − 1. */
  nextUint32(): number;
  /** A uniform float in [0, 1). */
  nextFloat(): number;
  /** The state to persist; `createRng(state)` continues the same stream. */
  state(): number;
}

export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const nextUint32 = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    nextUint32,
    nextFloat: () => nextUint32() / 4_294_967_296,
    state: () => s,
  };
}

/** A uniform integer in min … max inclusive. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng.nextFloat() * (max - min + 1));
}

/** Index drawn from unnormalised non-negative weights. */
export function pickWeighted(rng: Rng, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let x = rng.nextFloat() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i] as number;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/**
 * A 32-bit seed from any text (FNV-1a), so each event of the feed gets its own independent stream:
 * `createRng(seedFrom(feedSeed, eventId))`.
 */
export function seedFrom(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  const text = parts.join('\u0000');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
