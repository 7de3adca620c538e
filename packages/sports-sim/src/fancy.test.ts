import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_FANCY,
  createCricketMatch,
  createRng,
  fancyLines,
  fancyProjection,
  fancyQuote,
  fancyResult,
  fancySessions,
  fallOfWicketSession,
  sessionProjection,
  nextBall,
  startInnings,
  type CricketMatchState,
  type FancySession,
  type InningsState,
} from './index.js';
import { TEAMS, innings, matchAt } from './test-helpers.js';

const session = (state: CricketMatchState, id: string): FancySession => {
  const found = fancySessions(state).find((s) => s.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('FANCY-2 sessions', () => {
  it('FANCY-2 four sessions per innings; the chase adds its own once it starts', () => {
    const first = matchAt({});
    expect(fancySessions(first).map((s) => s.id)).toEqual([
      'inn1-6ov',
      'inn1-10ov',
      'inn1-15ov',
      'inn1-20ov',
      'inn1-fow1',
    ]);
    expect(fancySessions(first)[0]?.name).toBe('6 over runs IND');
    expect(fancySessions(first)[4]?.name).toBe('Fall of 1st wkt IND');
    const chase = matchAt({ runs: 150, wickets: 10, legalBalls: 110 }, { wickets: 2 });
    const ids = fancySessions(chase).map((s) => s.id);
    expect(ids.filter((id) => id.startsWith('inn1-fow'))).toHaveLength(10);
    expect(ids.filter((id) => id.startsWith('inn2'))).toEqual([
      'inn2-6ov',
      'inn2-10ov',
      'inn2-15ov',
      'inn2-20ov',
      'inn2-fow1',
      'inn2-fow2',
      'inn2-fow3',
    ]);
    expect(fancySessions(chase).find((s) => s.id === 'inn2-fow3')?.name).toBe('Fall of 3rd wkt AUS');
  });
});

describe('FANCY-1 / FANCY-3 projection and lines', () => {
  it.each([
    // projection, gap → NO, YES
    [61.6, 1, 61, 62],
    [61.4, 2, 60, 62],
    [62.0, 2, 61, 63],
    [47.2, 0, 47, 47],
    [0.2, 1, 0, 1],
  ])('FANCY-3 projection %f with gap %i → NO %i / YES %i', (projection, gap, no, yes) => {
    expect(fancyLines(projection, gap)).toEqual({ noLineRuns: no, yesLineRuns: yes });
  });

  it('FANCY-1 the projection starts near 47 for 6 overs and ~159 for 20, and counts the runs already made', () => {
    const start = innings({ battingTeam: 0 });
    expect(fancyProjection(start, 6)).toBeGreaterThan(42);
    expect(fancyProjection(start, 6)).toBeLessThan(52);
    expect(fancyProjection(start, 20)).toBeGreaterThan(150);
    expect(fancyProjection(start, 20)).toBeLessThan(170);
    const later = innings({ battingTeam: 0, runs: 40, legalBalls: 36 });
    expect(fancyProjection(later, 6)).toBe(40);
    expect(fancyProjection(innings({ battingTeam: 0, runs: 90, wickets: 10, legalBalls: 80 }), 20)).toBe(90);
    // Wickets in hand are worth runs.
    expect(fancyProjection(innings({ battingTeam: 0, runs: 60, wickets: 1, legalBalls: 48 }), 20)).toBeGreaterThan(
      fancyProjection(innings({ battingTeam: 0, runs: 60, wickets: 6, legalBalls: 48 }), 20) + 20,
    );
  });

  it('FANCY-3 YES ≥ NO and the lines bracket the projection, for any innings state and gap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 119 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 250 }),
        fc.integer({ min: 0, max: 4 }),
        fc.constantFrom(6, 10, 15, 20),
        (legalBalls, wickets, runs, gapRuns, overs) => {
          // A consistent state: one runsAtOver entry per completed over.
          const state = matchAt({
            runs,
            wickets,
            legalBalls,
            runsAtOver: Array.from({ length: Math.floor(legalBalls / 6) }, () => runs),
          });
          const s = session(state, `inn1-${overs}ov`);
          const quote = fancyQuote(
            state,
            s,
            { ballRunning: false },
            { ...DEFAULT_FANCY, gapRuns, closeBeforeBalls: 0 },
          );
          if (overs * 6 <= legalBalls) {
            expect(quote.status).toBe('closed');
            return;
          }
          if (quote.status !== 'open') throw new Error(`expected open, got ${quote.status}`);
          expect(quote.yesLineRuns).toBeGreaterThanOrEqual(quote.noLineRuns);
          expect(quote.yesLineRuns - quote.noLineRuns).toBe(gapRuns);
          const projected = fancyProjection(state.innings[0] as InningsState, overs);
          expect(Math.abs((quote.noLineRuns + quote.yesLineRuns) / 2 - projected)).toBeLessThanOrEqual(0.5 + 1e-9);
          expect(quote.noLineRuns).toBeGreaterThanOrEqual(runs);
          expect(quote.noRateHundredths).toBe(10_000);
          expect(quote.yesRateHundredths).toBe(10_000);
        },
      ),
      { seed: 8, numRuns: 500 },
    );
  });
});

