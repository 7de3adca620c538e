import { useState } from 'react';
import { manualBonusGrantSchema } from '@khel/contract';
import type { ManualBonusGrant } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { fieldErrors, serverErrors, type FieldErrors } from '../../../lib/field-errors';
import { useGrantBonus } from '../api/grants';
import { useOffers } from '../api/offers';

/**
 * Grant a manual bonus to one player, with a reason (audited). Above the second-approval amount the
 * server keeps it pending until another operator approves; the answer says which happened.
 */
export function GrantBonusForm({ userId, playerName }: { userId: string; playerName: string }) {
  const offers = useOffers();
  const grant = useGrantBonus(userId);
  const manual = (offers.data ?? []).filter((offer) => offer.kind === 'manual' && !offer.paused);
  const [offerId, setOfferId] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [review, setReview] = useState<ManualBonusGrant | null>(null);
  const chosen = manual.find((offer) => offer._id === (offerId || manual[0]?._id));

  if (offers.isSuccess && manual.length === 0) {
    return <p className="muted small">Create a live manual offer on the Bonuses page to grant bonuses to players.</p>;
  }

  return (
    <>
      <form
        aria-label="Grant a bonus"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const body = {
            offerId: chosen?._id ?? '',
            ...(chosen?.fixedAmount === null ? { amount: amount.trim() === '' ? Number.NaN : Number(amount) } : {}),
            reason,
          };
          const parsed = manualBonusGrantSchema.safeParse(body);
          if (!parsed.success) {
            setErrors(fieldErrors(parsed.error.issues));
            return;
          }
          setErrors({});
          setReview(parsed.data);
        }}
      >
        <div className="bonus-form-grid">
          <SelectField
            label="Offer"
            value={chosen?._id ?? ''}
            error={errors.offerId || undefined}
            disabled={offers.isPending}
            onChange={(event) => setOfferId(event.target.value)}
          >
            {manual.map((offer) => (
              <option key={offer._id} value={offer._id}>
                {offer.name}
                {offer.fixedAmount !== null ? ` (${formatRupees(offer.fixedAmount)})` : ''}
              </option>
            ))}
          </SelectField>
          {chosen?.fixedAmount === null ? (
            <TextField
              label="Bonus amount (₹)"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              error={errors.amount || undefined}
              onChange={(event) => setAmount(event.target.value.replace(/[^\d.]/g, ''))}
            />
          ) : null}
        </div>
        <TextAreaField
          label="Reason"
          rows={2}
          maxLength={300}
          value={reason}
          error={errors.reason || undefined}
          hint="Shown in the audit log."
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="button-row">
          <Button type="submit" variant="primary" disabled={chosen === undefined}>
            Review bonus
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={review !== null}
        title="Offer this bonus?"
        confirmLabel="Grant bonus"
        busy={grant.isPending}
        onClose={() => setReview(null)}
        onConfirm={() => {
          if (review === null) return;
          grant.mutate(review, {
            onSuccess: () => {
              setAmount('');
              setReason('');
            },
            onError: (error) => setErrors(serverErrors(error, ['offerId', 'amount', 'reason'])),
            onSettled: () => setReview(null),
          });
        }}
      >
        {review !== null ? (
          <>
            <p>
              Offer <strong>{formatRupees(review.amount ?? chosen?.fixedAmount ?? 0)}</strong> from {chosen?.name} to{' '}
              {playerName}. It waits as offered until they activate it; only then does it reach their bonus wallet.
            </p>
            <p>
              Reason: <q>{review.reason.trim()}</q>
            </p>
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
