/**
 * A real match as its deliveries, whatever the source (Cricsheet file, Betfair's score stream): the
 * one shape that the ball-by-ball state, the fancy markets and their settlement read.
 */

export interface Delivery {
  /** 0-based over, as the scorers grouped it (an over miscounted by the umpire stays as bowled). */
  over: number;
  batter: string;
  bowler: string;
  nonStriker: string;
  /** Runs off the bat (a no-ball's runs off the bat count; a wide has none). */
  batterRuns: number;
  /** Every extra: wides, no-balls, byes, leg byes, penalty runs. */
  extraRuns: number;
  /** batterRuns + extraRuns: what the delivery added to the total. */
  totalRuns: number;
  wides: number;
  noballs: number;
  penalty: number;
  /** Players out on this delivery that count as wickets (not "retired hurt"). */
  wicketsOut: string[];
}

export interface InningsRecord {
  team: string;
  superOver: boolean;
  /** Runs to win, for the chase (Cricsheet's target; reduced by D/L when the match was shortened). */
  targetRuns: number | null;
  /** Overs the innings was scheduled for: the target's overs in a chase, else the match's. */
  scheduledOvers: number;
  /** Penalty runs awarded before / after the innings (not on a delivery). */
  penaltyBefore: number;
  penaltyAfter: number;
  deliveries: Delivery[];
  /** Over: a later innings began or the match is over (a file read whole is finished throughout). */
  finished: boolean;
}

export type MatchOutcome =
  | { kind: 'win'; winner: string; method: string | null; by: string | null }
  | { kind: 'tie'; superOverWinner: string | null }
  | { kind: 'noResult' };

export interface MatchRecord {
  teams: [string, string];
  date: string;
  title: string;
  ballsPerOver: number;
  /** Overs per side as scheduled before any interruption. */
  oversPerSide: number;
  toss: { winner: string; decision: 'bat' | 'field' } | null;
  /** The match itself (super overs excluded). */
  innings: InningsRecord[];
  superOvers: InningsRecord[];
  /** Known only once the match is over (`finished`). */
  outcome: MatchOutcome;
  finished: boolean;
}

/** Kinds of dismissal that are not a wicket (the batter may come back). */
export const NOT_A_WICKET: ReadonlySet<string> = new Set(['retired hurt', 'retired not out']);

export function isLegal(delivery: Delivery): boolean {
  return delivery.wides === 0 && delivery.noballs === 0;
}
