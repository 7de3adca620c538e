/**
 * The panels' cricket markets on a real match (CFD-* in SPEC.md): fancy sessions that settle on a run
 * total, and two-way markets that settle on a runner. Each market says its rules to the player, and
 * settles exactly from the deliveries, or is void by those rules when the match was shortened.
 */
import {
  batterOutAt,
  batterRuns,
  battersInOrder,
  finalTotal,
  inningsEnd,
  overCompleteAt,
  overRuns,
  shortened,
  totalAfter,
  wicketFallsAt,
} from './innings-facts.js';
import type { MatchRecord } from './match-record.js';

export type FancyMarketSpec = { id: string; name: string; rules: string } & (
  | { kind: 'overs'; innings: number; overs: number }
  | { kind: 'fallOfWicket'; innings: number; wicket: number }
  | { kind: 'batter'; innings: number; batter: string }
  | { kind: 'oddEven'; innings: number; overs: number }
  | { kind: 'overRuns'; innings: number; overs: number }
  | { kind: 'toss' }
  | { kind: 'tiedMatch' }
  | { kind: 'completedMatch' }
);

export type VoidReason = 'TARGET_REACHED' | 'MATCH_SHORTENED' | 'NO_RESULT' | 'DID_NOT_BAT';

export type FancySettlement =
  | { kind: 'pending' }
  | { kind: 'runs'; runs: number }
  | { kind: 'winner'; runner: string }
  | { kind: 'void'; reason: VoidReason };

/** Line markets (YES/NO on runs) settle on a total; the others on a runner. */
export function isLineMarket(spec: FancyMarketSpec): boolean {
  return spec.kind === 'overs' || spec.kind === 'fallOfWicket' || spec.kind === 'batter' || spec.kind === 'overRuns';
}

/** Runner names of a two-way market. */
export function runnersOf(match: MatchRecord, spec: FancyMarketSpec): string[] {
  if (spec.kind === 'oddEven') return ['Odd', 'Even'];
  if (spec.kind === 'toss') return [...match.teams];
  if (spec.kind === 'tiedMatch' || spec.kind === 'completedMatch') return ['Yes', 'No'];
  return [];
}

const ordinal = (n: number) =>
  `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

const SHORTENED = 'If the innings is reduced or stopped before the result is known, the market is void.';

/** The markets of an innings for a batting team (CFD-2). */
export function inningsMarkets(innings: number, team: string): FancyMarketSpec[] {
  const n = innings + 1;
  const sessions = [6, 10, 15, 20].flatMap((overs): FancyMarketSpec[] => [
    {
      id: `inn${n}-${overs}ov`,
      kind: 'overs',
      innings,
      overs,
      name: `${overs} over runs ${team}`,
      rules: `Settles on ${team}'s total at the end of over ${overs}, every extra and penalty run included. All out before: the final total. Target reached before: void. ${SHORTENED}`,
    },
    {
      id: `inn${n}-${overs}ov-oddeven`,
      kind: 'oddEven',
      innings,
      overs,
      name: `${overs} over runs ${team} odd/even`,
      rules: `Odd or even: ${team}'s ${overs} over runs (settled as that session). Void when that session is void.`,
    },
  ]);
  return [...sessions];
}

/** The fall-of-wicket session for wicket n, offered during the partnership it is about. */
export function fallOfWicketMarket(innings: number, team: string, wicket: number): FancyMarketSpec {
  return {
    id: `inn${innings + 1}-fow${wicket}`,
    kind: 'fallOfWicket',
    innings,
    wicket,
    name: `Fall of ${ordinal(wicket)} wkt ${team}`,
    rules: `Settles on ${team}'s total when the ${ordinal(wicket)} wicket falls (retired hurt is not a wicket). Innings completed without it: the final total. Target reached first: void. ${SHORTENED}`,
  };
}

export function batterMarket(innings: number, batter: string): FancyMarketSpec {
  return {
    id: `inn${innings + 1}-bat-${batter.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    kind: 'batter',
    innings,
    batter,
    name: `${batter} runs`,
    rules: `Settles on ${batter}'s runs off the bat (no extras) when out, or at the end of the innings if not out (also when the target is reached). ${SHORTENED}`,
  };
}

