/**
 * Betfair's cricket score stream (`op: "ccm"`, one CricketChange per match in `cc`), as recorded beside
 * a market stream: fixture info (teams, status, `eventStatus` such as BALL_IN_PROGRESS), home and away
 * teams joined to the market's runners by selection id, `matchStats` (per innings runs, overs and
 * wickets) and `incidentListWrapper.incidentList` (the latest deliveries). CFD-10.
 *
 * The stream carries totals, not every delivery: runs at the end of an over are those of the first
 * update at or past it, and a wicket's fall those of the update that shows it.
 */
import type { CricketMatchState, CricketTeam, InningsState, TeamIndex } from '@khel/sports-sim';
import { shortName } from './sim-state.js';

export interface CricketIncident {
  incidentType: string;
  qualifierType?: string;
  value?: string;
  overs?: string;
  innings?: number;
  actualTime?: number;
}

export interface CricketChange {
  eventId: string;
  marketId: string;
  fixtureInfo?: {
    homeTeam?: string;
    awayTeam?: string;
    fixtureStatus?: string;
    eventStatus?: string;
    eventDescription?: string;
    maxOvers?: number;
    expectedStartTime?: number;
  };
  homeTeam?: { name: string; selectionId: number };
  awayTeam?: { name: string; selectionId: number };
  matchStats?: {
    currentInnings?: number;
    tossResult?: string;
    inningsStats?: {
      inningsNum: number;
      battingTeam?: string;
      inningsRuns?: number;
      inningsOvers?: string;
      inningsWickets?: number;
    }[];
  };
  incidentListWrapper?: { incidentList?: CricketIncident[] };
}

/** "12.3" → 75 legal balls. */
export function ballsOf(overs: string): number {
  const [whole, part] = overs.split('.');
  return Number(whole) * 6 + Number(part ?? 0);
}

function label(incident: CricketIncident): string | null {
  const runs = incident.value ?? '0';
  if (incident.incidentType === 'OUT') return 'W';
  if (incident.incidentType === 'WIDE') return 'Wd';
  if (incident.incidentType === 'STRIKE' || incident.incidentType === 'BYE' || incident.incidentType === 'LEG_BYE')
    return runs;
  return null;
}

/** The live state of one match from its score stream. */
export class BetfairScoreTracker {
  home: string | null = null;
  away: string | null = null;
  selectionIds = new Map<string, number>();
  eventStatus: string | null = null;
  fixtureStatus: string | null = null;
  description: string | null = null;
  maxOvers = 20;
  private innings: (InningsState & { team: string })[] = [];

  apply(change: CricketChange): void {
    const info = change.fixtureInfo;
    if (info?.homeTeam) this.home = info.homeTeam;
    if (info?.awayTeam) this.away = info.awayTeam;
    if (info?.eventStatus) this.eventStatus = info.eventStatus;
    if (info?.fixtureStatus) this.fixtureStatus = info.fixtureStatus;
    if (info?.eventDescription) this.description = info.eventDescription;
    if (info?.maxOvers) this.maxOvers = info.maxOvers;
    for (const team of [change.homeTeam, change.awayTeam]) if (team) this.selectionIds.set(team.name, team.selectionId);
    const labels = (change.incidentListWrapper?.incidentList ?? [])
      .slice()
      .reverse()
      .map(label)
      .filter((l): l is string => l !== null);
    for (const stats of change.matchStats?.inningsStats ?? []) {
      const team = stats.battingTeam;
      if (!team || team === '0' || (team !== this.home && team !== this.away) || stats.inningsNum > 2) continue;
      this.update(
        stats.inningsNum - 1,
        team,
        stats.inningsRuns ?? 0,
        ballsOf(stats.inningsOvers ?? '0.0'),
        stats.inningsWickets ?? 0,
        change.matchStats?.currentInnings === stats.inningsNum ? labels : null,
      );
    }
  }

  private update(
    index: number,
    team: string,
    runs: number,
    legalBalls: number,
    wickets: number,
    labels: string[] | null,
  ): void {
    let innings = this.innings[index];
    if (innings === undefined) {
      if (index !== this.innings.length) return;
      innings = {
        team,
        battingTeam: 0,
        runs: 0,
        wickets: 0,
        legalBalls: 0,
        extras: 0,
        fours: 0,
        sixes: 0,
        runsAtOver: [],
        fallOfWickets: [],
        lastBalls: [],
        target: index === 1 ? this.innings[0]!.runs + 1 : null,
        endReason: null,
      };
      this.innings.push(innings);
    }
    for (let over = Math.floor(innings.legalBalls / 6) + 1; over <= Math.floor(legalBalls / 6); over += 1)
      innings.runsAtOver[over - 1] = runs;
    for (let w = innings.wickets; w < wickets; w += 1) innings.fallOfWickets.push(runs);
    Object.assign(innings, { runs, legalBalls, wickets });
    if (labels && labels.length > 0) innings.lastBalls = labels.slice(-6);
    if (index === 1 && this.innings[0]!.endReason === null)
      this.innings[0]!.endReason = this.innings[0]!.wickets >= 10 ? 'allOut' : 'oversComplete';
    if (wickets >= 10) innings.endReason = 'allOut';
    else if (innings.target !== null && runs >= innings.target) innings.endReason = 'targetReached';
    else if (legalBalls >= this.maxOvers * 6) innings.endReason = 'oversComplete';
  }

  get ballInProgress(): boolean {
    return this.eventStatus === 'BALL_IN_PROGRESS';
  }

  get finished(): boolean {
    return (
      this.fixtureStatus === 'FINISHED' || this.eventStatus === 'MATCH_COMPLETE' || this.eventStatus === 'EVENT_CLOSED'
    );
  }

  /** Both teams are known (the score stream's names). */
  get teams(): [string, string] | null {
    return this.home && this.away ? [this.home, this.away] : null;
  }

  /** The simulator's state, so its pricing model quotes and its score panel shows the real match. */
  state(): CricketMatchState | null {
    const teams = this.teams;
    if (teams === null) return null;
    const index = (name: string): TeamIndex => (name === teams[0] ? 0 : 1);
    const simTeams: [CricketTeam, CricketTeam] = [
      { name: teams[0], shortName: shortName(teams[0]) },
      { name: teams[1], shortName: shortName(teams[1]) },
    ];
    const innings = this.innings.map(({ team, ...rest }) => ({
      ...rest,
      battingTeam: index(team),
      runsAtOver: [...rest.runsAtOver],
      fallOfWickets: [...rest.fallOfWickets],
      lastBalls: [...rest.lastBalls],
    }));
    const last = innings.at(-1);
    const status: CricketMatchState['status'] = this.finished
      ? 'finished'
      : last === undefined
        ? 'scheduled'
        : last.endReason !== null && innings.length === 1
          ? 'inningsBreak'
          : 'inPlay';
    const first = innings[0];
    const chase = innings[1];
    const winner: TeamIndex | null =
      chase && first ? (chase.runs >= (chase.target ?? Infinity) ? chase.battingTeam : first.battingTeam) : null;
    return {
      sport: 'cricket',
      teams: simTeams,
      battingFirst: first?.battingTeam ?? 0,
      status,
      innings,
      deliveries: innings.reduce((n, i) => n + i.legalBalls, 0),
      result:
        status === 'finished' && winner !== null
          ? { winner, margin: { kind: 'runs', runs: 0 }, text: `${teams[winner]} won` }
          : null,
    };
  }
}
