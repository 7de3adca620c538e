import type { MatchRecord } from './match-record.js';

/** Deliveries of the match itself (super overs apart), in the order bowled. */
export function matchDeliveries(match: MatchRecord): number {
  return match.innings.reduce((n, innings) => n + innings.deliveries.length, 0);
}

/**
 * The match as it stood after its first `bowled` deliveries: later deliveries and innings not yet
 * there, an innings finished once the next began, the match (and its outcome) finished only when
 * everything was bowled. Settling on this view is what a live feed can settle at that moment.
 */
export function matchAfter(match: MatchRecord, bowled: number): MatchRecord {
  const innings: MatchRecord['innings'] = [];
  let left = bowled;
  for (const [index, record] of match.innings.entries()) {
    if (left <= 0 && index > 0) break;
    const count = Math.min(left, record.deliveries.length);
    const later = match.innings.slice(index + 1).some(() => left > record.deliveries.length);
    innings.push({
      ...record,
      deliveries: record.deliveries.slice(0, count),
      finished: later || (record.finished && bowled >= matchDeliveries(match)),
    });
    left -= count;
  }
  const finished = match.finished && bowled >= matchDeliveries(match);
  return { ...match, innings, finished, superOvers: finished ? match.superOvers : [] };
}
