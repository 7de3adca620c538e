// Positions and exposure: a player's matched lines on a market, the exposure they hold and what a command changed.
// Everything outside positions/ enters here.
export { emptyChanges, knowPositions, knowRows, mergeChanges, resetChanges } from './changes.js';
export type { ChangeSet, KnownRows } from './changes.js';
export {
  LIVE,
  addLine,
  bookmakerLine,
  exchangeFillLine,
  exposureOf,
  fancyExposureOfBets,
  positionExposure,
  refreshExposures,
  remainingPaise,
  writeExposureRow,
} from './exposure.js';
export type { PositionDeltas } from './exposure.js';
export { staleExchangeRows } from './exposure-rows.js';
export type { ExposureRow, StaleRow } from './exposure-rows.js';
export { readHeldPlayers, readPositions } from './positions-repository.js';
export {
  createPositionsService,
  fancyBetOf,
  heldPositionsOf,
  positionLines,
  shownOf,
  shownOfHeld,
} from './positions-service.js';
export type { PositionsService, ShownPosition } from './positions-service.js';
