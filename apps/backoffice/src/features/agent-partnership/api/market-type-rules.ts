import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type { MarketLock, MarketTypeRules, MarketTypeRulesUpdate } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** Locks and limits per market type (decision 0064): one account's lines, and the client list's locks. */
export const marketTypeKeys = {
  rules: (ownerId: string) => ['market-type-rules', ownerId] as const,
  locks: (userIds: readonly string[]) => ['market-type-rules', 'locks', ...userIds] as const,
};

const rulesPath = (ownerId: string) => `/backoffice/users/${encodeURIComponent(ownerId)}/market-type-rules`;

/** GET /backoffice/users/:id/market-type-rules: the caller's three lines on the account, and what binds it from the rest. */
export async function getMarketTypeRules(ownerId: string): Promise<MarketTypeRules> {
  return (await apiRequest<MarketTypeRules>(rulesPath(ownerId))).data;
}

export function useMarketTypeRules(ownerId: string) {
  return useQuery({ queryKey: marketTypeKeys.rules(ownerId), queryFn: () => getMarketTypeRules(ownerId) });
}

export function useSetMarketTypeRules(ownerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: MarketTypeRulesUpdate) =>
      apiRequest<MarketTypeRules>(rulesPath(ownerId), { method: 'PUT', body }),
    meta: { quiet: true },
    onSuccess: async (result) => {
      await writeAnswer(client, marketTypeKeys.rules(ownerId), result.data);
      void client.invalidateQueries({ queryKey: ['market-type-rules', 'locks'] });
      void client.invalidateQueries({ queryKey: ['audit-log'] });
      toast.success(result.message);
    },
  });
}

/** GET /backoffice/market-locks: the locks binding the accounts a list shows (at most 100). */
export function useMarketLocks(userIds: readonly string[]) {
  return useQuery({
    queryKey: marketTypeKeys.locks(userIds),
    enabled: userIds.length > 0,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ locks: MarketLock[] }>('/backoffice/market-locks', {
          query: { userIds: userIds.slice(0, 100).join(',') },
          signal,
        })
      ).data.locks,
  });
}
