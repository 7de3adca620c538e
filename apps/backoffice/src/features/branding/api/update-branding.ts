import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeAnswer } from '@khel/web-kit';
import type { AppSettings, BrandingUpdateRequest } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { appSettingsQueryKey } from '../../../lib/app-settings';
import { toast } from '../../../lib/toast';

export async function updateBranding(body: BrandingUpdateRequest): Promise<{ settings: AppSettings; message: string }> {
  const { data, message } = await apiRequest<AppSettings>('/backoffice/branding', { method: 'PUT', body });
  return { settings: data, message };
}

export function useUpdateBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBranding,
    // The form shows field problems beside the fields; anything else still reaches the toast.
    onSuccess: async ({ settings, message }) => {
      // The shell repaints with the new colour, name and favicon at once.
      await writeAnswer(queryClient, appSettingsQueryKey, settings);
      void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
      toast.success(message || 'Branding saved');
    },
  });
}
