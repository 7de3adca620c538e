import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AccountFigures } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { accountFiguresQuery, useAccountFigures } from '../api/account-money';
import { DwButton } from './dw-button';

type Figure = 'creditRef' | 'balance' | 'exposure' | 'available' | 'refPnl';

/** One figure of one account (cash accounts show — for Credit Ref and Ref P&L). */
function FigureCell({ userId, name, figure }: { userId: string; name: string; figure: Figure }) {
  const figures = useAccountFigures(userId);
  if (figures.isPending)
    return (
      <span className="muted" aria-label="Loading">
        …
      </span>
    );
  if (figures.isError) return <span className="muted">—</span>;
  const value = (figures.data as AccountFigures)[figure];
  const shown = (
    <span className={value !== null && value < 0 ? 'negative' : undefined}>
      {value === null ? '—' : formatRupees(value)}
    </span>
  );
  // Exposure drills down to the markets holding it (the exposure report over this account's subtree).
  if (figure !== 'exposure' || !value) return shown;
  return (
    <Link
      to={`/reports?tab=exposure&userId=${encodeURIComponent(userId)}`}
      aria-label={`Markets holding the exposure of ${name}`}
    >
      {shown}
    </Link>
  );
}

type ListedUser = { _id: string; name: string; username: string; role: number; uplineId: string | null };

/** A figure in the list's CSV: paise-exact rupees without symbol or grouping (`-1234.50`), empty for —. */
async function figureCsv(client: QueryClient, userId: string, figure: Figure): Promise<string> {
  const value = (await client.fetchQuery(accountFiguresQuery(userId)))[figure];
  return value === null ? '' : formatRupees(value, { symbol: false, grouping: false });
}

/**
 * The downline list's money columns (PRODUCT.md §9), each over the account's whole subtree, so an
 * agent's row is the sum of what is below it, and the list's CSV carries each figure as the table shows
 * it. Structurally the downline feature's column type; the router hands them to its page (features never
 * import each other). Last, the row's D/W button.
 */
export const MONEY_COLUMNS: readonly {
  key: string;
  header: string;
  cell: (user: ListedUser) => ReactNode;
  csv?: (user: ListedUser, client: QueryClient) => Promise<string>;
}[] = [
  ...(
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
    cell: (user: ListedUser) => <FigureCell userId={user._id} name={user.name || user.username} figure={figure} />,
    csv: (user: ListedUser, client: QueryClient) => figureCsv(client, user._id, figure),
  })),
  // Deposit or withdraw chips or credit from the row (decision 0065).
  { key: 'dw', header: 'D/W', cell: (user: ListedUser) => <DwButton user={user} /> },
];
