import type { Paise } from './paise.js';

/**
 * Partnership and commission down the agent tree (PRODUCT.md §9, decision 0020).
 *
 * Rates are basis points (10000 = 100 %). Both are cumulative, as the panels agents know them: an
 * agent's partnership is the share of its downline's P&L held by the agent and every agent below it
 * on the way to the player, so it is never above its upline's (the upline gives part of its own).
 * An agent keeps its own rate minus the rate of the next agent down the path (the whole rate when
 * the player is its direct downline); the DIRECTOR, at 100 %, keeps the rest.
 *
 * Rounding: each level's cumulative amount is the P&L × its rate rounded toward zero, and each
 * level's share is the difference between its cumulative amount and the one below it. The shares
 * telescope, so they sum to the bet's P&L exactly, paisa for paisa, and every share has the sign of
 * the P&L (the rounded paise end at the DIRECTOR).
 */
export type BasisPoints = number;
export const FULL_SHARE_BP: BasisPoints = 10_000;

export function isBasisPoints(value: unknown, max: BasisPoints = FULL_SHARE_BP): value is BasisPoints {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;
}

/** amount × rate / 10000, rounded toward zero, exact for any safe-integer amount (BigInt inside). */
export function basisPointsOf(amountPaise: Paise, rateBp: BasisPoints): Paise {
  return Number((BigInt(amountPaise) * BigInt(rateBp)) / BigInt(FULL_SHARE_BP));
}

/**
 * Rates as they can take effect: walking from the top, each agent's rate is capped by its upline's,
 * so a chain stored out of order (an upline lowered after its downline was set) never pays a level
 * a negative share. `chainBp` is nearest agent first; `topBp` is the DIRECTOR's (or the house's) own.
 */
export function effectiveRates(chainBp: readonly BasisPoints[], topBp: BasisPoints): BasisPoints[] {
  const out = new Array<BasisPoints>(chainBp.length);
  let cap = topBp;
  for (let index = chainBp.length - 1; index >= 0; index -= 1) {
    cap = Math.min(cap, Math.max(0, chainBp[index] as number));
    out[index] = cap;
  }
  return out;
}

/**
 * Splits one amount (a bet's or round's P&L from the house's side, or a commission base) along an
 * upline chain. `chainBp` lists the agents' cumulative rates nearest first; the answer has one share
 * per agent in the same order, then the top's share last. The shares sum to `amountPaise` exactly.
 */
export function splitAlongChain(
  amountPaise: Paise,
  chainBp: readonly BasisPoints[],
  topBp: BasisPoints = FULL_SHARE_BP,
): Paise[] {
  const rates = effectiveRates(chainBp, topBp);
  const shares: Paise[] = [];
  let below = 0;
  for (const rate of rates) {
    const cumulative = basisPointsOf(amountPaise, rate);
    shares.push(cumulative - below);
    below = cumulative;
  }
  shares.push(amountPaise - below);
  return shares;
}

/**
 * Exchange net winnings, as Betfair charges commission: per player and per market, the sum of the
 * player's results on that market; only a positive sum counts (a market lost nets to nothing, and a
 * loss on one market does not offset a win on another).
 */
export function marketNetWinningsPaise(betResultsPaise: readonly Paise[]): Paise {
  const net = betResultsPaise.reduce((sum, value) => sum + value, 0);
  return net > 0 ? net : 0;
}

/**
 * The commission earned along a chain on one market's net winnings: the cumulative rate of each
 * agent (capped by the house's rate, `topBp`), shared the same way as partnership. The last element
 * is what the house keeps of its own commission.
 */
export function splitCommission(
  netWinningsPaise: Paise,
  chainBp: readonly BasisPoints[],
  houseRateBp: BasisPoints,
): Paise[] {
  const houseCommission = basisPointsOf(netWinningsPaise, houseRateBp);
  const rates = effectiveRates(chainBp, houseRateBp);
  const shares: Paise[] = [];
  let below = 0;
  for (const rate of rates) {
    const cumulative = basisPointsOf(netWinningsPaise, rate);
    shares.push(cumulative - below);
    below = cumulative;
  }
  shares.push(houseCommission - below);
  return shares;
}
