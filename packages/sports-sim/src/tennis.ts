/**
 * Tennis, point by point (TEN-*): best of three sets, a tie-break at 6–6, each player winning a
 * point on their own serve with a fixed chance. Match-winner probabilities are computed exactly by
 * recursion over the score with closed forms at deuce and at level tie-break scores (TEN-4).
 */
import type { Rng } from './rng.js';

export const SETS_TO_WIN = 2;

export interface TennisPlayer {
  name: string;
  shortName: string;
}

export type TennisStatus = 'scheduled' | 'inPlay' | 'finished';

export interface TennisMatchState {
  sport: 'tennis';
  players: [TennisPlayer, TennisPlayer];
  /** Chance each player wins a point on their own serve. */
  serveWin: [number, number];
  status: TennisStatus;
  /** Games of each completed set, in order: [[6, 4], [3, 6]]. */
  completedSets: [number, number][];
  setsWon: [number, number];
  games: [number, number];
  /** Points in the current game (0, 1, 2, 3, 4… shown 0/15/30/40/AD) or tie-break points. */
  points: [number, number];
  tiebreak: boolean;
  /** Server of the current game; in a tie-break, the player who served its first point. */
  server: 0 | 1;
  winner: 0 | 1 | null;
}

export function createTennisMatch(
  players: [TennisPlayer, TennisPlayer],
  serveWin: [number, number],
  firstServer: 0 | 1,
): TennisMatchState {
  return {
    sport: 'tennis',
    players,
    serveWin,
    status: 'scheduled',
    completedSets: [],
    setsWon: [0, 0],
    games: [0, 0],
    points: [0, 0],
    tiebreak: false,
    server: firstServer,
    winner: null,
  };
}

/** TEN-1: a plausible pairing: serve points won 58–70 %. */
export function randomServeWin(rng: Rng): [number, number] {
  return [
    Math.round((0.58 + 0.12 * rng.nextFloat()) * 1000) / 1000,
    Math.round((0.58 + 0.12 * rng.nextFloat()) * 1000) / 1000,
  ];
}

export function startTennisMatch(state: TennisMatchState): TennisMatchState {
  if (state.status !== 'scheduled') throw new Error(`cannot start a match that is ${state.status}`);
  return { ...state, status: 'inPlay' };
}

const other = (p: 0 | 1): 0 | 1 => (p === 0 ? 1 : 0);

/** Who serves the k-th (0-based) point of a tie-break first served by `first`: 1, then 2 each. */
function tiebreakServer(first: 0 | 1, k: number): 0 | 1 {
  return ((k + 1) >> 1) % 2 === 0 ? first : other(first);
}

/** The player serving the next point. */
export function pointServer(state: TennisMatchState): 0 | 1 {
  return state.tiebreak ? tiebreakServer(state.server, state.points[0] + state.points[1]) : state.server;
}

type Score = Pick<TennisMatchState, 'setsWon' | 'games' | 'points' | 'tiebreak' | 'server'>;

/** TEN-2: the score after `winner` takes the next point (pure scoring rules, no randomness). */
function scorePoint(s: Score, winner: 0 | 1): Score & { setEnded: [number, number] | null; matchWinner: 0 | 1 | null } {
  const points: [number, number] = [...s.points];
  points[winner] += 1;
  const target = s.tiebreak ? 7 : 4;
  if (points[winner] < target || points[winner] - points[other(winner)] < 2) {
    return { ...s, points, setEnded: null, matchWinner: null };
  }
  // Game (or tie-break) won.
  const games: [number, number] = [...s.games];
  games[winner] += 1;
  const nextServer = other(s.server); // after a tie-break, the player who received first serves first
  const setWon = s.tiebreak || (games[winner] >= 6 && games[winner] - games[other(winner)] >= 2);
  if (!setWon) {
    const tiebreak = games[0] === 6 && games[1] === 6;
    return {
      setsWon: s.setsWon,
      games,
      points: [0, 0],
      tiebreak,
      server: nextServer,
      setEnded: null,
      matchWinner: null,
    };
  }
  const setsWon: [number, number] = [...s.setsWon];
  setsWon[winner] += 1;
  return {
    setsWon,
    games: [0, 0],
    points: [0, 0],
    tiebreak: false,
    server: nextServer,
    setEnded: games,
    matchWinner: setsWon[winner] >= SETS_TO_WIN ? winner : null,
  };
}

/** TEN-2/TEN-3: play one point. */
export function nextPoint(state: TennisMatchState, rng: Rng): { state: TennisMatchState; pointWinner: 0 | 1 } {
  if (state.status !== 'inPlay') throw new Error(`no point can be played when the match is ${state.status}`);
  const server = pointServer(state);
  const pointWinner = rng.nextFloat() < state.serveWin[server] ? server : other(server);
  const { setEnded, matchWinner, ...score } = scorePoint(state, pointWinner);
  const next: TennisMatchState = {
    ...state,
    ...score,
    completedSets: setEnded ? [...state.completedSets, setEnded] : state.completedSets,
  };
  if (matchWinner !== null) return { state: { ...next, status: 'finished', winner: matchWinner }, pointWinner };
  return { state: next, pointWinner };
}

