/**
 * Football, minute by minute (FB-*). Each side scores in a minute with a fixed chance (its expected
 * goals over 90 minutes / 90), so the goals still to come are binomial, and the fair 1X2 and
 * over/under prices below are exact for the simulator (FB-3, FB-4).
 */
import type { Rng } from './rng.js';

export const MINUTES_PER_HALF = 45;
export const MINUTES_PER_MATCH = 90;

export interface FootballTeam {
  name: string;
  shortName: string;
}

export type FootballStatus = 'scheduled' | 'firstHalf' | 'halfTime' | 'secondHalf' | 'finished';

export interface Goal {
  minute: number;
  team: 0 | 1;
}

export interface FootballMatchState {
  sport: 'football';
  /** [home, away]. */
  teams: [FootballTeam, FootballTeam];
  /** Expected goals over 90 minutes for [home, away]. */
  expectedGoals: [number, number];
  status: FootballStatus;
  /** Minutes played, 0–90. */
  minute: number;
  score: [number, number];
  goals: Goal[];
}

export function createFootballMatch(
  teams: [FootballTeam, FootballTeam],
  expectedGoals: [number, number],
): FootballMatchState {
  return { sport: 'football', teams, expectedGoals, status: 'scheduled', minute: 0, score: [0, 0], goals: [] };
}

/** FB-1: a plausible pairing: 2.2–3.2 goals a match, home advantage, a random favourite. */
export function randomExpectedGoals(rng: Rng): [number, number] {
  const total = 2.2 + rng.nextFloat();
  const homeShare = 0.35 + 0.35 * rng.nextFloat();
  return [Math.round(total * homeShare * 100) / 100, Math.round(total * (1 - homeShare) * 100) / 100];
}

/** FB-2: kick-off (scheduled → first half) and the second half after half time. */
export function startHalf(state: FootballMatchState): FootballMatchState {
  if (state.status === 'scheduled') return { ...state, status: 'firstHalf' };
  if (state.status === 'halfTime') return { ...state, status: 'secondHalf' };
  throw new Error(`cannot start a half when the match is ${state.status}`);
}

/** FB-2: play one minute; half time after 45, full time after 90. */
export function nextMinute(state: FootballMatchState, rng: Rng): { state: FootballMatchState; goals: Goal[] } {
  if (state.status !== 'firstHalf' && state.status !== 'secondHalf')
    throw new Error(`no minute can be played when the match is ${state.status}`);
  const minute = state.minute + 1;
  const goals: Goal[] = [];
  const score: [number, number] = [...state.score];
  for (const team of [0, 1] as const) {
    if (rng.nextFloat() < state.expectedGoals[team] / MINUTES_PER_MATCH) {
      goals.push({ minute, team });
      score[team] += 1;
    }
  }
  const status: FootballStatus =
    minute === MINUTES_PER_HALF ? 'halfTime' : minute >= MINUTES_PER_MATCH ? 'finished' : state.status;
  return { state: { ...state, minute, score, status, goals: [...state.goals, ...goals] }, goals };
}

function binomial(n: number, q: number): number[] {
  const out = new Array<number>(n + 1).fill(0);
  out[0] = 1;
  for (let i = 0; i < n; i++) {
    for (let k = i + 1; k >= 1; k--) out[k] = (out[k] as number) * (1 - q) + (out[k - 1] as number) * q;
    out[0] = (out[0] as number) * (1 - q);
  }
  return out;
}

function remainingGoals(state: FootballMatchState): [number[], number[]] {
  const left = state.status === 'finished' ? 0 : MINUTES_PER_MATCH - state.minute;
  return [
    binomial(left, state.expectedGoals[0] / MINUTES_PER_MATCH),
    binomial(left, state.expectedGoals[1] / MINUTES_PER_MATCH),
  ];
}

/** FB-3: [home, draw, away] win probabilities from the score and the minutes left; they sum to 1. */
export function footballOutcomeProbabilities(state: FootballMatchState): [number, number, number] {
  const [home, away] = remainingGoals(state);
  const out: [number, number, number] = [0, 0, 0];
  home.forEach((ph, i) => {
    away.forEach((pa, j) => {
      const diff = state.score[0] + i - (state.score[1] + j);
      out[diff > 0 ? 0 : diff === 0 ? 1 : 2] += ph * pa;
    });
  });
  const total = out[0] + out[1] + out[2];
  return [out[0] / total, out[1] / total, out[2] / total];
}

/** FB-4: [over, under] for total goals against a half-goal line (2.5 by default). */
export function footballOverUnderProbabilities(state: FootballMatchState, lineHalfGoals = 5): [number, number] {
  const line = lineHalfGoals / 2;
  const [home, away] = remainingGoals(state);
  let over = 0;
  let total = 0;
  home.forEach((ph, i) => {
    away.forEach((pa, j) => {
      total += ph * pa;
      if (state.score[0] + state.score[1] + i + j > line) over += ph * pa;
    });
  });
  return [over / total, 1 - over / total];
}

/** FB-5: the result at full time: 0 home, 1 draw, 2 away (the 1X2 runner index). */
export function footballResult(state: FootballMatchState): 0 | 1 | 2 | null {
  if (state.status !== 'finished') return null;
  const [h, a] = state.score;
  return h > a ? 0 : h === a ? 1 : 2;
}
