import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { auditQueryKeys } from './get-audit-log';

/** Every action the log holds, for the "What" filter; a new audited action appears without a release. */
export async function getAuditActions(signal?: AbortSignal): Promise<string[]> {
  return (await apiRequest<{ actions: string[] }>('/backoffice/audit-log/actions', signal ? { signal } : {})).data
    .actions;
}

export function useAuditActions() {
  return useQuery({
    queryKey: [...auditQueryKeys.all, 'actions'],
    queryFn: ({ signal }) => getAuditActions(signal),
    staleTime: 60_000,
  });
}
