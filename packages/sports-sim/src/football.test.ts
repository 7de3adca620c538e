import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createFootballMatch,
  createRng,
  footballOutcomeProbabilities,
  footballOverUnderProbabilities,
  footballResult,
  nextMinute,
  randomExpectedGoals,
  startHalf,
  type FootballMatchState,
} from './index.js';

const TEAMS: FootballMatchState['teams'] = [
  { name: 'Mumbai City', shortName: 'MCFC' },
  { name: 'Mohun Bagan', shortName: 'MBSG' },
];

function playToEnd(state: FootballMatchState, seed: number): FootballMatchState {
  const rng = createRng(seed);
  let s = state;
  while (s.status !== 'finished')
    s = s.status === 'scheduled' || s.status === 'halfTime' ? startHalf(s) : nextMinute(s, rng).state;
  return s;
}

describe('FB-1 / FB-2 the match clock', () => {
  it('FB-2 scheduled → first half → half time at 45 → second half → full time at 90', () => {
    const rng = createRng(1);
    let s = createFootballMatch(TEAMS, [1.5, 1.2]);
    expect(() => nextMinute(s, rng)).toThrow();
    s = startHalf(s);
    for (let i = 0; i < 45; i++) s = nextMinute(s, rng).state;
    expect(s.status).toBe('halfTime');
    expect(s.minute).toBe(45);
    expect(() => nextMinute(s, rng)).toThrow();
    s = startHalf(s);
    for (let i = 0; i < 45; i++) s = nextMinute(s, rng).state;
    expect(s.status).toBe('finished');
    expect(s.minute).toBe(90);
    expect(() => startHalf(s)).toThrow();
    expect(s.goals.filter((g) => g.team === 0)).toHaveLength(s.score[0]);
  });

  it('FB-1 random pairings have 2.2–3.2 expected goals', () => {
    const rng = createRng(2);
    for (let i = 0; i < 200; i++) {
      const [h, a] = randomExpectedGoals(rng);
      expect(h + a).toBeGreaterThanOrEqual(2.19);
      expect(h + a).toBeLessThanOrEqual(3.21);
    }
  });
});

describe('FB-3 / FB-4 fair probabilities', () => {
  it.each([
    // minute, score, expected goals, home win range
    [0, [0, 0], [1.6, 1.1], 0.45, 0.55],
    [85, [2, 0], [1.2, 1.2], 0.98, 1],
    [85, [0, 1], [1.2, 1.2], 0, 0.05],
    [60, [1, 1], [1.2, 1.2], 0.2, 0.35],
  ] as const)('FB-3 minute %i at %j (xG %j)', (minute, score, xg, low, high) => {
    const s: FootballMatchState = {
      ...createFootballMatch(TEAMS, [...xg]),
      status: 'secondHalf',
      minute,
      score: [...score],
    };
    const p = footballOutcomeProbabilities(s);
    expect(p[0] + p[1] + p[2]).toBeCloseTo(1, 12);
    expect(p[0]).toBeGreaterThanOrEqual(low);
    expect(p[0]).toBeLessThanOrEqual(high);
  });

  it('FB-3 at full time the result has probability 1', () => {
    const s: FootballMatchState = {
      ...createFootballMatch(TEAMS, [1, 1]),
      status: 'finished',
      minute: 90,
      score: [1, 1],
    };
    expect(footballOutcomeProbabilities(s)).toEqual([0, 1, 0]);
    expect(footballOverUnderProbabilities(s)).toEqual([0, 1]);
    expect(footballResult(s)).toBe(1);
    expect(footballResult({ ...s, status: 'secondHalf' })).toBeNull();
  });

  it('FB-3 / FB-4 probabilities sum to 1 in any state', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 90 }),
        fc.nat(5),
        fc.nat(5),
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        (minute, h, a, xg) => {
          const s: FootballMatchState = {
            ...createFootballMatch(TEAMS, [xg, 3.3 - xg]),
            status: 'secondHalf',
            minute,
            score: [h, a],
          };
          const p = footballOutcomeProbabilities(s);
          expect(p[0] + p[1] + p[2]).toBeCloseTo(1, 9);
          const ou = footballOverUnderProbabilities(s);
          expect(ou[0] + ou[1]).toBeCloseTo(1, 9);
          if (h + a >= 3) expect(ou[0]).toBeCloseTo(1, 12);
        },
      ),
      { seed: 51, numRuns: 300 },
    );
  });

  it('FB-3 calibration: kick-off probabilities match 4,000 seeded matches', () => {
    const start = startHalf(createFootballMatch(TEAMS, [1.6, 1.1]));
    const predicted = footballOutcomeProbabilities(start);
    const overPredicted = footballOverUnderProbabilities(start)[0];
    const counts = [0, 0, 0];
    let over = 0;
    const n = 4000;
    for (let i = 0; i < n; i++) {
      const end = playToEnd(start, 1000 + i);
      counts[footballResult(end) as number]! += 1;
      if (end.score[0] + end.score[1] > 2.5) over++;
    }
    console.log(
      `FB-3 predicted ${predicted.map((p) => p.toFixed(3)).join('/')}, actual ${counts.map((c) => (c / n).toFixed(3)).join('/')}; over 2.5 ${overPredicted.toFixed(3)} vs ${(over / n).toFixed(3)}`,
    );
    const se = Math.sqrt(0.25 / n);
    predicted.forEach((p, i) => expect(Math.abs(p - (counts[i] as number) / n)).toBeLessThan(4 * se));
    expect(Math.abs(overPredicted - over / n)).toBeLessThan(4 * se);
  });

  it('SIM-1 the same seed replays the same football match', () => {
    const start = createFootballMatch(TEAMS, [1.4, 1.4]);
    expect(playToEnd(start, 9)).toEqual(playToEnd(start, 9));
  });
});
