import { useState } from 'react';
import { MESSAGES, type PaymentAccount } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/spinner';
import { usePaymentAccounts } from '../api/get-payment-accounts';
import { BankAccountModal } from './bank-account-modal';
import { UpiAccountModal } from './upi-account-modal';
import { t } from '../../../lib/i18n/i18n';

type Editing = { kind: 'upi' | 'bank'; account?: PaymentAccount } | null;

/** Opens Add UPI / Add Bank Account; used by the manager and beside the withdrawal form. */
export function AddAccountButtons({ compact = false }: { compact?: boolean }) {
  const [open, setOpen] = useState<'upi' | 'bank' | null>(null);
  return (
    <div className="row account-actions">
      <Button
        type="button"
        variant="secondary"
        className={compact ? 'button--small' : ''}
        onClick={() => setOpen('upi')}
      >
        + Add UPI
      </Button>
      <Button
        type="button"
        variant="secondary"
        className={compact ? 'button--small' : ''}
        onClick={() => setOpen('bank')}
      >
        + Add Bank Account
      </Button>
      <UpiAccountModal open={open === 'upi'} onClose={() => setOpen(null)} />
      <BankAccountModal open={open === 'bank'} onClose={() => setOpen(null)} />
    </div>
  );
}

function AccountCard({ account, onEdit }: { account: PaymentAccount; onEdit: () => void }) {
  return (
    <li className="account-card" data-testid="payment-account">
      <span className={`account-card__type account-card__type--${account.type}`}>
        {account.type === 'upi' ? 'UPI' : 'Bank'}
      </span>
      <div className="account-card__body">
        {account.type === 'upi' ? (
          <strong className="account-card__main">{account.accountNumber}</strong>
        ) : (
          <>
            <strong className="account-card__main">{account.bankName}</strong>
            <span className="muted">
              {account.accountNumber} · {account.ifscCode} · {account.accountType === 'current' ? 'Current' : 'Savings'}
            </span>
          </>
        )}
        <span className="muted">{account.accountHolderName}</span>
      </div>
      <Button
        type="button"
        variant="ghost"
        className="button--small"
        aria-label={
          account.type === 'upi'
            ? t('Edit UPI {account}', { account: account.accountNumber })
            : t('Edit bank account {account}', { account: account.accountNumber })
        }
        onClick={onEdit}
      >
        {t('Edit')}
      </Button>
    </li>
  );
}

/**
 * "Payment accounts": the player's saved UPI ids and bank accounts (withdrawals are paid into them),
 * each editable, with Add UPI and Add Bank Account.
 */
export function PaymentAccountsManager() {
  const accounts = usePaymentAccounts();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  return (
    <section className="stack" aria-labelledby="payment-accounts-title" data-testid="payment-accounts">
      <div className="section-head">
        <h2 id="payment-accounts-title" className="section-title">
          {t('Payment accounts')}
        </h2>
      </div>
      <div className="row account-actions">
        <Button type="button" variant="secondary" onClick={() => setEditing({ kind: 'upi' })}>
          + Add UPI
        </Button>
        <Button type="button" variant="secondary" onClick={() => setEditing({ kind: 'bank' })}>
          + Add Bank Account
        </Button>
      </div>
      {accounts.isPending ? (
        <div className="stack" aria-busy="true">
          <Skeleton height="64px" />
          <Skeleton height="64px" />
        </div>
      ) : accounts.isError ? (
        <p className="no-data">{t('We could not load your accounts.')}</p>
      ) : accounts.data.length === 0 ? (
        <p className="no-data" data-testid="payment-accounts-empty">
          {MESSAGES.noData}
        </p>
      ) : (
        <ul className="account-list">
          {accounts.data.map((account) => (
            <AccountCard
              key={account._id}
              account={account}
              onEdit={() => setEditing({ kind: account.type, account })}
            />
          ))}
        </ul>
      )}
      {/* A key per account so switching from one edit to another starts from that account's fields. */}
      <UpiAccountModal
        key={`upi-${editing?.account?._id ?? 'new'}`}
        open={editing?.kind === 'upi'}
        account={editing?.account}
        onClose={close}
      />
      <BankAccountModal
        key={`bank-${editing?.account?._id ?? 'new'}`}
        open={editing?.kind === 'bank'}
        account={editing?.account}
        onClose={close}
      />
    </section>
  );
}
