import { useQuery } from '@tanstack/react-query';
import { IFSC_PATTERN } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

export interface IfscLookup {
  ifscCode: string;
  bankName: string | null;
}

/**
 * GET /api/v1/ifsc/:code: the bank an IFSC code belongs to. A suggestion only, so it never toasts: an
 * unknown prefix answers bankName null and the player types the name.
 */
export async function lookupIfsc(code: string): Promise<IfscLookup | null> {
  const envelope = await apiRequest<IfscLookup>(`/ifsc/${encodeURIComponent(code)}`, { warningToast: false });
  return envelope.meta.code === 200 ? envelope.data : null;
}

/** Asks only once the code has the IFSC shape (4 letters, 0, 6 letters or digits). */
export function useIfscLookup(code: string) {
  const normalised = code.trim().toUpperCase();
  return useQuery({
    queryKey: ['ifsc', normalised],
    queryFn: () => lookupIfsc(normalised),
    enabled: IFSC_PATTERN.test(normalised),
    staleTime: Infinity,
    retry: false,
  });
}