describe('FANCY-4 quote status', () => {
  const chaseState = matchAt({ runs: 160, legalBalls: 120, endReason: 'oversComplete' }, { runs: 20, legalBalls: 12 });
  it.each([
    [
      'closed once the session has a result',
      matchAt({ runs: 50, legalBalls: 37, runsAtOver: [1, 2, 3, 4, 5, 48] }),
      'inn1-6ov',
      false,
      { status: 'closed' },
    ],
    [
      'ball running',
      matchAt({ runs: 20, legalBalls: 12 }),
      'inn1-6ov',
      true,
      { status: 'suspended', reason: 'BALL_RUNNING' },
    ],
    ['the chase session before the chase starts', matchAt({ runs: 20, legalBalls: 12 }), 'inn1-6ov', false, null],
    [
      'the last two balls of the session',
      matchAt({ runs: 40, legalBalls: 34 }),
      'inn1-6ov',
      false,
      { status: 'suspended', reason: 'SESSION_CLOSING' },
    ],
    ['three balls left is still open', matchAt({ runs: 40, legalBalls: 33 }), 'inn1-6ov', false, 'open'],
    ['first-innings sessions once the chase is on (settled)', chaseState, 'inn1-20ov', false, { status: 'closed' }],
    [
      'a chase session whose projection reaches the target',
      matchAt({ runs: 100, legalBalls: 120, endReason: 'oversComplete' }, { runs: 95, legalBalls: 60 }),
      'inn2-20ov',
      false,
      { status: 'suspended', reason: 'TARGET_NEAR' },
    ],
    ['a chase session far from the target', chaseState, 'inn2-6ov', false, 'open'],
  ] as const)('FANCY-4 %s', (_name, state, id, ballRunning, expected) => {
    const quote = fancyQuote(state, session(state, id), { ballRunning });
    if (expected === 'open') expect(quote.status).toBe('open');
    else if (expected !== null) expect(quote).toEqual(expected);
    else expect(quote.status).toBe('open');
  });

  it('FANCY-4 a session of an innings not in play is NOT_STARTED (the chase during the innings break)', () => {
    const atBreak: CricketMatchState = {
      ...matchAt({ runs: 150, legalBalls: 120, endReason: 'oversComplete' }),
      status: 'inningsBreak',
    };
    const chase6: FancySession = { id: 'inn2-6ov', innings: 1, kind: 'overs', overs: 6, name: '6 over runs AUS' };
    expect(fancyQuote(atBreak, chase6, { ballRunning: false })).toEqual({ status: 'suspended', reason: 'NOT_STARTED' });
  });
});

