import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BonusData } from '@khel/contract';
import { canUseBonusWallet } from './auth/permissions';
import { useSession } from './auth/session';
import { ApiError, apiRequest, businessError } from './api-client';

/**
 * GET /api/v1/bonus-data (PRODUCT.md §8): the player's offered, active and past bonuses and the offers
 * still open to them. Shared by the /bonus page, the Bonus shortcut, the wallet switch and the bet
 * slip, so every place that says "which wallet pays and how far the wagering is" reads one answer.
 *
 * Quiet on purpose: the header asks on every page, and a failure there must not toast over whatever
 * the player is doing; the /bonus page shows the error in place with a retry.
 */
export async function getBonusData(): Promise<BonusData> {
  const envelope = await apiRequest<BonusData>('/bonus-data', {
    warningToast: false,
    quietStatuses: [400, 403, 404, 429, 500, 502, 503],
  });
  if (envelope.meta.code !== 200) throw businessError(envelope.meta);
  // The schema arrives with its own chunk: zod stays off the first load (ADR 0024).
  const { bonusDataSchema } = await import('@khel/contract/bonus');
  const parsed = bonusDataSchema.safeParse(envelope.data);
  if (!parsed.success) throw new ApiError(200, 0, 'Unexpected bonus data');
  return parsed.data;
}

export const BONUS_DATA_KEY = ['bonus-data'] as const;

/**
 * Keyed by the bonus wallet's balance and exposure as well: those move live on the socket when a
 * bonus-wallet bet is placed or settles, which is exactly when wagering progress can change.
 */
export function useBonusData() {
  const { user } = useSession();
  const enabled = user !== null && canUseBonusWallet(user);
  return useQuery({
    queryKey: [...BONUS_DATA_KEY, user?._id ?? null, user?.bonus ?? null, user?.bonusExposure ?? null],
    queryFn: getBonusData,
    enabled,
    // Keep showing the last figures while a moved balance refetches, but never another player's.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === (user?._id ?? null) ? keepPreviousData(previous) : undefined,
  });
}
