import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BALLS_PER_INNINGS,
  createCricketMatch,
  createRng,
  deliveryOutcomes,
  nextBall,
  playInnings,
  simulateMatch,
  startInnings,
  type CricketMatchState,
  type InningsState,
} from './index.js';
import { TEAMS, matchAt } from './test-helpers.js';

/** Bowls until the dice produce a delivery of the wanted kind (searching seeds), for table tests. */
function ballOfKind(state: CricketMatchState, predicate: (b: ReturnType<typeof nextBall>['ball']) => boolean) {
  for (let seed = 0; seed < 10_000; seed++) {
    const step = nextBall(state, createRng(seed));
    if (predicate(step.ball)) return step;
  }
  throw new Error('no such delivery');
}

describe('CRK-1 match lifecycle', () => {
  it('CRK-1 scheduled → first innings → innings break → chase with target → finished', () => {
    const rng = createRng(11);
    let s = createCricketMatch(TEAMS, 1);
    expect(s.status).toBe('scheduled');
    expect(() => nextBall(s, rng)).toThrow();
    s = startInnings(s);
    expect(s.status).toBe('inPlay');
    expect(s.innings[0]?.battingTeam).toBe(1);
    s = playInnings(s, rng);
    expect(s.status).toBe('inningsBreak');
    expect(() => nextBall(s, rng)).toThrow();
    const firstTotal = (s.innings[0] as InningsState).runs;
    s = startInnings(s);
    expect(s.innings[1]?.battingTeam).toBe(0);
    expect(s.innings[1]?.target).toBe(firstTotal + 1);
    s = playInnings(s, rng);
    expect(s.status).toBe('finished');
    expect(s.result).not.toBeNull();
    expect(() => startInnings(s)).toThrow();
  });
});

describe('CRK-2 deliveries', () => {
  it.each([
    ['wide adds one run and is bowled again', (b: { kind: string }) => b.kind === 'wide', 1, 0, 'Wd'],
    ['a legal four', (b: { kind: string; batRuns: number }) => b.kind === 'legal' && b.batRuns === 4, 4, 1, '4'],
    [
      'a dot ball',
      (b: { kind: string; runs: number; wicket: boolean }) => b.kind === 'legal' && b.runs === 0 && !b.wicket,
      0,
      1,
      '0',
    ],
    ['a wicket', (b: { wicket: boolean }) => b.wicket, 0, 1, 'W'],
    [
      'a no-ball with a six off it',
      (b: { kind: string; batRuns: number }) => b.kind === 'noBall' && b.batRuns === 6,
      7,
      0,
      'Nb6',
    ],
  ] as const)('CRK-2 %s', (_name, predicate, runs, legalBalls, label) => {
    const state = matchAt({ runs: 50, legalBalls: 30, wickets: 2 });
    const { state: after, ball } = ballOfKind(state, predicate as never);
    const inn = after.innings[0] as InningsState;
    expect(inn.runs).toBe(50 + runs);
    expect(inn.legalBalls).toBe(30 + legalBalls);
    expect(ball.label).toBe(label);
    expect(inn.lastBalls.at(-1)).toBe(label);
    if (ball.kind !== 'legal') expect(inn.extras).toBe(1);
  });

  it('CRK-2 the outcome table is a distribution at every state', () => {
    for (let b = 0; b < BALLS_PER_INNINGS; b++) {
      for (let w = 0; w < 10; w++) {
        const total = deliveryOutcomes(b, w).reduce((a, o) => a + o.probability, 0);
        expect(Math.abs(total - 1)).toBeLessThan(1e-12);
      }
    }
  });

  it('CRK-2 lastBalls keeps only the last six, oldest first', () => {
    const rng = createRng(4);
    let s = startInnings(createCricketMatch(TEAMS, 0));
    const labels: string[] = [];
    for (let i = 0; i < 20; i++) {
      const step = nextBall(s, rng);
      s = step.state;
      labels.push(step.ball.label);
    }
    expect(s.innings[0]?.lastBalls).toEqual(labels.slice(-6));
  });
});

