import { useQuery } from '@tanstack/react-query';
import type { BackofficeSearch } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /backoffice/search (decision 0056): users, a bet and deposits matching the text, in the caller's scope. */
export function useSearch(text: string) {
  return useQuery({
    queryKey: ['search', text],
    queryFn: async ({ signal }) =>
      (await apiRequest<BackofficeSearch>('/backoffice/search', { query: { q: text }, signal })).data,
    enabled: text.length >= 2,
  });
}
