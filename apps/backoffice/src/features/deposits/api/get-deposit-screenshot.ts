import { useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';

/** The full-size screenshot: behind the bearer token, so fetched as bytes and shown via an object URL. */
export function useDepositScreenshot(url: string | null) {
  return useQuery({
    queryKey: ['deposits', 'screenshot', url],
    queryFn: ({ signal }) => apiBlob(url ?? '', { signal }),
    enabled: url !== null,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
