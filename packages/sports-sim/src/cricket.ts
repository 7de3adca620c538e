/**
 * A T20 match, ball by ball (CRK-*). `nextBall(state, rng) → { state, ball }` is pure apart from
 * advancing `rng`; the state is plain JSON, so the server can persist it after every ball and resume.
 */
import {
  BALLS_PER_INNINGS,
  BALLS_PER_OVER,
  WICKETS_PER_INNINGS,
  deliveryOutcomes,
  type DeliveryKind,
} from './cricket-model.js';
import type { Rng } from './rng.js';

export type TeamIndex = 0 | 1;

export interface CricketTeam {
  name: string;
  /** Three or four letters for the score panel ("IND"). */
  shortName: string;
}

export type InningsEndReason = 'allOut' | 'oversComplete' | 'targetReached';

export interface InningsState {
  battingTeam: TeamIndex;
  runs: number;
  wickets: number;
  legalBalls: number;
  extras: number;
  fours: number;
  sixes: number;
  /** Runs on the board at the end of each completed over: runsAtOver[5] is the 6-over score. */
  runsAtOver: number[];
  /** The total when each wicket fell: fallOfWickets[2] is the score at the fall of the 3rd wicket. */
  fallOfWickets: number[];
  /** Labels of the last six deliveries, oldest first ("1", "4", "W", "Wd", "Nb4" …). */
  lastBalls: string[];
  /** Runs needed to win (first-innings total + 1) in the chase, null in the first innings. */
  target: number | null;
  endReason: InningsEndReason | null;
}

export type CricketStatus = 'scheduled' | 'inPlay' | 'inningsBreak' | 'finished';

export type CricketMargin =
  | { kind: 'runs'; runs: number }
  | { kind: 'wickets'; wickets: number; ballsRemaining: number }
  | { kind: 'superOver' };

export interface CricketResult {
  winner: TeamIndex;
  margin: CricketMargin;
  text: string;
}

export interface CricketMatchState {
  sport: 'cricket';
  teams: [CricketTeam, CricketTeam];
  battingFirst: TeamIndex;
  status: CricketStatus;
  /** Zero, one or two innings, in order. */
  innings: InningsState[];
  /** Deliveries bowled in the match, wides and no-balls included: the ball sequence number. */
  deliveries: number;
  result: CricketResult | null;
}

export interface Ball {
  /** 1-based delivery number in the match. */
  seq: number;
  innings: 0 | 1;
  battingTeam: TeamIndex;
  /** Over and legal ball after this delivery, as shown: 4.3 is over 4 (0-based), 3 balls. */
  over: number;
  ballInOver: number;
  kind: DeliveryKind;
  runs: number;
  batRuns: number;
  wicket: boolean;
  label: string;
  /** Set when this delivery ended the innings or the match. */
  inningsEnded: InningsEndReason | null;
  matchEnded: boolean;
}

export function createCricketMatch(teams: [CricketTeam, CricketTeam], battingFirst: TeamIndex): CricketMatchState {
  return { sport: 'cricket', teams, battingFirst, status: 'scheduled', innings: [], deliveries: 0, result: null };
}

/** The toss: which team bats first (CRK-1). */
export function toss(rng: Rng): TeamIndex {
  return rng.nextFloat() < 0.5 ? 0 : 1;
}

function newInnings(battingTeam: TeamIndex, target: number | null): InningsState {
  return {
    battingTeam,
    runs: 0,
    wickets: 0,
    legalBalls: 0,
    extras: 0,
    fours: 0,
    sixes: 0,
    runsAtOver: [],
    fallOfWickets: [],
    lastBalls: [],
    target,
    endReason: null,
  };
}

/** CRK-1: scheduled → first innings in play; innings break → the chase in play with its target. */
export function startInnings(state: CricketMatchState): CricketMatchState {
  if (state.status === 'scheduled') {
    return { ...state, status: 'inPlay', innings: [newInnings(state.battingFirst, null)] };
  }
  if (state.status === 'inningsBreak') {
    const first = state.innings[0] as InningsState;
    const chasing: TeamIndex = first.battingTeam === 0 ? 1 : 0;
    return { ...state, status: 'inPlay', innings: [first, newInnings(chasing, first.runs + 1)] };
  }
  throw new Error(`cannot start an innings when the match is ${state.status}`);
}

export function currentInnings(state: CricketMatchState): InningsState | null {
  return state.innings.at(-1) ?? null;
}

