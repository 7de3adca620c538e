import { useState } from 'react';
import type { FormEvent } from 'react';
import type { AccountFigures, AccountMoney } from '@khel/contract';
import { ROLE_NAMES, ROLES, chipsMoveSchema, creditSettlementSchema } from '@khel/contract';
import type { RoleId } from '@khel/contract';
import { formatRupees } from '@khel/money';
import type { DataColumn } from '@khel/web-kit';
import type { MoneyMoveSide } from '../../../components/money/money-move-dialog';
import { MoneyMoveDialog } from '../../../components/money/money-move-dialog';
import { Alert } from '../../../components/ui/alert';
import { DataTable } from '../../../components/ui/query-state';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/get-user-data';
import { useIdempotencyKey } from '@khel/web-kit';
import type { MoneyAction } from '../api/account-money';
import { useAccountMoney, useMoveMoney, useUplineMoney } from '../api/account-money';

const money = (value: number | null) => (value === null ? '—' : formatRupees(value));

/**
 * The five figures of PRODUCT.md §9, one row per account (cash accounts have no Credit Ref or Ref P&L).
 * A data table that stacks each row into a labelled card on a phone, so a 390 px screen needs no scrolling.
 */
const FIGURE_COLUMNS: DataColumn<AccountFigures & { label?: string }>[] = [
  {
    header: 'Account',
    cell: (row) => (
      <>
        <strong>{row.label ?? (row.name || row.username)}</strong>
        <span className="muted small"> {ROLE_NAMES[row.role as RoleId] ?? ''}</span>
      </>
    ),
  },
  { header: 'Credit Ref', className: 'num', cell: (row) => money(row.creditRef) },
  { header: 'Balance', className: 'num', cell: (row) => money(row.balance) },
  { header: 'Exposure', className: 'num', cell: (row) => money(row.exposure) },
  { header: 'Available', className: 'num', cell: (row) => money(row.available) },
  {
    header: 'Ref P&L',
    className: 'num',
    cell: (row) => (
      <span className={row.refPnl !== null && row.refPnl < 0 ? 'negative' : undefined}>{money(row.refPnl)}</span>
    ),
  },
];

const HOUSE = 'The house';

/**
 * What a move changes, for its confirmation step: the amount, from whom, to whom, and both balances
 * before and after. The upline's book is the source when the upline is an agent of the account's kind;
 * otherwise the house, which keeps no balance.
 */
export function moveSides(
  move: { kind: 'chips' | 'credit' | 'settlement'; action: 'give' | 'take' | 'settle'; amount: number },
  target: { name: string; role: number; money: AccountMoney },
  upline: { name: string; own: number } | null,
): { from: MoneyMoveSide; to: MoneyMoveSide } {
  const { amount } = move;
  const agent = target.role === ROLES.AGENT || target.role === ROLES.CREDIT_AGENT;
  if (move.kind === 'settlement') {
    const refPnl = target.money.account.refPnl ?? 0;
    const after = refPnl > 0 ? refPnl - amount : refPnl + amount;
    const account = { name: target.name, figure: 'Ref P&L', before: refPnl, after };
    const cash = { name: upline?.name ?? HOUSE, figure: 'Cash outside the app', before: null, after: null };
    return refPnl > 0 ? { from: account, to: cash } : { from: cash, to: account };
  }
  const figure = move.kind === 'credit' ? 'Credit Ref' : agent ? 'Chips' : 'Balance';
  const before = move.kind === 'credit' ? (target.money.account.creditRef ?? 0) : target.money.own;
  const sign = move.action === 'give' ? 1 : -1;
  const account: MoneyMoveSide = { name: target.name, figure, before, after: before + sign * amount };
  const source: MoneyMoveSide =
    upline === null
      ? { name: HOUSE, before: null, after: null }
      : {
          name: upline.name,
          figure: move.kind === 'credit' ? 'Free credit' : 'Chips',
          before: upline.own,
          after: upline.own - sign * amount,
        };
  return move.action === 'give' ? { from: source, to: account } : { from: account, to: source };
}

