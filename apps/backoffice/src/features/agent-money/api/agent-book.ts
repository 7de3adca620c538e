import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AgentBookStatement } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

export interface BookRange {
  start_date: string;
  end_date: string;
}

/** GET /backoffice/users/:id/book: an agent's own statement, its chips or credit in and out (decision 0054). */
export async function getAgentBook(
  agentId: string,
  range: BookRange,
  signal?: AbortSignal,
): Promise<AgentBookStatement> {
  return (
    await apiRequest<AgentBookStatement>(`/backoffice/users/${encodeURIComponent(agentId)}/book`, {
      query: { ...range },
      ...(signal ? { signal } : {}),
    })
  ).data;
}

export function useAgentBook(agentId: string, range: BookRange) {
  return useQuery({
    queryKey: ['account-money', agentId, 'book', range],
    queryFn: ({ signal }) => getAgentBook(agentId, range, signal),
    placeholderData: keepPreviousData,
  });
}
