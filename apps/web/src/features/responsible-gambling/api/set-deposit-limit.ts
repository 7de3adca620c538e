import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type { DepositLimit, DepositLimitPeriod } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { depositLimitsQueryKey } from './get-deposit-limits';

/**
 * PUT /api/v1/deposit-limits { period, amount|null }: lowering applies at once, raising or removing
 * (null) after 24 hours. Answers the whole list, which replaces the cached one.
 */
export async function setDepositLimit(body: { period: DepositLimitPeriod; amount: number | null }) {
  return apiRequest<DepositLimit[]>('/deposit-limits', { method: 'PUT', body });
}

export function useSetDepositLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDepositLimit,
    onSuccess: async (envelope) => {
      if (envelope.meta.code === 200 && envelope.data)
        await writeAnswer(queryClient, depositLimitsQueryKey, envelope.data);
    },
  });
}
