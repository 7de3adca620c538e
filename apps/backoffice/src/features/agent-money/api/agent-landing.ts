import { useQuery } from '@tanstack/react-query';
import type { AgentLanding } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /backoffice/landing: the signed-in agent's own book, downline exposure and P&L (decision 0065). */
export function useAgentLanding(enabled: boolean) {
  return useQuery({
    queryKey: ['account-money', 'landing'],
    queryFn: async ({ signal }) => (await apiRequest<AgentLanding>('/backoffice/landing', { signal })).data,
    enabled,
    refetchInterval: 30_000,
  });
}
