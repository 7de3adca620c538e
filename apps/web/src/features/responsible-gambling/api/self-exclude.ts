import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SelfExclusionRequest } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/v1/self-exclusion { days, password }. On success the server ends every session of the
 * player; the profile is then reloaded at once, the server answers it with meta.code 401 and the API
 * client's session expiry (spec §4) takes the player out, exactly as on any other device.
 */
export async function selfExclude(body: SelfExclusionRequest) {
  return apiRequest<{ selfExcludedUntil: string }>('/self-exclusion', { method: 'POST', body });
}

export function useSelfExclude() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selfExclude,
    onSuccess: (envelope) => {
      if (envelope.meta.code === 200) void queryClient.invalidateQueries({ queryKey: ['userData'] });
    },
  });
}
