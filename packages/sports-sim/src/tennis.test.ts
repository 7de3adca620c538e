import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createRng,
  createTennisMatch,
  nextPoint,
  pointServer,
  pointsText,
  startTennisMatch,
  tennisWinProbabilities,
  type Rng,
  type TennisMatchState,
} from './index.js';

const PLAYERS: TennisMatchState['players'] = [
  { name: 'Sumit Nagal', shortName: 'NAG' },
  { name: 'Yuki Bhambri', shortName: 'BHA' },
];

/** An Rng that makes the server win (0) or lose (1) each point, in the given order. */
function scripted(serverWins: boolean[]): Rng {
  let i = 0;
  return {
    nextUint32: () => 0,
    nextFloat: () => ((serverWins[i++] ?? true) ? 0 : 0.999_999),
    state: () => i,
  };
}

/** Plays points won by the given players (0/1), whoever serves. */
function play(state: TennisMatchState, winners: (0 | 1)[]): TennisMatchState {
  let s = state;
  for (const w of winners) s = nextPoint(s, scripted([pointServer(s) === w])).state;
  return s;
}

const start = (): TennisMatchState => startTennisMatch(createTennisMatch(PLAYERS, [0.64, 0.62], 0));
const game = (w: 0 | 1): (0 | 1)[] => [w, w, w, w];

describe('TEN-2 scoring', () => {
  it.each([
    [[0], ['15', '0']],
    [
      [0, 1, 0],
      ['30', '15'],
    ],
    [
      [0, 0, 0, 1, 1, 1],
      ['40', '40'],
    ],
    [
      [0, 0, 0, 1, 1, 1, 1],
      ['40', 'AD'],
    ],
    [
      [0, 0, 0, 1, 1, 1, 1, 0],
      ['40', '40'],
    ],
  ] as const)('TEN-2 points %j read %j', (winners, text) => {
    expect(pointsText(play(start(), [...winners]))).toEqual(text);
  });

  it('TEN-2 a game needs two clear points; the server changes after it', () => {
    const s = play(start(), [0, 0, 0, 1, 1, 1, 0, 0]);
    expect(s.games).toEqual([1, 0]);
    expect(s.points).toEqual([0, 0]);
    expect(s.server).toBe(1);
  });

  it('TEN-2 a set at 6–3 and 6–4, another needs 7–5 from 5–5, then a tie-break at 6–6', () => {
    let s = start();
    // Three all, then player 0 takes three in a row: 6–3 (the tenth game opens the next set).
    for (let g = 0; g < 9; g++) s = play(s, game(g < 6 ? (g % 2 === 0 ? 0 : 1) : 0));
    expect(s.completedSets).toEqual([[6, 3]]);
    s = start();
    const sixFour: (0 | 1)[] = [0, 1, 0, 1, 0, 1, 0, 1, 0, 0];
    for (const w of sixFour) s = play(s, game(w));
    expect(s.completedSets).toEqual([[6, 4]]);
    expect(s.setsWon).toEqual([1, 0]);
    const fiveAllThenTwo: (0 | 1)[] = [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1];
    for (const w of fiveAllThenTwo) s = play(s, game(w));
    expect(s.completedSets).toEqual([
      [6, 4],
      [5, 7],
    ]);
    const sixAll: (0 | 1)[] = [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1];
    for (const w of sixAll) s = play(s, game(w));
    expect(s.games).toEqual([6, 6]);
    expect(s.tiebreak).toBe(true);
    s = play(s, [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 1, 0, 0]);
    expect(s.status).toBe('finished');
    expect(s.winner).toBe(0);
    expect(s.completedSets).toEqual([
      [6, 4],
      [5, 7],
      [7, 6],
    ]);
  });
});

describe('TEN-3 tie-break serving', () => {
  it('TEN-3 first server serves one point, then two each; the receiver serves the next set', () => {
    let s = start();
    for (const w of [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1] as (0 | 1)[]) s = play(s, game(w));
    expect(s.tiebreak).toBe(true);
    const first = s.server;
    const servers: number[] = [];
    for (let i = 0; i < 7; i++) {
      servers.push(pointServer(s));
      s = play(s, [0]);
    }
    const o = first === 0 ? 1 : 0;
    expect(servers).toEqual([first, o, o, first, first, o, o]);
    expect(s.completedSets).toEqual([[7, 6]]);
    expect(s.server).toBe(o);
  });
});

describe('TEN-4 win probabilities', () => {
  it.each([
    ['even players at the start', [0.63, 0.63], [], 0.49, 0.51],
    ['a set and a break up', [0.63, 0.63], [...Array<0>(24).fill(0), ...game(0), ...game(0)], 0.85, 0.97],
    ['the stronger server at the start', [0.68, 0.6], [], 0.75, 0.9],
  ] as const)('TEN-4 %s', (_name, serveWin, winners, low, high) => {
    const s = play(startTennisMatch(createTennisMatch(PLAYERS, [...serveWin], 0)), [...winners]);
    const [p0, p1] = tennisWinProbabilities(s);
    expect(p0 + p1).toBeCloseTo(1, 12);
    expect(p0).toBeGreaterThanOrEqual(low);
    expect(p0).toBeLessThanOrEqual(high);
  });

  it('TEN-4 a long deuce or tie-break is worth the same as the equivalent short one', () => {
    const base = start();
    const at = (points: [number, number], tiebreak: boolean) =>
      tennisWinProbabilities({ ...base, games: tiebreak ? [6, 6] : [2, 3], points, tiebreak })[0];
    expect(at([7, 7], false)).toBeCloseTo(at([3, 3], false), 12);
    expect(at([8, 7], false)).toBeCloseTo(at([4, 3], false), 12);
    expect(at([11, 10], true)).toBeCloseTo(at([7, 6], true), 12);
    expect(at([10, 10], true)).toBeCloseTo(at([6, 6], true), 12);
  });

  it('TEN-4 probabilities are in [0, 1], sum to 1 and are 1 on the winner once finished, along random matches', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const rng = createRng(seed);
        let s = startTennisMatch(
          createTennisMatch(PLAYERS, [0.55 + 0.15 * rng.nextFloat(), 0.55 + 0.15 * rng.nextFloat()], 1),
        );
        let steps = 0;
        while (s.status === 'inPlay') {
          s = nextPoint(s, rng).state;
          if (steps++ % 17 === 0) {
            const [a, b] = tennisWinProbabilities(s);
            expect(a).toBeGreaterThanOrEqual(-1e-12);
            expect(a).toBeLessThanOrEqual(1 + 1e-12);
            expect(a + b).toBeCloseTo(1, 12);
          }
        }
        expect(tennisWinProbabilities(s)[s.winner as number]).toBe(1);
      }),
      { seed: 61, numRuns: 40 },
    );
  });

  it('TEN-4 calibration: the start-of-match probability matches 4,000 seeded matches', () => {
    const first = startTennisMatch(createTennisMatch(PLAYERS, [0.66, 0.61], 0));
    const [predicted] = tennisWinProbabilities(first);
    const rng = createRng(71);
    let wins = 0;
    const n = 4000;
    for (let i = 0; i < n; i++) {
      let s = first;
      while (s.status === 'inPlay') s = nextPoint(s, rng).state;
      if (s.winner === 0) wins++;
    }
    console.log(`TEN-4 predicted ${predicted.toFixed(3)}, actual ${(wins / n).toFixed(3)}`);
    expect(Math.abs(predicted - wins / n)).toBeLessThan(4 * Math.sqrt(0.25 / n));
  });
});
