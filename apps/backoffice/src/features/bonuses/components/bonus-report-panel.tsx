import { useState } from 'react';
import { formatRupees } from '@khel/money';
import type { BonusReportRow } from '@khel/contract';
import type { DataColumn } from '@khel/web-kit';
import { SelectField } from '../../../components/ui/field';
import { DataTable, QueryState } from '../../../components/ui/query-state';
import { CsvButton } from '../../../components/ui/csv';
import type { CsvColumn } from '../../../components/ui/csv';
import { useBonusReport } from '../api/referral';

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonth = (date: string) => DAY_MONTH.format(new Date(`${date}T00:00:00Z`));

const COLUMNS: DataColumn<BonusReportRow>[] = [
  {
    header: 'Week',
    cell: (row) => (
      <>
        {dayMonth(row.weekStartDate)} – {dayMonth(row.weekEndDate)}
      </>
    ),
  },
  { header: 'Granted', className: 'num', cell: (row) => row.bonusesGranted },
  { header: 'Activated', className: 'num', cell: (row) => row.bonusesActivated },
  { header: 'Posted', className: 'num', cell: (row) => formatRupees(row.bonusPosted) },
  { header: 'Completed', className: 'num', cell: (row) => row.bonusesCompleted },
  { header: 'Claimed', className: 'num', cell: (row) => row.bonusesClaimed },
  { header: 'Cost (converted)', className: 'num', cell: (row) => formatRupees(row.bonusConverted) },
  {
    header: 'Completion',
    className: 'num',
    cell: (row) =>
      row.bonusesActivated === 0 ? '—' : `${Math.round((row.bonusesCompleted / row.bonusesActivated) * 100)}%`,
  },
  {
    header: 'Forfeited / expired',
    className: 'num',
    cell: (row) => (
      <>
        {row.bonusesForfeited} / {row.bonusesExpired}
      </>
    ),
  },
  { header: 'Referral earned', className: 'num', cell: (row) => formatRupees(row.referralEarned) },
  { header: 'Referral claimed', className: 'num', cell: (row) => formatRupees(row.referralClaimed) },
  { header: 'Refused', className: 'num', cell: (row) => row.referralRefused },
];

const REPORT_CSV: CsvColumn<BonusReportRow>[] = [
  { header: 'Week start', csv: (row) => row.weekStartDate },
  { header: 'Week end', csv: (row) => row.weekEndDate },
  { header: 'Granted', csv: (row) => row.bonusesGranted },
  { header: 'Activated', csv: (row) => row.bonusesActivated },
  { header: 'Posted', csv: (row) => row.bonusPosted },
  { header: 'Completed', csv: (row) => row.bonusesCompleted },
  { header: 'Claimed', csv: (row) => row.bonusesClaimed },
  { header: 'Cost (converted)', csv: (row) => row.bonusConverted },
  { header: 'Forfeited', csv: (row) => row.bonusesForfeited },
  { header: 'Expired', csv: (row) => row.bonusesExpired },
  { header: 'Referral earned', csv: (row) => row.referralEarned },
  { header: 'Referral claimed', csv: (row) => row.referralClaimed },
  { header: 'Referral refused', csv: (row) => row.referralRefused },
];

/** Per India week: bonus cost (posted, converted) and completion, and referral payouts. */
export function BonusReportPanel() {
  const [weeks, setWeeks] = useState(8);
  const report = useBonusReport(weeks);
  return (
    <div className="bonus-panel">
      <div className="bonus-toolbar">
        <p className="muted">Weeks run Sunday to Saturday, India time. Cost is what claims moved to main wallets.</p>
        <SelectField label="Weeks" value={String(weeks)} onChange={(event) => setWeeks(Number(event.target.value))}>
          {[4, 8, 13, 26, 52].map((count) => (
            <option key={count} value={count}>
              Last {count} weeks
            </option>
          ))}
        </SelectField>
      </div>
      <QueryState query={report} loadingLabel="Loading the report…" emptyTitle="Nothing to report yet">
        {(rows) => (
          <>
            <div className="list-actions">
              <CsvButton columns={REPORT_CSV} rows={rows} fileName={`bonus-report-${weeks}-weeks.csv`} />
            </div>
            <DataTable
              label="Bonus and referral report"
              rows={rows}
              rowKey={(row) => row.weekStartDate}
              columns={COLUMNS}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
