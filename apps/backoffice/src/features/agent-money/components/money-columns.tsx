import type { ReactNode } from 'react';
import type { AccountFigures } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { useAccountFigures } from '../api/account-money';

type Figure = 'creditRef' | 'balance' | 'exposure' | 'available' | 'refPnl';

/** One figure of one account (cash accounts show — for Credit Ref and Ref P&L). */
function FigureCell({ userId, figure }: { userId: string; figure: Figure }) {
  const figures = useAccountFigures(userId);
  if (figures.isPending)
    return (
      <span className="muted" aria-label="Loading">
        …
      </span>
    );
  if (figures.isError) return <span className="muted">—</span>;
  const value = (figures.data as AccountFigures)[figure];
  return (
    <span className={value !== null && value < 0 ? 'negative' : undefined}>
      {value === null ? '—' : formatRupees(value)}
    </span>
  );
}

/**
 * The downline list's money columns (PRODUCT.md §9), each over the account's whole subtree, so an
 * agent's row is the sum of what is below it. Structurally the downline feature's column type; the
 * router hands them to its page (features never import each other).
 */
export const MONEY_COLUMNS: readonly { key: string; header: string; cell: (user: { _id: string }) => ReactNode }[] = (
  [
    ['creditRef', 'Credit Ref'],
    ['balance', 'Balance'],
    ['exposure', 'Exposure'],
    ['available', 'Available'],
    ['refPnl', 'Ref P&L'],
  ] as const
).map(([figure, header]) => ({
  key: figure,
  header,
  cell: (user: { _id: string }) => <FigureCell userId={user._id} figure={figure} />,
}));
