import { useQuery } from '@tanstack/react-query';
import type { PlayerBonusDetail } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { bonusKeys } from './keys';

/** GET /backoffice/users/:id/bonuses: every bonus of one player with its wagering history. */
export async function getPlayerBonuses(userId: string): Promise<PlayerBonusDetail[]> {
  return (await apiRequest<PlayerBonusDetail[]>(`/backoffice/users/${encodeURIComponent(userId)}/bonuses`)).data;
}

export function usePlayerBonuses(userId: string) {
  return useQuery({ queryKey: bonusKeys.playerBonuses(userId), queryFn: () => getPlayerBonuses(userId) });
}
