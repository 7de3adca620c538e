/** Builders shared by the tests (not exported from index.ts). */
import type { CricketMatchState, CricketTeam, InningsState, TeamIndex } from './cricket.js';

export const IND: CricketTeam = { name: 'India', shortName: 'IND' };
export const AUS: CricketTeam = { name: 'Australia', shortName: 'AUS' };
export const TEAMS: [CricketTeam, CricketTeam] = [IND, AUS];

export function innings(partial: Partial<InningsState> & { battingTeam: TeamIndex }): InningsState {
  return {
    runs: 0,
    wickets: 0,
    legalBalls: 0,
    extras: 0,
    fours: 0,
    sixes: 0,
    runsAtOver: [],
    fallOfWickets: [],
    lastBalls: [],
    target: null,
    endReason: null,
    ...partial,
  };
}

/** A match in the first innings (IND batting) or, with `chase`, in the chase (AUS batting). */
export function matchAt(first: Partial<InningsState>, chase?: Partial<InningsState>): CricketMatchState {
  const one = innings({ battingTeam: 0, ...first });
  const all = chase ? [one, innings({ battingTeam: 1, target: one.runs + 1, ...chase })] : [one];
  return {
    sport: 'cricket',
    teams: TEAMS,
    battingFirst: 0,
    status: 'inPlay',
    innings: all,
    deliveries: 0,
    result: null,
  };
}
