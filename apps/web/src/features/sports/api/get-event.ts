import { useQuery } from '@tanstack/react-query';
import type { EventDetail } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';

export interface EventSlugs {
  sport: string;
  league: string;
  event: string;
}

/** GET /api/v1/event?sport=&league=&event=: one event with every market, the score and the stream. */
export async function getEvent(slugs: EventSlugs): Promise<EventDetail> {
  return unwrap(await apiRequest<EventDetail>('/event', { query: { ...slugs } }));
}

export function useEvent(slugs: EventSlugs | null) {
  return useQuery({
    queryKey: ['event', slugs?.sport ?? '', slugs?.league ?? '', slugs?.event ?? ''],
    queryFn: () => getEvent(slugs as EventSlugs),
    enabled: slugs !== null,
    // New markets (the next over's fancy lines) appear now and then; prices arrive on the socket.
    refetchInterval: 30_000,
  });
}

export function eventHref(slugs: {
  sport: { slugName: string };
  league: { slugName: string };
  slugName: string;
}): string {
  const params = new URLSearchParams({
    sport: slugs.sport.slugName,
    league: slugs.league.slugName,
    event: slugs.slugName,
  });
  return `/event?${params.toString()}`;
}
