/**
 * Bookmaker and fancy bets are against the house and fill at once at the live quote, or not at all
 * (PRODUCT.md §4). These pure functions answer whether a bet request is accepted against the quote
 * the server holds at the moment of the check. Stake and profit limits come in as arguments because
 * they are configured per market type and overridden per sport, event and market.
 */
import { backProfitPaise, isOnLadder, percentProfitPaise } from '@khel/money';
import { isValidStakePaise, type BetRejectReason } from './reason-codes.js';

export type QuoteStatus = 'open' | 'suspended' | 'closed';

export interface StakeLimits {
  minStakePaise: number;
  maxStakePaise: number;
  /** Largest amount the bet may win. */
  maxProfitPaise: number;
  /** An upline blocked the market's sport or event for this account (decision 0020). */
  blocked?: boolean;
  /** An upline locked the market's type (match odds, bookmaker or fancy) for this account (decision 0064). */
  locked?: boolean;
}

/** One upline's rule for an account's bets on a sport; a missing figure leaves that limit alone. */
export interface LimitRule {
  minStakePaise?: number | null;
  maxStakePaise?: number | null;
  maxProfitPaise?: number | null;
  blocked?: boolean;
  locked?: boolean;
}

/**
 * The limits a bet is checked against: the market's own, tightened by every rule of the account's
 * upline chain (the highest minimum, the lowest maximum and profit cap); a block or a lock anywhere
 * blocks or locks.
 */
export function combineLimits(market: StakeLimits, rules: readonly LimitRule[]): StakeLimits {
  let { minStakePaise, maxStakePaise, maxProfitPaise } = market;
  let blocked = market.blocked === true;
  let locked = market.locked === true;
  for (const rule of rules) {
    if (rule.minStakePaise !== undefined && rule.minStakePaise !== null)
      minStakePaise = Math.max(minStakePaise, rule.minStakePaise);
    if (rule.maxStakePaise !== undefined && rule.maxStakePaise !== null)
      maxStakePaise = Math.min(maxStakePaise, rule.maxStakePaise);
    if (rule.maxProfitPaise !== undefined && rule.maxProfitPaise !== null)
      maxProfitPaise = Math.min(maxProfitPaise, rule.maxProfitPaise);
    blocked ||= rule.blocked === true;
    locked ||= rule.locked === true;
  }
  return { minStakePaise, maxStakePaise, maxProfitPaise, blocked, locked };
}

export type Acceptance = { accepted: true } | { accepted: false; reason: BetRejectReason };

/**
 * The player's odds-change preference for bookmaker and fancy bets (issue 13): take the bet only at
 * the exact price asked (the default), also at a better one, or at any better one and a worse one up
 * to `ticks` ticks away. A tick of a percent rate (bookmaker, and the rate of a fancy line) is one
 * point: 100 hundredths (45 → 46). A tick of a fancy line is one run. A fancy bet must be within the
 * allowance on its line and on its rate, each on its own. The bet is always taken at the live quote.
 */
export type OddsChangePreference = { mode: 'exact' } | { mode: 'better' } | { mode: 'ticks'; ticks: number };
export const EXACT_ODDS_ONLY: OddsChangePreference = { mode: 'exact' };
export const RATE_TICK_HUNDREDTHS = 100;
export const LINE_TICK_RUNS = 1;

/** Whether a price `worseBy` units worse than asked (negative: better) is within the preference. */
function withinPreference(worseBy: number, tick: number, preference: OddsChangePreference): boolean {
  if (worseBy === 0) return true;
  if (preference.mode === 'exact') return false;
  if (worseBy < 0) return true;
  return preference.mode === 'ticks' && worseBy <= preference.ticks * tick;
}

/** An accepted bookmaker or fancy bet carries the live price it is taken at. */
export type QuoteAcceptance =
  | { accepted: true; rateHundredths: number; lineRuns: number | null }
  | { accepted: false; reason: BetRejectReason };

