/**
 * A real match after its first N deliveries, as the simulator's match state (`@khel/sports-sim`), so
 * that the simulator's pricing model quotes it (match odds, fancy lines) and its score panel shows it,
 * unchanged: the same functions the demo feed calls, fed by real balls instead of random ones.
 */
import type { CricketMatchState, CricketTeam, InningsEndReason, InningsState, TeamIndex } from '@khel/sports-sim';
import { finalTotal, inningsEnd, overCompleteAt } from './innings-facts.js';
import { isLegal } from './match-record.js';
import type { Delivery, MatchRecord } from './match-record.js';
import { matchAfter } from './progress.js';

/** "Royal Challengers Bengaluru" → "RCB"; one word → its first three letters. */
export function shortName(team: string): string {
  const words = team.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w));
  return (words.length > 1 ? words.map((w) => w[0]).join('') : team.slice(0, 3)).toUpperCase().slice(0, 4);
}

/** The simulator's label for the last-balls strip: 0 1 2 3 4 6 W Wd Nb Nb4 … */
export function ballLabel(d: Delivery): string {
  if (d.wicketsOut.length > 0) return 'W';
  if (d.wides > 0) return 'Wd';
  if (d.noballs > 0) return d.batterRuns > 0 ? `Nb${d.batterRuns}` : 'Nb';
  return String(d.totalRuns);
}

function inningsState(match: MatchRecord, index: number, batting: TeamIndex): InningsState {
  const record = match.innings[index]!;
  let runs = record.penaltyBefore;
  let wickets = 0;
  let legalBalls = 0;
  const state: InningsState = {
    battingTeam: batting,
    runs,
    wickets,
    legalBalls,
    extras: 0,
    fours: 0,
    sixes: 0,
    runsAtOver: [],
    fallOfWickets: [],
    lastBalls: [],
    target: record.targetRuns,
    endReason: null,
  };
  record.deliveries.forEach((d, i) => {
    runs += d.totalRuns;
    state.extras += d.extraRuns;
    if (d.batterRuns === 4) state.fours += 1;
    if (d.batterRuns === 6) state.sixes += 1;
    if (isLegal(d)) legalBalls += 1;
    for (let w = 0; w < d.wicketsOut.length; w += 1) state.fallOfWickets.push(runs);
    wickets += d.wicketsOut.length;
    state.lastBalls = [...state.lastBalls, ballLabel(d)].slice(-6);
    if (record.deliveries[i + 1]?.over !== d.over && overCompleteAt(record, d.over + 1, match.ballsPerOver) === i + 1) {
      state.runsAtOver[d.over] = runs;
    }
  });
  const end = inningsEnd(match, record);
  const reasons: Record<string, InningsEndReason> = {
    allOut: 'allOut',
    overs: 'oversComplete',
    targetReached: 'targetReached',
    stopped: 'oversComplete',
  };
  return {
    ...state,
    runs: end ? finalTotal(record) : runs,
    wickets,
    legalBalls,
    endReason: end ? reasons[end]! : null,
  };
}

/** The simulator's state after `bowled` deliveries of the match (super overs are not modelled). */
export function simState(full: MatchRecord, bowled: number): CricketMatchState {
  const match = matchAfter(full, bowled);
  const teams: [CricketTeam, CricketTeam] = [
    { name: full.teams[0], shortName: shortName(full.teams[0]) },
    { name: full.teams[1], shortName: shortName(full.teams[1]) },
  ];
  const firstTeam = full.innings[0]?.team ?? full.teams[0];
  const battingFirst: TeamIndex = firstTeam === full.teams[0] ? 0 : 1;
  const innings = match.innings.map((_, i) =>
    inningsState(match, i, (i === 0 ? battingFirst : 1 - battingFirst) as TeamIndex),
  );
  const last = innings.at(-1);
  const status: CricketMatchState['status'] = match.finished
    ? 'finished'
    : last === undefined
      ? 'scheduled'
      : last.endReason !== null && innings.length === 1
        ? 'inningsBreak'
        : 'inPlay';
  const outcome = full.outcome;
  const winner = outcome.kind === 'win' ? outcome.winner : outcome.kind === 'tie' ? outcome.superOverWinner : null;
  return {
    sport: 'cricket',
    teams,
    battingFirst,
    status,
    innings,
    deliveries: bowled,
    result:
      match.finished && winner !== null
        ? {
            winner: winner === full.teams[0] ? 0 : 1,
            margin: outcome.kind === 'tie' ? { kind: 'superOver' } : { kind: 'runs', runs: 0 },
            text: resultText(full),
          }
        : null,
  };
}

export function resultText(match: MatchRecord): string {
  const o = match.outcome;
  if (o.kind === 'noResult') return 'No result';
  if (o.kind === 'tie')
    return o.superOverWinner ? `Match tied (${o.superOverWinner} won the super over)` : 'Match tied';
  return `${o.winner} won${o.by ? ` by ${o.by}` : ''}${o.method ? ` (${o.method})` : ''}`;
}
