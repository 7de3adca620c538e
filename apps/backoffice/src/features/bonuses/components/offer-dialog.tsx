import { useState } from 'react';
import { BONUS_PRODUCTS } from '@khel/contract';
import type { BonusOffer, BonusOfferKind, BonusProduct, DepositOfferFrequency } from '@khel/contract';
import { Dialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { serverErrors, type FieldErrors } from '../../../lib/field-errors';
import { useSaveOffer } from '../api/offers';
import { draftOf, parseDraft, type OfferDraft } from './offer-form';

const PRODUCT_LABELS: Record<BonusProduct, string> = {
  exchange: 'Exchange',
  bookmaker: 'Bookmaker',
  fancy: 'Fancy',
  slots: 'Slots',
  liveCasino: 'Live casino',
};
const SERVER_FIELDS = [
  'name',
  'percent',
  'capAmount',
  'fixedAmount',
  'minDeposit',
  'wageringMultiple',
  'minOdds',
  'daysToActivate',
  'daysToComplete',
  'maxConversion',
  ...BONUS_PRODUCTS.map((product) => `contributions.${product}`),
];

/**
 * Create or edit an offer with every parameter of PRODUCT.md §8. The contract's schema judges the
 * form before it is sent, so the operator sees exactly the server's rules beside the fields. Mount it
 * only while open.
 */
export function OfferDialog({ offer, onClose }: { offer: BonusOffer | null; onClose: () => void }) {
  const [draft, setDraft] = useState<OfferDraft>(() => draftOf(offer));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveOffer();
  const set = <K extends keyof OfferDraft>(key: K, value: OfferDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (errors[key as string]) setErrors((current) => ({ ...current, [key as string]: '' }));
  };
  const numberProps = (
    key:
      | 'percent'
      | 'capAmount'
      | 'fixedAmount'
      | 'minDeposit'
      | 'wageringMultiple'
      | 'minOdds'
      | 'daysToActivate'
      | 'daysToComplete'
      | 'maxConversion',
  ) => ({
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    value: draft[key],
    error: errors[key] || undefined,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  function submit() {
    const result = parseDraft(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { id: offer?._id ?? null, body: result.body },
      { onSuccess: onClose, onError: (error) => setErrors(serverErrors(error, SERVER_FIELDS)) },
    );
  }

  const percentBased = draft.kind !== 'manual' && draft.basis === 'percent';
  return (
    <Dialog
      open
      title={offer === null ? 'New offer' : `Edit ${offer.name}`}
      onClose={onClose}
      dismissible={!save.isPending}
      footer={
        <>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="offer-form" variant="primary" busy={save.isPending}>
            {offer === null ? 'Create offer' : 'Save offer'}
          </Button>
        </>
      }
    >
      <form
        id="offer-form"
        noValidate
        aria-label={offer === null ? 'New offer' : 'Edit offer'}
        onSubmit={(event) => {
          event.preventDefault();
          if (!save.isPending) submit();
        }}
      >
        {offer !== null ? (
          <p className="muted small">
            Changes apply to bonuses granted from now on; bonuses already given keep their terms.
          </p>
        ) : null}
        <div className="bonus-form-grid">
          <TextField
            label="Name"
            value={draft.name}
            error={errors.name || undefined}
            maxLength={80}
            onChange={(event) => set('name', event.target.value)}
          />
          <SelectField
            label="Kind"
            value={draft.kind}
            disabled={offer !== null}
            hint={offer !== null ? 'The kind cannot change.' : undefined}
            onChange={(event) => set('kind', event.target.value as BonusOfferKind)}
          >
            <option value="welcome">Welcome (first approved deposit)</option>
            <option value="deposit">Deposit (qualifying deposits)</option>
            <option value="manual">Manual (granted by an operator)</option>
          </SelectField>
        </div>
        {draft.kind !== 'manual' ? (
          <fieldset className="bonus-fieldset">
            <legend>Bonus amount</legend>
            <div className="segmented">
              <label>
                <input
                  type="radio"
                  name="offer-basis"
                  checked={draft.basis === 'percent'}
                  onChange={() => set('basis', 'percent')}
                />{' '}
                Percent of the deposit
              </label>
              <label>
                <input
                  type="radio"
                  name="offer-basis"
                  checked={draft.basis === 'fixed'}
                  onChange={() => set('basis', 'fixed')}
                />{' '}
                Fixed amount
              </label>
            </div>
            <div className="bonus-form-grid">
              {percentBased ? (
                <>
                  <TextField label="Percent of the deposit (%)" {...numberProps('percent')} />
                  <TextField label="Cap (₹)" hint="Empty: no cap" {...numberProps('capAmount')} />
                </>
              ) : (
                <TextField label="Fixed amount (₹)" {...numberProps('fixedAmount')} />
              )}
              {draft.kind === 'deposit' ? (
                <>
                  <TextField label="Minimum deposit (₹)" {...numberProps('minDeposit')} />
                  <SelectField
                    label="At most"
                    value={draft.frequency}
                    onChange={(event) => set('frequency', event.target.value as DepositOfferFrequency)}
                  >
                    <option value="once">Once per player</option>
                    <option value="daily">Once per India day</option>
                    <option value="weekly">Once per India week</option>
                  </SelectField>
                </>
              ) : null}
            </div>
          </fieldset>
        ) : (
          <div className="bonus-form-grid">
            <TextField
              label="Fixed amount (₹)"
              hint="Empty: the operator gives the amount when granting"
              {...numberProps('fixedAmount')}
            />
          </div>
        )}
        <fieldset className="bonus-fieldset">
          <legend>Wagering</legend>
          <div className="bonus-form-grid">
            <TextField label="Wagering multiple (× bonus)" {...numberProps('wageringMultiple')} />
            <TextField
              label="Minimum odds"
              hint="Decimal; fancy and bookmaker count at 1 + rate/100"
              {...numberProps('minOdds')}
            />
            <TextField label="Days to activate" {...numberProps('daysToActivate')} inputMode="numeric" />
            <TextField label="Days to complete" {...numberProps('daysToComplete')} inputMode="numeric" />
            <TextField
              label="Maximum conversion (₹)"
              hint="Empty: the whole bonus wallet"
              {...numberProps('maxConversion')}
            />
          </div>
        </fieldset>
        <fieldset className="bonus-fieldset">
          <legend>Contribution per product (%)</legend>
          <div className="bonus-form-grid">
            {BONUS_PRODUCTS.map((product) => (
              <TextField
                key={product}
                label={`${PRODUCT_LABELS[product]} (%)`}
                inputMode="decimal"
                value={draft.contributions[product]}
                error={errors[`contributions.${product}`] || undefined}
                onChange={(event) => set('contributions', { ...draft.contributions, [product]: event.target.value })}
              />
            ))}
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
