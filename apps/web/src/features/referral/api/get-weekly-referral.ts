import { useQuery } from '@tanstack/react-query';
import type { WeeklyReferralRow } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';
import type { WeeklyOption } from '../../../lib/dates';

export interface WeeklyReferral {
  rows: WeeklyReferralRow[];
  total: number;
}

/** GET /api/v1/get-weekly-refferal-transactions?startDate&endDate: one week's earnings per referred player. */
export async function getWeeklyReferral(week: WeeklyOption): Promise<WeeklyReferral> {
  return unwrap(
    await apiRequest<WeeklyReferral>('/get-weekly-refferal-transactions', {
      query: { startDate: week.weekStartDate, endDate: week.weekEndDate },
    }),
  );
}

export function useWeeklyReferral(week: WeeklyOption) {
  return useQuery({
    queryKey: ['referral', 'weekly', week.weekStartDate, week.weekEndDate],
    queryFn: () => getWeeklyReferral(week),
  });
}