describe('FANCY-5 results', () => {
  it.each([
    ['pending before the over', matchAt({ runs: 30, legalBalls: 20 }), 'inn1-6ov', { status: 'pending' }],
    [
      'the runs at the end of the over',
      matchAt({ runs: 70, legalBalls: 40, runsAtOver: [5, 11, 20, 30, 41, 55] }),
      'inn1-6ov',
      { status: 'settled', runs: 55 },
    ],
    [
      'all out before the over: the final total',
      matchAt({ runs: 88, wickets: 10, legalBalls: 70, endReason: 'allOut' }),
      'inn1-15ov',
      { status: 'settled', runs: 88 },
    ],
    [
      'the chase won before the over: void',
      matchAt(
        { runs: 60, legalBalls: 120, endReason: 'oversComplete' },
        { runs: 61, legalBalls: 40, endReason: 'targetReached' },
      ),
      'inn2-10ov',
      { status: 'void', reason: 'TARGET_REACHED' },
    ],
    [
      'the chase won after the over: settled',
      matchAt(
        { runs: 60, legalBalls: 120, endReason: 'oversComplete' },
        { runs: 61, legalBalls: 40, endReason: 'targetReached', runsAtOver: [8, 16, 24, 30, 40, 50] },
      ),
      'inn2-6ov',
      { status: 'settled', runs: 50 },
    ],
  ] as const)('FANCY-5 %s', (_name, state, id, expected) => {
    expect(fancyResult(state, session(state, id))).toEqual(expected);
  });
});

describe('FANCY-7 fall of wicket', () => {
  it.each([
    [
      'pending during the partnership',
      matchAt({ runs: 30, wickets: 2, legalBalls: 20, fallOfWickets: [4, 19] }),
      'inn1-fow3',
      { status: 'pending' },
    ],
    [
      'the total when the wicket fell',
      matchAt({ runs: 80, wickets: 3, legalBalls: 60, fallOfWickets: [4, 19, 66] }),
      'inn1-fow3',
      { status: 'settled', runs: 66 },
    ],
    [
      'no wicket by the end of the innings: the final total',
      matchAt({ runs: 170, wickets: 2, legalBalls: 120, endReason: 'oversComplete', fallOfWickets: [4, 19] }),
      'inn1-fow3',
      { status: 'settled', runs: 170 },
    ],
    [
      'the chase won first: void',
      matchAt(
        { runs: 100, legalBalls: 120, endReason: 'oversComplete' },
        { runs: 101, wickets: 0, legalBalls: 70, endReason: 'targetReached' },
      ),
      'inn2-fow1',
      { status: 'void', reason: 'TARGET_REACHED' },
    ],
  ] as const)('FANCY-7 %s', (_name, state, id, expected) => {
    expect(fancyResult(state, session(state, id))).toEqual(expected);
  });

  it('FANCY-7 quoted only during its partnership, round the projection', () => {
    const state = matchAt({ runs: 30, wickets: 2, legalBalls: 20, fallOfWickets: [4, 19] });
    const quote = fancyQuote(state, session(state, 'inn1-fow3'), { ballRunning: false });
    if (quote.status !== 'open') throw new Error('open');
    const projected = sessionProjection(state.innings[0] as InningsState, session(state, 'inn1-fow3'));
    expect(projected).toBeGreaterThan(40);
    expect(projected).toBeLessThan(80);
    expect(Math.abs((quote.noLineRuns + quote.yesLineRuns) / 2 - projected)).toBeLessThanOrEqual(0.5);
    const fow2: FancySession = { id: 'inn1-fow2', innings: 0, kind: 'fallOfWicket', wicket: 2, name: '' };
    expect(fancyQuote(state, fow2, { ballRunning: false })).toEqual({ status: 'closed' });
    const fow5: FancySession = { id: 'inn1-fow5', innings: 0, kind: 'fallOfWicket', wicket: 5, name: '' };
    expect(fancyQuote(state, fow5, { ballRunning: false })).toEqual({ status: 'suspended', reason: 'NOT_STARTED' });
  });

  it('FANCY-7 calibration: at the start of every partnership the projection is unbiased over 2,000 innings', () => {
    const rng = createRng(7070);
    let error = 0;
    let squared = 0;
    let count = 0;
    for (let i = 0; i < 2000; i++) {
      let s = startInnings(createCricketMatch(TEAMS, 0));
      const open: { wicket: number; projected: number }[] = [];
      const note = (): void => {
        const inn = s.innings[0] as InningsState;
        if (inn.wickets < 10 && inn.legalBalls < 120 && !open.some((o) => o.wicket === inn.wickets + 1)) {
          open.push({
            wicket: inn.wickets + 1,
            projected: sessionProjection(inn, fallOfWicketSession(s, 0, inn.wickets + 1)),
          });
        }
      };
      note();
      while (s.status === 'inPlay') {
        s = nextBall(s, rng).state;
        note();
      }
      for (const o of open) {
        const result = fancyResult(s, fallOfWicketSession(s, 0, o.wicket));
        if (result.status !== 'settled') throw new Error('first-innings sessions always settle');
        const e = result.runs - o.projected;
        error += e;
        squared += e * e;
        count++;
      }
    }
    const mean = error / count;
    const se = Math.sqrt(squared / count - mean * mean) / Math.sqrt(count);
    console.log(`FANCY-7 fall of wicket: mean error ${mean.toFixed(2)} runs (se ${se.toFixed(2)}, n ${count})`);
    expect(Math.abs(mean)).toBeLessThan(4 * se);
  });
});

