import { combineLimits } from '@khel/exchange';
import type { Acceptance, BetRejectReason, StakeLimits } from '@khel/exchange';
import type { ErrorCode, MarketType } from '@khel/contract';
import type { Queryable } from '../../../db/database.js';
import { AppError } from '../../../lib/app-error.js';
import { limitRulesForBet } from '../../agents/downline-limits-service.js';
import type { BatchWrites } from '../writer/index.js';
import type { MarketRow } from '../sports-repository.js';

/** Each refusal of the engine's acceptance checks as the catalogue error the player hears. */
const REASON_TO_ERROR = {
  BETTING_BLOCKED: 'BETTING_BLOCKED',
  MARKET_TYPE_LOCKED: 'MARKET_TYPE_LOCKED',
  MARKET_CLOSED: 'MARKET_CLOSED',
  MARKET_SUSPENDED: 'MARKET_SUSPENDED',
  RUNNER_SUSPENDED: 'MARKET_SUSPENDED',
  UNKNOWN_RUNNER: 'VALIDATION_FAILED',
  ODDS_CHANGED: 'ODDS_CHANGED',
  PRICE_NOT_ON_LADDER: 'PRICE_NOT_ON_LADDER',
  INVALID_STAKE: 'VALIDATION_FAILED',
  BELOW_MIN_STAKE: 'BELOW_MIN_STAKE',
  ABOVE_MAX_STAKE: 'ABOVE_MAX_STAKE',
  ABOVE_MAX_PROFIT: 'ABOVE_MAX_PROFIT',
} as const satisfies Record<BetRejectReason, ErrorCode>;

export function marketLimitsOf(market: MarketRow): StakeLimits {
  return {
    minStakePaise: market.min_stake_paise,
    maxStakePaise: market.max_stake_paise,
    maxProfitPaise: market.max_profit_paise,
  };
}

/**
 * The limits a bet of `userId` is checked against: the market's own combined with every rule, block
 * and lock the account's upline chain hangs on it for the market's sport, event and type (decisions
 * 0020, 0064). The engine then decides the refusal.
 */
export async function limitsForBet(
  tx: Queryable,
  userId: string,
  market: MarketRow,
  cache?: BatchWrites,
): Promise<StakeLimits> {
  const read = () => limitRulesForBet(tx, userId, market.event_id, market.type);
  return combineLimits(
    marketLimitsOf(market),
    cache === undefined ? await read() : await cache.limitRules(userId, market.event_id, market.type, read),
  );
}

const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/** The market types as the agent panels name them (a lock's message names the one locked). */
export const MARKET_TYPE_NAMES: Record<MarketType, string> = {
  EXCHANGE: 'Match odds',
  BOOKMAKER: 'Bookmaker',
  FANCY: 'Fancy',
};

/**
 * Throws the catalogue error of a refused bet; stake limits name the figure that applies to this
 * account, a lock the market type it holds.
 */
export function refuseUnlessAccepted(acceptance: Acceptance, limits: StakeLimits, marketType: MarketType): void {
  if (acceptance.accepted) return;
  const { reason } = acceptance;
  if (reason === 'MARKET_TYPE_LOCKED')
    throw new AppError(reason, `${MARKET_TYPE_NAMES[marketType]} betting is locked for your account`);
  if (reason === 'BELOW_MIN_STAKE') throw new AppError(reason, `Minimum stake is ${rupees(limits.minStakePaise)}`);
  if (reason === 'ABOVE_MAX_STAKE') throw new AppError(reason, `Maximum stake is ${rupees(limits.maxStakePaise)}`);
  if (reason === 'UNKNOWN_RUNNER') throw new AppError('VALIDATION_FAILED', 'Choose a selection');
  throw new AppError(REASON_TO_ERROR[reason]);
}
