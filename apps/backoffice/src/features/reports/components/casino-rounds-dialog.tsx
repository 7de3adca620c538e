import type { CasinoRoundRow } from '@khel/contract';
import { Dialog } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format';
import { useUserCasinoRounds } from '../api/get-casino-rounds';
import type { DateRange } from '../api/keys';
import type { Column } from './report-table';
import { CsvButton, ReportTable } from './report-table';
import { Amount, ReportState } from './report-parts';

const STATUS = { open: 'Open', credited: 'Paid', rolled_back: 'Rolled back' } as const;

const COLUMNS: Column<CasinoRoundRow>[] = [
  { header: 'Started', cell: (row) => formatDateTime(row.createdAt), csv: (row) => row.createdAt },
  { header: 'Game', cell: (row) => row.title, csv: (row) => row.title },
  { header: 'Round', cell: (row) => row.roundId, csv: (row) => row.roundId },
  { header: 'Status', cell: (row) => STATUS[row.status], csv: (row) => STATUS[row.status] },
  { header: 'Stake', cell: (row) => <Amount value={row.stake} />, csv: (row) => row.stake, num: true },
  { header: 'Payout', cell: (row) => <Amount value={row.payout} />, csv: (row) => row.payout, num: true },
  { header: 'P&L', cell: (row) => <Amount value={row.profitLoss} />, csv: (row) => row.profitLoss, num: true },
];

/** The rounds behind one client's casino cell of one provider (decision 0065), by the round's start. */
export function CasinoRoundsDialog({
  user,
  provider,
  range,
  onClose,
}: {
  user: { userId: string; username: string };
  provider: string;
  range: DateRange;
  onClose: () => void;
}) {
  const rounds = useUserCasinoRounds(user.userId, provider, range);
  return (
    <Dialog open title={`${provider} rounds of ${user.username}`} onClose={onClose}>
      <ReportState query={rounds} isEmpty={(data) => data.length === 0} emptyTitle="No rounds started in these dates">
        {(data) => (
          <>
            <div className="report-actions">
              <CsvButton columns={COLUMNS} rows={data} fileName={`rounds-${user.username}-${provider}.csv`} />
            </div>
            <ReportTable label={`${provider} rounds`} columns={COLUMNS} rows={data} rowKey={(row) => row._id} />
          </>
        )}
      </ReportState>
    </Dialog>
  );
}
