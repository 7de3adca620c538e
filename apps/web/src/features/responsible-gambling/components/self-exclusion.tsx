import { useId, useState, type FormEvent } from 'react';
import { MESSAGES, SELF_EXCLUSION_DAYS, type SelfExclusionRequest } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { toast } from '../../../lib/toast';
import { useSelfExclude } from '../api/self-exclude';
import { t } from '../../../lib/i18n/i18n';

type Days = (typeof SELF_EXCLUSION_DAYS)[number];

export const PERIOD_LABELS: Record<Days, string> = {
  1: '24 hours',
  7: '7 days',
  30: '30 days',
  90: '3 months',
  180: '6 months',
  365: '1 year',
};

/**
 * Self-exclusion (PRODUCT.md §7): the player picks a period and confirms with their password; a
 * confirmation spells out what happens before anything is sent. The server then ends every session.
 */
export function SelfExclusion() {
  const id = useId();
  const [days, setDays] = useState<Days>(7);
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const exclude = useSelfExclude();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      toast.warning(MESSAGES.passwordRequired);
      return;
    }
    setConfirming(true);
  };

  const confirm = async () => {
    try {
      const envelope = await exclude.mutateAsync({ days, password } as SelfExclusionRequest);
      if (envelope.meta.code !== 200) setConfirming(false);
    } catch {
      setConfirming(false);
    }
  };

  return (
    <section className="stack" aria-labelledby="self-exclusion-title" data-testid="self-exclusion">
      <h2 id="self-exclusion-title" className="section-title">
        {t('Take a break (self-exclusion)')}
      </h2>
      <p className="muted">
        {t(
          'Block your own account for a while. Until the period ends you cannot log in, bet, play or deposit, and the break cannot be shortened.',
        )}
      </p>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <SelectField
          id={`${id}-days`}
          label={t('Exclude me for')}
          value={days}
          onChange={(event) => setDays(Number(event.target.value) as Days)}
        >
          {SELF_EXCLUSION_DAYS.map((value) => (
            <option key={value} value={value}>
              {PERIOD_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <PasswordField
          id={`${id}-password`}
          label={t('Your password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="danger" block>
          {t('Exclude me')}
        </Button>
      </form>
      <Modal
        open={confirming}
        title={t('Exclude yourself?')}
        onClose={() => !exclude.isPending && setConfirming(false)}
        testId="self-exclusion-confirm"
      >
        <div className="stack">
          <p className="banner banner--error" role="alert">
            {t('For')} {PERIOD_LABELS[days]} you will not be able to log in, bet, play or deposit. You will be logged
            out on every device now, and the break cannot be shortened or undone.
          </p>
          <div className="row">
            <Button
              type="button"
              variant="danger"
              loading={exclude.isPending}
              loadingLabel={t('Excluding…')}
              onClick={() => void confirm()}
            >
              {t('Yes, exclude me for')} {PERIOD_LABELS[days]}
            </Button>
            <Button type="button" variant="secondary" disabled={exclude.isPending} onClick={() => setConfirming(false)}>
              {t('Cancel')}
            </Button>
          </div>
        </div>
      </Modal>
    </section>
  );
}
