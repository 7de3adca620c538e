import { useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-blob';

/**
 * GET /api/v1/deposit-screenshot/:id: the full screenshot. It needs the bearer header, so it is fetched
 * as a blob; the viewer turns it into an object URL and frees it when it closes.
 */
export async function getDepositScreenshot(url: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(url, signal ? { signal } : {});
}

export function useDepositScreenshot(url: string | null) {
  return useQuery({
    queryKey: ['deposit-screenshot', url],
    queryFn: ({ signal }) => getDepositScreenshot(url ?? '', signal),
    enabled: url !== null,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
