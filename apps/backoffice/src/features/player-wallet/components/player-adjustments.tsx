import { useState } from 'react';
import type { FormEvent } from 'react';
import { adjustmentCreateSchema } from '@khel/contract';
import { formatRupees, rupeesToPaise } from '@khel/money';
import { ApprovalContextQuery } from '../../../components/money/approval-context';
import { Amount, SecondApprovalBadge, SelfServiceNote } from '../../../components/money/desk-parts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CsvButton } from '../../../components/ui/csv';
import type { CsvColumn } from '../../../components/ui/csv';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/get-user-data';
import { formatDateTime } from '../../../lib/format';
import type { Adjustment, AdjustmentRequest } from '../api/adjustments';
import { useAdjustmentContext, useAdjustments, useCreateAdjustment, useDecideAdjustment } from '../api/adjustments';

/** The player's adjustments as a CSV file. */
const ADJUSTMENTS_CSV: CsvColumn<Adjustment>[] = [
  { header: 'When', csv: (adjustment) => adjustment.createdAt },
  { header: 'Wallet', csv: (adjustment) => adjustment.wallet },
  { header: 'Amount', csv: (adjustment) => adjustment.amount },
  { header: 'Reason', csv: (adjustment) => adjustment.reason },
  { header: 'Status', csv: (adjustment) => adjustment.status },
];

const WALLET_LABELS = { main: 'Main wallet', bonus: 'Bonus wallet' } as const;

interface FormErrors {
  amount?: string;
  reason?: string;
}

/** What the second approver sees beside the adjustment (issue 24), read as the dialog opens. */
function AdjustmentContext({ id }: { id: string }) {
  return <ApprovalContextQuery query={useAdjustmentContext(id)} />;
}