describe('FANCY-6 calibration over 2,000 seeded innings', () => {
  it('FANCY-6 the mean of (actual − projected) is near 0 at every checkpoint', () => {
    // [checkpoint over, session over]
    const pairs: [number, number][] = [
      [0, 6],
      [3, 6],
      [0, 10],
      [6, 10],
      [0, 20],
      [6, 20],
      [10, 20],
      [15, 20],
    ];
    const sums = pairs.map(() => ({ error: 0, squared: 0, count: 0 }));
    const rng = createRng(6060);
    const n = 2000;
    for (let i = 0; i < n; i++) {
      let s = startInnings(createCricketMatch(TEAMS, 0));
      const projections = new Map<number, number>();
      const record = (): void => {
        const inn = s.innings[0] as InningsState;
        if (inn.legalBalls % 6 !== 0 || projections.has(inn.legalBalls)) return;
        pairs.forEach(([at, overs], k) => {
          if (inn.legalBalls === at * 6) projections.set(k * 1000 + at, fancyProjection(inn, overs));
        });
      };
      record();
      while (s.status === 'inPlay') {
        s = nextBall(s, rng).state;
        record();
      }
      pairs.forEach(([at, overs], k) => {
        const projected = projections.get(k * 1000 + at);
        if (projected === undefined) return; // all out before the checkpoint
        const result = fancyResult(s, { id: 'x', innings: 0, kind: 'overs', overs, name: '' });
        if (result.status !== 'settled') throw new Error('first-innings sessions always settle');
        const e = result.runs - projected;
        const acc = sums[k] as { error: number; squared: number; count: number };
        acc.error += e;
        acc.squared += e * e;
        acc.count += 1;
      });
    }
    const lines = pairs.map(([at, overs], k) => {
      const { error, squared, count } = sums[k] as { error: number; squared: number; count: number };
      const mean = error / count;
      const sd = Math.sqrt(squared / count - mean * mean);
      const se = sd / Math.sqrt(count);
      expect(Math.abs(mean)).toBeLessThan(Math.max(4 * se, 0.05));
      return `at over ${at} for ${overs} overs: mean error ${mean.toFixed(2)} runs (sd ${sd.toFixed(1)}, se ${se.toFixed(2)}, n ${count})`;
    });
    console.log(`FANCY-6\n${lines.join('\n')}`);
  });

  it('FANCY-6 replaying a whole innings with quotes from the same seed gives the same lines', () => {
    const linesOf = (seed: number): string[] => {
      const rng = createRng(seed);
      let s = startInnings(createCricketMatch(TEAMS, 0));
      const out: string[] = [];
      while (s.status === 'inPlay') {
        const q = fancyQuote(s, session(s, 'inn1-20ov'), { ballRunning: false });
        out.push(JSON.stringify(q));
        s = nextBall(s, rng).state;
      }
      return out;
    };
    expect(linesOf(12)).toEqual(linesOf(12));
  });
});
