import { useQuery } from '@tanstack/react-query';
import type { PlayerAnnouncement } from '@khel/contract';
import { apiRequest, shouldRetry, unwrap } from '../../../lib/api-client';

/**
 * GET /api/v1/announcements: the operator's and the player's uplines' lines running now (decision 0065).
 * A news line the player did not ask for: when it cannot be read the ticker stays empty, with no toast
 * over what the player is doing (a refused token still ends the session).
 */
export async function getAnnouncements(): Promise<PlayerAnnouncement[]> {
  const envelope = await apiRequest<{ items: PlayerAnnouncement[] }>('/announcements', {
    quietStatuses: [404, 500, 501, 502, 503, 504],
    warningToast: false,
  });
  return unwrap(envelope).items;
}

export function useAnnouncements() {
  return useQuery({
    queryKey: ['announcements'],
    queryFn: getAnnouncements,
    // A news line, not a price: a new one shows within five minutes, or at the next visit.
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    refetchOnWindowFocus: false,
    retry: shouldRetry,
  });
}
