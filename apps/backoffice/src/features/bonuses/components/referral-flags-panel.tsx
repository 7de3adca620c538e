import type { ReferralFlag } from '@khel/contract';
import type { DataColumn } from '@khel/web-kit';
import { PlayerCell } from '../../../components/money/desk-parts';
import { DataTable, QueryState } from '../../../components/ui/query-state';
import { CsvButton } from '../../../components/ui/csv';
import type { CsvColumn } from '../../../components/ui/csv';
import { formatDateTime } from '../../../lib/format';
import { useReferralFlags } from '../api/referral';

const REASONS: Record<ReferralFlag['reason'], string> = {
  shared_upi: 'Same UPI id',
  shared_bank_account: 'Same bank account',
  shared_device: 'Same device',
};

const COLUMNS: DataColumn<ReferralFlag>[] = [
  { header: 'Flagged', cell: (flag) => formatDateTime(flag.createdAt) },
  { header: 'Referrer', cell: (flag) => <PlayerCell player={flag.referrer} /> },
  { header: 'Referred player', cell: (flag) => <PlayerCell player={flag.referred} /> },
  {
    header: 'Why',
    cell: (flag) => (
      <>
        <span className="badge badge-danger">{REASONS[flag.reason]}</span>{' '}
        <span className="muted small">{flag.detail}</span>
      </>
    ),
  },
];

const FLAGS_CSV: CsvColumn<ReferralFlag>[] = [
  { header: 'Flagged', csv: (flag) => flag.createdAt },
  { header: 'Referrer', csv: (flag) => flag.referrer.username },
  { header: 'Referred player', csv: (flag) => flag.referred.username },
  { header: 'Why', csv: (flag) => REASONS[flag.reason] },
  { header: 'Detail', csv: (flag) => flag.detail },
];

/** Referrer and referred pairs whose earnings were refused for a shared payment account or device. */
export function ReferralFlagsPanel() {
  const flags = useReferralFlags();
  return (
    <QueryState
      query={flags}
      loadingLabel="Loading flagged referrals…"
      emptyTitle="No flagged referrals"
      emptyBody="Pairs that share a UPI id, a bank account or a device are refused and listed here."
    >
      {(rows) => (
        <>
          <div className="list-actions">
            <CsvButton columns={FLAGS_CSV} rows={rows} fileName="referral-flags.csv" />
          </div>
          <DataTable label="Flagged referrals" rows={rows} rowKey={(flag) => flag._id} columns={COLUMNS} />
        </>
      )}
    </QueryState>
  );
}
