import { useId, useState, type FormEvent } from 'react';
import type { PaymentAccount } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { useCreatePaymentAccount } from '../api/create-payment-account';
import { useUpdatePaymentAccount } from '../api/update-payment-account';
import { validateUpi } from '../utils/validate';
import { t } from '../../../lib/i18n/i18n';

/**
 * Add/Edit UPI (spec §2). Validation speaks through warning toasts (spec §8); on meta.code 200 the
 * modal closes and, because the form lives inside it, forgets what was typed (spec §4).
 */
function UpiAccountForm({ account, onDone }: { account: PaymentAccount | undefined; onDone: () => void }) {
  const id = useId();
  const [upiId, setUpiId] = useState(account?.accountNumber ?? '');
  const [holder, setHolder] = useState(account?.accountHolderName ?? '');
  const create = useCreatePaymentAccount();
  const update = useUpdatePaymentAccount();
  const pending = create.isPending || update.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const result = validateUpi({ accountNumber: upiId, accountHolderName: holder });
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
      // Toasted by the API client; the modal stays open with what was typed.
    }
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="upi-account-form">
      <TextField
        id={`${id}-upi`}
        label="UPI ID"
        placeholder="name@bank"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={upiId}
        onChange={(event) => setUpiId(event.target.value)}
      />
      <TextField
        id={`${id}-holder`}
        label={t('Account Holder Name')}
        autoComplete="name"
        value={holder}
        onChange={(event) => setHolder(event.target.value)}
      />
      <Button type="submit" block loading={pending} loadingLabel={account ? 'Updating…' : 'Adding…'}>
        {account ? t('Update UPI') : t('Add UPI')}
      </Button>
    </form>
  );
}

export function UpiAccountModal({
  open,
  account,
  onClose,
}: {
  open: boolean;
  account?: PaymentAccount | undefined;
  onClose: () => void;
}) {
  return (
    <Modal open={open} title={account ? t('Edit UPI') : t('Add UPI')} onClose={onClose} testId="upi-account-modal">
      <UpiAccountForm account={account} onDone={onClose} />
    </Modal>
  );
}
