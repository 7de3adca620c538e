import { useQuery } from '@tanstack/react-query';
import type { RiskFancyBook } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** GET /backoffice/reports/fancy-book: one fancy line's book in the caller's scope, whole and at its share. */
export function useFancyBook(marketId: string) {
  return useQuery({
    queryKey: reportKeys.fancyBook(marketId),
    queryFn: async ({ signal }) =>
      (await apiRequest<RiskFancyBook>('/backoffice/reports/fancy-book', { query: { marketId }, signal })).data,
  });
}
