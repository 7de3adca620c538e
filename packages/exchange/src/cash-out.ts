/**
 * Cash Out (CSH-1..CSH-7). Exchange: a hedge ("green up") that leaves the same result whatever wins,
 * planned against the prices the book offers now. Bookmaker and fancy: the house's value for the
 * position from its live rates or line, less a margin. Pure: the book's depth and the quotes come in
 * as arguments; results are whole paise computed with the settlement's own per-bet maths.
 */
import { fancyOutcomeTable } from './exposure.js';
import { bookmakerBetLine, exchangeBetLine } from './outcomes.js';
import type { FancyBet, RunnerLine } from './outcomes.js';
import type { Side } from './book.js';

/** A price level a hedge can take: decimal odds × 100 and the stake available there (backers' stake). */
export interface HedgeLevel {
  priceHundredths: number;
  amountPaise: number;
}

export interface HedgeRunner {
  runnerId: string;
  /** The player's matched result if this runner wins. */
  outcomePaise: number;
  /** Prices the player can back at (other players' lays), best (highest) first. */
  toBack: readonly HedgeLevel[];
  /** Prices the player can lay at (other players' backs), best (lowest) first. */
  toLay: readonly HedgeLevel[];
}

export interface HedgeFill {
  priceHundredths: number;
  stakePaise: number;
}

export interface HedgeLeg {
  runnerId: string;
  side: Side;
  stakePaise: number;
  /** The worst price the leg may fill at: placed as a limit, it takes exactly the planned levels. */
  limitPriceHundredths: number;
  fills: HedgeFill[];
}

export interface HedgePlan {
  legs: HedgeLeg[];
  /** Each runner's result after the hedge fills as planned. */
  finalPaise: Record<string, number>;
  /** CSH-2: what the cashed-out part is worth, the same whatever wins (within CSH-3's bound). */
  valuePaise: number;
}

/** How a fill of a hedge leg changes the outcomes (exchange fills by default; the house's rates for bookmaker). */
export type HedgeLineOf = (runnerId: string, side: Side, priceHundredths: number, stakePaise: number) => RunnerLine;

const exchangeLineOf: HedgeLineOf = (runnerId, side, priceHundredths, stakePaise) =>
  exchangeBetLine({ runnerId, side, priceHundredths, stakePaise });

/**
 * Takes `pricedPaise` (price × stake, the amount the leg must move its runner against the rest) from
 * the levels, best first. Null when the book is too thin to take it.
 */
function takeLevels(levels: readonly HedgeLevel[], pricedPaise: number): HedgeFill[] | null {
  const fills: HedgeFill[] = [];
  let remaining = pricedPaise;
  for (const level of levels) {
    if (remaining <= 0) break;
    const wanted = (remaining * 100) / level.priceHundredths;
    if (wanted <= level.amountPaise) {
      const stakePaise = Math.round(wanted);
      if (stakePaise > 0) fills.push({ priceHundredths: level.priceHundredths, stakePaise });
      remaining = 0;
    } else {
      fills.push({ priceHundredths: level.priceHundredths, stakePaise: level.amountPaise });
      remaining -= (level.amountPaise * level.priceHundredths) / 100;
    }
  }
  // Less than half a paisa of stake left over is rounding, not missing liquidity.
  return remaining * 100 < 50 * (levels[levels.length - 1]?.priceHundredths ?? 100) ? fills : null;
}

function planFor(
  runners: readonly HedgeRunner[],
  targetPaise: number,
  percent: number,
  lineOf: HedgeLineOf,
): HedgePlan | null {
  const legs: HedgeLeg[] = [];
  for (const runner of runners) {
    // CSH-1: a back on runner i of stake s moves i by price × s against every other runner.
    const move = ((targetPaise - runner.outcomePaise) * percent) / 100;
    if (Math.abs(move) < 0.5) continue;
    const side: Side = move > 0 ? 'back' : 'lay';
    const fills = takeLevels(side === 'back' ? runner.toBack : runner.toLay, Math.abs(move));
    if (fills === null) return null;
    if (fills.length === 0) continue;
    legs.push({
      runnerId: runner.runnerId,
      side,
      stakePaise: fills.reduce((sum, fill) => sum + fill.stakePaise, 0),
      limitPriceHundredths: (fills[fills.length - 1] as HedgeFill).priceHundredths,
      fills,
    });
  }
  const finalPaise: Record<string, number> = {};
  for (const runner of runners) finalPaise[runner.runnerId] = runner.outcomePaise;
  for (const leg of legs) {
    for (const fill of leg.fills) {
      const line = lineOf(leg.runnerId, leg.side, fill.priceHundredths, fill.stakePaise);
      for (const runner of runners)
        finalPaise[runner.runnerId] =
          (finalPaise[runner.runnerId] as number) +
          (runner.runnerId === line.runnerId ? line.ifWinsPaise : line.ifLosesPaise);
    }
  }
  // The value of the part cashed out: what is left once the part kept, (100 − percent) % of each outcome, is taken off.
  const valuePaise = Math.min(
    ...runners.map(
      (runner) => (finalPaise[runner.runnerId] as number) - Math.round(((100 - percent) * runner.outcomePaise) / 100),
    ),
  );
  return { legs, finalPaise, valuePaise };
}

/**
 * CSH-1/CSH-2: the best green-up of `percent` % of a position at the prices given. Any common target
 * C gives a hedge with equal results (leg i moves runner i by C − Oᵢ); the value is piecewise linear
 * in C with its corners where one runner needs no leg, so the best plan is at one of the Oₖ: each is
 * tried and the one worth most is kept (fewer legs on a tie). Null when the book cannot take it or the
 * position is flat already (nothing to hedge).
 */
