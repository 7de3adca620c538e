/**
 * Named result codes. Each list is ordered by precedence: when several apply to one command, the
 * engine reports the first one listed, so the answer never depends on the order checks happen to run
 * in. The order is: the command's place in the stream, then the market's state, then what the
 * request points at (runner, offer), then the price, then the amount.
 */

/** Why the exchange engine refused a command (rejected event). */
export const REJECT_REASONS = [
  'STALE_SEQUENCE',
  'MARKET_CLOSED',
  'MARKET_SUSPENDED',
  'MARKET_NOT_SUSPENDED',
  'MARKET_ALREADY_IN_PLAY',
  'MARKET_VERSION_CHANGED',
  'UNKNOWN_RUNNER',
  'DUPLICATE_OFFER_ID',
  'OFFER_NOT_OPEN',
  'NOT_OFFER_OWNER',
  'PRICE_NOT_ON_LADDER',
  'INVALID_STAKE',
  'INVALID_REDUCTION',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** Why an accepted offer's unmatched remainder was taken off the book by the market, not its owner. */
export const LAPSE_REASONS = ['MARKET_CLOSED', 'MARKET_SUSPENDED', 'MARKET_TURNED_IN_PLAY'] as const;
export type LapseReason = (typeof LAPSE_REASONS)[number];

/**
 * Why a bookmaker, fancy or exchange bet was refused before it reaches the book (acceptance.ts).
 * First whether the account may bet on this market at all (an upline blocked its sport or event, or
 * locked its market type: nothing about the market is then the player's business; the block is the
 * wider of the two), then the market's state, the runner, the price, the amount.
 */
export const BET_REJECT_REASONS = [
  'BETTING_BLOCKED',
  'MARKET_TYPE_LOCKED',
  'MARKET_CLOSED',
  'MARKET_SUSPENDED',
  'UNKNOWN_RUNNER',
  'RUNNER_SUSPENDED',
  'ODDS_CHANGED',
  'PRICE_NOT_ON_LADDER',
  'INVALID_STAKE',
  'BELOW_MIN_STAKE',
  'ABOVE_MAX_STAKE',
  'ABOVE_MAX_PROFIT',
] as const;
export type BetRejectReason = (typeof BET_REJECT_REASONS)[number];

/**
 * Largest stake one offer or bet may carry: ₹10 crore. Chosen so that (odds − 1) × stake at the top of
 * the ladder (999 × 10^10 hundredth-paise ≈ 10^15) stays an exact integer in a JavaScript number.
 */
export const MAX_STAKE_PAISE = 10_000_000_000;

export function isValidStakePaise(stakePaise: number): boolean {
  return Number.isSafeInteger(stakePaise) && stakePaise > 0 && stakePaise <= MAX_STAKE_PAISE;
}
