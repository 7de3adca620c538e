import type { Queryable } from '../../../db/database.js';

export interface SettledMarketRow {
  id: string;
  name: string;
  type: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';
  status: 'settled' | 'voided';
  result: { winnerId?: string; runs?: number; void?: string } | null;
  settled_at: Date;
  winner_name: string | null;
  event_id: string;
  event_name: string;
  event_slug: string;
  start_time: Date;
  league_id: string;
  league_slug: string;
  league_name: string;
  sport_id: string;
  sport_slug: string;
  sport_name: string;
}

/** Results (issue 31): markets settled or voided in a time window, of events players see. */
export function createResultsRepository(db: Queryable) {
  return {
    async settledBetween(from: Date, to: Date): Promise<SettledMarketRow[]> {
      const result = await db.query<SettledMarketRow>(
        `select m.id, m.name, m.type, m.status, m.result, m.settled_at, r.name as winner_name,
                e.id as event_id, e.name as event_name, e.slug as event_slug, e.start_time,
                l.id as league_id, l.slug as league_slug, l.name as league_name,
                s.id as sport_id, s.slug as sport_slug, s.name as sport_name
           from markets m
           join events e on e.id = m.event_id
           join leagues l on l.id = e.league_id
           join sports s on s.id = l.sport_id
           left join runners r on m.status = 'settled' and r.id::text = m.result->>'winnerId'
          where m.status in ('settled', 'voided') and m.settled_at >= $1 and m.settled_at < $2 and e.listed
          order by m.settled_at desc, m.sort_order, m.id
          limit 1000`,
        [from, to],
      );
      return result.rows;
    },
  };
}
