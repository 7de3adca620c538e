import { useState } from 'react';
import { DEFAULT_STAKE_BUTTONS, STAKE_BUTTON_COUNT, stakeButtonsSchema } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { useSaveStakeButtons, useStakeButtons } from '../api/stake-buttons';
import { groupedNumber } from '../utils/slip-math';
import { t } from '../../../lib/i18n/i18n';

/**
 * The slip's stake buttons (issue 31): the player's own eight, set here (Edit) and kept on the server,
 * so they follow the player to another phone. A tap puts the amount in the stake.
 */
export function StakeChips({ disabled, onPick }: { disabled: boolean; onPick: (rupees: number) => void }) {
  const query = useStakeButtons();
  const values = (query.data ?? DEFAULT_STAKE_BUTTONS).values;
  const [editing, setEditing] = useState(false);
  if (editing) return <StakeChipsEditor values={values} onDone={() => setEditing(false)} />;
  return (
    <div className="chips" role="group" aria-label={t('Stake chips')}>
      {values.map((value, index) => (
        <button key={index} type="button" className="chip" onClick={() => onPick(value)} disabled={disabled}>
          {groupedNumber(value)}
        </button>
      ))}
      <button
        type="button"
        className="chip chip--edit"
        onClick={() => setEditing(true)}
        disabled={disabled}
        data-testid="stake-chips-edit"
      >
        {t('Edit stakes')}
      </button>
    </div>
  );
}

function StakeChipsEditor({ values, onDone }: { values: readonly number[]; onDone: () => void }) {
  const save = useSaveStakeButtons();
  const [texts, setTexts] = useState(() => values.map(String));
  const [error, setError] = useState<string | null>(null);

  // The editor sits inside the slip's form: its buttons are plain buttons, so Save never places a bet.
  const submit = () => {
    const parsed = stakeButtonsSchema.safeParse({ values: texts.map((text) => Number(text.replace(/,/g, ''))) });
    if (!parsed.success || texts.some((text) => text.trim() === '')) {
      setError(t('Each stake button needs a whole amount from ₹1 to ₹1,00,00,000.'));
      return;
    }
    setError(null);
    save.mutate(parsed.data, { onSuccess: onDone });
  };

  return (
    <fieldset className="stake-editor" data-testid="stake-chips-editor">
      <legend>{t('Your stake buttons')}</legend>
      <div className="stake-editor__grid">
        {texts.map((text, index) => (
          <input
            key={index}
            className="input"
            inputMode="numeric"
            value={text}
            aria-label={t('Stake button {number}', { number: index + 1 })}
            onChange={(event) =>
              setTexts((previous) => previous.map((item, at) => (at === index ? event.target.value : item)))
            }
          />
        ))}
      </div>
      {error !== null ? (
        <p className="slip__message slip__message--error" role="alert" data-testid="stake-chips-error">
          {error}
        </p>
      ) : null}
      <div className="stake-editor__actions">
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('Cancel')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => save.mutate({ reset: true }, { onSuccess: onDone })}
          disabled={save.isPending}
        >
          {t('Reset')}
        </Button>
        <Button type="button" onClick={submit} loading={save.isPending} data-testid="stake-chips-save">
          {t('Save')}
        </Button>
      </div>
      <p className="muted slip__limits">{t('{count} buttons, whole rupees.', { count: STAKE_BUTTON_COUNT })}</p>
    </fieldset>
  );
}
