import { useQuery } from '@tanstack/react-query';
import type { Withdrawal } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';
import type { DateRange } from '../../../lib/dates';

/** GET /api/v1/withdrawal-request?start_date&end_date: the player's withdrawals, newest first. */
export async function getWithdrawals(range: DateRange): Promise<Withdrawal[]> {
  const envelope = await apiRequest<Withdrawal[]>('/withdrawal-request', {
    query: { start_date: range.start, end_date: range.end },
  });
  return [...unwrap(envelope)].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export function useWithdrawals(range: DateRange) {
  return useQuery({ queryKey: ['withdrawals', range.start, range.end], queryFn: () => getWithdrawals(range) });
}
