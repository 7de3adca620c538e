import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BONUS_MESSAGES, type PlayerBonus } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { BONUS_DATA_KEY } from '../../../lib/bonus-data';

export type BonusAction = 'activate' | 'claim' | 'forfeit';

const PATHS: Record<BonusAction, string> = {
  activate: '/activate-bonus',
  claim: '/claim-bonus',
  forfeit: '/forfeit-bonus',
};
const SUCCESS: Record<BonusAction, string> = {
  activate: BONUS_MESSAGES.activated,
  claim: BONUS_MESSAGES.claimed,
  forfeit: BONUS_MESSAGES.forfeited,
};

/**
 * PUT /api/v1/activate-bonus, /claim-bonus, /forfeit-bonus { bonusId } (PRODUCT.md §8), each with an
 * Idempotency-Key: every step moves money in one journal transaction, and a retry after a lost
 * answer must not move it twice. The key is per confirmation, so the dialog's retry reuses it.
 */
export async function sendBonusAction({
  action,
  bonusId,
  idempotencyKey,
}: {
  action: BonusAction;
  bonusId: string;
  idempotencyKey: string;
}) {
  return apiRequest<PlayerBonus>(PATHS[action], {
    method: 'PUT',
    body: { bonusId },
    headers: { 'Idempotency-Key': idempotencyKey },
    successToast: SUCCESS[action],
  });
}

export function useBonusAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBonusAction,
    onSettled: () => {
      // Balances and the bonus list change together; a refusal may also mean our view was stale.
      void queryClient.invalidateQueries({ queryKey: BONUS_DATA_KEY });
      void queryClient.invalidateQueries({ queryKey: ['userData'] });
    },
  });
}
