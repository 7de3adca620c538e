import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EventSummary } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';

export interface EventFilter {
  sport?: string;
  league?: string;
  inPlay?: boolean;
}

/** GET /api/v1/events?sport=&league=&inPlay=: the Home lists, each event with its match-odds market. */
export async function getEvents(filter: EventFilter): Promise<EventSummary[]> {
  const query = {
    sport: filter.sport,
    league: filter.league,
    inPlay: filter.inPlay === undefined ? undefined : String(filter.inPlay),
  };
  return unwrap(await apiRequest<EventSummary[]>('/events', { query }));
}

export function useEvents(filter: EventFilter) {
  return useQuery({
    queryKey: ['events', filter.sport ?? '', filter.league ?? '', filter.inPlay ?? ''],
    queryFn: () => getEvents(filter),
    placeholderData: keepPreviousData,
    // Prices move on the socket; the list itself (events starting, finishing) is refreshed slowly.
    refetchInterval: 30_000,
  });
}
