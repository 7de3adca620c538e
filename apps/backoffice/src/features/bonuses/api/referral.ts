import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type { BonusReportRow, ReferralFlag, ReferralSettings } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { bonusKeys } from './keys';

/** GET /backoffice/referral-settings */
export async function getReferralSettings(): Promise<ReferralSettings> {
  return (await apiRequest<ReferralSettings>('/backoffice/referral-settings')).data;
}

export function useReferralSettings() {
  return useQuery({ queryKey: bonusKeys.referralSettings, queryFn: getReferralSettings });
}

/** PUT /backoffice/referral-settings: applies to weeks computed afterwards. */
export async function saveReferralSettings(
  body: ReferralSettings,
): Promise<{ settings: ReferralSettings; message: string }> {
  const { data, message } = await apiRequest<ReferralSettings>('/backoffice/referral-settings', {
    method: 'PUT',
    body,
  });
  return { settings: data, message };
}

export function useSaveReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReferralSettings,
    meta: { quiet: true },
    onSuccess: async ({ settings, message }) => {
      await writeAnswer(queryClient, bonusKeys.referralSettings, settings);
      toast.success(message || 'Referral settings saved');
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bonusKeys.referralSettings });
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
    },
  });
}

/** GET /backoffice/referral-flags: referrer and referred pairs refused for a shared payment account or device. */
export async function getReferralFlags(): Promise<ReferralFlag[]> {
  return (await apiRequest<ReferralFlag[]>('/backoffice/referral-flags')).data;
}

export function useReferralFlags() {
  return useQuery({ queryKey: bonusKeys.referralFlags, queryFn: getReferralFlags });
}

/** GET /backoffice/bonus-report?weeks=N: per India week, newest first. */
export async function getBonusReport(weeks: number): Promise<BonusReportRow[]> {
  return (await apiRequest<BonusReportRow[]>('/backoffice/bonus-report', { query: { weeks } })).data;
}

export function useBonusReport(weeks: number) {
  return useQuery({ queryKey: bonusKeys.report(weeks), queryFn: () => getBonusReport(weeks) });
}
