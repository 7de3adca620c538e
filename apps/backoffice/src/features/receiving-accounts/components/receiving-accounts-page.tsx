import { useState } from 'react';
import type { FormEvent } from 'react';
import { BANK_ACCOUNT_TYPES, ROLES, receivingAccountCreateSchema } from '@khel/contract';
import type { AdminAccount } from '@khel/contract';
import { PlayMoneyNote } from '../../../components/money/play-money-note';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyableValue } from '../../../components/ui/copy-button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { isDirector, useProfile } from '../../../lib/auth/get-user-data';
import { toast } from '../../../lib/toast';
import type { AccountsOf } from '../api/receiving-accounts';
import {
  useCreateReceivingAccount,
  useReceivingAccounts,
  useSetReceivingAccountActive,
} from '../api/receiving-accounts';

/** The site's receiving accounts for operators; a cash agent's own (and its sub-agents') for a cash agent (decision 0026). */
export function ReceivingAccountsPage() {
  const profile = useProfile();
  const of: AccountsOf = profile.data?.role === ROLES.AGENT ? 'agent' : 'site';
  const canEdit = of === 'agent' || isDirector(profile.data);
  const accounts = useReceivingAccounts(of);

  return (
    <section className="page" aria-labelledby="receiving-title">
      <header className="page-header">
        <h1 id="receiving-title">Receiving accounts</h1>
      </header>
      <p className="muted">
        {of === 'agent'
          ? 'Your own UPI ids and bank accounts: your players (and your sub-agents’ players, when they have none active) are offered your active ones in their deposit screens.'
          : 'The UPI ids and bank accounts players pay into. Only active accounts are offered in the player’s deposit screens.'}
      </p>
      <PlayMoneyNote>These are demo entries: players are never asked to pay real money into them.</PlayMoneyNote>
      {!canEdit && profile.data !== undefined ? (
        <Alert kind="info">Only a director can add receiving accounts or switch them on and off.</Alert>
      ) : null}
      {accounts.isPending ? (
        <LoadingBlock label="Loading receiving accounts…" />
      ) : accounts.isError ? (
        <Alert
          action={
            <Button size="small" onClick={() => void accounts.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(accounts.error)}
        </Alert>
      ) : accounts.data.length === 0 ? (
        <EmptyState title="No receiving accounts yet">
          {of === 'agent'
            ? 'Add one below: until then your players pay into the site’s accounts.'
            : canEdit
              ? 'Add one below: players cannot deposit until one is active.'
              : 'Players cannot deposit until a director adds one.'}
        </EmptyState>
      ) : (
        <AccountList accounts={accounts.data} canEdit={canEdit} of={of} />
      )}
      {canEdit ? <AddAccountForm of={of} /> : null}
    </section>
  );
}

function AccountList({
  accounts,
  canEdit,
  of,
}: {
  accounts: (AdminAccount & { ownerName?: string })[];
  canEdit: boolean;
  of: AccountsOf;
}) {
  const setActive = useSetReceivingAccountActive(of);
  const [toDeactivate, setToDeactivate] = useState<AdminAccount | null>(null);
  const activeCount = accounts.filter((account) => account.active).length;

  return (
    <>
      <ul className="account-list" aria-label="Receiving accounts">
        {accounts.map((account) => {
          const title =
            account.type === 'upi'
              ? `UPI ${account.accountNumber}`
              : `${account.bankName ?? 'Bank'} ${account.accountNumber}`;
          return (
            <li
              key={account._id}
              className={`card account-card${account.active ? '' : ' account-inactive'}`}
              aria-label={title}
            >
              <div className="account-head">
                <span className="badge badge-muted">{account.type === 'upi' ? 'UPI' : 'Bank'}</span>
                {account.active ? (
                  <span className="badge badge-ok">Active</span>
                ) : (
                  <span className="badge badge-danger">Inactive</span>
                )}
                {account.ownerName === undefined ? null : <span className="muted small">{account.ownerName}</span>}
              </div>
              <div className="account-body">
                {account.qrImage !== undefined ? (
                  <img src={account.qrImage} alt={`QR code for ${account.accountNumber}`} className="account-qr" />
                ) : null}
                <dl className="facts">
                  <dt>{account.type === 'upi' ? 'UPI id' : 'Account'}</dt>
                  <dd>
                    <CopyableValue
                      value={account.accountNumber}
                      label={account.type === 'upi' ? 'UPI id' : 'account number'}
                    />
                  </dd>
                  <dt>Name</dt>
                  <dd>{account.accountHolderName}</dd>
                  {account.type === 'bank' ? (
                    <>
                      <dt>IFSC</dt>
                      <dd>{account.ifscCode ?? '—'}</dd>
                      <dt>Bank</dt>
                      <dd>
                        {account.bankName ?? '—'}
                        {account.accountType === undefined ? null : (
                          <span className="muted"> · {account.accountType}</span>
                        )}
                      </dd>
                    </>
                  ) : null}
                </dl>
              </div>
              {canEdit ? (
                <Switch
                  label="Offered to players"
                  description={
                    account.active && activeCount === 1
                      ? 'The only active account: without it players cannot deposit.'
                      : undefined
                  }
                  checked={account.active}
                  busy={setActive.isPending && setActive.variables.id === account._id}
                  disabled={setActive.isPending}
                  onChange={(checked) =>
                    checked ? setActive.mutate({ id: account._id, active: true }) : setToDeactivate(account)
                  }
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={toDeactivate !== null}
        title="Stop offering this account?"
        confirmLabel="Deactivate"
        danger
        busy={setActive.isPending}
        onClose={() => setToDeactivate(null)}
        onConfirm={() => {
          if (toDeactivate !== null)
            setActive.mutate({ id: toDeactivate._id, active: false }, { onSettled: () => setToDeactivate(null) });
        }}
      >
        <p>
          Players no longer see {toDeactivate?.accountNumber} in the deposit screens. Requests already made into it stay
          in the deposit queue.
        </p>
      </ConfirmDialog>
    </>
  );
}

type AccountType = 'upi' | 'bank';
type FieldName = 'accountNumber' | 'accountHolderName' | 'bankName' | 'ifscCode' | 'accountType';
const EMPTY_FORM = {
  accountNumber: '',
  accountHolderName: '',
  bankName: '',
  ifscCode: '',
  accountType: 'current' as (typeof BANK_ACCOUNT_TYPES)[number],
};

function AddAccountForm({ of }: { of: AccountsOf }) {
  const create = useCreateReceivingAccount(of);
  const [type, setType] = useState<AccountType>('upi');
  const [form, setForm] = useState(EMPTY_FORM);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  function set(field: FieldName, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field] !== undefined) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const body =
      type === 'upi'
        ? { type, accountNumber: form.accountNumber, accountHolderName: form.accountHolderName }
        : { type, ...form };
    // The contract's rules (UPI id, IFSC, account number patterns), so the browser refuses what the server would.
    const parsed = receivingAccountCreateSchema.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName | undefined;
        if (field !== undefined && next[field] === undefined) next[field] = issue.message;
      }
      setErrors(next);
      requestAnimationFrame(() => formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: () => {
        setForm(EMPTY_FORM);
        setErrors({});
      },
      onError: (error) => {
        if (error instanceof ApiError && error.issues.length > 0) {
          setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message])));
        } else {
          toast.error(errorMessage(error));
        }
      },
    });
  }

  return (
    <form className="card account-form" onSubmit={onSubmit} noValidate aria-labelledby="add-account-title">
      <h2 id="add-account-title">Add a receiving account</h2>
      <SelectField label="Type" value={type} onChange={(event) => setType(event.target.value as AccountType)}>
        <option value="upi">UPI id</option>
        <option value="bank">Bank account</option>
      </SelectField>
      {type === 'upi' ? (
        <>
          <TextField
            label="UPI id"
            placeholder="name@bank"
            autoComplete="off"
            value={form.accountNumber}
            error={errors.accountNumber}
            onChange={(event) => set('accountNumber', event.target.value)}
          />
          <TextField
            label="Name shown to players"
            value={form.accountHolderName}
            error={errors.accountHolderName}
            onChange={(event) => set('accountHolderName', event.target.value)}
          />
        </>
      ) : (
        <>
          <TextField
            label="Account holder name"
            value={form.accountHolderName}
            error={errors.accountHolderName}
            onChange={(event) => set('accountHolderName', event.target.value)}
          />
          <TextField
            label="Bank name"
            value={form.bankName}
            error={errors.bankName}
            onChange={(event) => set('bankName', event.target.value)}
          />
          <TextField
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            value={form.accountNumber}
            error={errors.accountNumber}
            onChange={(event) => set('accountNumber', event.target.value.replace(/\s/g, ''))}
          />
          <TextField
            label="IFSC code"
            autoComplete="off"
            value={form.ifscCode}
            error={errors.ifscCode}
            onChange={(event) => set('ifscCode', event.target.value.toUpperCase())}
          />
          <SelectField
            label="Account type"
            value={form.accountType}
            error={errors.accountType}
            onChange={(event) => set('accountType', event.target.value)}
          >
            {BANK_ACCOUNT_TYPES.map((value) => (
              <option key={value} value={value}>
                {value === 'savings' ? 'Savings' : 'Current'}
              </option>
            ))}
          </SelectField>
        </>
      )}
      <div className="button-row">
        <Button type="submit" variant="primary" busy={create.isPending}>
          Add account
        </Button>
      </div>
    </form>
  );
}
