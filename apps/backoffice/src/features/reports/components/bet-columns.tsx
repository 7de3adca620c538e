import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
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

/** Whether an operator can still void the bet (decision 0055): not void, cancelled, lapsed or cashed out. */
export const voidable = (bet: ReportBet) => ['pending', 'unmatched', 'matched', 'settled'].includes(bet.status);

export const betSelection = (bet: ReportBet) =>
  bet.marketType === 'FANCY'
    ? `${bet.side === 'back' ? 'Yes' : 'No'} ${bet.lineRuns ?? ''}`
    : `${bet.runner ?? '—'} (${bet.side === 'back' ? 'Back' : 'Lay'})`;

/**
 * The columns of a bet list; `withPlayer` adds the player (with a link to the account); `onVoid` (site
 * operators only) adds a Void button on each bet that can still be voided.
 */
export function betColumns(withPlayer: boolean, onVoid?: (bet: ReportBet) => void): Column<ReportBet>[] {
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
    { header: 'Selection', cell: betSelection, csv: betSelection },
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
    ...(onVoid === undefined
      ? []
      : [
          {
            header: 'Action',
            cell: (bet: ReportBet) =>
              voidable(bet) ? (
                <Button size="small" variant="danger" onClick={() => onVoid(bet)} aria-label={`Void bet ${bet._id}`}>
                  Void
                </Button>
              ) : null,
          },
        ]),
  ];
}
