/**
 * Fancy session markets on a simulated innings (FANCY-*): "6 over runs" and the like. The line is
 * the exact expected total at the session's end from the current state (cricket-model.ts), so
 * over many innings the lines neither over- nor under-shoot (the calibration test measures it).
 */
import {
  BALLS_PER_OVER,
  OVERS_PER_INNINGS,
  WICKETS_PER_INNINGS,
  expectedRunsToNextWicket,
  expectedRunsUntil,
} from './cricket-model.js';
import type { CricketMatchState, InningsState } from './cricket.js';

/**
 * A session: runs at the end of an over (`inn1-6ov`, "6 over runs IND") or the total at the fall of
 * a wicket (`inn1-fow3`, "Fall of 3rd wkt IND").
 */
export type FancySession = { id: string; innings: 0 | 1; name: string } & (
  | { kind: 'overs'; overs: number }
  | { kind: 'fallOfWicket'; wicket: number }
);

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

function battingShortName(state: CricketMatchState, innings: 0 | 1): string {
  const batting =
    state.innings[innings]?.battingTeam ?? (innings === 0 ? state.battingFirst : state.battingFirst === 0 ? 1 : 0);
  return state.teams[batting].shortName;
}

/** FANCY-7: the fall-of-wicket session for wicket n (1–10) of an innings. */
export function fallOfWicketSession(state: CricketMatchState, innings: 0 | 1, wicket: number): FancySession {
  return {
    id: `inn${innings + 1}-fow${wicket}`,
    innings,
    kind: 'fallOfWicket',
    wicket,
    name: `Fall of ${ordinal(wicket)} wkt ${battingShortName(state, innings)}`,
  };
}

/** The sessions offered per innings (FANCY-2). */
export const SESSION_OVERS: readonly number[] = [6, 10, 15, 20];

/** FANCY-2: the over sessions of an innings and the fall of its first wicket. */
export function sessionsForInnings(state: CricketMatchState, innings: 0 | 1): FancySession[] {
  const team = battingShortName(state, innings);
  const overs = SESSION_OVERS.map(
    (n): FancySession => ({
      id: `inn${innings + 1}-${n}ov`,
      innings,
      kind: 'overs',
      overs: n,
      name: `${n} over runs ${team}`,
    }),
  );
  return [...overs, fallOfWicketSession(state, innings, 1)];
}

/**
 * Every session of the match so far: each started innings' over sessions and the fall-of-wicket
 * sessions up to the next wicket to fall.
 */
export function fancySessions(state: CricketMatchState): FancySession[] {
  const list: FancySession[] = [];
  const count = Math.max(1, state.innings.length) as 1 | 2;
  for (let i = 0; i < count; i++) {
    const innings = i as 0 | 1;
    list.push(...sessionsForInnings(state, innings));
    const fallen = state.innings[innings]?.wickets ?? 0;
    const last = Math.min(WICKETS_PER_INNINGS, fallen + 1);
    for (let w = 2; w <= last; w++) list.push(fallOfWicketSession(state, innings, w));
  }
  return list;
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

export const DEFAULT_FANCY: FancyConfig = {
  gapRuns: 1,
  noRateHundredths: 10_000,
  yesRateHundredths: 10_000,
  closeBeforeBalls: 2,
};

export type FancySuspendReason = 'BALL_RUNNING' | 'NOT_STARTED' | 'SESSION_CLOSING' | 'TARGET_NEAR';

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

/** FANCY-7: expected total when the next wicket falls (or at the innings' end if none does). */
export function fallOfWicketProjection(innings: InningsState): number {
  return innings.runs + expectedRunsToNextWicket(innings.legalBalls, innings.wickets);
}

/** The projection of any session from its innings (FANCY-1, FANCY-7). */
export function sessionProjection(innings: InningsState, session: FancySession): number {
  return session.kind === 'overs' ? fancyProjection(innings, session.overs) : fallOfWicketProjection(innings);
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
 * FANCY-5 / FANCY-7: a session's result. It settles at the runs on the board at the end of its over
 * (or at the fall of its wicket), or at the final total if the innings ended before (all out, 20
 * overs); a chase won before the session's end voids it (the runs were capped by the target).
 */
export function fancyResult(state: CricketMatchState, session: FancySession): FancyResult {
  const innings = state.innings[session.innings];
  if (innings === undefined) return { status: 'pending' };
  const atEnd =
    session.kind === 'overs' ? innings.runsAtOver[session.overs - 1] : innings.fallOfWickets[session.wicket - 1];
  if (atEnd !== undefined) return { status: 'settled', runs: atEnd };
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
  const ballsLeft =
    (session.kind === 'overs' ? session.overs * BALLS_PER_OVER : OVERS_PER_INNINGS * BALLS_PER_OVER) -
    innings.legalBalls;
  if (ballsLeft <= config.closeBeforeBalls) return { status: 'suspended', reason: 'SESSION_CLOSING' };
  // A fall-of-wicket session is quoted only during the partnership it is about.
  if (session.kind === 'fallOfWicket' && innings.wickets !== session.wicket - 1)
    return { status: 'suspended', reason: 'NOT_STARTED' };
  const projected = sessionProjection(innings, session);
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
