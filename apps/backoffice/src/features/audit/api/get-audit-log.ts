import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

export interface AuditLogParams {
  page: number;
  pageSize: number;
  targetId?: string | undefined;
}

export interface AuditLogPage {
  items: AuditEntry[];
  total: number;
}

/** Other features invalidate ['audit-log'] after an audited change, without importing this file. */
export const auditQueryKeys = {
  all: ['audit-log'] as const,
  page: (params: AuditLogParams) => ['audit-log', params] as const,
};

export async function getAuditLog(params: AuditLogParams, signal?: AbortSignal): Promise<AuditLogPage> {
  return (await apiRequest<AuditLogPage>('/backoffice/audit-log', { query: { ...params }, ...(signal ? { signal } : {}) })).data;
}

export function useAuditLog(params: AuditLogParams) {
  return useQuery({
    queryKey: auditQueryKeys.page(params),
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });
}
