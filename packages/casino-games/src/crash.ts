/**
 * Crash (SPEC.md CR-1..CR-5): the provably fair part. A chain of server seeds, each the SHA-256 of
 * the next, is committed by its last hash before the first round; rounds use the chain backwards, so
 * every revealed seed hashes to the one before it and, in the end, to the commitment. The crash point
 * comes from the round's seed by the PF-3 stream with a configured house edge; its distribution is
 * exact: P(crash ≥ m) = ⌊(10000 − edge)·2⁵² / (100·m)⌋ / 2⁵² for m in hundredths.
 */
import { createOutcomeStream, hashServerSeed } from './provably-fair.js';
import { ratio, type Ratio } from './ratio.js';

/** The crash point never exceeds 10,000× (a cap that bounds any one payout). */
export const MAX_CRASH_HUNDREDTHS = 1_000_000;
const TWO_POW_52 = 2n ** 52n;

/** CR-1: the seed chain's commitment: hash applied `length` times to the chain's last seed. */
export function crashChainCommitment(terminalSeed: string, length: number): string {
  let seed = terminalSeed;
  for (let i = 0; i < length; i += 1) seed = hashServerSeed(seed);
  return seed;
}

/** CR-1: the seed of round `roundIndex` (1 … length): hash applied (length − roundIndex) times to the terminal seed. */
export function crashChainSeed(terminalSeed: string, length: number, roundIndex: number): string {
  if (!Number.isSafeInteger(roundIndex) || roundIndex < 1 || roundIndex > length)
    throw new Error(`round ${roundIndex} is outside the chain of ${length}`);
  return crashChainCommitment(terminalSeed, length - roundIndex);
}

/**
 * CR-1: every round's seed of a chain (index 0 is round 1) and its commitment, in one walk of `length` hashes:
 * a game keeps them while it plays the chain, so a round costs no hashing (crashChainSeed walks up to
 * `length` hashes each time).
 */
export function crashChainSeeds(terminalSeed: string, length: number): { seeds: string[]; commitment: string } {
  const seeds = new Array<string>(length);
  let seed = terminalSeed;
  for (let roundIndex = length; roundIndex >= 1; roundIndex -= 1) {
    seeds[roundIndex - 1] = seed;
    seed = hashServerSeed(seed);
  }
  return { seeds, commitment: seed };
}

/**
 * CR-2: a revealed seed of round k is genuine when hashing it k times gives the commitment. With the
 * previous round's seed at hand, one hash is enough: hashServerSeed(seed_k) === seed_(k−1).
 */
export function verifyCrashChain(seed: string, roundIndex: number, commitment: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(seed) || !Number.isSafeInteger(roundIndex) || roundIndex < 1 || roundIndex > 10_000_000)
    return false;
  return crashChainCommitment(seed, roundIndex) === commitment.toLowerCase();
}

/**
 * CR-3: the crash point in hundredths from a round's seed and the game's public salt: 52 bits X of
 * the PF-3 stream (the top 20 bits of the first uint32 then the second uint32), D = 2⁵² − X in
 * 1 … 2⁵², crash = clamp(⌊(10000 − edge)·2⁵² / (100·D)⌋, 100, MAX_CRASH_HUNDREDTHS). With a 3 %
 * edge 1 − 0.97/1.01 ≈ 3.96 % of rounds crash at once, at 1.00×.
 */
export function crashPointHundredths(seed: string, salt: string, houseEdgeBasisPoints: number): number {
  const stream = createOutcomeStream({ serverSeed: seed, clientSeed: salt, nonce: 0 });
  const high = stream.nextUint32() >>> 12;
  const low = stream.nextUint32();
  const d = TWO_POW_52 - (BigInt(high) * 4_294_967_296n + BigInt(low));
  const value = (BigInt(10_000 - houseEdgeBasisPoints) * TWO_POW_52) / (100n * d);
  return Number(value > BigInt(MAX_CRASH_HUNDREDTHS) ? BigInt(MAX_CRASH_HUNDREDTHS) : value < 100n ? 100n : value);
}

/** CR-4: P(crash point ≥ m) exactly, for m in hundredths. */
export function crashSurvival(houseEdgeBasisPoints: number, multiplierHundredths: number): Ratio {
  if (multiplierHundredths <= 100) return ratio(1n, 1n);
  if (multiplierHundredths > MAX_CRASH_HUNDREDTHS) return ratio(0n, 1n);
  const count = (BigInt(10_000 - houseEdgeBasisPoints) * TWO_POW_52) / (100n * BigInt(multiplierHundredths));
  return ratio(count > TWO_POW_52 ? TWO_POW_52 : count, TWO_POW_52);
}

/** CR-4: the RTP of a bet with auto cash-out at t (hundredths): t/100 × P(crash ≥ t). About 1 − edge for every t. */
export function crashAutoCashOutRtp(houseEdgeBasisPoints: number, targetHundredths: number): Ratio {
  const survive = crashSurvival(houseEdgeBasisPoints, targetHundredths);
  return ratio(survive.numerator * BigInt(targetHundredths), survive.denominator * 100n);
}

/**
 * CR-5: the multiplier shown `elapsedMs` after take-off, in hundredths: ⌊100·e^(growth·t)⌋ (growth
 * per ms). With the default 0.00012 it doubles in about 5.8 s and reaches 10× in about 19 s.
 */
export function crashMultiplierAt(elapsedMs: number, growthPerMs: number): number {
  return Math.floor(100 * Math.exp(growthPerMs * Math.max(0, elapsedMs)));
}

/** CR-5: the first whole millisecond at which the multiplier reaches m (hundredths). */
export function crashElapsedFor(multiplierHundredths: number, growthPerMs: number): number {
  if (multiplierHundredths <= 100) return 0;
  let ms = Math.max(0, Math.floor(Math.log(multiplierHundredths / 100) / growthPerMs) - 2);
  while (crashMultiplierAt(ms, growthPerMs) < multiplierHundredths) ms += 1;
  return ms;
}
