import { useState } from 'react';
import type { BetRow } from '@khel/contract';
import { formatRupees, rupeesToPaise } from '@khel/money';
import { Button } from '../ui/button';
import { stepOdds } from '../../lib/ladder';
import { t } from '../../lib/i18n/i18n';
import { useEditBet } from './edit-bet';

const newKey = () => crypto.randomUUID();

/**
 * Edit an unmatched exchange bet (issue 31, decision 0067), opened from My Bets and the event's bet
 * list (lazy-loaded: off the first load): the price by ladder ticks, the unmatched stake down only.
 */
export default function EditBetForm({
  bet,
  onDone,
}: {
  bet: Pick<BetRow, '_id' | 'odds'> & { unmatchedStake?: number };
  onDone: () => void;
}) {
  const unmatched = bet.unmatchedStake ?? 0;
  const [odds, setOdds] = useState(bet.odds);
  const [stake, setStake] = useState(String(unmatched));
  const [key, setKey] = useState(newKey);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditBet();
  const stakeValue = Number(stake);
  const stakeOk =
    stake.trim() !== '' && rupeesToPaise(stakeValue) !== null && stakeValue > 0 && stakeValue <= unmatched;
  const changed = odds !== bet.odds || stakeValue !== unmatched;

  const submit = () => {
    if (!stakeOk || !changed) return;
    setError(null);
    edit.mutate(
      {
        key,
        body: {
          betId: bet._id,
          ...(odds !== bet.odds ? { odds } : {}),
          ...(stakeValue !== unmatched ? { stake: stakeValue } : {}),
        },
      },
      {
        onSuccess: (envelope) => {
          if (envelope.meta.code === 200) {
            setKey(newKey());
            onDone();
          } else setError(envelope.meta.message);
        },
      },
    );
  };

  return (
    <form
      className="edit-bet"
      data-testid="edit-bet-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="edit-bet__row">
        <span className="edit-bet__label">{t('Odds')}</span>
        <button
          type="button"
          className="stepper"
          aria-label={t('Lower odds')}
          onClick={() => setOdds(stepOdds(odds, -1))}
        >
          −
        </button>
        <strong className="edit-bet__value" data-testid="edit-bet-odds">
          {odds}
        </strong>
        <button
          type="button"
          className="stepper"
          aria-label={t('Higher odds')}
          onClick={() => setOdds(stepOdds(odds, 1))}
        >
          +
        </button>
      </div>
      <label className="edit-bet__row">
        <span className="edit-bet__label">{t('Unmatched stake')}</span>
        <input
          className="edit-bet__stake"
          inputMode="decimal"
          value={stake}
          onChange={(event) => setStake(event.target.value)}
          data-testid="edit-bet-stake"
          aria-invalid={!stakeOk}
        />
      </label>
      <p className="muted edit-bet__hint">
        {t('At most {amount}: a lower stake keeps your place in the queue, new odds join the back of it.', {
          amount: formatRupees(unmatched),
        })}
      </p>
      {error !== null ? <p className="slip__message slip__message--error">{error}</p> : null}
      <div className="edit-bet__actions">
        <Button type="button" variant="ghost" className="button--small" onClick={onDone}>
          {t('Close')}
        </Button>
        <Button
          type="submit"
          className="button--small"
          disabled={!stakeOk || !changed}
          loading={edit.isPending}
          loadingLabel={t('Saving…')}
          data-testid="edit-bet-save"
        >
          {t('Save')}
        </Button>
      </div>
    </form>
  );
}