/** Give or take chips or credit, or settle, checked by the contract, then confirmed before anything is sent. */
export function MoneyForm({
  userId,
  role,
  name,
  uplineId,
  money: figures,
}: {
  userId: string;
  role: number;
  name: string;
  uplineId: string | null;
  money: AccountMoney;
}) {
  const move = useMoveMoney(userId);
  const upline = useUplineMoney(uplineId);
  const credit = role === ROLES.CREDIT_AGENT || role === ROLES.CREDIT_PLAYER;
  const [action, setAction] = useState<'give' | 'take' | 'settle'>('give');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [review, setReview] = useState<MoneyAction | null>(null);
  const canSettle = role === ROLES.CREDIT_PLAYER;
  const idempotency = useIdempotencyKey();
  const refPnl = figures.account.refPnl;

  /** A double click or a retry of the same request sends the same key: the server moves it once. */
  function send(action: MoneyAction) {
    move.mutate(
      { action, idempotencyKey: idempotency.keyFor(action) },
      {
        onSuccess: () => {
          idempotency.done();
          setAmount('');
          setReview(null);
        },
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The upline's chips could not be read: read them again for this confirmation.
    if (upline.isError) void upline.refetch();
    const value = Number(amount.trim());
    if (action === 'settle') {
      const parsed = creditSettlementSchema.safeParse({ amount: value });
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter an amount');
      setError(undefined);
      setReview({ kind: 'settlement', body: parsed.data });
      return;
    }
    const parsed = chipsMoveSchema.safeParse({ action, amount: value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter an amount');
    setError(undefined);
    move.reset();
    setReview(credit ? { kind: 'credit', body: parsed.data } : { kind: 'chips', body: parsed.data });
  }

  // The upline's book is the source only when it is an agent of the account's kind (else the house's).
  // Until the upline's figures are read the source is unknown: the confirmation waits for them rather
  // than name the house for an agent's own chips.
  const sourcePending = uplineId !== null && upline.isPending;
  const uplineAccount = upline.data?.account;
  const source =
    uplineAccount !== undefined && uplineAccount.role === (credit ? ROLES.CREDIT_AGENT : ROLES.AGENT)
      ? { name: uplineAccount.name || uplineAccount.username, own: upline.data?.own ?? 0 }
      : null;
  const sides =
    review === null
      ? null
      : moveSides(
          {
            kind: review.kind,
            action: review.kind === 'settlement' ? 'settle' : review.body.action,
            amount: review.body.amount,
          },
          { name, role, money: figures },
          source,
        );
  const title =
    review === null
      ? ''
      : review.kind === 'settlement'
        ? 'Confirm the settlement'
        : `Confirm: ${review.body.action === 'give' ? 'give' : 'take'} ${review.kind === 'credit' ? 'credit' : 'chips'}`;

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
      {move.isError && review === null ? <Alert>{errorMessage(move.error)}</Alert> : null}
      <div className="button-row">
        <Button type="submit" variant="primary" disabled={move.isPending}>
          {action === 'settle' ? 'Record settlement' : action === 'give' ? 'Give' : 'Take'}
        </Button>
      </div>
      {review !== null && sourcePending ? <LoadingBlock label="Reading the upline's chips…" /> : null}
      {review !== null && upline.isError ? <Alert>{errorMessage(upline.error)}</Alert> : null}
      {review !== null && sides !== null && !sourcePending && !upline.isError ? (
        <MoneyMoveDialog
          open
          title={title}
          confirmLabel={review.kind === 'settlement' ? 'Record settlement' : 'Confirm'}
          amount={review.body.amount}
          from={sides.from}
          to={sides.to}
          danger={review.kind !== 'settlement' && review.body.action === 'take'}
          busy={move.isPending}
          onConfirm={() => send(review)}
          onClose={() => setReview(null)}
        >
          {source === null ? (
            <p className="muted small">
              Money from the house: above your daily line for this account it waits for a second operator, and nothing
              moves until then.
            </p>
          ) : null}
          {move.isError ? <Alert>{errorMessage(move.error)}</Alert> : null}
        </MoneyMoveDialog>
      ) : null}
    </form>
  );
}

/**
 * Agents' money on the account page (PRODUCT.md §9): the account's Credit Ref, Balance, Exposure,
 * Available and Ref P&L over its subtree, its own book, its direct downline, and the form that gives or
 * takes chips or credit or records a settlement (never on one's own account).
 */
export function AccountMoneyPanel({
  userId,
  role,
  uplineId = null,
}: {
  userId: string;
  role: number;
  uplineId?: string | null;
}) {
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
          <DataTable
            label="Downline figures"
            className="figures-table"
            rows={[{ ...figures.data.account, label: 'This account (whole downline)' }, ...figures.data.downline]}
            rowKey={(row) => row._id}
            columns={FIGURE_COLUMNS}
          />

          {role === ROLES.AGENT || role === ROLES.CREDIT_AGENT ? (
            <p className="muted small">
              Own {role === ROLES.AGENT ? 'chips' : 'free credit'}:{' '}
              <strong data-testid="own-book">{formatRupees(figures.data.own)}</strong>
            </p>
          ) : null}
          {moves && userId !== me ? (
            <MoneyForm
              userId={userId}
              role={role}
              name={figures.data.account.name || figures.data.account.username}
              uplineId={uplineId}
              money={figures.data}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
