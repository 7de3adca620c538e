import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type { casinoGameCreateSchema, casinoGameUpdateSchema } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { casinoQueryKeys, useRefreshCasino } from './keys';
import type { DeskGame } from './keys';

export type GameCreate = ReturnType<typeof casinoGameCreateSchema.parse>;
export type GameUpdate = ReturnType<typeof casinoGameUpdateSchema.parse>;

/** The lobby's order: `order` ascending, then the older game first (as the server sorts). */
export function sortGames(games: readonly DeskGame[]): DeskGame[] {
  return [...games].sort((a, b) => a.order - b.order || Number(a._id) - Number(b._id));
}

/** The whole catalogue, disabled games included, in lobby order. */
export async function getCasinoGames(): Promise<DeskGame[]> {
  return sortGames((await apiRequest<DeskGame[]>('/backoffice/casino/games')).data);
}

export function useCasinoGames() {
  return useQuery({ queryKey: casinoQueryKeys.games, queryFn: getCasinoGames });
}

export async function updateCasinoGame(id: string, body: GameUpdate): Promise<{ game: DeskGame; message: string }> {
  const { data, message } = await apiRequest<DeskGame>(`/backoffice/casino/games/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
  return { game: data, message };
}

function useReplaceGame() {
  const queryClient = useQueryClient();
  return (game: DeskGame) =>
    writeAnswer<DeskGame[]>(queryClient, casinoQueryKeys.games, (list) =>
      list === undefined ? list : sortGames(list.map((item) => (item._id === game._id ? game : item))),
    );
}

/** Enable or disable a game: players stop (or start) seeing it in the lobby at once. */
export function useSetGameEnabled() {
  const replace = useReplaceGame();
  const refresh = useRefreshCasino();
  return useMutation({
    mutationFn: ({ game, enabled }: { game: DeskGame; enabled: boolean }) => updateCasinoGame(game._id, { enabled }),
    onSuccess: async ({ game }) => {
      await replace(game);
      toast.success(game.enabled ? `${game.title} is back in the lobby` : `${game.title} is hidden from players`);
    },
    onSettled: refresh,
  });
}

/** Title, category, image and order from the edit dialog; field problems are shown beside the fields. */
export function useUpdateGame() {
  const replace = useReplaceGame();
  const refresh = useRefreshCasino();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: GameUpdate }) => updateCasinoGame(id, body),
    meta: { quiet: true },
    onSuccess: async ({ game, message }) => {
      await replace(game);
      toast.success(message || 'Game saved');
    },
    onSettled: refresh,
  });
}

export function useCreateGame() {
  const refresh = useRefreshCasino();
  return useMutation({
    mutationFn: async (body: GameCreate) => {
      const { data, message } = await apiRequest<DeskGame>('/backoffice/casino/games', { method: 'POST', body });
      return { game: data, message };
    },
    meta: { quiet: true },
    onSuccess: ({ game, message }) => toast.success(`${message || 'Game added'}: ${game.title}`),
    onSettled: refresh,
  });
}

export interface OrderChange {
  id: string;
  order: number;
}

/**
 * The order changes that move one game a place up (-1) or down (+1) in `games` (already in lobby
 * order): swapping the two `order` values when they differ, else numbering the whole list again in
 * steps of 10 (games added with the same order cannot be told apart otherwise). Null at either end.
 */
export function planMove(games: readonly DeskGame[], id: string, direction: -1 | 1): OrderChange[] | null {
  const index = games.findIndex((game) => game._id === id);
  const target = index + direction;
  const current = games[index];
  const neighbour = games[target];
  if (index < 0 || current === undefined || neighbour === undefined) return null;
  if (current.order !== neighbour.order) {
    return [
      { id: current._id, order: neighbour.order },
      { id: neighbour._id, order: current.order },
    ];
  }
  const next = [...games];
  next[index] = neighbour;
  next[target] = current;
  return next.flatMap((game, position) =>
    (position + 1) * 10 === game.order ? [] : [{ id: game._id, order: (position + 1) * 10 }],
  );
}

/** Sends the order changes one by one (each is its own audited change), then shows the fresh list. */
export function useReorderGames() {
  const refresh = useRefreshCasino();
  return useMutation({
    mutationFn: async (changes: OrderChange[]) => {
      for (const change of changes) await updateCasinoGame(change.id, { order: change.order });
    },
    onSettled: refresh,
  });
}
