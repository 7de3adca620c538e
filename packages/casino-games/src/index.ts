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
export { addRatios, ratio, ratioToNumber, ratiosEqual, type Ratio } from './ratio.js';
export {
  MAX_SLOT_MULTIPLIER_HUNDREDTHS,
  MAX_SLOT_STAKE_PAISE,
  SLOT_CONFIG_PROBLEMS,
  SLOT_SPIN_REASONS,
  checkSlotStake,
  drawSlotStops,
  evaluateSlotStops,
  slotTheory,
  spinSlot,
  theoreticalRtp,
  validateSlotConfig,
  type SlotConfig,
  type SlotConfigProblem,
  type SlotLineWin,
  type SlotOutcomeProbability,
  type SlotScatterWin,
  type SlotSpin,
  type SlotSpinReason,
  type SlotSymbol,
  type SlotSymbolKind,
  type SlotTheory,
  type StakeLimits,
} from './slot.js';
export { DEFAULT_SLOT_CONFIG, TWENTY_PAYLINES, buildReelStrip } from './slot-default-config.js';