export function overRunsMarket(innings: number, team: string, overs: number): FancyMarketSpec {
  return {
    id: `inn${innings + 1}-over${overs}`,
    kind: 'overRuns',
    innings,
    overs,
    name: `Over ${overs} runs ${team}`,
    rules: `Settles on the runs of over ${overs} alone, wides, no-balls, byes, leg byes and penalty runs included. Innings all out or won during the over: the runs so far. ${SHORTENED}`,
  };
}

export function matchMarkets(): FancyMarketSpec[] {
  return [
    { id: 'toss', kind: 'toss', name: 'Toss', rules: 'Settles on the team that wins the toss.' },
    {
      id: 'tied-match',
      kind: 'tiedMatch',
      name: 'Tied match',
      rules: 'Yes if the scores are level at the end of the match (before any super over), else No. No result: void.',
    },
    {
      id: 'completed-match',
      kind: 'completedMatch',
      name: 'Completed match',
      rules: 'Yes if the match has a result (a win, by any method, or a tie), No if it ends with no result.',
    },
  ];
}

/** CFD-3..CFD-8: the market's result from the deliveries so far (`pending` until it is known). */
export function settleMarket(match: MatchRecord, spec: FancyMarketSpec): FancySettlement {
  const pending = { kind: 'pending' } as const;
  if (spec.kind === 'toss') return match.toss ? { kind: 'winner', runner: match.toss.winner } : pending;
  if (spec.kind === 'tiedMatch' || spec.kind === 'completedMatch') {
    if (!match.finished) return pending;
    const o = match.outcome;
    if (spec.kind === 'completedMatch') return { kind: 'winner', runner: o.kind === 'noResult' ? 'No' : 'Yes' };
    return o.kind === 'noResult'
      ? { kind: 'void', reason: 'NO_RESULT' }
      : { kind: 'winner', runner: o.kind === 'tie' ? 'Yes' : 'No' };
  }
  const innings = match.innings[spec.innings];
  if (innings === undefined) return match.finished ? { kind: 'void', reason: 'DID_NOT_BAT' } : pending;
  if (
    (spec.kind === 'overs' || spec.kind === 'oddEven' || spec.kind === 'overRuns') &&
    spec.overs > innings.scheduledOvers
  ) {
    return { kind: 'void', reason: 'MATCH_SHORTENED' };
  }
  const end = inningsEnd(match, innings);
  // Runs known at the moment the market's event happened, if it did.
  const known = (): number | null => {
    if (spec.kind === 'overs' || spec.kind === 'oddEven') {
      const at = overCompleteAt(innings, spec.overs, match.ballsPerOver);
      return at === null || spec.overs > innings.scheduledOvers ? null : totalAfter(innings, at);
    }
    if (spec.kind === 'fallOfWicket') {
      const at = wicketFallsAt(innings, spec.wicket);
      return at === null ? null : totalAfter(innings, at);
    }
    if (spec.kind === 'batter') {
      const at = batterOutAt(innings, spec.batter);
      return at === null ? null : batterRuns(innings, spec.batter, at);
    }
    return overCompleteAt(innings, spec.overs, match.ballsPerOver) === null ? null : overRuns(innings, spec.overs);
  };
  const runs = known();
  const settled = (r: number): FancySettlement =>
    spec.kind === 'oddEven' ? { kind: 'winner', runner: r % 2 === 1 ? 'Odd' : 'Even' } : { kind: 'runs', runs: r };
  if (runs !== null) return settled(runs);
  if (end === null) return pending;
  // The event never happened in this innings: the rules of each market decide.
  if (end === 'stopped' || (shortened(match, innings) && end === 'overs'))
    return { kind: 'void', reason: 'MATCH_SHORTENED' };
  if (spec.kind === 'batter')
    return battersInOrder(innings).includes(spec.batter)
      ? settled(batterRuns(innings, spec.batter))
      : { kind: 'void', reason: 'DID_NOT_BAT' };
  if (spec.kind === 'overRuns') {
    const bowledInOver = innings.deliveries.some((d) => d.over === spec.overs - 1);
    return bowledInOver
      ? settled(overRuns(innings, spec.overs))
      : { kind: 'void', reason: end === 'targetReached' ? 'TARGET_REACHED' : 'MATCH_SHORTENED' };
  }
  if (end === 'targetReached') return { kind: 'void', reason: 'TARGET_REACHED' };
  return settled(finalTotal(innings));
}
