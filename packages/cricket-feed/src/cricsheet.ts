/**
 * Cricsheet's JSON match format (data_version 1.x, cricsheet.org/format/json), read field for field:
 * `info` (teams, dates, toss, outcome, overs, balls_per_over) and `innings[]` with `overs[]` of
 * `deliveries[]` (`runs.batter/extras/total`, `extras.wides/noballs/byes/legbyes/penalty`,
 * `wickets[]`), an innings' `target` and `penalty_runs`, and `super_over` innings.
 */
import { NOT_A_WICKET } from './match-record.js';
import type { Delivery, InningsRecord, MatchOutcome, MatchRecord } from './match-record.js';

interface CricsheetDelivery {
  batter: string;
  bowler: string;
  non_striker: string;
  runs: { batter: number; extras: number; total: number };
  extras?: { wides?: number; noballs?: number; byes?: number; legbyes?: number; penalty?: number };
  wickets?: { player_out: string; kind: string }[];
}

interface CricsheetInnings {
  team: string;
  overs?: { over: number; deliveries: CricsheetDelivery[] }[];
  target?: { overs?: number; runs?: number };
  penalty_runs?: { pre?: number; post?: number };
  super_over?: boolean;
}

export interface CricsheetMatch {
  meta?: { data_version?: string };
  info: {
    teams: [string, string];
    dates: string[];
    balls_per_over?: number;
    overs?: number;
    event?: { name?: string; match_number?: number };
    toss?: { winner: string; decision: 'bat' | 'field' };
    outcome?: {
      winner?: string;
      result?: string;
      eliminator?: string;
      method?: string;
      by?: { runs?: number; wickets?: number };
    };
  };
  innings: CricsheetInnings[];
}

function delivery(over: number, d: CricsheetDelivery): Delivery {
  return {
    over,
    batter: d.batter,
    bowler: d.bowler,
    nonStriker: d.non_striker,
    batterRuns: d.runs.batter,
    extraRuns: d.runs.extras,
    totalRuns: d.runs.total,
    wides: d.extras?.wides ?? 0,
    noballs: d.extras?.noballs ?? 0,
    penalty: d.extras?.penalty ?? 0,
    wicketsOut: (d.wickets ?? []).filter((w) => !NOT_A_WICKET.has(w.kind)).map((w) => w.player_out),
  };
}

function innings(raw: CricsheetInnings, oversPerSide: number): InningsRecord {
  return {
    team: raw.team,
    superOver: raw.super_over === true,
    targetRuns: raw.target?.runs ?? null,
    scheduledOvers: raw.super_over ? 1 : (raw.target?.overs ?? oversPerSide),
    penaltyBefore: raw.penalty_runs?.pre ?? 0,
    penaltyAfter: raw.penalty_runs?.post ?? 0,
    deliveries: (raw.overs ?? []).flatMap((o) => o.deliveries.map((d) => delivery(o.over, d))),
    finished: true,
  };
}

function outcome(raw: CricsheetMatch['info']['outcome']): MatchOutcome {
  if (raw?.result === 'tie') return { kind: 'tie', superOverWinner: raw.eliminator ?? raw.winner ?? null };
  if (raw?.winner) {
    const by =
      raw.by?.runs !== undefined
        ? `${raw.by.runs} runs`
        : raw.by?.wickets !== undefined
          ? `${raw.by.wickets} wickets`
          : null;
    return { kind: 'win', winner: raw.winner, method: raw.method ?? null, by };
  }
  return { kind: 'noResult' };
}

export function parseCricsheet(match: CricsheetMatch): MatchRecord {
  const oversPerSide = match.info.overs ?? 20;
  const all = match.innings.map((raw) => innings(raw, oversPerSide));
  const event = match.info.event;
  return {
    teams: match.info.teams,
    date: match.info.dates[0] ?? '',
    title: `${match.info.teams[0]} v ${match.info.teams[1]}${event?.name ? `, ${event.name}` : ''}${event?.match_number ? ` (match ${event.match_number})` : ''}`,
    ballsPerOver: match.info.balls_per_over ?? 6,
    oversPerSide,
    toss: match.info.toss ?? null,
    innings: all.filter((i) => !i.superOver),
    superOvers: all.filter((i) => i.superOver),
    outcome: outcome(match.info.outcome),
    finished: true,
  };
}
