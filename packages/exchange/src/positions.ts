/**
 * Positions (POS-1..POS-4): what a player ends with if each runner wins, and the fancy book. A second
 * public entry, `@khel/exchange/positions`, so the player app's bet-slip preview runs the very same
 * functions as the server (the server stays the authority; the browser's figure is display only).
 * Imports only the per-bet maths (`outcomes.ts`, `exposure.ts`), never the book or the matching.
 */
import { fancyOutcomeTable } from './exposure.js';
import type { FancyInterval } from './exposure.js';
import { bookmakerBetLine, exchangeBetLine, unmatchedOfferLine } from './outcomes.js';
import type { BookmakerBet, ExchangeBet, FancyBet, RunnerLine, UnmatchedOffer } from './outcomes.js';

export { bookmakerBetLine, exchangeBetLine, unmatchedOfferLine, fancyOutcomeTable };
export type { BookmakerBet, ExchangeBet, FancyBet, FancyInterval, RunnerLine, UnmatchedOffer };

export interface RunnerPosition {
  runnerId: string;
  /** POS-1: the matched bets' result if this runner wins. */
  matchedPaise: number;
  /** POS-2: the same if every unmatched offer (or bet waiting out its delay) also filled in full. */
  ifFilledPaise: number;
}

/**
 * POS-1/POS-2: the per-runner position. Unlike exposure (EXP-2, which counts an unmatched offer only
 * where it hurts), the second figure counts every unmatched line in full: it answers "what if my
 * offers are taken", the figure a trader reads beside the matched one.
 */
export function positionTable(
  runnerIds: readonly string[],
  matched: readonly RunnerLine[],
  unmatched: readonly RunnerLine[] = [],
): RunnerPosition[] {
  return positionTableOfMatched(runnerIds, matchedByRunner(runnerIds, matched), unmatched);
}

/** What the lines add up to if this runner wins. */
function lineSum(lines: readonly RunnerLine[], runnerId: string): number {
  return lines.reduce((total, line) => total + (line.runnerId === runnerId ? line.ifWinsPaise : line.ifLosesPaise), 0);
}

/** A line on a runner the market lacks means markets were mixed up: a bug, not a business outcome. */
function checkRunners(runnerIds: readonly string[], lines: readonly RunnerLine[]): void {
  for (const line of lines)
    if (!runnerIds.includes(line.runnerId)) throw new Error(`bet on unknown runner ${line.runnerId}`);
}

/** POS-1 alone: the matched lines' result per runner, the vector a running position keeps and adds each new fill's line to. */
export function matchedByRunner(runnerIds: readonly string[], matched: readonly RunnerLine[]): Record<string, number> {
  checkRunners(runnerIds, matched);
  const out: Record<string, number> = {};
  for (const runnerId of runnerIds) out[runnerId] = lineSum(matched, runnerId);
  return out;
}

/** positionTable from the matched result per runner (a running position) and the unmatched lines. */
export function positionTableOfMatched(
  runnerIds: readonly string[],
  matched: Readonly<Record<string, number>>,
  unmatched: readonly RunnerLine[] = [],
): RunnerPosition[] {
  checkRunners(runnerIds, unmatched);
  return runnerIds.map((runnerId) => {
    const matchedPaise = matched[runnerId] ?? 0;
    return { runnerId, matchedPaise, ifFilledPaise: matchedPaise + lineSum(unmatched, runnerId) };
  });
}

/**
 * POS-3: the bet slip's preview. A new bet's line added to a position: to both figures if it would
 * match at once, to the second only if it would rest unmatched.
 */
export function previewPosition(
  positions: readonly RunnerPosition[],
  line: RunnerLine,
  matchesAtOnce: boolean,
): RunnerPosition[] {
  return positions.map((row) => {
    const change = row.runnerId === line.runnerId ? line.ifWinsPaise : line.ifLosesPaise;
    return {
      runnerId: row.runnerId,
      matchedPaise: row.matchedPaise + (matchesAtOnce ? change : 0),
      ifFilledPaise: row.ifFilledPaise + change,
    };
  });
}

export interface FancyBookRow extends FancyInterval {
  /** The lowest result of the book (every row holding it is marked). */
  worst: boolean;
}

/** POS-4: the fancy book, the run ladder: the result on every band of run totals, the worst case marked. */
export function fancyBook(bets: readonly FancyBet[]): FancyBookRow[] {
  const rows = fancyOutcomeTable(bets);
  const worst = Math.min(...rows.map((row) => row.profitLossPaise));
  return rows.map((row) => ({ ...row, worst: bets.length > 0 && row.profitLossPaise === worst }));
}

/**
 * A settled position as wagering reads it (POS-5): its matched lines (per runner, or the fancy bets)
 * and what a cash out against the house already settled for it (the same in every outcome).
 */
export type SettledPosition =
  | { kind: 'runners'; runnerIds: readonly string[]; lines: readonly RunnerLine[]; lockedPaise: number }
  | { kind: 'fancy'; bets: readonly FancyBet[]; lockedPaise: number };

/**
 * POS-5: what a position really put at risk: its worst loss over every outcome (every runner, every
 * run total), 0 when no outcome loses. Offsetting bets cancel (a back and a lay of one runner risk only
 * their difference); a hedged or cashed-out position risks only what it could still lose.
 */
export function worstLossPaise(position: SettledPosition): number {
  const outcomes =
    position.kind === 'runners'
      ? Object.values(matchedByRunner(position.runnerIds, position.lines))
      : fancyOutcomeTable(position.bets).map((row) => row.profitLossPaise);
  let worst = 0;
  for (const outcome of outcomes) worst = Math.min(worst, outcome + position.lockedPaise);
  return worst === 0 ? 0 : -worst;
}

/** Convenience for the slip: an exchange bet's line, matched or as an unmatched offer. */
export function exchangeSlipLine(bet: ExchangeBet, matchesAtOnce: boolean): RunnerLine {
  return matchesAtOnce
    ? exchangeBetLine(bet)
    : unmatchedOfferLine({
        runnerId: bet.runnerId,
        side: bet.side,
        priceHundredths: bet.priceHundredths,
        remainingPaise: bet.stakePaise,
      });
}
