import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BANK_ACCOUNT_TYPES, type PaymentAccount } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { toast } from '../../../lib/toast';
import { useCreatePaymentAccount } from '../api/create-payment-account';
import { useIfscLookup } from '../api/lookup-ifsc';
import { useUpdatePaymentAccount } from '../api/update-payment-account';
import { validateBank, type BankAccountType } from '../utils/validate';
import { t } from '../../../lib/i18n/i18n';

const TYPE_LABELS: Record<BankAccountType, string> = { savings: 'Savings', current: 'Current' };

/**
 * Add/Edit Bank Account (spec §2, §5). As soon as the IFSC code has its shape the bank it belongs to is
 * looked up and filled in as the bank name, unless the player has typed a name of their own.
 */
function BankAccountForm({ account, onDone }: { account: PaymentAccount | undefined; onDone: () => void }) {
  const id = useId();
  const [holder, setHolder] = useState(account?.accountHolderName ?? '');
  const [bankName, setBankName] = useState(account?.bankName ?? '');
  const [accountNumber, setAccountNumber] = useState(account?.accountNumber ?? '');
  const [ifsc, setIfsc] = useState(account?.ifscCode ?? '');
  // Spec §5: the account type defaults to savings.
  const [accountType, setAccountType] = useState<BankAccountType>(account?.accountType ?? 'savings');
  const create = useCreatePaymentAccount();
  const update = useUpdatePaymentAccount();
  const pending = create.isPending || update.isPending;

  const lookup = useIfscLookup(ifsc);
  const suggested = lookup.data?.bankName ?? null;
  // The last name we filled in ourselves: a later suggestion may replace it, a typed name is kept.
  const autoFilled = useRef<string | null>(null);
  useEffect(() => {
    if (suggested === null) return;
    setBankName((current) => {
      if (current.trim() === '' || current === autoFilled.current) {
        autoFilled.current = suggested;
        return suggested;
      }
      return current;
    });
  }, [suggested]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const result = validateBank({ accountHolderName: holder, bankName, accountNumber, ifscCode: ifsc, accountType });
    if (!result.ok) {
      toast.warning(result.message);
      return;
    }
    try {
      const envelope = account
        ? await update.mutateAsync({ ...result.body, accountId: account._id })
        : await create.mutateAsync(result.body);
      if (envelope.meta.code === 200) onDone();
    } catch {
      // Toasted by the API client; the modal stays open.
    }
  };

  const ifscHint = lookup.isFetching
    ? 'Looking up the bank…'
    : suggested !== null
      ? `${ifsc.trim().toUpperCase()} belongs to ${suggested}`
      : 'Printed on your cheque book or passbook, like SBIN0001234';

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="bank-account-form">
      <TextField
        id={`${id}-holder`}
        label={t('Account Holder Name')}
        autoComplete="name"
        value={holder}
        onChange={(event) => setHolder(event.target.value)}
      />
      <TextField
        id={`${id}-number`}
        label={t('Account Number')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={18}
        value={accountNumber}
        onChange={(event) => setAccountNumber(event.target.value.replace(/\D/g, ''))}
      />
      <TextField
        id={`${id}-ifsc`}
        label={t('IFSC Code')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={11}
        value={ifsc}
        hint={<span aria-live="polite">{ifscHint}</span>}
        onChange={(event) => setIfsc(event.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
      />
      <TextField
        id={`${id}-bank`}
        label={t('Bank Name')}
        autoComplete="off"
        value={bankName}
        onChange={(event) => {
          autoFilled.current = null;
          setBankName(event.target.value);
        }}
      />
      <SelectField
        id={`${id}-type`}
        label={t('Account Type')}
        value={accountType}
        onChange={(event) => setAccountType(event.target.value as BankAccountType)}
      >
        {BANK_ACCOUNT_TYPES.map((type) => (
          <option key={type} value={type}>
            {TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <Button type="submit" block loading={pending} loadingLabel={account ? 'Updating…' : 'Adding…'}>
        {account ? t('Update Bank Account') : t('Add Bank Account')}
      </Button>
    </form>
  );
}

export function BankAccountModal({
  open,
  account,
  onClose,
}: {
  open: boolean;
  account?: PaymentAccount | undefined;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={account ? t('Edit Bank Account') : t('Add Bank Account')}
      onClose={onClose}
      testId="bank-account-modal"
    >
      <BankAccountForm account={account} onDone={onClose} />
    </Modal>
  );
}
