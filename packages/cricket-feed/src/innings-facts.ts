/**
 * What the deliveries of an innings say, counted exactly as Cricsheet records them: every run of
 * `totalRuns` (wides, no-balls, byes, leg byes and penalty runs included), wickets that count
 * (not "retired hurt"), overs as the scorers grouped them.
 */
import { isLegal } from './match-record.js';
import type { Delivery, InningsRecord, MatchRecord } from './match-record.js';

export type InningsEnd = 'allOut' | 'overs' | 'targetReached' | 'stopped';

/** The innings' total after its first `count` deliveries (penalty runs awarded before it included). */
export function totalAfter(innings: InningsRecord, count: number): number {
  let total = innings.penaltyBefore;
  for (let i = 0; i < count && i < innings.deliveries.length; i += 1) total += innings.deliveries[i]!.totalRuns;
  return total;
}

/** The final total, penalty runs awarded after the innings included. */
export function finalTotal(innings: InningsRecord): number {
  return totalAfter(innings, innings.deliveries.length) + innings.penaltyAfter;
}

export function legalBalls(deliveries: readonly Delivery[]): number {
  return deliveries.reduce((n, d) => n + (isLegal(d) ? 1 : 0), 0);
}

export function wicketsIn(deliveries: readonly Delivery[]): number {
  return deliveries.reduce((n, d) => n + d.wicketsOut.length, 0);
}

/**
 * Over k (1-based) is complete once a later over has begun, or once it has a full over of legal
 * balls (the innings' last over). An over the umpire miscounted is complete as bowled.
 */
export function overCompleteAt(innings: InningsRecord, overs: number, ballsPerOver: number): number | null {
  const d = innings.deliveries;
  let legal = 0;
  for (let i = 0; i < d.length; i += 1) {
    if (d[i]!.over >= overs) return i; // the first delivery of a later over: the over ended before it
    if (d[i]!.over === overs - 1 && isLegal(d[i]!)) legal += 1;
    if (d[i]!.over === overs - 1 && legal === ballsPerOver && d[i + 1]?.over !== overs - 1) return i + 1;
  }
  return null;
}

/**
 * How the innings ended, as soon as the deliveries show it (all out, target reached, its scheduled
 * overs bowled), or `stopped` once it is over without any of these (rain, abandonment); null while
 * it goes on.
 */
export function inningsEnd(match: MatchRecord, innings: InningsRecord): InningsEnd | null {
  if (wicketsIn(innings.deliveries) >= 10) return 'allOut';
  if (innings.targetRuns !== null && finalTotal(innings) >= innings.targetRuns) return 'targetReached';
  if (overCompleteAt(innings, innings.scheduledOvers, match.ballsPerOver) !== null) return 'overs';
  return innings.finished ? 'stopped' : null;
}

/** Fewer overs than the match was scheduled for: reduced before or during the innings, or stopped. */
export function shortened(match: MatchRecord, innings: InningsRecord): boolean {
  return innings.scheduledOvers < match.oversPerSide || inningsEnd(match, innings) === 'stopped';
}

/** Deliveries into the innings (exclusive) at which the n-th wicket fell, or null. */
export function wicketFallsAt(innings: InningsRecord, n: number): number | null {
  let wickets = 0;
  for (let i = 0; i < innings.deliveries.length; i += 1) {
    wickets += innings.deliveries[i]!.wicketsOut.length;
    if (wickets >= n) return i + 1;
  }
  return null;
}

/** Runs off the bat of one batter, over the innings' first `count` deliveries. */
export function batterRuns(innings: InningsRecord, batter: string, count = innings.deliveries.length): number {
  let runs = 0;
  for (let i = 0; i < count && i < innings.deliveries.length; i += 1) {
    if (innings.deliveries[i]!.batter === batter) runs += innings.deliveries[i]!.batterRuns;
  }
  return runs;
}

/** Deliveries (exclusive) after which the batter was out, or null if not out. */
export function batterOutAt(innings: InningsRecord, batter: string): number | null {
  const i = innings.deliveries.findIndex((d) => d.wicketsOut.includes(batter));
  return i < 0 ? null : i + 1;
}

/** Runs added by the deliveries of over k (1-based), every extra included. */
export function overRuns(innings: InningsRecord, overs: number): number {
  return innings.deliveries.filter((d) => d.over === overs - 1).reduce((n, d) => n + d.totalRuns, 0);
}

/** Batters in the order they came to the crease. */
export function battersInOrder(innings: InningsRecord): string[] {
  const seen: string[] = [];
  for (const d of innings.deliveries)
    for (const name of [d.batter, d.nonStriker]) if (!seen.includes(name)) seen.push(name);
  return seen;
}
