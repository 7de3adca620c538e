import { useQuery } from '@tanstack/react-query';
import type { ExposureReport } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

/**
 * The risk view's markets refresh when the socket says their bets changed (risk-live.ts, decision
 * 0064); the figures are the scope's, so they are read over HTTP, not pushed. The list is read again
 * this often only to find markets that gained their first position in the scope.
 */
export const EXPOSURE_REFRESH_MS = 30_000;

/**
 * GET /backoffice/reports/exposure: the scope's positions on every open market; with a `userId`, one
 * account's and its subtree's (GET /backoffice/users/:id/exposure, the client list's drill-down).
 */
export async function getExposure(userId?: string): Promise<ExposureReport> {
  const path =
    userId === undefined ? '/backoffice/reports/exposure' : `/backoffice/users/${encodeURIComponent(userId)}/exposure`;
  return (await apiRequest<ExposureReport>(path)).data;
}

/** Live: refetched every half minute while the page is visible (react-query pauses in a hidden tab). */
export function useExposure(live = true, userId?: string) {
  return useQuery({
    queryKey: userId === undefined ? reportKeys.exposure : [...reportKeys.exposure, userId],
    queryFn: () => getExposure(userId),
    refetchInterval: live ? EXPOSURE_REFRESH_MS : false,
  });
}
