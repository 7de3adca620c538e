import { useState } from 'react';
import type { FormEvent } from 'react';
import type { AccountFigures } from '@khel/contract';
import { ROLE_NAMES, ROLES, chipsMoveSchema, creditSettlementSchema } from '@khel/contract';
import type { RoleId } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/get-user-data';
import { useIdempotencyKey } from '@khel/web-kit';
import type { MoneyAction } from '../api/account-money';
import { useAccountMoney, useMoveMoney } from '../api/account-money';

const money = (value: number | null) => (value === null ? '—' : formatRupees(value));

/** The five figures of PRODUCT.md §9 as one row (cash accounts have no Credit Ref or Ref P&L). */
function FiguresRow({ row, label }: { row: AccountFigures; label?: string }) {
  return (
    <tr>
      <th scope="row">
        {label ?? (row.name || row.username)}
        <span className="muted small"> {ROLE_NAMES[row.role as RoleId] ?? ''}</span>
      </th>
      <td>{money(row.creditRef)}</td>
      <td>{money(row.balance)}</td>
      <td>{money(row.exposure)}</td>
      <td>{money(row.available)}</td>
      <td className={row.refPnl !== null && row.refPnl < 0 ? 'negative' : undefined}>{money(row.refPnl)}</td>
    </tr>
  );
}

/** Give or take chips or credit, or settle, with the contract's own checks before anything is sent. */
function MoneyForm({ userId, role, refPnl }: { userId: string; role: number; refPnl: number | null }) {
  const move = useMoveMoney(userId);
  const credit = role === ROLES.CREDIT_AGENT || role === ROLES.CREDIT_PLAYER;
  const [action, setAction] = useState<'give' | 'take' | 'settle'>('give');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const canSettle = role === ROLES.CREDIT_PLAYER;
  const idempotency = useIdempotencyKey();

  /** A double click or a retry of the same request sends the same key: the server moves it once. */
  function send(action: MoneyAction) {
    move.mutate(
      { action, idempotencyKey: idempotency.keyFor(action) },
      {
        onSuccess: () => {
          idempotency.done();
          setAmount('');
        },
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(amount.trim());
    if (action === 'settle') {
      const parsed = creditSettlementSchema.safeParse({ amount: value });
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter an amount');
      setError(undefined);
      send({ kind: 'settlement', body: parsed.data });
      return;
    }
    const parsed = chipsMoveSchema.safeParse({ action, amount: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter an amount');
    setError(undefined);
    send(credit ? { kind: 'credit', body: parsed.data } : { kind: 'chips', body: parsed.data });
  }

  return (
    <form
      className="adjustment-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={credit ? 'Credit and settlement' : 'Chips'}
    >
      <div className="adjustment-fields">
        <SelectField
          label="Action"
          value={action}
          onChange={(event) => setAction(event.target.value as 'give' | 'take' | 'settle')}
        >
          <option value="give">{credit ? 'Give credit (raise Credit Ref)' : 'Give chips'}</option>
          <option value="take">{credit ? 'Take credit (lower Credit Ref)' : 'Take chips back'}</option>
          {canSettle ? <option value="settle">Settle (cash outside the app)</option> : null}
        </SelectField>
        <TextField
          label="Amount (₹)"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          error={error}
          hint={
            action === 'settle' && refPnl !== null
              ? `Ref P&L is ${formatRupees(refPnl)}: a settlement brings it towards zero`
              : undefined
          }
          onChange={(event) => {
            setAmount(event.target.value.replace(/[^\d.]/g, ''));
            setError(undefined);
          }}
        />
      </div>
      {move.isError ? <Alert>{errorMessage(move.error)}</Alert> : null}
      <div className="button-row">
        <Button type="submit" variant="primary" busy={move.isPending} disabled={move.isPending}>
          {action === 'settle' ? 'Record settlement' : action === 'give' ? 'Give' : 'Take'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Agents' money on the account page (PRODUCT.md §9): the account's Credit Ref, Balance, Exposure,
 * Available and Ref P&L over its subtree, its own book, its direct downline, and the form that gives or
 * takes chips or credit or records a settlement (never on one's own account).
 */
export function AccountMoneyPanel({ userId, role }: { userId: string; role: number }) {
  const me = useProfile().data?._id;
  const figures = useAccountMoney(userId);
  const moves =
    role === ROLES.AGENT || role === ROLES.PLAYER || role === ROLES.CREDIT_AGENT || role === ROLES.CREDIT_PLAYER;
  return (
    <section className="card" aria-labelledby="account-money-title">
      <h2 id="account-money-title">Credit and chips</h2>
      {figures.isPending ? <LoadingBlock /> : null}
      {figures.isError ? <Alert>{errorMessage(figures.error)}</Alert> : null}
      {figures.data !== undefined ? (
        <>
          <div className="table-scroll">
            <table className="table" aria-label="Downline figures">
              <thead>
                <tr>
                  <th scope="col">Account</th>
                  <th scope="col">Credit Ref</th>
                  <th scope="col">Balance</th>
                  <th scope="col">Exposure</th>
                  <th scope="col">Available</th>
                  <th scope="col">Ref P&amp;L</th>
                </tr>
              </thead>
              <tbody>
                <FiguresRow row={figures.data.account} label="This account (whole downline)" />
                {figures.data.downline.map((row) => (
                  <FiguresRow key={row._id} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          {role === ROLES.AGENT || role === ROLES.CREDIT_AGENT ? (
            <p className="muted small">
              Own {role === ROLES.AGENT ? 'chips' : 'free credit'}:{' '}
              <strong data-testid="own-book">{formatRupees(figures.data.own)}</strong>
            </p>
          ) : null}
          {moves && userId !== me ? (
            <MoneyForm userId={userId} role={role} refPnl={figures.data.account.refPnl} />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
