import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES, MIN_WITHDRAWAL_RUPEES, type PaymentAccount } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/spinner';
import { cleanAmountInput } from '../../../lib/amount';
import { useIdempotencyKey } from '@khel/web-kit';
import { toast } from '../../../lib/toast';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { validateWithdrawal } from '../utils/validate-withdrawal';
import { t } from '../../../lib/i18n/i18n';

function accountLabel(account: PaymentAccount): string {
  return account.type === 'upi'
    ? account.accountNumber
    : `${account.bankName ?? 'Bank'} ••••${account.accountNumber.slice(-4)}`;
}

export interface WithdrawalFormProps {
  /** The player's saved accounts (payment-accounts feature), undefined while loading. */
  accounts: PaymentAccount[] | undefined;
  /** Main wallet balance available to withdraw, rupees. */
  available: number | null;
  /** Add UPI / Add Bank Account, composed in by the page. */
  addAccount: ReactNode;
}

/**
 * Amount and the saved account to be paid into. The amount is held at once on success; the form then
 * clears itself. Validation speaks through warning toasts like every money form.
 */
export function WithdrawalForm({ accounts, available, addAccount }: WithdrawalFormProps) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const idempotency = useIdempotencyKey();
  const withdrawal = useCreateWithdrawal();
  // The only account is the obvious choice; with several the player picks.
  const accountId =
    chosen !== null && accounts?.some((account) => account._id === chosen)
      ? chosen
      : accounts?.length === 1
        ? (accounts[0]?._id ?? null)
        : null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (withdrawal.isPending) return;
    const result = validateWithdrawal({ amount, accountId });
    if (!result.ok) {
      toast.warning(result.message);
      return;
    }
    const body = { amount: result.amount, accountId: result.accountId };
    try {
      const envelope = await withdrawal.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) });
      if (envelope.meta.code === 200) {
        idempotency.done();
        setAmount('');
      }
    } catch {
      // Toasted; sending again reuses the Idempotency-Key.
    }
  };

  return (
    <form className="form card" onSubmit={onSubmit} noValidate data-testid="withdrawal-form">
      {available !== null ? (
        <p className="available">
          {t('Available to withdraw')} <strong data-testid="withdrawable">{formatRupees(available)}</strong>
        </p>
      ) : null}
      <TextField
        id={`${id}-amount`}
        label={t('Amount (₹)')}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('At least {amount}', { amount: formatRupees(MIN_WITHDRAWAL_RUPEES) })}
        value={amount}
        onChange={(event) => setAmount(cleanAmountInput(event.target.value))}
      />
      <fieldset className="account-choice">
        <legend className="field__label">{t('Pay to')}</legend>
        {accounts === undefined ? (
          <Skeleton height="56px" />
        ) : accounts.length === 0 ? (
          <p className="muted" data-testid="no-payment-accounts">
            {MESSAGES.noData}. Add a UPI ID or a bank account to withdraw to.
          </p>
        ) : (
          accounts.map((account) => (
            <label key={account._id} className="account-choice__option">
              <input
                type="radio"
                name={`${id}-account`}
                value={account._id}
                checked={accountId === account._id}
                onChange={() => setChosen(account._id)}
              />
              <span className="account-choice__text">
                <strong>{accountLabel(account)}</strong>
                <span className="muted">
                  {account.type === 'upi' ? 'UPI' : 'Bank'} · {account.accountHolderName}
                </span>
              </span>
            </label>
          ))
        )}
      </fieldset>
      {addAccount}
      <Button type="submit" block loading={withdrawal.isPending} loadingLabel={t('Requesting…')}>
        {t('Request Withdrawal')}
      </Button>
    </form>
  );
}
