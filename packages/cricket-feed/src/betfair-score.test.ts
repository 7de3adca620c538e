import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cricketScorePanel } from '@khel/sports-sim';
import { BetfairScoreTracker, ballsOf } from './index.js';
import type { CricketChange } from './index.js';

const messages = gunzipSync(
  readFileSync(join(import.meta.dirname, '../../../fixtures/betfair/ccm-1.200806927.jsonl.gz')),
)
  .toString('utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { pt: number; cc: CricketChange[] });

describe("CFD-10: Betfair's cricket score stream (NED v PNG, 11 July 2022)", () => {
  it('tracks teams joined by selection id, innings totals, ball in progress and the end', () => {
    const tracker = new BetfairScoreTracker();
    let inProgress = 0;
    for (const message of messages) {
      for (const change of message.cc) tracker.apply(change);
      if (tracker.ballInProgress) inProgress += 1;
    }
    expect(tracker.teams).toEqual(['Netherlands', 'Papua New Guinea']);
    expect(Object.fromEntries(tracker.selectionIds)).toEqual({ Netherlands: 228749, 'Papua New Guinea': 2857977 });
    expect(inProgress).toBeGreaterThan(100);
    const state = tracker.state()!;
    expect(state.status).toBe('finished');
    // The innings totals as the stream's own last matchStats say them.
    const lastStats = messages
      .flatMap((m) => m.cc)
      .filter((c) => c.matchStats?.inningsStats)
      .at(-1)!.matchStats!.inningsStats!;
    expect(state.innings.map((i) => [state.teams[i.battingTeam].name, i.runs, i.wickets, i.legalBalls])).toEqual(
      lastStats.slice(0, 2).map((s) => [s.battingTeam, s.inningsRuns, s.inningsWickets, ballsOf(s.inningsOvers!)]),
    );
    expect(state.result?.winner).toBe(0);
    expect(state.innings[1]!.target).toBe(state.innings[0]!.runs + 1);
    expect(state.innings[0]!.runsAtOver).toHaveLength(20);
    expect(cricketScorePanel(state).teams.map((t) => t.shortName)).toEqual(['NET', 'PNG']);
  });

  it('ballsOf reads overs as legal balls', () => {
    expect([ballsOf('0.0'), ballsOf('2.5'), ballsOf('20.0')]).toEqual([0, 17, 120]);
  });
});
