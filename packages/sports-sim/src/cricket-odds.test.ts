import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chaseWinProbability,
  createCricketMatch,
  createRng,
  cricketWinProbabilities,
  firstInningsWinProbability,
  nextBall,
  playInnings,
  reachProbability,
  startInnings,
  type CricketMatchState,
  type InningsState,
} from './index.js';
import { TEAMS, matchAt } from './test-helpers.js';

describe('PRICE-1 cricket match odds', () => {
  it.each([
    // description, state, P(India) range
    ['before the toss is even', createCricketMatch(TEAMS, 0), 0.49, 0.51],
    ['IND 80/0 after 6 overs is well ahead', matchAt({ runs: 80, legalBalls: 36 }), 0.75, 0.95],
    ['IND 30/5 after 8 overs is far behind', matchAt({ runs: 30, wickets: 5, legalBalls: 48 }), 0.01, 0.15],
    [
      'AUS need 1 from 60 balls with 9 down',
      matchAt({ runs: 150, legalBalls: 120 }, { runs: 150, wickets: 9, legalBalls: 60 }),
      0.0,
      0.06,
    ],
    [
      'AUS need 60 from 12 balls',
      matchAt({ runs: 180, legalBalls: 120 }, { runs: 121, wickets: 4, legalBalls: 108 }),
      0.97,
      1,
    ],
    [
      'AUS need 20 from 30 balls, 8 in hand',
      matchAt({ runs: 160, legalBalls: 120 }, { runs: 141, wickets: 2, legalBalls: 90 }),
      0.0,
      0.12,
    ],
  ] as const)('PRICE-1 %s', (_name, state: CricketMatchState, low, high) => {
    const [india, australia] = cricketWinProbabilities(state);
    expect(india + australia).toBeCloseTo(1, 12);
    expect(india).toBeGreaterThanOrEqual(low);
    expect(india).toBeLessThanOrEqual(high);
  });

  it('PRICE-1 finished matches price the winner at 1', () => {
    const s: CricketMatchState = {
      ...matchAt({ runs: 150, legalBalls: 120 }, { runs: 151, legalBalls: 100 }),
      status: 'finished',
      result: { winner: 1, margin: { kind: 'wickets', wickets: 10, ballsRemaining: 20 }, text: '' },
    };
    expect(cricketWinProbabilities(s)).toEqual([0, 1]);
  });

  it('PRICE-1 the chase is exactly monotone in runs needed and wickets down, over every state', () => {
    let violations = 0;
    for (let b = 0; b < 120; b++) {
      for (let w = 0; w < 10; w++) {
        for (let need = 1; need < 400; need++) {
          const p = chaseWinProbability(b, w, need);
          if (chaseWinProbability(b, w, need + 1) > p + 1e-12) violations++;
          if (w < 9 && chaseWinProbability(b, w + 1, need) > p + 1e-12) violations++;
        }
      }
    }
    expect(violations).toBe(0);
  });

  it('PRICE-1 one ball fewer never raises the chase by more than 0.2 percentage points (that ball carried a wicket risk)', () => {
    let worst = 0;
    for (let b = 0; b < 119; b++) {
      for (let w = 0; w < 10; w++) {
        for (let need = 1; need < 400; need++)
          worst = Math.max(worst, chaseWinProbability(b + 1, w, need) - chaseWinProbability(b, w, need));
      }
    }
    expect(worst).toBeLessThan(0.002);
  });

  it('PRICE-1 the first innings is monotone in runs and wickets (sampled states)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 119 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 250 }),
        (b, w, runs) => {
          const p = firstInningsWinProbability(b, w, runs);
          expect(firstInningsWinProbability(b, w, runs + 1)).toBeGreaterThanOrEqual(p - 1e-12);
          expect(firstInningsWinProbability(b, w + 1, runs)).toBeLessThanOrEqual(p + 1e-12);
        },
      ),
      { seed: 31, numRuns: 300 },
    );
  });

  it('PRICE-1 reach probabilities are probabilities and 1 when nothing is needed', () => {
    expect(reachProbability(50, 3, 0)).toBe(1);
    expect(reachProbability(50, 3, -4)).toBe(1);
    expect(reachProbability(120, 3, 1)).toBe(0);
    expect(reachProbability(50, 10, 1)).toBe(0);
    expect(reachProbability(0, 0, 1000)).toBe(0);
  });

  it('PRICE-1 calibration: predicted chase wins match actual over 2,000 seeded matches', () => {
    const rng = createRng(99);
    const n = 2000;
    let atBreak = 0;
    let atTenOvers = 0;
    let tenOversCount = 0;
    let tenOversWins = 0;
    let wins = 0;
    for (let i = 0; i < n; i++) {
      let s = playInnings(startInnings(createCricketMatch(TEAMS, 0)), rng);
      atBreak += cricketWinProbabilities(s)[1];
      s = startInnings(s);
      let checked = false;
      while (s.status === 'inPlay') {
        const inn = s.innings[1] as InningsState;
        if (!checked && inn.legalBalls === 60) {
          checked = true;
          tenOversCount++;
          atTenOvers += cricketWinProbabilities(s)[1];
        }
        s = nextBall(s, rng).state;
      }
      const won = s.result?.winner === 1 ? 1 : 0;
      wins += won;
      if (checked) tenOversWins += won;
    }
    const se = Math.sqrt(0.25 / n);
    console.log(
      `PRICE-1 chase wins: predicted at the break ${(atBreak / n).toFixed(3)}, actual ${(wins / n).toFixed(3)}; ` +
        `at 10 overs predicted ${(atTenOvers / tenOversCount).toFixed(3)}, actual ${(tenOversWins / tenOversCount).toFixed(3)} (${tenOversCount})`,
    );
    expect(Math.abs(atBreak / n - wins / n)).toBeLessThan(4 * se);
    expect(Math.abs(atTenOvers / tenOversCount - tenOversWins / tenOversCount)).toBeLessThan(
      4 * Math.sqrt(0.25 / tenOversCount),
    );
  });
});
