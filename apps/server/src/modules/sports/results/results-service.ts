import type { EventResults, ResultsQuery } from '@khel/contract';
import { indiaDateRange } from '@khel/money';
import type { Queryable } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { slugged } from '../views/index.js';
import { createResultsRepository } from './results-repository.js';

/**
 * The Results page (issue 31): what each market settled at on one India day (today unless asked),
 * grouped by event, the event whose market settled last first. Public, like the events list.
 */
export function createResultsService(deps: { db: Queryable; clock: Clock }) {
  const repository = createResultsRepository(deps.db);
  return {
    async results(query: ResultsQuery): Promise<EventResults[]> {
      const day = query.date;
      const { from, to } = indiaDateRange(
        day === undefined ? {} : { start_date: day, end_date: day },
        deps.clock.now(),
        1,
      );
      const byEvent = new Map<string, EventResults>();
      for (const row of await repository.settledBetween(from, to)) {
        let entry = byEvent.get(row.event_id);
        if (entry === undefined) {
          entry = {
            event: {
              ...slugged(row.event_id, row.event_name, row.event_slug),
              sport: slugged(row.sport_id, row.sport_name, row.sport_slug),
              league: slugged(row.league_id, row.league_name, row.league_slug),
              startTime: row.start_time.toISOString(),
            },
            markets: [],
          };
          byEvent.set(row.event_id, entry);
        }
        const voided = row.status === 'voided';
        entry.markets.push({
          _id: row.id,
          name: row.name,
          marketType: row.type,
          status: row.status,
          winner: voided ? null : row.winner_name,
          runs: voided ? null : (row.result?.runs ?? null),
          voidReason: voided ? (row.result?.void ?? null) : null,
          settledAt: row.settled_at.toISOString(),
        });
      }
      return [...byEvent.values()];
    },
  };
}
export type ResultsService = ReturnType<typeof createResultsService>;
