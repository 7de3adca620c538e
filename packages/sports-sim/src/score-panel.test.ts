import { describe, expect, it } from 'vitest';
import {
  createCricketMatch,
  createFootballMatch,
  createTennisMatch,
  scorePanel,
  startTennisMatch,
  type CricketMatchState,
  type FootballMatchState,
  type TennisMatchState,
} from './index.js';
import { TEAMS, matchAt } from './test-helpers.js';

describe('SCORE-1 cricket', () => {
  it.each([
    ['before the start', createCricketMatch(TEAMS, 1), 'AUS to bat first', null, null],
    [
      'first innings',
      matchAt({ runs: 45, wickets: 2, legalBalls: 33, lastBalls: ['1', '4', 'W', '0', 'Wd', '6'] }),
      'IND batting first',
      'IND 45/2 (5.3)',
      818,
    ],
    [
      'innings break',
      {
        ...matchAt({ runs: 160, wickets: 7, legalBalls: 120, endReason: 'oversComplete' }),
        status: 'inningsBreak',
      } as CricketMatchState,
      'Innings break: AUS need 161 runs to win',
      'IND 160/7 (20.0)',
      800,
    ],
    [
      'the chase',
      matchAt({ runs: 160, legalBalls: 120 }, { runs: 138, wickets: 4, legalBalls: 106 }),
      'AUS need 23 runs from 14 balls',
      'AUS 138/4 (17.4)',
      781,
    ],
    [
      'one run, one ball',
      matchAt({ runs: 160, legalBalls: 120 }, { runs: 160, wickets: 4, legalBalls: 119 }),
      'AUS need 1 run from 1 ball',
      'AUS 160/4 (19.5)',
      807,
    ],
  ] as const)('SCORE-1 %s', (_name, state, statusText, scoreText, runRate) => {
    const panel = scorePanel(state);
    if (panel.sport !== 'cricket') throw new Error('cricket');
    expect(panel.statusText).toBe(statusText);
    expect(panel.scoreText).toBe(scoreText);
    expect(panel.runRateHundredths).toBe(runRate);
  });

  it('SCORE-1 the chase shows both teams, the target and the required rate', () => {
    const panel = scorePanel(
      matchAt(
        { runs: 160, wickets: 7, legalBalls: 120 },
        { runs: 138, wickets: 4, legalBalls: 106, lastBalls: ['1', '1', '4'] },
      ),
    );
    if (panel.sport !== 'cricket') throw new Error('cricket');
    expect(panel.teams).toEqual([
      { name: 'India', shortName: 'IND', runs: 160, wickets: 7, overs: '20.0', batting: false },
      { name: 'Australia', shortName: 'AUS', runs: 138, wickets: 4, overs: '17.4', batting: true },
    ]);
    expect(panel.target).toBe(161);
    expect(panel.requiredRateHundredths).toBe(986); // 23 from 14 balls = 9.857 an over
    expect(panel.lastBalls).toEqual(['1', '1', '4']);
  });

  it('SCORE-1 a finished match shows the result', () => {
    const s: CricketMatchState = {
      ...matchAt({ runs: 160, legalBalls: 120 }, { runs: 150, wickets: 10, legalBalls: 110, endReason: 'allOut' }),
      status: 'finished',
      result: { winner: 0, margin: { kind: 'runs', runs: 10 }, text: 'India won by 10 runs' },
    };
    const panel = scorePanel(s);
    expect(panel.statusText).toBe('India won by 10 runs');
    if (panel.sport !== 'cricket') throw new Error('cricket');
    expect(panel.requiredRateHundredths).toBeNull();
    expect(panel.teams.every((t) => !t.batting)).toBe(true);
  });
});

describe('SCORE-2 football', () => {
  const teams: FootballMatchState['teams'] = [
    { name: 'Bengaluru FC', shortName: 'BFC' },
    { name: 'Kerala Blasters', shortName: 'KBFC' },
  ];
  it.each([
    ['scheduled', 0, [0, 0], '', 'Kick-off soon'],
    ['firstHalf', 23, [1, 0], "23'", "1st half 23': BFC 1–0 KBFC"],
    ['halfTime', 45, [1, 1], 'HT', 'Half time: BFC 1–1 KBFC'],
    ['secondHalf', 67, [2, 1], "67'", "2nd half 67': BFC 2–1 KBFC"],
    ['finished', 90, [2, 2], 'FT', 'Full time: BFC 2–2 KBFC'],
  ] as const)('SCORE-2 %s', (status, minute, score, clock, text) => {
    const s: FootballMatchState = { ...createFootballMatch(teams, [1.3, 1.2]), status, minute, score: [...score] };
    const panel = scorePanel(s);
    if (panel.sport !== 'football') throw new Error('football');
    expect(panel.clock).toBe(clock);
    expect(panel.statusText).toBe(text);
    expect(panel.teams.map((t) => t.goals)).toEqual(score);
  });
});

describe('SCORE-3 tennis', () => {
  const players: TennisMatchState['players'] = [
    { name: 'Rohan Bopanna', shortName: 'BOP' },
    { name: 'Leander Paes', shortName: 'PAE' },
  ];
  it('SCORE-3 sets, games, points and the server', () => {
    const s: TennisMatchState = {
      ...startTennisMatch(createTennisMatch(players, [0.64, 0.62], 0)),
      completedSets: [[6, 4]],
      setsWon: [1, 0],
      games: [3, 2],
      points: [2, 1],
      server: 1,
    };
    const panel = scorePanel(s);
    if (panel.sport !== 'tennis') throw new Error('tennis');
    expect(panel.players[0]).toMatchObject({ sets: [6, 3], setsWon: 1, points: '30', serving: false });
    expect(panel.players[1]).toMatchObject({ sets: [4, 2], setsWon: 0, points: '15', serving: true });
    expect(panel.statusText).toBe('Set 2: 3-2');
  });

  it('SCORE-3 a tie-break and a finished match', () => {
    const base = startTennisMatch(createTennisMatch(players, [0.64, 0.62], 0));
    const tb = scorePanel({
      ...base,
      completedSets: [[4, 6]],
      setsWon: [0, 1],
      games: [6, 6],
      points: [5, 4],
      tiebreak: true,
    });
    expect(tb.statusText).toBe('Set 2, tie-break: 6-6');
    if (tb.sport !== 'tennis') throw new Error('tennis');
    expect(tb.players.map((p) => p.points)).toEqual(['5', '4']);
    const done = scorePanel({
      ...base,
      status: 'finished',
      winner: 1,
      completedSets: [
        [4, 6],
        [7, 6],
        [3, 6],
      ],
      setsWon: [1, 2],
    });
    expect(done.statusText).toBe('Leander Paes won 6-4 6-7 6-3');
  });
});
