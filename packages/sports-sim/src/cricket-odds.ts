/**
 * Fair win probabilities of a T20 match from its state (PRICE-1), exact over the ball model in
 * cricket-model.ts: in the chase from runs needed, balls left and wickets in hand; in the first
 * innings by summing over the distribution of the final total.
 */
import { chaseWinProbability, firstInningsWinProbability } from './cricket-model.js';
import type { CricketMatchState, InningsState, TeamIndex } from './cricket.js';

/** [P(team 0 wins), P(team 1 wins)], summing to 1. A tie goes to a 50/50 super over (CRK-6). */
export function cricketWinProbabilities(state: CricketMatchState): [number, number] {
  const byTeam = (team: TeamIndex, p: number): [number, number] => (team === 0 ? [p, 1 - p] : [1 - p, p]);
  if (state.status === 'finished') return state.result?.winner === 0 ? [1, 0] : [0, 1];
  const first = state.innings[0];
  if (first === undefined) return byTeam(state.battingFirst, firstInningsWinProbability(0, 0, 0));
  if (state.status === 'inningsBreak' || state.innings.length === 1) {
    if (state.status === 'inningsBreak')
      return byTeam(first.battingTeam, 1 - chaseWinProbability(0, 0, first.runs + 1));
    return byTeam(first.battingTeam, firstInningsWinProbability(first.legalBalls, first.wickets, first.runs));
  }
  const chase = state.innings[1] as InningsState;
  const need = (chase.target as number) - chase.runs;
  return byTeam(chase.battingTeam, chaseWinProbability(chase.legalBalls, chase.wickets, need));
}
