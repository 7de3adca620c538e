import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PaymentsReport } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import type { DateRange } from './keys';
import { reportKeys } from './keys';

/** GET /backoffice/reports/payments: deposit and withdrawal totals by India day. */
export async function getPayments(query: DateRange): Promise<PaymentsReport> {
  return (await apiRequest<PaymentsReport>('/backoffice/reports/payments', { query: { ...query } })).data;
}

export function usePayments(query: DateRange) {
  return useQuery({
    queryKey: reportKeys.payments(query),
    queryFn: () => getPayments(query),
    placeholderData: keepPreviousData,
  });
}
