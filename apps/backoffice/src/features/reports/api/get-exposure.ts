import { useQuery } from '@tanstack/react-query';
import type { ExposureReport } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

/**
 * The risk view refreshes by polling (decision 0021): the live socket carries prices per market to
 * whoever follows it, not a scope's summed positions, and one indexed query every few seconds per open
 * risk view costs less than recomputing every watcher's sums on every bet.
 */
export const EXPOSURE_REFRESH_MS = 5_000;

/** GET /backoffice/reports/exposure: the scope's positions on every open market. */
export async function getExposure(): Promise<ExposureReport> {
  return (await apiRequest<ExposureReport>('/backoffice/reports/exposure')).data;
}

/** Live: refetched every few seconds while the page is visible (react-query pauses in a hidden tab). */
export function useExposure(live = true) {
  return useQuery({
    queryKey: reportKeys.exposure,
    queryFn: getExposure,
    refetchInterval: live ? EXPOSURE_REFRESH_MS : false,
  });
}
