import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BonusGrant, ManualBonusGrant } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { bonusKeys } from './keys';

function useRefresh(userId?: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: bonusKeys.allGrants });
    if (userId !== undefined) void queryClient.invalidateQueries({ queryKey: bonusKeys.playerBonuses(userId) });
    else void queryClient.invalidateQueries({ queryKey: ['player-bonuses'] });
    void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
  };
}

/**
 * POST /backoffice/users/:id/bonuses: a manual bonus with a reason. Offered to the player at once, or,
 * above the second-approval amount, kept pending until a different operator approves.
 */
export async function grantBonus(
  userId: string,
  body: ManualBonusGrant,
): Promise<{ grant: BonusGrant; message: string }> {
  const { data, message } = await apiRequest<BonusGrant>(`/backoffice/users/${encodeURIComponent(userId)}/bonuses`, {
    method: 'POST',
    body,
  });
  return { grant: data, message };
}

export function useGrantBonus(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (body: ManualBonusGrant) => grantBonus(userId, body),
    meta: { quiet: true },
    onSuccess: ({ grant, message }) => {
      if (grant.status === 'granted') toast.success(message || 'Bonus offered to the player');
      else toast.info(message || 'The bonus waits for a second operator');
    },
    onSettled: refresh,
  });
}

/** GET /backoffice/bonus-grants?status= */
export async function getGrants(status: BonusGrant['status']): Promise<BonusGrant[]> {
  return (await apiRequest<BonusGrant[]>('/backoffice/bonus-grants', { query: { status } })).data;
}

export function useGrants(status: BonusGrant['status']) {
  return useQuery({ queryKey: bonusKeys.grants(status), queryFn: () => getGrants(status) });
}

/** POST /backoffice/bonus-grants/:id/approve | reject: the second operator's decision. */
export async function decideGrant({
  id,
  decision,
}: {
  id: string;
  decision: 'approve' | 'reject';
}): Promise<{ grant: BonusGrant; message: string }> {
  const { data, message } = await apiRequest<BonusGrant>(
    `/backoffice/bonus-grants/${encodeURIComponent(id)}/${decision}`,
    { method: 'POST' },
  );
  return { grant: data, message };
}

export function useDecideGrant() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: decideGrant,
    onSuccess: ({ message }, { decision }) =>
      toast.success(message || (decision === 'approve' ? 'Bonus offered to the player' : 'Bonus grant rejected')),
    onSettled: refresh,
  });
}
