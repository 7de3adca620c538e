import type { ReactNode } from 'react';
import { formatRupees } from '@khel/money';
import { ConfirmDialog } from '../ui/confirm-dialog';

/** One side of a money move: who, and the balance that changes before and after (null: the house, no balance). */
export interface MoneyMoveSide {
  name: string;
  /** What the figure is: "Chips", "Balance", "Free credit", "Credit Ref"… */
  figure?: string;
  before: number | null;
  after: number | null;
}

export interface MoneyMoveDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  amount: number;
  from: MoneyMoveSide;
  to: MoneyMoveSide;
  /** More to say (a note, "waits for a second operator above your limit"). */
  children?: ReactNode;
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

function Side({ side }: { side: MoneyMoveSide }) {
  return (
    <span className="stacked">
      <strong>{side.name}</strong>
      {side.before !== null && side.after !== null ? (
        <span className="small">
          {side.figure ?? 'Balance'} {formatRupees(side.before)} → <strong>{formatRupees(side.after)}</strong>
        </span>
      ) : null}
    </span>
  );
}

/**
 * The confirmation step of every chips, credit or settlement move (issue 24): the amount, from whom, to
 * whom and both new balances, before anything is sent. One component for the account page and the
 * agent panel's D/W dialog; its facts stack on a phone.
 */
export function MoneyMoveDialog({
  open,
  title,
  confirmLabel,
  amount,
  from,
  to,
  children,
  danger = false,
  busy,
  onConfirm,
  onClose,
}: MoneyMoveDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      danger={danger}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <dl className="facts money-move" aria-label="What moves">
        <dt>Amount</dt>
        <dd>
          <strong className="amount" data-testid="move-amount">
            {formatRupees(amount)}
          </strong>
        </dd>
        <dt>From</dt>
        <dd data-testid="move-from">
          <Side side={from} />
        </dd>
        <dt>To</dt>
        <dd data-testid="move-to">
          <Side side={to} />
        </dd>
      </dl>
      {children}
    </ConfirmDialog>
  );
}
