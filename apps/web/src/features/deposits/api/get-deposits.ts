import { useQuery } from '@tanstack/react-query';
import type { Deposit } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';
import type { DateRange } from '../../../lib/dates';

/** GET /api/v1/admin-deposit-request?start_date&end_date: the player's deposits, India dates inclusive. */
export async function getDeposits(range: DateRange): Promise<Deposit[]> {
  const envelope = await apiRequest<Deposit[]>('/admin-deposit-request', {
    query: { start_date: range.start, end_date: range.end },
  });
  // Newest first, whatever order the server keeps.
  return [...unwrap(envelope)].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function useDeposits(range: DateRange) {
  return useQuery({ queryKey: ['deposits', range.start, range.end], queryFn: () => getDeposits(range) });
}
