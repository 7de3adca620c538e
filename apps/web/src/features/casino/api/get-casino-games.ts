import { useQuery } from '@tanstack/react-query';
import type { CasinoGame } from '@khel/contract';
import { apiRequest, shouldRetry, unwrap } from '../../../lib/api-client';
import type { CasinoKind } from '../utils/games';

export const casinoGamesQueryKey = (kind: CasinoKind) => ['casino-games', kind] as const;

/**
 * GET /api/v1/casino-games (public, PRODUCT.md §3): `slots=true` for the slots lobby, `slots=false` for
 * the live casino. The whole list of one lobby is small, so provider, category and search filter it on
 * the phone without a call per keystroke; the server's own filters stay available to other callers.
 */
export async function getCasinoGames(kind: CasinoKind, signal?: AbortSignal): Promise<CasinoGame[]> {
  const games = unwrap(
    await apiRequest<CasinoGame[]>('/casino-games', {
      query: { slots: kind === 'slots' },
      ...(signal ? { signal } : {}),
    }),
  );
  // The server answers by order already; a second sort keeps the lobby stable if it ever does not.
  return games.filter((game) => game.is_slot === (kind === 'slots')).sort((a, b) => a.order - b.order);
}

export function useCasinoGames(kind: CasinoKind) {
  return useQuery({
    queryKey: casinoGamesQueryKey(kind),
    queryFn: ({ signal }) => getCasinoGames(kind, signal),
    staleTime: 60_000,
    retry: shouldRetry,
  });
}
