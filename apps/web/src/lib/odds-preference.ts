import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import { oddsPreferenceSchema, type OddsPreference, type OddsPreferenceUpdate } from '@khel/contract';
import { apiRequest, shouldRetry } from './api-client';

/** What a player who never chose has: a better price is taken, a worse one refused (decision 0053). */
export const DEFAULT_ODDS_PREFERENCE: OddsPreference = { mode: 'better', ticks: null };
const KEY = ['odds-preference'] as const;

/** GET /api/v1/odds-preference: the player's odds-change preference (accept better odds when unknown). */
export async function getOddsPreference(): Promise<OddsPreference> {
  const envelope = await apiRequest<unknown>('/odds-preference', { quietStatuses: [404, 501], warningToast: false });
  const parsed = oddsPreferenceSchema.safeParse(envelope.data);
  return envelope.meta.code === 200 && parsed.success ? parsed.data : DEFAULT_ODDS_PREFERENCE;
}

export function useOddsPreference(enabled = true) {
  return useQuery({ queryKey: KEY, queryFn: getOddsPreference, enabled, retry: shouldRetry, staleTime: 60_000 });
}

/** PUT /api/v1/odds-preference; the slip and the account menu show the same setting. */
export function useSaveOddsPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: OddsPreferenceUpdate) => {
      const envelope = await apiRequest<OddsPreference>('/odds-preference', {
        method: 'PUT',
        body: update,
        successToast: false,
      });
      if (envelope.meta.code !== 200 || !envelope.data) throw new Error(envelope.meta.message);
      return envelope.data;
    },
    onSuccess: (saved) => writeAnswer(queryClient, KEY, saved),
  });
}
