/**
 * What the Score panel shows (SCORE-*): a plain DTO per sport, built from the simulator state.
 * Rates are integers in hundredths of a run per over (8.25 → 825); text is ready to render.
 */
import { BALLS_PER_INNINGS, BALLS_PER_OVER } from './cricket-model.js';
import { oversText, type CricketMatchState, type InningsState, type TeamIndex } from './cricket.js';
import { MINUTES_PER_HALF, type FootballMatchState } from './football.js';
import { pointServer, pointsText, type TennisMatchState } from './tennis.js';

export interface CricketTeamScore {
  name: string;
  shortName: string;
  /** null until the team has batted. */
  runs: number | null;
  wickets: number | null;
  overs: string | null;
  batting: boolean;
}

export interface CricketScorePanel {
  sport: 'cricket';
  status: CricketMatchState['status'];
  teams: [CricketTeamScore, CricketTeamScore];
  /** "IND 145/6 (18.2)" of the innings in play (or the last one). */
  scoreText: string | null;
  runRateHundredths: number | null;
  requiredRateHundredths: number | null;
  target: number | null;
  lastBalls: string[];
  statusText: string;
}

export interface FootballScorePanel {
  sport: 'football';
  status: FootballMatchState['status'];
  teams: [{ name: string; shortName: string; goals: number }, { name: string; shortName: string; goals: number }];
  minute: number;
  /** "67'", "HT", "FT" or "" before kick-off. */
  clock: string;
  goals: { minute: number; team: 0 | 1 }[];
  statusText: string;
}

export interface TennisScorePanel {
  sport: 'tennis';
  status: TennisMatchState['status'];
  players: [TennisPlayerScore, TennisPlayerScore];
  tiebreak: boolean;
  statusText: string;
}

export interface TennisPlayerScore {
  name: string;
  shortName: string;
  /** Games per set, completed sets then the current one. */
  sets: number[];
  setsWon: number;
  points: string;
  serving: boolean;
}

export type ScorePanel = CricketScorePanel | FootballScorePanel | TennisScorePanel;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Runs per over in hundredths, rounded; null before a legal ball. */
function rate(runs: number, legalBalls: number): number | null {
  return legalBalls > 0 ? Math.round((runs * BALLS_PER_OVER * 100) / legalBalls) : null;
}

export function cricketScorePanel(state: CricketMatchState): CricketScorePanel {
  const inningsOf = (team: TeamIndex): InningsState | undefined => state.innings.find((i) => i.battingTeam === team);
  const current = state.innings.at(-1);
  const team = (t: TeamIndex): CricketTeamScore => {
    const innings = inningsOf(t);
    return {
      name: state.teams[t].name,
      shortName: state.teams[t].shortName,
      runs: innings?.runs ?? null,
      wickets: innings?.wickets ?? null,
      overs: innings ? oversText(innings.legalBalls) : null,
      batting: state.status === 'inPlay' && current?.battingTeam === t,
    };
  };
  const chase = state.innings[1];
  const need = chase?.target != null ? chase.target - chase.runs : null;
  const ballsLeft = chase ? BALLS_PER_INNINGS - chase.legalBalls : null;
  const short = (t: TeamIndex): string => state.teams[t].shortName;
  let statusText: string;
  if (state.status === 'scheduled') statusText = `${short(state.battingFirst)} to bat first`;
  else if (state.status === 'finished') statusText = state.result?.text ?? 'Match over';
  else if (state.status === 'inningsBreak') {
    const first = state.innings[0] as InningsState;
    statusText = `Innings break: ${short(first.battingTeam === 0 ? 1 : 0)} need ${plural(first.runs + 1, 'run')} to win`;
  } else if (chase && need !== null && ballsLeft !== null) {
    statusText = `${short(chase.battingTeam)} need ${plural(need, 'run')} from ${plural(ballsLeft, 'ball')}`;
  } else {
    const first = state.innings[0] as InningsState;
    statusText = `${short(first.battingTeam)} batting first`;
  }
  return {
    sport: 'cricket',
    status: state.status,
    teams: [team(0), team(1)],
    scoreText: current
      ? `${short(current.battingTeam)} ${current.runs}/${current.wickets} (${oversText(current.legalBalls)})`
      : null,
    runRateHundredths: current ? rate(current.runs, current.legalBalls) : null,
    requiredRateHundredths:
      state.status === 'inPlay' && need !== null && ballsLeft !== null && ballsLeft > 0
        ? Math.round((need * BALLS_PER_OVER * 100) / ballsLeft)
        : null,
    target: chase?.target ?? null,
    lastBalls: current ? [...current.lastBalls] : [],
    statusText,
  };
}

export function footballScorePanel(state: FootballMatchState): FootballScorePanel {
  const clock =
    state.status === 'scheduled'
      ? ''
      : state.status === 'halfTime'
        ? 'HT'
        : state.status === 'finished'
          ? 'FT'
          : `${state.minute}'`;
  const [h, a] = state.teams;
  const scoreLine = `${h.shortName} ${state.score[0]}–${state.score[1]} ${a.shortName}`;
  const statusText =
    state.status === 'scheduled'
      ? 'Kick-off soon'
      : state.status === 'halfTime'
        ? `Half time: ${scoreLine}`
        : state.status === 'finished'
          ? `Full time: ${scoreLine}`
          : `${state.minute <= MINUTES_PER_HALF ? '1st' : '2nd'} half ${state.minute}': ${scoreLine}`;
  return {
    sport: 'football',
    status: state.status,
    teams: [
      { name: h.name, shortName: h.shortName, goals: state.score[0] },
      { name: a.name, shortName: a.shortName, goals: state.score[1] },
    ],
    minute: state.minute,
    clock,
    goals: state.goals.map((g) => ({ ...g })),
    statusText,
  };
}

export function tennisScorePanel(state: TennisMatchState): TennisScorePanel {
  const points = pointsText(state);
  const serving = state.status === 'inPlay' ? pointServer(state) : null;
  const player = (p: 0 | 1): TennisPlayerScore => ({
    name: state.players[p].name,
    shortName: state.players[p].shortName,
    sets: [...state.completedSets.map((s) => s[p]), ...(state.status === 'finished' ? [] : [state.games[p]])],
    setsWon: state.setsWon[p],
    points: state.status === 'inPlay' ? points[p] : '',
    serving: serving === p,
  });
  let statusText: string;
  if (state.status === 'scheduled') statusText = 'Starts soon';
  else if (state.status === 'finished' && state.winner !== null) {
    const sets = state.completedSets.map((s) => (state.winner === 0 ? `${s[0]}-${s[1]}` : `${s[1]}-${s[0]}`)).join(' ');
    statusText = `${state.players[state.winner].name} won ${sets}`;
  } else {
    statusText = `Set ${state.completedSets.length + 1}${state.tiebreak ? ', tie-break' : ''}: ${state.games[0]}-${state.games[1]}`;
  }
  return {
    sport: 'tennis',
    status: state.status,
    players: [player(0), player(1)],
    tiebreak: state.tiebreak,
    statusText,
  };
}

export function scorePanel(state: CricketMatchState | FootballMatchState | TennisMatchState): ScorePanel {
  if (state.sport === 'cricket') return cricketScorePanel(state);
  if (state.sport === 'football') return footballScorePanel(state);
  return tennisScorePanel(state);
}
