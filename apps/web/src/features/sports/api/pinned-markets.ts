import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type { PinnedMarket } from '@khel/contract';
import { apiRequest, shouldRetry, unwrap } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';

const KEY = ['pinned-markets'];

/** GET /api/v1/pinned-markets: the player's pins (issue 31), oldest first, with live-ready markets. */
export function usePinnedMarkets() {
  const { user } = useSession();
  return useQuery({
    queryKey: KEY,
    queryFn: async () => unwrap(await apiRequest<PinnedMarket[]>('/pinned-markets')),
    enabled: user !== null,
    retry: shouldRetry,
    staleTime: 30_000,
  });
}

/**
 * Pin (POST) or unpin (DELETE) one market; the answer is the whole list, which replaces the cache (writeAnswer: a
 * read of the list answered before the change would otherwise put the old list back, the pin undone on screen
 * until the next read; seen on a slow machine in phone-sports-pages.e2e.ts).
 */
export function useTogglePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ marketId, pinned }: { marketId: string; pinned: boolean }) =>
      unwrap(
        pinned
          ? await apiRequest<PinnedMarket[]>(`/pinned-markets/${marketId}`, { method: 'DELETE', successToast: false })
          : await apiRequest<PinnedMarket[]>('/pinned-markets', {
              method: 'POST',
              body: { marketId },
              successToast: false,
            }),
      ),
    onSuccess: (list) => writeAnswer(queryClient, KEY, list),
  });
}