export function planGreenUp(
  runners: readonly HedgeRunner[],
  percent = 100,
  lineOf: HedgeLineOf = exchangeLineOf,
): HedgePlan | null {
  if (!Number.isInteger(percent) || percent < 1 || percent > 100)
    throw new Error(`cash-out percent ${percent} outside 1–100`);
  let best: HedgePlan | null = null;
  for (const target of new Set(runners.map((runner) => runner.outcomePaise))) {
    const plan = planFor(runners, target, percent, lineOf);
    if (plan === null || plan.legs.length === 0) continue;
    if (
      best === null ||
      plan.valuePaise > best.valuePaise ||
      (plan.valuePaise === best.valuePaise && plan.legs.length < best.legs.length)
    )
      best = plan;
  }
  return best;
}

/**
 * CSH-3: the bound on how far a green-up's results may differ from each other, in paise: each leg's
 * last fill carries the only rounded stake (at most half a paisa, moving its runner by price × ½ and
 * the others by ½) and each fill's winnings are rounded down (at most one paisa).
 */
export function greenUpSpreadBoundPaise(plan: HedgePlan): number {
  return plan.legs.reduce((sum, leg) => sum + Math.ceil(leg.limitPriceHundredths / 100) + leg.fills.length, 0);
}

/** The house's margin on a cash out (CSH-5): a share, in basis points, of the spread between the best and worst outcome. */
export function cashOutMarginPaise(outcomesPaise: readonly number[], marginBasisPoints: number): number {
  if (outcomesPaise.length === 0) return 0;
  const spread = Math.max(...outcomesPaise) - Math.min(...outcomesPaise);
  return Math.ceil((spread * marginBasisPoints) / 10_000);
}

/** Clamped to the position's own range, so a cash out never costs more than the reserved worst case. */
function clampToRange(valuePaise: number, outcomesPaise: readonly number[]): number {
  return Math.max(Math.min(...outcomesPaise), Math.min(Math.max(...outcomesPaise), valuePaise));
}

export interface BookmakerRunnerRates {
  runnerId: string;
  outcomePaise: number;
  backRateHundredths: number | null;
  layRateHundredths: number | null;
}

/**
 * CSH-4/CSH-5: the house's cash-out value of a bookmaker position: the green-up the player could make
 * against the house's live rates (a back at rate r pays like decimal odds 1 + r/100), less the margin,
 * kept within the position's own best and worst outcome. Null when a rate the hedge needs is not quoted.
 */
export function bookmakerCashOutValuePaise(
  runners: readonly BookmakerRunnerRates[],
  marginBasisPoints: number,
): number | null {
  const unlimited = Number.MAX_SAFE_INTEGER;
  const level = (rateHundredths: number | null): HedgeLevel[] =>
    rateHundredths === null ? [] : [{ priceHundredths: 100 + rateHundredths / 100, amountPaise: unlimited }];
  const outcomes = runners.map((runner) => runner.outcomePaise);
  if (outcomes.length === 0) return null;
  if (outcomes.every((value) => value === outcomes[0])) return outcomes[0] as number;
  const rateLineOf: HedgeLineOf = (runnerId, side, priceHundredths, stakePaise) =>
    bookmakerBetLine({ runnerId, side, rateHundredths: Math.round((priceHundredths - 100) * 100), stakePaise });
  const plan = planGreenUp(
    runners.map((runner) => ({
      runnerId: runner.runnerId,
      outcomePaise: runner.outcomePaise,
      toBack: level(runner.backRateHundredths),
      toLay: level(runner.layRateHundredths),
    })),
    100,
    rateLineOf,
  );
  if (plan === null) return null;
  return clampToRange(plan.valuePaise - cashOutMarginPaise(outcomes, marginBasisPoints), outcomes);
}

export interface FancyLiveLine {
  noLineRuns: number | null;
  yesLineRuns: number | null;
}

/**
 * CSH-6: the house's cash-out value of a fancy position. The live NO and YES lines say where the
 * house expects the total: a triangular weighting of whole run totals centred on their midpoint,
 * `spreadRuns` wide on each side, gives the expected result as an exact fraction of integers, rounded
 * down; less the margin, kept within the position's range. Null without a live line.
 */
export function fancyCashOutValuePaise(
  bets: readonly FancyBet[],
  line: FancyLiveLine,
  spreadRuns: number,
  marginBasisPoints: number,
): number | null {
  if (bets.length === 0) return null;
  const no = line.noLineRuns ?? line.yesLineRuns;
  const yes = line.yesLineRuns ?? line.noLineRuns;
  if (no === null || yes === null) return null;
  const table = fancyOutcomeTable(bets);
  const outcomes = table.map((row) => row.profitLossPaise);
  const resultAt = (runs: number) => {
    let value = (table[0] as { profitLossPaise: number }).profitLossPaise;
    for (const row of table) if (runs >= row.fromRuns) value = row.profitLossPaise;
    return value;
  };
  // In half-runs, so a midpoint between two totals stays an integer: weight(k) = 2·spread − |2k − (no + yes)|.
  const middle2 = no + yes;
  let weighted = 0;
  let weights = 0;
  for (
    let runs = Math.max(0, Math.floor(middle2 / 2) - spreadRuns);
    runs <= Math.ceil(middle2 / 2) + spreadRuns;
    runs += 1
  ) {
    const weight = 2 * spreadRuns - Math.abs(2 * runs - middle2);
    if (weight <= 0) continue;
    weighted += weight * resultAt(runs);
    weights += weight;
  }
  if (weights === 0) return null;
  const expected = Math.floor(weighted / weights);
  return clampToRange(expected - cashOutMarginPaise(outcomes, marginBasisPoints), outcomes);
}
