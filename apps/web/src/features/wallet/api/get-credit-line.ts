import { useQuery } from '@tanstack/react-query';
import type { CreditLine } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';

/** GET /api/v1/credit-line: a credit player's Credit Ref and Ref P&L (PRODUCT.md §9). */
export async function getCreditLine(): Promise<CreditLine> {
  return unwrap(await apiRequest<CreditLine>('/credit-line'));
}

/** Refreshed with the profile: the balance it explains moves with every bet and settlement. */
export function useCreditLine(enabled: boolean, balance: number) {
  return useQuery({ queryKey: ['credit-line', balance], queryFn: getCreditLine, enabled, staleTime: 5_000 });
}