const ACCEPTED: Acceptance = { accepted: true };

function refuse(reason: BetRejectReason): { accepted: false; reason: BetRejectReason } {
  return { accepted: false, reason };
}

/** LIM-2, LIM-4: whether the account may bet here at all, before anything about the market. */
function accountRefusal(limits: StakeLimits): { accepted: false; reason: BetRejectReason } | null {
  if (limits.blocked === true) return refuse('BETTING_BLOCKED');
  if (limits.locked === true) return refuse('MARKET_TYPE_LOCKED');
  return null;
}

/** Percent rates in hundredths: a bookmaker rate of 45 (win ₹45 per ₹100) is 4500. */
export interface BookmakerRunnerQuote {
  runnerId: string;
  /** null when the house is not offering that side (shown as a suspended cell). */
  backRateHundredths: number | null;
  layRateHundredths: number | null;
  suspended?: boolean;
}

export interface BookmakerQuote {
  status: QuoteStatus;
  runners: readonly BookmakerRunnerQuote[];
}

export interface BookmakerBetRequest {
  runnerId: string;
  side: 'back' | 'lay';
  /** The rate the player saw and asked for. */
  rateHundredths: number;
  stakePaise: number;
}

/** What a bookmaker bet can win: a back wins rate × stake, a lay wins the backer's stake. */
export function bookmakerProfitPaise(side: 'back' | 'lay', rateHundredths: number, stakePaise: number): number {
  return side === 'back' ? percentProfitPaise(rateHundredths, stakePaise) : stakePaise;
}

function checkStake(stakePaise: number, profitPaise: number, limits: StakeLimits): Acceptance {
  if (!isValidStakePaise(stakePaise)) return refuse('INVALID_STAKE');
  if (stakePaise < limits.minStakePaise) return refuse('BELOW_MIN_STAKE');
  if (stakePaise > limits.maxStakePaise) return refuse('ABOVE_MAX_STAKE');
  if (profitPaise > limits.maxProfitPaise) return refuse('ABOVE_MAX_PROFIT');
  return ACCEPTED;
}

/**
 * BMK-1..BMK-4: accept a bookmaker bet at the live rate when it is the rate asked or, as the player's
 * preference allows, a better or slightly worse one (a back is better at a higher rate, a lay at a
 * lower one: it risks rate × stake); inside the limits, judged at the live rate.
 */
export function checkBookmakerBet(
  quote: BookmakerQuote,
  request: BookmakerBetRequest,
  limits: StakeLimits,
  preference: OddsChangePreference = EXACT_ODDS_ONLY,
): QuoteAcceptance {
  const refusal = accountRefusal(limits);
  if (refusal !== null) return refusal;
  if (quote.status === 'closed') return refuse('MARKET_CLOSED');
  if (quote.status === 'suspended') return refuse('MARKET_SUSPENDED');
  const runner = quote.runners.find((candidate) => candidate.runnerId === request.runnerId);
  if (runner === undefined) return refuse('UNKNOWN_RUNNER');
  const liveRate = request.side === 'back' ? runner.backRateHundredths : runner.layRateHundredths;
  if (runner.suspended === true || liveRate === null) return refuse('RUNNER_SUSPENDED');
  const worseBy = request.side === 'back' ? request.rateHundredths - liveRate : liveRate - request.rateHundredths;
  if (!withinPreference(worseBy, RATE_TICK_HUNDREDTHS, preference)) return refuse('ODDS_CHANGED');
  return taken(
    checkStake(request.stakePaise, bookmakerProfitPaise(request.side, liveRate, request.stakePaise), limits),
    liveRate,
    null,
  );
}

function taken(acceptance: Acceptance, rateHundredths: number, lineRuns: number | null): QuoteAcceptance {
  return acceptance.accepted ? { accepted: true, rateHundredths, lineRuns } : acceptance;
}

