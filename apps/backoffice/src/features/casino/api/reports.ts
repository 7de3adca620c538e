import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { casinoQueryKeys } from './keys';
import type { DeskRound, DeskTransaction, Reconciliation } from './keys';

/** At most this many rows per list; the screen says when a day has more. */
export const REPORT_LIMIT = 500;

export function useCasinoRounds(provider: string, date: string) {
  return useQuery({
    queryKey: casinoQueryKeys.rounds(provider, date),
    queryFn: async () =>
      (await apiRequest<DeskRound[]>('/backoffice/casino/rounds', { query: { provider, date, limit: REPORT_LIMIT } }))
        .data,
    enabled: provider !== '',
  });
}

export function useCasinoTransactions(provider: string, date: string) {
  return useQuery({
    queryKey: casinoQueryKeys.transactions(provider, date),
    queryFn: async () =>
      (
        await apiRequest<DeskTransaction[]>('/backoffice/casino/transactions', {
          query: { provider, date, limit: REPORT_LIMIT },
        })
      ).data,
    enabled: provider !== '',
  });
}

/** Over the provider's whole history; always asked afresh when the view opens. */
export function useReconciliation(provider: string) {
  return useQuery({
    queryKey: casinoQueryKeys.reconciliation(provider),
    queryFn: async () =>
      (await apiRequest<Reconciliation>(`/backoffice/casino/reconciliation/${encodeURIComponent(provider)}`)).data,
    enabled: provider !== '',
    staleTime: 0,
  });
}
