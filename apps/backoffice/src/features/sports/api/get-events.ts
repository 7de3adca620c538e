import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EventDetail, EventSummary } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { sportsQueryKeys } from './keys';

export interface EventFilters {
  /** Slugs, as the public endpoints take them. */
  sport?: string;
  league?: string;
  inPlay?: boolean;
}

/**
 * The desk's list (`/backoffice/events`): every event, finished and cancelled included (the public
 * `/events` only lists upcoming and live ones). The state filter is applied by the page.
 */
export async function getEvents(filters: EventFilters, signal?: AbortSignal): Promise<EventSummary[]> {
  const query = {
    sport: filters.sport,
    league: filters.league,
    inPlay: filters.inPlay === undefined ? undefined : String(filters.inPlay),
  };
  return (await apiRequest<EventSummary[]>('/backoffice/events', { query, ...(signal ? { signal } : {}) })).data;
}

export function useEvents(filters: EventFilters) {
  return useQuery({
    queryKey: sportsQueryKeys.events(filters),
    queryFn: ({ signal }) => getEvents(filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

export interface EventSlugs {
  sport: string;
  league: string;
  event: string;
}

/** One event with every market (GET /event takes the three slugs). */
export async function getEvent(slugs: EventSlugs, signal?: AbortSignal): Promise<EventDetail> {
  return (await apiRequest<EventDetail>('/event', { query: { ...slugs }, ...(signal ? { signal } : {}) })).data;
}

/** Markets move while an event is live (the feed suspends and re-opens them): refreshed every 5 s. */
export function useEvent(slugs: EventSlugs) {
  return useQuery({
    queryKey: sportsQueryKeys.event(slugs),
    queryFn: ({ signal }) => getEvent(slugs, signal),
    refetchInterval: (query) =>
      query.state.data?.status === 'finished' || query.state.data?.status === 'cancelled' ? 30_000 : 5_000,
  });
}

/** The path of an event's page in the desk. */
export function eventPath(event: Pick<EventSummary, 'slugName' | 'sport' | 'league'>): string {
  return `/sports/${encodeURIComponent(event.sport.slugName)}/${encodeURIComponent(event.league.slugName)}/${encodeURIComponent(event.slugName)}`;
}
