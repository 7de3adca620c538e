import { useQuery } from '@tanstack/react-query';
import type { CasinoGame } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';

/**
 * Asks the server for the game frame's address with exactly the call the lobby names for the game
 * (`launch`): POST /play-game { gameId }, GET /live-casino/{table_id}, /live-casino-qtech/{game_id} or
 * /live-casino-win/{game_id}/{provider_id}, under /api/v1 (spec §7, PRODUCT.md §3). Every one answers
 * `{ url }`. A refusal (no permission, game switched off) is a warning toast from the API client.
 */
export async function launchGame(game: Pick<CasinoGame, 'launch'>): Promise<string> {
  const { method, path, body } = game.launch;
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error('Unexpected launch path');
  const envelope = await apiRequest<{ url: string }>(path, { method, ...(body ? { body } : {}), successToast: false });
  return unwrap(envelope).url;
}

/**
 * The frame address of an open game. Each launch makes a new provider session, so the answer is never
 * reused: nothing refetches it, and it is dropped as soon as the frame closes (gcTime 0); reopening the
 * game launches afresh.
 */
export function useGameLaunch(game: CasinoGame) {
  return useQuery({
    queryKey: ['casino-launch', game._id, game.launch.path],
    queryFn: () => launchGame(game),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
