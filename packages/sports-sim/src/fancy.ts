/**
 * Fancy session markets on a simulated innings (FANCY-*): "6 over runs" and the like. The line is
 * the exact expected total at the session's end from the current state (cricket-model.ts), so
 * over many innings the lines neither over- nor under-shoot (the calibration test measures it).
 */
import { BALLS_PER_OVER, OVERS_PER_INNINGS, expectedRunsUntil } from './cricket-model.js';
import type { CricketMatchState, InningsState } from './cricket.js';

export interface FancySession {
  /** Stable id: `inn1-6ov` is the first innings' 6-over runs. */
  id: string;
  innings: 0 | 1;
  overs: number;
  /** "6 over runs IND". */
  name: string;
}

/** The sessions offered per innings (FANCY-2). */
export const SESSION_OVERS: readonly number[] = [6, 10, 15, 20];

export function sessionsForInnings(state: CricketMatchState, innings: 0 | 1): FancySession[] {
  const batting = state.innings[innings]?.battingTeam ?? (innings === 0 ? state.battingFirst : state.battingFirst === 0 ? 1 : 0);
  const team = state.teams[batting].shortName;
  return SESSION_OVERS.map((overs) => ({ id: `inn${innings + 1}-${overs}ov`, innings, overs, name: `${overs} over runs ${team}` }));
}

/** Every session of the match so far: the first innings' from the start, the chase's once it starts. */
export function fancySessions(state: CricketMatchState): FancySession[] {
  const list = sessionsForInnings(state, 0);
  return state.innings.length > 1 ? [...list, ...sessionsForInnings(state, 1)] : list;
}

export interface FancyConfig {
  /** YES line − NO line, in runs (0 or more): NO 61 / YES 62 is a gap of 1. */
  gapRuns: number;
  /** Rates in hundredths: 100 (even money) is 10000. */
  noRateHundredths: number;
  yesRateHundredths: number;
  /** Stop quoting when this few legal balls of the session are left (the result is all but known). */
  closeBeforeBalls: number;
}

export const DEFAULT_FANCY: FancyConfig = { gapRuns: 1, noRateHundredths: 10_000, yesRateHundredths: 10_000, closeBeforeBalls: 2 };

export type FancySuspendReason =
  | 'BALL_RUNNING'
  | 'NOT_STARTED'
  | 'SESSION_CLOSING'
  | 'TARGET_NEAR';

export type FancyQuoteResult =
  | {
      status: 'open';
      noLineRuns: number;
      noRateHundredths: number;
      yesLineRuns: number;
      yesRateHundredths: number;
      /** The projected total in tenths of a run (61.4 runs → 614), for the operator's screen. */
      projectedRunsTenths: number;
    }
  | { status: 'suspended'; reason: FancySuspendReason }
  | { status: 'closed' };

/** FANCY-1: expected runs of the innings when it reaches the session's over (or ends before). */
export function fancyProjection(innings: InningsState, overs: number): number {
  const untilBalls = Math.min(overs, OVERS_PER_INNINGS) * BALLS_PER_OVER;
  return innings.runs + expectedRunsUntil(innings.legalBalls, innings.wickets, untilBalls);
}

/** FANCY-3: NO and YES lines round a projection: NO = round(P − gap/2), YES = NO + gap ≥ NO. */
export function fancyLines(projectedRuns: number, gapRuns: number): { noLineRuns: number; yesLineRuns: number } {
  const gap = Math.max(0, Math.floor(gapRuns));
  const noLineRuns = Math.max(0, Math.round(projectedRuns - gap / 2));
  return { noLineRuns, yesLineRuns: noLineRuns + gap };
}

export type FancyResult =
  | { status: 'pending' }
  | { status: 'settled'; runs: number }
  | { status: 'void'; reason: 'TARGET_REACHED' };

/**
 * FANCY-5: a session's result. It settles at the runs on the board at the end of its over, or at
 * the final total if the innings ended before (all out); a chase won before the session's over
 * voids it (the runs were capped by the target, not by the session).
 */
export function fancyResult(state: CricketMatchState, session: FancySession): FancyResult {
  const innings = state.innings[session.innings];
  if (innings === undefined) return { status: 'pending' };
  const atOver = innings.runsAtOver[session.overs - 1];
  if (atOver !== undefined) return { status: 'settled', runs: atOver };
  if (innings.endReason === 'targetReached') return { status: 'void', reason: 'TARGET_REACHED' };
  if (innings.endReason !== null) return { status: 'settled', runs: innings.runs };
  return { status: 'pending' };
}

/**
 * FANCY-4: the live quote of a session. Closed once it has a result; suspended while a ball is in
 * the air ("ball running"), before its innings starts, in the session's last `closeBeforeBalls`
 * balls, and in a chase when the projection reaches the target (the session would likely be void).
 */
export function fancyQuote(
  state: CricketMatchState,
  session: FancySession,
  options: { ballRunning: boolean },
  config: FancyConfig = DEFAULT_FANCY,
): FancyQuoteResult {
  if (fancyResult(state, session).status !== 'pending') return { status: 'closed' };
  const innings = state.innings[session.innings];
  if (innings === undefined || state.status !== 'inPlay' || state.innings.length - 1 !== session.innings) {
    return { status: 'suspended', reason: 'NOT_STARTED' };
  }
  if (options.ballRunning) return { status: 'suspended', reason: 'BALL_RUNNING' };
  if (session.overs * BALLS_PER_OVER - innings.legalBalls <= config.closeBeforeBalls) return { status: 'suspended', reason: 'SESSION_CLOSING' };
  const projected = fancyProjection(innings, session.overs);
  if (innings.target !== null && projected >= innings.target) return { status: 'suspended', reason: 'TARGET_NEAR' };
  const { noLineRuns, yesLineRuns } = fancyLines(projected, config.gapRuns);
  return {
    status: 'open',
    noLineRuns,
    noRateHundredths: config.noRateHundredths,
    yesLineRuns,
    yesRateHundredths: config.yesRateHundredths,
    projectedRunsTenths: Math.round(projected * 10),
  };
}
