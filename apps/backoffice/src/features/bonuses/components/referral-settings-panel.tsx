import { useState } from 'react';
import { referralSettingsSchema } from '@khel/contract';
import type { ReferralSettings } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { fieldErrors, serverErrors, type FieldErrors } from '../../../lib/field-errors';
import { useReferralSettings, useSaveReferralSettings } from '../api/referral';

type Draft = Record<keyof ReferralSettings, string>;
const FIELDS: { key: keyof ReferralSettings; label: string; hint: string }[] = [
  { key: 'ratePercent', label: 'Rate (%)', hint: "Of each referred player's net loss in a week" },
  {
    key: 'capPerPlayerWeek',
    label: 'Cap per referred player and week (₹)',
    hint: 'The most one referred player earns the referrer in a week',
  },
  { key: 'minClaim', label: 'Minimum claim (₹)', hint: 'The least a player can move to the main wallet' },
  {
    key: 'firstDepositReward',
    label: 'First-deposit reward (₹)',
    hint: "Paid to the referrer's bonus wallet; 0 = off",
  },
];

function SettingsForm({ settings }: { settings: ReferralSettings }) {
  const save = useSaveReferralSettings();
  const [draft, setDraft] = useState<Draft>(() => ({
    ratePercent: String(settings.ratePercent),
    capPerPlayerWeek: String(settings.capPerPlayerWeek),
    minClaim: String(settings.minClaim),
    firstDepositReward: String(settings.firstDepositReward),
  }));
  const [errors, setErrors] = useState<FieldErrors>({});

  return (
    <form
      className="card"
      aria-label="Referral settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const candidate = Object.fromEntries(
          FIELDS.map(({ key }) => [key, draft[key].trim() === '' ? Number.NaN : Number(draft[key])]),
        );
        const parsed = referralSettingsSchema.safeParse(candidate);
        if (!parsed.success) {
          setErrors(fieldErrors(parsed.error.issues));
          return;
        }
        setErrors({});
        save.mutate(parsed.data, {
          onError: (error) =>
            setErrors(
              serverErrors(
                error,
                FIELDS.map(({ key }) => key),
              ),
            ),
        });
      }}
    >
      <div className="bonus-form-grid">
        {FIELDS.map(({ key, label, hint }) => (
          <TextField
            key={key}
            label={label}
            hint={hint}
            inputMode="decimal"
            value={draft[key]}
            error={errors[key] || undefined}
            onChange={(event) => {
              setDraft({ ...draft, [key]: event.target.value });
              if (errors[key]) setErrors({ ...errors, [key]: '' });
            }}
          />
        ))}
      </div>
      <p className="muted small">Changes apply to weeks paid from now on. Weeks already paid keep their figures.</p>
      <div className="button-row">
        <Button type="submit" variant="primary" busy={save.isPending}>
          Save referral settings
        </Button>
      </div>
    </form>
  );
}

/** Rate, cap, minimum claim and first-deposit reward of the referral programme (PRODUCT.md §8). */
export function ReferralSettingsPanel() {
  const settings = useReferralSettings();
  if (settings.isPending) return <LoadingBlock label="Loading referral settings…" />;
  if (settings.isError) return <Alert>{errorMessage(settings.error)}</Alert>;
  return <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />;
}
