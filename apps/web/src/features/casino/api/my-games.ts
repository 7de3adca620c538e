import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type { CasinoMyGames } from '@khel/contract';
import { apiRequest, shouldRetry, unwrap } from '../../../lib/api-client';

export const myGamesQueryKey = ['casino-my-games'] as const;

/** GET /api/v1/casino/my-games: the player's favourites and recently played games, stored on the server. */
export function useMyGames() {
  return useQuery({
    queryKey: myGamesQueryKey,
    queryFn: async ({ signal }) => unwrap(await apiRequest<CasinoMyGames>('/casino/my-games', { signal })),
    staleTime: 30_000,
    retry: shouldRetry,
  });
}

/** PUT or DELETE /api/v1/casino/favourites/:gameId; the answer is the new lists. */
export function useToggleFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ gameId, favourite }: { gameId: string; favourite: boolean }) =>
      unwrap(
        await apiRequest<CasinoMyGames>(`/casino/favourites/${encodeURIComponent(gameId)}`, {
          method: favourite ? 'PUT' : 'DELETE',
          successToast: false,
        }),
      ),
    onSuccess: (data) => writeAnswer(client, myGamesQueryKey, data),
  });
}
