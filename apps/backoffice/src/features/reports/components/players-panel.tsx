import type { PlayersDayRow } from '@khel/contract';
import { ApiError } from '../../../lib/api-client';
import { usePlayers } from '../api/get-players';
import type { DateRange } from '../api/keys';
import type { Column } from './report-table';
import { CsvButton, ReportTable } from './report-table';
import { DateRangeFields, ReportState } from './report-parts';

const COLUMNS: Column<PlayersDayRow>[] = [
  { header: 'Date', cell: (row) => row.date, csv: (row) => row.date },
  { header: 'Active players', cell: (row) => row.activePlayers, csv: (row) => row.activePlayers, num: true },
  { header: 'New players', cell: (row) => row.newPlayers, csv: (row) => row.newPlayers, num: true },
];

/** Players who bet or played a casino round, and accounts opened, per India day. */
export function PlayersPanel({
  range,
  onRangeChange,
}: {
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
}) {
  const report = usePlayers(range);
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
        Active: placed a bet or played a casino round that day. The total counts each player once over the whole range.
      </p>
      <ReportState
        query={report}
        isEmpty={(data) => data.rows.length === 0}
        emptyTitle="No player activity in these dates"
      >
        {(data) => (
          <>
            <div className="report-actions">
              <span className="muted">
                {data.from} to {data.to}
              </span>
              <CsvButton columns={COLUMNS} rows={data.rows} fileName={`players-${data.from}-${data.to}.csv`} />
            </div>
            <ReportTable
              label="Active and new players by day"
              columns={COLUMNS}
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