describe('CRK-3 / CRK-4 innings end (seeded properties)', () => {
  it('CRK-3 an innings never exceeds 120 legal balls or 10 wickets and ends at one of them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const rng = createRng(seed);
        let s = startInnings(createCricketMatch(TEAMS, 0));
        while (s.status === 'inPlay') {
          s = nextBall(s, rng).state;
          const inn = s.innings[0] as InningsState;
          expect(inn.legalBalls).toBeLessThanOrEqual(120);
          expect(inn.wickets).toBeLessThanOrEqual(10);
        }
        const inn = s.innings[0] as InningsState;
        expect(inn.legalBalls === 120 || inn.wickets === 10).toBe(true);
        expect(inn.endReason).toBe(inn.wickets === 10 ? 'allOut' : 'oversComplete');
      }),
      { seed: 20_251, numRuns: 300 },
    );
  });

  it('CRK-4 the chase stops on the ball that passes the target, and never goes past 120 balls or 10 wickets', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const rng = createRng(seed);
        const s = simulateMatch(TEAMS, rng);
        const [first, chase] = s.innings as [InningsState, InningsState];
        expect(chase.legalBalls).toBeLessThanOrEqual(120);
        expect(chase.wickets).toBeLessThanOrEqual(10);
        if (chase.runs > first.runs) {
          expect(chase.endReason).toBe('targetReached');
          // The last delivery took the total from below the target to at least it: at most 7 over (a no-ball six).
          expect(chase.runs - first.runs).toBeLessThanOrEqual(7);
        } else {
          expect(chase.endReason === 'allOut' || chase.endReason === 'oversComplete').toBe(true);
        }
        expect(() => nextBall(s, rng)).toThrow();
      }),
      { seed: 77, numRuns: 300 },
    );
  });
});

describe('CRK-5 overs and counters', () => {
  it('CRK-5 runsAtOver records the total after every completed over', () => {
    const rng = createRng(9);
    let s = startInnings(createCricketMatch(TEAMS, 0));
    const expected: number[] = [];
    while (s.status === 'inPlay') {
      const step = nextBall(s, rng);
      s = step.state;
      const inn = s.innings[0] as InningsState;
      if (step.ball.kind === 'legal' && inn.legalBalls % 6 === 0) expected.push(inn.runs);
    }
    const inn = s.innings[0] as InningsState;
    expect(inn.runsAtOver).toEqual(expected);
    expect(inn.runsAtOver).toHaveLength(Math.floor(inn.legalBalls / 6));
    expect(inn.runs).toBeGreaterThanOrEqual(inn.fours * 4 + inn.sixes * 6 + inn.extras);
  });
});