/** A fancy quote: NO and YES lines in runs, each with a rate in hundredths (100 = even money = 10000). */
export interface FancyQuote {
  status: QuoteStatus;
  noLineRuns: number | null;
  noRateHundredths: number | null;
  yesLineRuns: number | null;
  yesRateHundredths: number | null;
}

export interface FancyBetRequest {
  side: 'yes' | 'no';
  lineRuns: number;
  rateHundredths: number;
  stakePaise: number;
}

/** What a fancy bet can win: YES wins rate × stake, NO wins the stake (PRODUCT.md §4). */
export function fancyProfitPaise(side: 'yes' | 'no', rateHundredths: number, stakePaise: number): number {
  return side === 'yes' ? percentProfitPaise(rateHundredths, stakePaise) : stakePaise;
}

/**
 * FAN-1..FAN-3: accept a fancy bet at the live line and rate when they are the ones asked or, as the
 * preference allows, better or slightly worse: YES is better at a lower line and a higher rate, NO at a
 * higher line and a lower rate (NO risks rate × stake). Limits are judged at the live rate.
 */
export function checkFancyBet(
  quote: FancyQuote,
  request: FancyBetRequest,
  limits: StakeLimits,
  preference: OddsChangePreference = EXACT_ODDS_ONLY,
): QuoteAcceptance {
  const refusal = accountRefusal(limits);
  if (refusal !== null) return refusal;
  if (quote.status === 'closed') return refuse('MARKET_CLOSED');
  if (quote.status === 'suspended') return refuse('MARKET_SUSPENDED');
  const liveLine = request.side === 'yes' ? quote.yesLineRuns : quote.noLineRuns;
  const liveRate = request.side === 'yes' ? quote.yesRateHundredths : quote.noRateHundredths;
  if (liveLine === null || liveRate === null) return refuse('RUNNER_SUSPENDED');
  const yes = request.side === 'yes';
  const lineWorseBy = yes ? liveLine - request.lineRuns : request.lineRuns - liveLine;
  const rateWorseBy = yes ? request.rateHundredths - liveRate : liveRate - request.rateHundredths;
  if (
    !withinPreference(lineWorseBy, LINE_TICK_RUNS, preference) ||
    !withinPreference(rateWorseBy, RATE_TICK_HUNDREDTHS, preference)
  )
    return refuse('ODDS_CHANGED');
  return taken(
    checkStake(request.stakePaise, fancyProfitPaise(request.side, liveRate, request.stakePaise), limits),
    liveRate,
    liveLine,
  );
}

export interface ExchangeBetRequest {
  /** False when the selection is not one of the market's runners. */
  runnerKnown: boolean;
  side: 'back' | 'lay';
  priceHundredths: number;
  stakePaise: number;
}

/**
 * Whether an exchange offer may go to the book at all, checked before the matching engine sees it:
 * the account's blocks, the market's state, the runner, the ladder, then the stake and the profit
 * (a back wins (odds − 1) × stake, a lay wins the backer's stake) against the combined limits.
 */
export function checkExchangeBet(status: QuoteStatus, request: ExchangeBetRequest, limits: StakeLimits): Acceptance {
  const refusal = accountRefusal(limits);
  if (refusal !== null) return refusal;
  if (status === 'closed') return refuse('MARKET_CLOSED');
  if (status === 'suspended') return refuse('MARKET_SUSPENDED');
  if (!request.runnerKnown) return refuse('UNKNOWN_RUNNER');
  if (!isOnLadder(request.priceHundredths)) return refuse('PRICE_NOT_ON_LADDER');
  if (!isValidStakePaise(request.stakePaise)) return refuse('INVALID_STAKE');
  const profit =
    request.side === 'back' ? backProfitPaise(request.priceHundredths, request.stakePaise) : request.stakePaise;
  return checkStake(request.stakePaise, profit, limits);
}