function label(kind: DeliveryKind, batRuns: number, wicket: boolean): string {
  if (wicket) return 'W';
  if (kind === 'wide') return 'Wd';
  if (kind === 'noBall') return batRuns > 0 ? `Nb${batRuns}` : 'Nb';
  return String(batRuns);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function decide(state: CricketMatchState, chase: InningsState, rng: Rng): CricketResult {
  const first = state.innings[0] as InningsState;
  const chaser = chase.battingTeam;
  const defender = first.battingTeam;
  const teams = state.teams;
  if (chase.runs > first.runs) {
    const wickets = WICKETS_PER_INNINGS - chase.wickets;
    const ballsRemaining = BALLS_PER_INNINGS - chase.legalBalls;
    return {
      winner: chaser,
      margin: { kind: 'wickets', wickets, ballsRemaining },
      text: `${teams[chaser].name} won by ${plural(wickets, 'wicket')} (${plural(ballsRemaining, 'ball')} left)`,
    };
  }
  if (chase.runs < first.runs) {
    const runs = first.runs - chase.runs;
    return {
      winner: defender,
      margin: { kind: 'runs', runs },
      text: `${teams[defender].name} won by ${plural(runs, 'run')}`,
    };
  }
  // CRK-6: scores level; the super over is a coin flip (not simulated ball by ball).
  const winner: TeamIndex = rng.nextFloat() < 0.5 ? 0 : 1;
  return { winner, margin: { kind: 'superOver' }, text: `Match tied; ${teams[winner].name} won the Super Over` };
}

/**
 * CRK-2..CRK-5: bowl one delivery of the innings in play. Wides and no-balls add a run and are
 * bowled again; a legal ball advances the over; the innings ends at 120 legal balls, at the tenth
 * wicket or, in the chase, the moment the target is reached.
 */
export function nextBall(state: CricketMatchState, rng: Rng): { state: CricketMatchState; ball: Ball } {
  if (state.status !== 'inPlay') throw new Error(`no ball can be bowled when the match is ${state.status}`);
  const inningsIndex = (state.innings.length - 1) as 0 | 1;
  const before = state.innings[inningsIndex] as InningsState;
  const outcomes = deliveryOutcomes(before.legalBalls, before.wickets);
  let x = rng.nextFloat();
  let outcome = outcomes[outcomes.length - 1];
  for (const o of outcomes) {
    x -= o.probability;
    if (x < 0) {
      outcome = o;
      break;
    }
  }
  if (outcome === undefined) throw new Error('empty delivery table');

  const legal = outcome.kind === 'legal';
  const innings: InningsState = {
    ...before,
    runs: before.runs + outcome.runs,
    wickets: before.wickets + (outcome.wicket ? 1 : 0),
    legalBalls: before.legalBalls + (legal ? 1 : 0),
    extras: before.extras + (outcome.runs - outcome.batRuns),
    fours: before.fours + (outcome.batRuns === 4 ? 1 : 0),
    sixes: before.sixes + (outcome.batRuns === 6 ? 1 : 0),
    lastBalls: [...before.lastBalls, label(outcome.kind, outcome.batRuns, outcome.wicket)].slice(-6),
    runsAtOver: before.runsAtOver,
    fallOfWickets: outcome.wicket ? [...before.fallOfWickets, before.runs + outcome.runs] : before.fallOfWickets,
  };
  if (legal && innings.legalBalls % BALLS_PER_OVER === 0) innings.runsAtOver = [...before.runsAtOver, innings.runs];

  let endReason: InningsEndReason | null = null;
  if (innings.target !== null && innings.runs >= innings.target) endReason = 'targetReached';
  else if (innings.wickets >= WICKETS_PER_INNINGS) endReason = 'allOut';
  else if (innings.legalBalls >= BALLS_PER_INNINGS) endReason = 'oversComplete';
  innings.endReason = endReason;

  const allInnings = [...state.innings];
  allInnings[inningsIndex] = innings;
  let next: CricketMatchState = { ...state, innings: allInnings, deliveries: state.deliveries + 1 };
  let matchEnded = false;
  if (endReason !== null) {
    if (inningsIndex === 0) next = { ...next, status: 'inningsBreak' };
    else {
      next = { ...next, status: 'finished', result: decide(next, innings, rng) };
      matchEnded = true;
    }
  }
  const ball: Ball = {
    seq: next.deliveries,
    innings: inningsIndex,
    battingTeam: innings.battingTeam,
    over: Math.floor(innings.legalBalls / BALLS_PER_OVER),
    ballInOver: innings.legalBalls % BALLS_PER_OVER,
    kind: outcome.kind,
    runs: outcome.runs,
    batRuns: outcome.batRuns,
    wicket: outcome.wicket,
    label: innings.lastBalls.at(-1) as string,
    inningsEnded: endReason,
    matchEnded,
  };
  return { state: next, ball };
}

/** Plays the innings in play to its end (tests, calibration, fast-forwarding a resumed demo). */
export function playInnings(state: CricketMatchState, rng: Rng): CricketMatchState {
  let s = state;
  while (s.status === 'inPlay') s = nextBall(s, rng).state;
  return s;
}

/** A whole match from the toss to the result. */
export function simulateMatch(teams: [CricketTeam, CricketTeam], rng: Rng): CricketMatchState {
  let s = startInnings(createCricketMatch(teams, toss(rng)));
  s = playInnings(s, rng);
  s = startInnings(s);
  return playInnings(s, rng);
}

/** "12.3": completed overs and legal balls of the current over. */
export function oversText(legalBalls: number): string {
  return `${Math.floor(legalBalls / BALLS_PER_OVER)}.${legalBalls % BALLS_PER_OVER}`;
}
