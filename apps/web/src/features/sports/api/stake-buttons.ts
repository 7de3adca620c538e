import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import { DEFAULT_STAKE_BUTTONS, stakeButtonsSchema, type StakeButtons, type StakeButtonsUpdate } from '@khel/contract';
import { apiRequest, shouldRetry } from '../../../lib/api-client';

const KEY = ['stake-buttons'] as const;

/** GET /api/v1/stake-buttons: the player's own eight stake buttons (the spec's chips until they set some). */
export async function getStakeButtons(): Promise<StakeButtons> {
  const envelope = await apiRequest<unknown>('/stake-buttons', { quietStatuses: [404, 501], warningToast: false });
  const parsed = stakeButtonsSchema.safeParse(envelope.data);
  return envelope.meta.code === 200 && parsed.success ? parsed.data : DEFAULT_STAKE_BUTTONS;
}

export function useStakeButtons() {
  return useQuery({ queryKey: KEY, queryFn: getStakeButtons, retry: shouldRetry, staleTime: 5 * 60_000 });
}

/** PUT /api/v1/stake-buttons: eight whole-rupee values, or `{ reset: true }`. */
export function useSaveStakeButtons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: StakeButtonsUpdate) => {
      const envelope = await apiRequest<StakeButtons>('/stake-buttons', { method: 'PUT', body: update });
      if (envelope.meta.code !== 200 || !envelope.data) throw new Error(envelope.meta.message);
      return envelope.data;
    },
    onSuccess: (saved) => writeAnswer(queryClient, KEY, saved),
  });
}
