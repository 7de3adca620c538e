import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

export interface AuditLogParams {
  page: number;
  pageSize: number;
  targetId?: string | undefined;
  /** Who: an operator's name, username, mobile number or id. */
  actor?: string | undefined;
  /** What: one action, as the server names it (user.update). */
  action?: string | undefined;
  /** The target's id, or a user's name or mobile number. */
  target?: string | undefined;
  /** India dates, YYYY-MM-DD, both inclusive. */
  from?: string | undefined;
  to?: string | undefined;
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
  return (
    await apiRequest<AuditLogPage>('/backoffice/audit-log', { query: { ...params }, ...(signal ? { signal } : {}) })
  ).data;
}

export function useAuditLog(params: AuditLogParams) {
  return useQuery({
    queryKey: auditQueryKeys.page(params),
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });
}
