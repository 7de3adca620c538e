import type { PaymentsDayRow } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { ApiError } from '../../../lib/api-client';
import { usePayments } from '../api/get-payments';
import type { DateRange } from '../api/keys';
import type { Column } from './report-table';
import { CsvButton, ReportTable } from './report-table';
import { DateRangeFields, ReportState } from './report-parts';

const STATUSES = ['approved', 'pending', 'rejected'] as const;
const title = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function columnsFor(): Column<PaymentsDayRow>[] {
  const columns: Column<PaymentsDayRow>[] = [{ header: 'Date', cell: (row) => row.date, csv: (row) => row.date }];
  for (const kind of ['deposits', 'withdrawals'] as const) {
    for (const status of STATUSES) {
      columns.push({
        header: `${title(kind)} ${status}`,
        cell: (row) => (
          <>
            {formatRupees(row[kind][status].amount)} <span className="muted">({row[kind][status].count})</span>
          </>
        ),
        csv: (row) => row[kind][status].amount,
        num: true,
      });
      columns.push({
        header: `${title(kind)} ${status} count`,
        cell: () => null,
        csv: (row) => row[kind][status].count,
      });
    }
  }
  return columns;
}
const COLUMNS = columnsFor();
/** The count columns exist for the CSV only; on screen the count sits beside the amount. */
const SHOWN = COLUMNS.filter((column) => !column.header.endsWith(' count'));

/** Deposit and withdrawal requests by the India day they were made, by their status now. */
export function PaymentsPanel({
  range,
  onRangeChange,
}: {
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
}) {
  const report = usePayments(range);
  return (
    <div className="report-panel">
      <div className="report-toolbar">
        <DateRangeFields
          value={range}
          onChange={onRangeChange}
          error={report.error instanceof ApiError ? report.error.issueFor('start_date') : undefined}
        />
      </div>
      <p className="muted">
        Requests by the India day they were made, by their status now; the number of requests in brackets.
      </p>
      <ReportState
        query={report}
        isEmpty={(data) => data.rows.length === 0}
        emptyTitle="No deposits or withdrawals in these dates"
      >
        {(data) => (
          <>
            <div className="report-actions">
              <span className="muted">
                {data.from} to {data.to}
              </span>
              <CsvButton
                columns={COLUMNS}
                rows={data.rows}
                fileName={`deposits-withdrawals-${data.from}-${data.to}.csv`}
              />
            </div>
            <ReportTable
              label="Deposits and withdrawals by day"
              columns={SHOWN}
              rows={data.rows}
              rowKey={(row) => row.date}
              footer={{ date: 'Total', ...data.total }}
            />
          </>
        )}
      </ReportState>
    </div>
  );
}
