import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MIN_DEPOSIT_RUPEES, QUICK_DEPOSIT_AMOUNTS, type AdminAccount, type DepositCreate } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { PlayMoneyNotice } from '../../../components/play-money-notice';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/spinner';
import { cleanAmountInput, parseAmount } from '../../../lib/amount';
import { useIdempotencyKey, useDebouncedValue, useMediaQuery } from '@khel/web-kit';
import { DESKTOP_QUERY } from '../../../lib/breakpoints';
import { toast } from '../../../lib/toast';
import { useCreateDeposit } from '../api/create-deposit';
import { receivingAccountsQuery, useReceivingAccounts } from '../api/get-receiving-accounts';
import { ACCEPTED_IMAGE_TYPES, ImageTooLargeError, imageTypeOf, prepareScreenshot } from '../utils/compress-image';
import { validateDeposit } from '../utils/validate-deposit';
import { ReceivingAccountDetails } from './receiving-account-details';
import { msg, useT } from '../../../lib/i18n/i18n';

export type DepositMethod = 'upi' | 'bank';

export const DEPOSIT_TITLES: Record<DepositMethod, string> = {
  upi: msg('Deposit By UPI'),
  bank: msg('Deposit By Account'),
};

interface Screenshot {
  name: string;
  dataUrl: string;
}

/** The account the player picked among this method's, else the first. */
function chosenAccount(accounts: AdminAccount[], chosenId: string | null): AdminAccount | undefined {
  return accounts.find((entry) => entry._id === chosenId) ?? accounts[0];
}

/** Waits this long after the last keystroke before asking for a QR with the new amount. */
const AMOUNT_DEBOUNCE_MS = 500;

/**
 * The form of Deposit By UPI / Deposit By Account (spec §2, §5). It lives inside the modal, so closing
 * the modal (by hand or on meta.code 200) forgets every field (spec §4).
 */
