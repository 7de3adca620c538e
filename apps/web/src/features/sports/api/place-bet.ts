import type { BetRow, PlaceBet } from '@khel/contract';
import { apiRequest, type ApiEnvelope } from '../../../lib/api-client';

/**
 * POST /api/v1/place-bet with its Idempotency-Key (one per attempt, reused on a retry of the same
 * body). Resolves with the envelope: the slip reads meta.error (ODDS_CHANGED, MARKET_SUSPENDED,
 * BELOW_MIN_STAKE, WALLET_INSUFFICIENT_FUNDS, …) to answer in place; the warning toast of spec §8
 * comes from the API client as for every call.
 */
export async function placeBet(body: PlaceBet, idempotencyKey: string): Promise<ApiEnvelope<BetRow>> {
  return apiRequest<BetRow>('/place-bet', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    successToast: false,
  });
}
