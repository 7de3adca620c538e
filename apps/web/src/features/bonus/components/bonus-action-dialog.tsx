import { useState } from 'react';
import type { PlayerBonus } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { newIdempotencyKey } from '@khel/web-kit';
import { useBonusAction, type BonusAction } from '../api/bonus-actions';
import { confirmationFor } from '../utils/bonus-text';
import { t } from '../../../lib/i18n/i18n';

export interface PendingAction {
  action: BonusAction;
  bonus: PlayerBonus;
}

/**
 * The confirmation before a bonus step: it says what happens to the money, then sends the call. One
 * Idempotency-Key per opened dialog, so pressing the button again after a network failure never
 * moves money twice. Closes on success; a refusal is toasted and the dialog stays for a retry.
 */
export function BonusActionDialog({
  pending,
  wallet,
  onClose,
}: {
  pending: PendingAction;
  wallet: { bonusBalance: number; bonusExposure: number };
  onClose: () => void;
}) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const mutation = useBonusAction();
  const text = confirmationFor(pending.action, pending.bonus, wallet);

  const confirm = async () => {
    if (mutation.isPending) return;
    try {
      const envelope = await mutation.mutateAsync({
        action: pending.action,
        bonusId: pending.bonus._id,
        idempotencyKey,
      });
      if (envelope.meta.code === 200) onClose();
    } catch {
      // Toasted by the API client; the same key is reused if the player tries again.
    }
  };

  return (
    <Modal open title={text.title} onClose={onClose} testId="bonus-confirm">
      <div className="stack">
        <p>
          <strong>{pending.bonus.offerName}</strong>
        </p>
        {text.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <div className="row">
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            {t('Cancel')}
          </Button>
          <Button
            variant={text.danger ? 'danger' : 'primary'}
            onClick={() => void confirm()}
            loading={mutation.isPending}
            loadingLabel={t('Working…')}
            data-testid="bonus-confirm-button"
          >
            {text.confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