function DepositForm({ method, onDone }: { method: DepositMethod; onDone: () => void }) {
  const t = useT();
  const id = useId();
  const phone = !useMediaQuery(DESKTOP_QUERY);
  const [amount, setAmount] = useState('');
  const [txnRef, setTxnRef] = useState('');
  const [screenshot, setScreenshot] = useState<Screenshot | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [awaitingAccount, setAwaitingAccount] = useState(false);
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const deposit = useCreateDeposit();

  // Only UPI QR codes carry the amount; a valid amount of at least the minimum is worth a new QR.
  const typed = parseAmount(useDebouncedValue(amount, AMOUNT_DEBOUNCE_MS));
  const qrAmount = method === 'upi' && typed !== null && typed >= MIN_DEPOSIT_RUPEES ? typed : undefined;
  const receiving = useReceivingAccounts(qrAmount);
  const accounts = (receiving.data ?? []).filter((account) => account.type === method);
  const account = chosenAccount(accounts, chosenId);

  /** The account shown, or, when the first list is still on its way, the one it brings. */
  const accountForSubmit = async () => {
    if (account || !receiving.isPending) return account;
    setAwaitingAccount(true);
    try {
      const list = await queryClient.fetchQuery(receivingAccountsQuery(qrAmount));
      return chosenAccount(
        list.filter((entry) => entry.type === method),
        chosenId,
      );
    } catch {
      return undefined; // the API client has toasted why
    } finally {
      setAwaitingAccount(false);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      toast.warning(t('Choose a PNG, JPEG or WebP image'));
      return;
    }
    setPreparing(true);
    try {
      // A file whose name says image but whose bytes do not is refused here, before any upload.
      if ((await imageTypeOf(file)) === null) {
        toast.warning(t('Choose a PNG, JPEG or WebP image'));
        return;
      }
      setScreenshot({ name: file.name, dataUrl: await prepareScreenshot(file) });
    } catch (error) {
      toast.warning(
        error instanceof ImageTooLargeError ? t(error.message) : t('Could not read the image, please choose another'),
      );
    } finally {
      setPreparing(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (deposit.isPending || preparing || awaitingAccount) return;
    const result = validateDeposit({ amount, txnRef, hasScreenshot: screenshot !== null });
    if (!result.ok) {
      toast.warning(t(result.message));
      return;
    }
    // A quick player can submit before the receiving accounts have loaded: wait for them, never tell
    // them no account is open when it is only on its way.
    const target = await accountForSubmit();
    if (!target) {
      toast.warning(t('No account is open for deposits right now, please try again later'));
      return;
    }
    const reference = txnRef.trim();
    const body: DepositCreate = {
      amount: result.amount,
      accountId: target._id,
      type: method,
      ...(reference !== '' ? { txnRef: reference } : {}),
      ...(screenshot ? { baseImage: screenshot.dataUrl } : {}),
    };
    try {
      const envelope = await deposit.mutateAsync({ body, idempotencyKey: idempotency.keyFor(body) });
      if (envelope.meta.code === 200) {
        idempotency.done();
        onDone();
      }
      // Non-200: the API client has shown meta.message; the modal stays open with the fields as typed.
    } catch {
      // No answer or a transport failure (toasted): sending again reuses the same Idempotency-Key.
    }
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="deposit-form">
      <PlayMoneyNotice />
      <section className="stack" aria-label={t('Pay into this account')}>
        <p className="form__intro">
          {method === 'upi'
            ? t('Pay with any UPI app to the UPI ID below, then tell us the amount and the reference.')
            : t('Transfer to the bank account below (IMPS, NEFT or RTGS), then tell us the amount and the reference.')}
        </p>
        {receiving.isPending ? (
          <div className="stack" aria-busy="true">
            <Skeleton height={method === 'upi' ? '200px' : '120px'} />
          </div>
        ) : !account ? (
          <p className="no-data" data-testid="no-receiving-account">
            {method === 'upi'
              ? t('No UPI account is open for deposits right now.')
              : t('No bank account is open for deposits right now.')}
          </p>
        ) : (
          <>
            {accounts.length > 1 ? (
              <div className="segmented" role="group" aria-label={t('Account to pay into')}>
                {accounts.map((entry, index) => (
                  <button
                    key={entry._id}
                    type="button"
                    aria-pressed={entry._id === account._id}
                    onClick={() => setChosenId(entry._id)}
                  >
                    {method === 'upi' ? entry.accountNumber : (entry.bankName ?? t('Account {n}', { n: index + 1 }))}
                  </button>
                ))}
              </div>
            ) : null}
            <ReceivingAccountDetails account={account} phone={phone} />
          </>
        )}
      </section>

      <TextField
        id={`${id}-amount`}
        label={t('Amount (₹)')}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('At least {amount}', { amount: formatRupees(MIN_DEPOSIT_RUPEES) })}
        value={amount}
        onChange={(event) => setAmount(cleanAmountInput(event.target.value))}
      />
      <div className="quick-amounts" role="group" aria-label={t('Quick amounts')}>
        {QUICK_DEPOSIT_AMOUNTS.map((value) => (
          <button
            key={value}
            type="button"
            className="chip"
            aria-pressed={parseAmount(amount) === value}
            onClick={() => setAmount(String(value))}
          >
            {formatRupees(value).replace(/\.00$/, '')}
          </button>
        ))}
      </div>
      <TextField
        id={`${id}-ref`}
        label={t('Reference ID (UTR)')}
        autoComplete="off"
        maxLength={40}
        hint={t('The 12-digit UTR or transaction id shown by your payment app')}
        value={txnRef}
        onChange={(event) => setTxnRef(event.target.value)}
      />
      <div className="field">
        <span className="field__label" id={`${id}-shot-label`}>
          {t('Payment screenshot')}
        </span>
        {screenshot ? (
          <div className="upload-preview" data-testid="screenshot-preview">
            <img src={screenshot.dataUrl} alt={t('Selected payment screenshot')} />
            <div className="upload-preview__meta">
              <span className="upload-preview__name">{screenshot.name}</span>
              <button type="button" className="link-button" onClick={() => setScreenshot(null)}>
                {t('Remove')}
              </button>
            </div>
          </div>
        ) : (
          <label className="upload" aria-busy={preparing || undefined}>
            <input
              className="visually-hidden"
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(',')}
              aria-labelledby={`${id}-shot-label`}
              data-testid="screenshot-input"
              onChange={(event) => void onFile(event)}
            />
            <span>{preparing ? t('Preparing image…') : t('Upload screenshot')}</span>
            <span className="muted upload__hint">{t('PNG, JPEG or WebP, up to 5 MB')}</span>
          </label>
        )}
      </div>
      <p className="field__hint">{t('Give the reference ID, a screenshot, or both.')}</p>
      <Button
        type="submit"
        block
        loading={deposit.isPending || awaitingAccount}
        loadingLabel={t('Submitting…')}
        disabled={preparing}
      >
        {t('Submit Deposit')}
      </Button>
    </form>
  );
}

/** Deposit By UPI / Deposit By Account (spec §2). */
export function DepositModal({ method, open, onClose }: { method: DepositMethod; open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      open={open}
      title={t(DEPOSIT_TITLES[method])}
      onClose={onClose}
      className="modal--wide"
      testId="deposit-modal"
    >
      <DepositForm method={method} onDone={onClose} />
    </Modal>
  );
}
