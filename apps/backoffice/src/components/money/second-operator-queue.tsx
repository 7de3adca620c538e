import type { DataColumn } from '@khel/web-kit';
import type { QueryLike } from '@khel/web-kit';
import { CsvButton } from '../ui/csv';
import type { CsvColumn } from '../ui/csv';
import { DataTable, QueryState } from '../ui/query-state';
import { Tabs } from '../ui/tabs';

/**
 * A queue a second operator decides (house money, tree moves): Waiting, then the two ways a request
 * ends, each tab a table with its CSV; "Waiting" counts what is left. `decided` names the tab and the
 * status of what went through (applied, confirmed).
 */
export function SecondOperatorQueue<Row extends { _id: string }, Status extends string>({
  label,
  status,
  onStatus,
  pendingCount,
  decided,
  query,
  columns,
  csvColumns,
  csvName,
  emptyWaiting,
}: {
  /** What the rows are, e.g. "House money requests"; the table's and the tabs' accessible names. */
  label: string;
  status: Status;
  onStatus: (status: Status) => void;
  pendingCount: number | undefined;
  decided: { value: Status; label: string };
  query: QueryLike<{ items: Row[] }>;
  columns: DataColumn<Row>[];
  csvColumns: CsvColumn<Row>[];
  /** The CSV file's name before its status, e.g. "house-money". */
  csvName: string;
  emptyWaiting: string;
}) {
  return (
    <Tabs
      label={label}
      value={status}
      onChange={onStatus}
      items={[
        { value: 'pending' as Status, label: 'Waiting', count: pendingCount },
        decided,
        { value: 'rejected' as Status, label: 'Rejected' },
      ]}
    >
      <QueryState query={query} loadingLabel={`Loading ${label.toLowerCase()}…`}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="muted">{status === 'pending' ? emptyWaiting : 'None yet.'}</p>
          ) : (
            <>
              <div className="list-actions">
                <CsvButton columns={csvColumns} rows={data.items} fileName={`${csvName}-${status}.csv`} />
              </div>
              <DataTable label={label} rows={data.items} rowKey={(row) => row._id} columns={columns} />
            </>
          )
        }
      </QueryState>
    </Tabs>
  );
}