/** Credits or debits a wallet with a reason; large amounts wait for a second operator. */
export function PlayerAdjustments({ userId, playerName }: { userId: string; playerName: string }) {
  const me = useProfile().data?._id;
  // Separation of duties (issue 9): no operator adjusts their own wallets or decides their own requests.
  const ownAccount = userId === me;
  const adjustments = useAdjustments(userId);
  const create = useCreateAdjustment(userId);
  const decide = useDecideAdjustment(userId);
  const [wallet, setWallet] = useState<'main' | 'bonus'>('main');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [review, setReview] = useState<AdjustmentRequest | null>(null);
  const [deciding, setDeciding] = useState<{ adjustment: Adjustment; decision: 'approve' | 'reject' } | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const value = Number(amount.trim());
    const next: FormErrors = {};
    if (amount.trim() === '') next.amount = 'Enter an amount';
    else if (!Number.isFinite(value) || value <= 0 || rupeesToPaise(value) === null)
      next.amount = 'Enter an amount above zero with at most two decimals';
    const body = { wallet, amount: direction === 'credit' ? value : -value, reason };
    // The contract's rules, so the browser refuses exactly what the server would.
    const parsed = adjustmentCreateSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'reason' && next.reason === undefined) next.reason = issue.message;
        if (field === 'amount' && next.amount === undefined) next.amount = issue.message;
      }
    }
    setErrors(next);
    if (next.amount !== undefined || next.reason !== undefined || !parsed.success) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setReview(parsed.data);
  }

  return (
    <section className="card" aria-labelledby="adjustments-title">
      <h2 id="adjustments-title">Manual adjustments</h2>
      <p className="muted small">
        A credit or debit of a wallet, with a reason, written to the ledger. What one operator moves for a player in a
        day is counted together: above the configured amount a second operator must approve before anything moves.
      </p>
      {ownAccount ? (
        <p>
          <SelfServiceNote />
        </p>
      ) : null}
      <form hidden={ownAccount} className="adjustment-form" onSubmit={onSubmit} noValidate aria-label="New adjustment">
        <div className="adjustment-fields">
          <SelectField
            label="Wallet"
            value={wallet}
            onChange={(event) => setWallet(event.target.value as 'main' | 'bonus')}
          >
            <option value="main">Main wallet</option>
            <option value="bonus">Bonus wallet</option>
          </SelectField>
          <fieldset className="field segmented">
            <legend className="field-label">Direction</legend>
            <label>
              <input
                type="radio"
                name="adjustment-direction"
                value="credit"
                checked={direction === 'credit'}
                onChange={() => setDirection('credit')}
              />{' '}
              Credit (add)
            </label>
            <label>
              <input
                type="radio"
                name="adjustment-direction"
                value="debit"
                checked={direction === 'debit'}
                onChange={() => setDirection('debit')}
              />{' '}
              Debit (take)
            </label>
          </fieldset>
          <TextField
            label="Amount (₹)"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            error={errors.amount}
            onChange={(event) => {
              setAmount(event.target.value.replace(/[^\d.]/g, ''));
              if (errors.amount) setErrors({ ...errors, amount: undefined });
            }}
          />
        </div>
        <TextAreaField
          label="Reason"
          rows={2}
          maxLength={300}
          value={reason}
          error={errors.reason}
          hint="Shown in the ledger and the audit log."
          onChange={(event) => {
            setReason(event.target.value);
            if (errors.reason) setErrors({ ...errors, reason: undefined });
          }}
        />
        <div className="button-row">
          <Button type="submit" variant="primary" disabled={create.isPending}>
            Review adjustment
          </Button>
        </div>
      </form>

      <h3 className="subheading">Requested adjustments</h3>
      {adjustments.isPending ? (
        <LoadingBlock label="Loading adjustments…" />
      ) : adjustments.isError ? (
        <Alert>{errorMessage(adjustments.error)}</Alert>
      ) : adjustments.data.length === 0 ? (
        <EmptyState title="No adjustments yet" />
      ) : (
        <>
          <div className="list-actions">
            <CsvButton
              columns={ADJUSTMENTS_CSV}
              rows={adjustments.data}
              fileName={`adjustments-${userId.slice(0, 8)}.csv`}
            />
          </div>
          <table className="data-table responsive-table adjustments-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Wallet</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Reason</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {adjustments.data.map((adjustment) => {
                const mine = adjustment.requestedBy === me;
                return (
                  <tr key={adjustment._id}>
                    <td data-label="When">
                      <time dateTime={adjustment.createdAt}>{formatDateTime(adjustment.createdAt)}</time>
                    </td>
                    <td data-label="Wallet">{WALLET_LABELS[adjustment.wallet]}</td>
                    <td data-label="Amount" className="num">
                      <Amount value={adjustment.amount} signed />
                    </td>
                    <td data-label="Reason">{adjustment.reason}</td>
                    <td data-label="Status">
                      {adjustment.status === 'applied' ? (
                        <span className="badge badge-ok">Applied</span>
                      ) : adjustment.status === 'rejected' ? (
                        <span className="badge badge-danger">Rejected</span>
                      ) : (
                        <span className="stacked">
                          <SecondApprovalBadge byMe={mine} />
                          {mine ? (
                            <span className="muted small">
                              You requested it; another operator must approve or reject it.
                            </span>
                          ) : ownAccount ? (
                            <SelfServiceNote />
                          ) : (
                            <span className="button-row desk-actions">
                              <Button
                                size="small"
                                variant="primary"
                                onClick={() => setDeciding({ adjustment, decision: 'approve' })}
                                aria-label={`Approve the adjustment of ${formatRupees(adjustment.amount)}`}
                              >
                                Approve
                              </Button>
                              <Button
                                size="small"
                                variant="danger"
                                onClick={() => setDeciding({ adjustment, decision: 'reject' })}
                                aria-label={`Reject the adjustment of ${formatRupees(adjustment.amount)}`}
                              >
                                Reject
                              </Button>
                            </span>
                          )}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}

      <ConfirmDialog
        open={review !== null}
        title={review !== null && review.amount < 0 ? 'Debit this wallet?' : 'Credit this wallet?'}
        confirmLabel={review !== null && review.amount < 0 ? 'Debit' : 'Credit'}
        danger={review !== null && review.amount < 0}
        busy={create.isPending}
        onClose={() => setReview(null)}
        onConfirm={() => {
          if (review === null) return;
          create.mutate(review, {
            onSuccess: () => {
              setAmount('');
              setReason('');
            },
            onSettled: () => setReview(null),
          });
        }}
      >
        {review !== null ? (
          <>
            <p>
              {review.amount < 0 ? 'Take' : 'Add'} <strong>{formatRupees(Math.abs(review.amount))}</strong>{' '}
              {review.amount < 0 ? 'from' : 'to'} the {WALLET_LABELS[review.wallet].toLowerCase()} of {playerName}.
            </p>
            <p>
              Reason: <q>{review.reason.trim()}</q>
            </p>
          </>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={deciding !== null}
        title={deciding?.decision === 'approve' ? 'Approve this adjustment?' : 'Reject this adjustment?'}
        confirmLabel={deciding?.decision === 'approve' ? 'Approve' : 'Reject'}
        danger={deciding?.decision === 'reject'}
        busy={decide.isPending}
        onClose={() => setDeciding(null)}
        onConfirm={() => {
          if (deciding !== null)
            decide.mutate(
              { id: deciding.adjustment._id, decision: deciding.decision },
              { onSettled: () => setDeciding(null) },
            );
        }}
      >
        {deciding !== null ? (
          <>
            <p>
              <Amount value={deciding.adjustment.amount} signed /> on the{' '}
              {WALLET_LABELS[deciding.adjustment.wallet].toLowerCase()}: <q>{deciding.adjustment.reason}</q>.{' '}
              {deciding.decision === 'approve' ? 'It is written to the ledger at once.' : 'Nothing moves.'}
            </p>
            {deciding.decision === 'approve' ? <AdjustmentContext id={deciding.adjustment._id} /> : null}
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
