import { Link } from 'react-router';
import type { ReportBet } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { formatDateTime } from '../../../lib/format';
import type { Column } from './report-table';
import { Amount } from './report-parts';

const STATUS_NAMES: Record<ReportBet['status'], string> = {
  pending: 'Waiting (delay)',
  unmatched: 'Unmatched',
  matched: 'Matched',
  cancelled: 'Cancelled',
  lapsed: 'Lapsed',
  settled: 'Settled',
  voided: 'Voided',
};

const selection = (bet: ReportBet) =>
  bet.marketType === 'FANCY'
    ? `${bet.side === 'back' ? 'Yes' : 'No'} ${bet.lineRuns ?? ''}`
    : `${bet.runner ?? '—'} (${bet.side === 'back' ? 'Back' : 'Lay'})`;

/** The columns of a bet list; `withPlayer` adds the player (with a link to the account). */
export function betColumns(withPlayer: boolean): Column<ReportBet>[] {
  return [
    { header: 'Placed', cell: (bet) => formatDateTime(bet.placedAt), csv: (bet) => bet.placedAt },
    ...(withPlayer
      ? [
          {
            header: 'Player',
            cell: (bet: ReportBet) => <Link to={`/users/${bet.userId}`}>{bet.username}</Link>,
            csv: (bet: ReportBet) => bet.username,
          },
        ]
      : []),
    {
      header: 'Market',
      cell: (bet) => (
        <>
          {bet.market}
          <span className="report-context">
            {bet.sport} › {bet.event}
          </span>
        </>
      ),
      csv: (bet) => `${bet.sport} › ${bet.event} › ${bet.market}`,
    },
    { header: 'Selection', cell: selection, csv: selection },
    {
      header: 'Odds',
      cell: (bet) => (bet.odds === null ? '—' : bet.odds.toFixed(2)),
      csv: (bet) => bet.odds,
      num: true,
    },
    {
      header: 'Matched at',
      cell: (bet) => (bet.matchedOdds === null ? '—' : bet.matchedOdds.toFixed(2)),
      csv: (bet) => bet.matchedOdds,
      num: true,
    },
    { header: 'Stake', cell: (bet) => formatRupees(bet.stake), csv: (bet) => bet.stake, num: true },
    { header: 'Matched', cell: (bet) => formatRupees(bet.matched), csv: (bet) => bet.matched, num: true },
    { header: 'Status', cell: (bet) => STATUS_NAMES[bet.status], csv: (bet) => bet.status },
    {
      header: 'P&L (player)',
      cell: (bet) => (bet.profitLoss === null ? '—' : <Amount value={bet.profitLoss} />),
      csv: (bet) => bet.profitLoss,
      num: true,
    },
  ];
}
