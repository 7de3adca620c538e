import { describe, expect, it } from 'vitest';
import { cricketScorePanel, cricketWinProbabilities, fancyQuote, fancyResult, fancySessions } from '@khel/sports-sim';
import { ballLabel, matchDeliveries, shortName, simState } from './index.js';
import { cricsheetFixture } from './test-fixtures.js';

describe("a real match in the simulator's state", () => {
  const m = cricsheetFixture('1535462');

  it('CFD-1: ball by ball it agrees with the deliveries: runs, wickets, legal balls, over totals, last six', () => {
    const first = m.innings[0]!.deliveries.length;
    const atBreak = simState(m, first);
    expect(atBreak.status).toBe('inningsBreak');
    expect(atBreak.innings[0]).toMatchObject({
      runs: 254,
      wickets: 5,
      legalBalls: 120,
      endReason: 'oversComplete',
      target: null,
    });
    expect(atBreak.innings[0]!.runsAtOver.slice(5, 6)).toEqual([76]);
    expect(atBreak.innings[0]!.fallOfWickets.slice(0, 4)).toEqual([21, 93, 94, 189]);
    expect(atBreak.innings[0]!.lastBalls).toEqual(m.innings[0]!.deliveries.slice(-6).map(ballLabel));
    const chase = simState(m, first + 13);
    expect(chase.status).toBe('inPlay');
    expect(chase.innings[1]).toMatchObject({ target: 255, battingTeam: 1 });
    const end = simState(m, matchDeliveries(m));
    expect(end.status).toBe('finished');
    expect(end.result).toMatchObject({ winner: 0, text: 'Royal Challengers Bengaluru won by 92 runs' });
    expect(shortName('Royal Challengers Bengaluru')).toBe('RCB');
  });

  it("the simulator's own functions quote it: fancy lines, their results, match odds and the score panel", () => {
    const state = simState(m, 20);
    const six = fancySessions(state).find((s) => s.id === 'inn1-6ov')!;
    const open = fancyQuote(state, six, { ballRunning: false });
    expect(open.status).toBe('open');
    expect(fancyQuote(state, six, { ballRunning: true })).toEqual({ status: 'suspended', reason: 'BALL_RUNNING' });
    const [rcb, gt] = cricketWinProbabilities(state);
    expect(rcb! + gt!).toBeCloseTo(1, 9);
    const after = simState(
      m,
      m.innings[0]!.deliveries.findIndex((d) => d.over === 6),
    );
    expect(fancyResult(after, six)).toEqual({ status: 'settled', runs: 76 });
    expect(cricketScorePanel(after).teams[0]).toMatchObject({ runs: 76, overs: '6.0' });
  });
});
