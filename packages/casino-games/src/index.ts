/**
 * @khel/casino-games — the one public entry. Pure, provably fair house casino games: seeds and times
 * come in as arguments, outcomes come out. Rules are in SPEC.md; tests cite their ids.
 */
export {
  MAX_CLIENT_SEED_LENGTH,
  OutcomeStream,
  SEED_REASONS,
  checkSeeds,
  createOutcomeStream,
  hashServerSeed,
  outcomeBlock,
  shuffle,
  shuffleFirst,
  verifyServerSeed,
  type RoundSeeds,
  type SeedReason,
} from './provably-fair.js';
