/**
 * Exposure: for one player and one market, the worst result over every outcome of what they have
 * matched, made worse by every unmatched offer that would make it worse if filled. Never a per-bet
 * sum: a back and a lay on the same runner hedge each other (PRODUCT.md §4). Exposure is ≤ 0; it is
 * what the wallet reserves (balance + exposure is what the player can still stake).
 */
import {
  bookmakerBetLine,
  exchangeBetLine,
  fancyBetCases,
  unmatchedOfferLine,
  type BookmakerBet,
  type ExchangeBet,
  type FancyBet,
  type RunnerLine,
  type UnmatchedOffer,
} from './outcomes.js';

export interface RunnerOutcome {
  runnerId: string;
  /** Matched bets only: what the player ends with if this runner wins. */
  matchedPaise: number;
  /** Also counting every unmatched offer that would lower this outcome if it were filled. */
  worstCasePaise: number;
}

/**
 * EXP-1/EXP-2: the per-runner profit-and-loss table. O(bets + runners): every line's losing case is
 * summed once, then each runner's own lines swap their losing case for their winning case.
 */
export function runnerOutcomeTable(
  runnerIds: readonly string[],
  matched: readonly RunnerLine[],
  unmatched: readonly RunnerLine[] = [],
): RunnerOutcome[] {
  const index = new Map<string, number>();
  runnerIds.forEach((runnerId, i) => index.set(runnerId, i));
  const matchedSwing = new Array<number>(runnerIds.length).fill(0);
  const adverseSwing = new Array<number>(runnerIds.length).fill(0);
  let matchedBase = 0;
  let adverseBase = 0;
  const slot = (line: RunnerLine): number => {
    const i = index.get(line.runnerId);
    // A bet on a runner the market does not have means the caller mixed markets up: a bug, not a business outcome.
    if (i === undefined) throw new Error(`bet on unknown runner ${line.runnerId}`);
    return i;
  };
  for (const line of matched) {
    const i = slot(line);
    matchedBase += line.ifLosesPaise;
    matchedSwing[i] = (matchedSwing[i] as number) + line.ifWinsPaise - line.ifLosesPaise;
  }
  for (const line of unmatched) {
    const i = slot(line);
    // An unmatched offer only counts in the outcomes where a fill would hurt.
    const lose = Math.min(0, line.ifLosesPaise);
    adverseBase += lose;
    adverseSwing[i] = (adverseSwing[i] as number) + Math.min(0, line.ifWinsPaise) - lose;
  }
  return runnerIds.map((runnerId, i) => {
    const matchedPaise = matchedBase + (matchedSwing[i] as number);
    return { runnerId, matchedPaise, worstCasePaise: matchedPaise + adverseBase + (adverseSwing[i] as number) };
  });
}

/** The worst outcome, as exposure: min(0, worst case). */
function exposureOf(outcomesPaise: Iterable<number>): number {
  let worst = 0;
  for (const value of outcomesPaise) if (value < worst) worst = value;
  return worst;
}

/** EXP-1..EXP-3: exposure of an exchange position (matched fills plus unmatched remainders). */
export function exchangeExposurePaise(
  runnerIds: readonly string[],
  matched: readonly ExchangeBet[],
  unmatched: readonly UnmatchedOffer[] = [],
): number {
  const table = runnerOutcomeTable(runnerIds, matched.map(exchangeBetLine), unmatched.map(unmatchedOfferLine));
  return exposureOf(table.map((row) => row.worstCasePaise));
}

export function exchangeOutcomeTable(
  runnerIds: readonly string[],
  matched: readonly ExchangeBet[],
  unmatched: readonly UnmatchedOffer[] = [],
): RunnerOutcome[] {
  return runnerOutcomeTable(runnerIds, matched.map(exchangeBetLine), unmatched.map(unmatchedOfferLine));
}

/** EXP-4: bookmaker bets fill at once, so there is nothing unmatched. */
export function bookmakerExposurePaise(runnerIds: readonly string[], bets: readonly BookmakerBet[]): number {
  return exposureOf(runnerOutcomeTable(runnerIds, bets.map(bookmakerBetLine)).map((row) => row.matchedPaise));
}

export function bookmakerOutcomeTable(runnerIds: readonly string[], bets: readonly BookmakerBet[]): RunnerOutcome[] {
  return runnerOutcomeTable(runnerIds, bets.map(bookmakerBetLine));
}

export interface FancyInterval {
  /** First run total of the interval (inclusive). */
  fromRuns: number;
  /** First run total past it (exclusive); null for the open-ended last interval. */
  toRuns: number | null;
  profitLossPaise: number;
}

/**
 * EXP-5: the fancy profit-and-loss table over every run total 0, 1, 2, …. The bets' lines cut the
 * axis into intervals on which every bet's result is constant, so one value per interval covers every
 * possible total. Sweep: start with every YES losing and every NO winning (a total below all lines),
 * then at each line flip the bets that change there.
 */
export function fancyOutcomeTable(bets: readonly FancyBet[]): FancyInterval[] {
  let valuePaise = 0;
  const flips = new Map<number, number>();
  for (const bet of bets) {
    const { winPaise, losePaise } = fancyBetCases(bet);
    const below = bet.side === 'yes' ? losePaise : winPaise;
    const atOrAbove = bet.side === 'yes' ? winPaise : losePaise;
    valuePaise += below;
    // Lines at or below 0 already apply at total 0.
    const at = Math.max(0, bet.lineRuns);
    flips.set(at, (flips.get(at) ?? 0) + atOrAbove - below);
  }
  const lines = [...flips.keys()].sort((a, b) => a - b);
  if (lines[0] !== 0) lines.unshift(0);
  return lines.map((fromRuns, i) => {
    valuePaise += flips.get(fromRuns) ?? 0;
    return { fromRuns, toRuns: lines[i + 1] ?? null, profitLossPaise: valuePaise };
  });
}

export function fancyExposurePaise(bets: readonly FancyBet[]): number {
  return exposureOf(fancyOutcomeTable(bets).map((row) => row.profitLossPaise));
}