describe('CRK-6 results', () => {
  it.each([
    // first total, chase runs, chase wickets, chase balls, end, winner, margin text
    [150, 152, 5, 113, 'targetReached', 1, 'Australia won by 5 wickets (7 balls left)'],
    [150, 151, 9, 119, 'targetReached', 1, 'Australia won by 1 wicket (1 ball left)'],
    [150, 140, 7, 120, 'oversComplete', 0, 'India won by 10 runs'],
    [150, 149, 10, 100, 'allOut', 0, 'India won by 1 run'],
  ] as const)('CRK-6 %i vs %i/%i in %i balls (%s)', (firstRuns, runs, wickets, legalBalls, _end, winner, text) => {
    // Put the chase one delivery before the described end and find a seed whose delivery ends it so.
    const before = matchAt(
      { runs: firstRuns, legalBalls: 120, wickets: 6, endReason: 'oversComplete' },
      {
        runs: _end === 'targetReached' ? firstRuns : runs,
        wickets: _end === 'allOut' ? 9 : wickets,
        legalBalls: legalBalls - 1,
      },
    );
    const step = ballOfKind(before, (b) => {
      if (_end === 'targetReached') return b.kind === 'legal' && b.runs === runs - firstRuns && !b.wicket;
      if (_end === 'allOut') return b.wicket;
      return b.kind === 'legal' && b.runs === 0 && !b.wicket;
    });
    expect(step.state.status).toBe('finished');
    expect(step.ball.matchEnded).toBe(true);
    expect(step.state.result?.winner).toBe(winner);
    expect(step.state.result?.text).toBe(text);
  });

  it('CRK-6 level scores go to a super over won by either side', () => {
    const winners = new Set<number>();
    for (let seed = 0; seed < 4000 && winners.size < 2; seed++) {
      const before = matchAt(
        { runs: 150, legalBalls: 120, wickets: 6, endReason: 'oversComplete' },
        { runs: 150, wickets: 4, legalBalls: 119 },
      );
      const step = nextBall(before, createRng(seed));
      if (step.ball.kind === 'legal' && step.ball.runs === 0 && !step.ball.wicket) {
        expect(step.state.result?.margin).toEqual({ kind: 'superOver' });
        expect(step.state.result?.text).toMatch(/^Match tied; (India|Australia) won the Super Over$/);
        winners.add(step.state.result?.winner as number);
      }
    }
    expect([...winners].sort()).toEqual([0, 1]);
  });
});

describe('CRK-7 realism over 5,000 seeded innings', () => {
  it('CRK-7 mean first-innings total is 140–180 with 5.5–7.5 wickets', () => {
    const rng = createRng(2024);
    const n = 5000;
    let runs = 0;
    let wickets = 0;
    let balls = 0;
    let allOut = 0;
    for (let i = 0; i < n; i++) {
      const s = playInnings(startInnings(createCricketMatch(TEAMS, 0)), rng);
      const inn = s.innings[0] as InningsState;
      runs += inn.runs;
      wickets += inn.wickets;
      balls += inn.legalBalls;
      if (inn.endReason === 'allOut') allOut++;
    }
    const mean = runs / n;
    const perOver = (runs / balls) * 6;
    console.log(
      `CRK-7 mean total ${mean.toFixed(1)}, wickets ${(wickets / n).toFixed(2)}, ${perOver.toFixed(2)} an over, all out ${((100 * allOut) / n).toFixed(1)} %`,
    );
    expect(mean).toBeGreaterThanOrEqual(140);
    expect(mean).toBeLessThanOrEqual(180);
    expect(wickets / n).toBeGreaterThanOrEqual(5.5);
    expect(wickets / n).toBeLessThanOrEqual(7.5);
    expect(perOver).toBeGreaterThan(7);
    expect(perOver).toBeLessThan(9);
  });
});

describe('SIM-1 / SIM-2 replay and resume', () => {
  it('SIM-1 the same seed replays the same match, deeply equal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        expect(simulateMatch(TEAMS, createRng(seed))).toEqual(simulateMatch(TEAMS, createRng(seed)));
      }),
      { seed: 5, numRuns: 50 },
    );
  });

  it('SIM-2 a match persisted as JSON mid-innings with its generator state resumes identically', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 200 }), (seed, cut) => {
        const straight = simulateMatch(TEAMS, createRng(seed));
        const rng = createRng(seed);
        let s = startInnings(createCricketMatch(TEAMS, rng.nextFloat() < 0.5 ? 0 : 1));
        for (let i = 0; i < cut && s.status !== 'finished'; i++) {
          if (s.status === 'inningsBreak') s = startInnings(s);
          s = nextBall(s, rng).state;
        }
        const saved = JSON.stringify({ match: s, rng: rng.state() });
        const restored = JSON.parse(saved) as { match: CricketMatchState; rng: number };
        const rng2 = createRng(restored.rng);
        let r = restored.match;
        while (r.status !== 'finished') r = r.status === 'inningsBreak' ? startInnings(r) : nextBall(r, rng2).state;
        expect(r).toEqual(straight);
      }),
      { seed: 6, numRuns: 50 },
    );
  });
});