/**
 * Memo tables of P(player 0 wins) per score, one per pair of serve chances. The value of a score
 * depends only on the score and the pair, so the tables are shared across calls (a cache of a pure
 * function): the first call of a match solves it in a few milliseconds, later calls read one slot.
 */
const tables = new Map<string, Float64Array>();
const MAX_TABLES = 16;
const TABLE_SIZE = 2 * 2 * 8 * 8 * 9 * 9 * 2 * 2;

/** Long deuces and tie-breaks fold back to an equivalent score (same leader, same serving order). */
function foldPoints(a: number, b: number, tiebreak: boolean): [number, number] {
  const floor = tiebreak ? 8 : 4;
  const step = tiebreak ? 2 : 1; // a tie-break's serving order repeats every 4 points: fold 2 each
  while (a >= floor && b >= floor) {
    a -= step;
    b -= step;
  }
  return [a, b];
}

function tableFor(serveWin: [number, number]): Float64Array {
  const key = `${serveWin[0]}|${serveWin[1]}`;
  let table = tables.get(key);
  if (table === undefined) {
    if (tables.size >= MAX_TABLES) tables.delete(tables.keys().next().value as string);
    table = new Float64Array(TABLE_SIZE).fill(Number.NaN);
    tables.set(key, table);
  }
  return table;
}

/** TEN-4: [P(player 0 wins), P(player 1 wins)] from the current score. */
export function tennisWinProbabilities(state: TennisMatchState): [number, number] {
  if (state.status === 'finished') return state.winner === 0 ? [1, 0] : [0, 1];
  const [s0, s1] = state.serveWin;
  const memo = tableFor(state.serveWin);
  const pWinPoint = (server: 0 | 1): number => (server === 0 ? s0 : 1 - s1); // P(player 0 wins the point)
  /** The score after `w` wins the current game or tie-break outright. */
  const finish = (s: Score, w: 0 | 1): Score => {
    const onePointAway = s.tiebreak ? 6 : 3;
    const {
      setEnded: _set,
      matchWinner: _match,
      ...score
    } = scorePoint({ ...s, points: w === 0 ? [onePointAway, 0] : [0, onePointAway] }, w);
    return score;
  };
  const solve = (s: Score): number => {
    if (s.setsWon[0] >= SETS_TO_WIN) return 1;
    if (s.setsWon[1] >= SETS_TO_WIN) return 0;
    const [a, b] = foldPoints(s.points[0], s.points[1], s.tiebreak);
    const index =
      ((((((s.setsWon[0] * 2 + s.setsWon[1]) * 8 + s.games[0]) * 8 + s.games[1]) * 9 + a) * 9 + b) * 2 +
        (s.tiebreak ? 1 : 0)) *
        2 +
      s.server;
    const hit = memo[index] as number;
    if (!Number.isNaN(hit)) return hit;
    const folded: Score = { ...s, points: [a, b] };
    let value: number;
    if (a === b && a >= (s.tiebreak ? 6 : 3)) {
      // From deuce or a level tie-break score, two points at a time: in a game both on one serve,
      // in a tie-break one on each serve. Win both → the game; split → level again.
      const p1 = pWinPoint(s.tiebreak ? tiebreakServer(s.server, a + b) : s.server);
      const p2 = pWinPoint(s.tiebreak ? tiebreakServer(s.server, a + b + 1) : s.server);
      const both0 = p1 * p2;
      const both1 = (1 - p1) * (1 - p2);
      const gameTo0 = both0 / (both0 + both1);
      value = gameTo0 * solve(finish(folded, 0)) + (1 - gameTo0) * solve(finish(folded, 1));
    } else {
      const p = pWinPoint(s.tiebreak ? tiebreakServer(s.server, a + b) : s.server);
      value = p * solve(scorePoint(folded, 0)) + (1 - p) * solve(scorePoint(folded, 1));
    }
    memo[index] = value;
    return value;
  };
  const p0 = solve(state);
  return [p0, 1 - p0];
}

/** "0", "15", "30", "40", "AD" for a regular game; plain numbers in a tie-break. */
export function pointsText(state: TennisMatchState): [string, string] {
  const [a, b] = state.points;
  if (state.tiebreak) return [String(a), String(b)];
  const names = ['0', '15', '30', '40'];
  if (a >= 3 && b >= 3) {
    if (a === b) return ['40', '40'];
    return a > b ? ['AD', '40'] : ['40', 'AD'];
  }
  return [names[a] ?? '40', names[b] ?? '40'];
}
