/**
 * @khel/sports-sim — the one public entry. Pure, seeded simulation for the demo feed: no I/O, no
 * clock; randomness only through an explicit `Rng`. Rules are in SPEC.md; tests cite their ids.
 */
export { createRng, pickWeighted, randomInt, seedFrom, type Rng } from './rng.js';
