import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format';
import { Button } from '../../ui/button';
import { CsvButton } from '../../ui/csv';
import type { CsvColumn } from '../../ui/csv';
import { Amount, PlayerCell, RequestStatusBadge, SecondApprovalBadge, SelfServiceNote } from '../desk-parts';
import type { DeskRequest } from './request-desk-api';

/** A column only one kind of request has (a deposit's proof, a withdrawal's payout account). */
export interface DeskColumn<Item> {
  header: string;
  cell: (item: Item, open: (item: Item) => void) => ReactNode;
  /** The cell as plain text in the queue's CSV download; left out of the file when absent. */
  csv?: (item: Item) => string | number | null;
}

interface DeskTableProps<Item extends DeskRequest> {
  items: Item[];
  me: string | undefined;
  /** 'deposit' | 'withdrawal': the rows' `data-<noun>-id` and the buttons' accessible names. */
  noun: string;
  describe: (item: Item) => string;
  columns: DeskColumn<Item>[];
  approveLabel: string;
  /** The approved badge: 'Approved', or 'Paid' for a withdrawal. */
  approvedLabel: string;
  onApprove: (item: Item) => void;
  onReject: (item: Item) => void;
  onOpen: (item: Item) => void;
  /** Why the viewer may not decide a request it sees (the server refuses it too); null when it may. */
  readOnlyReason?: (item: Item) => string | null;
}

/** The queue: who, how much, the kind's own columns, the status with its second approval, and the decision. */
export function RequestDeskTable<Item extends DeskRequest>({
  items,
  me,
  noun,
  describe,
  columns,
  approveLabel,
  approvedLabel,
  onApprove,
  onReject,
  onOpen,
  readOnlyReason = () => null,
}: DeskTableProps<Item>) {
  const anyPending = items.some((item) => item.status === 'pending');
  const csv: CsvColumn<Item>[] = [
    { header: 'Requested', csv: (item) => item.createdAt },
    { header: 'Player', csv: (item) => item.player.username },
    { header: 'Mobile', csv: (item) => item.player.mobile_no },
    { header: 'Amount', csv: (item) => item.amount },
    ...columns,
    { header: 'Status', csv: (item) => (item.awaitingSecondApproval ? 'awaiting second approval' : item.status) },
    { header: 'Reason', csv: (item) => item.reason },
    { header: 'Decided', csv: (item) => item.decidedAt },
  ];
  return (
    <>
      <div className="list-actions">
        <CsvButton columns={csv} rows={items} fileName={`${noun}s-${items[0]?.status ?? 'queue'}.csv`} />
      </div>
      <table className="data-table responsive-table desk-table">
        <thead>
          <tr>
            <th scope="col">Requested</th>
            <th scope="col">Player</th>
            <th scope="col">Amount</th>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
            <th scope="col">Status</th>
            {anyPending ? <th scope="col">Decision</th> : null}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const firstByMe =
              item.awaitingSecondApproval && item.firstApprovedBy !== null && item.firstApprovedBy === me;
            const own = item.player._id === me;
            const readOnly = item.status === 'pending' && !own ? readOnlyReason(item) : null;
            return (
              <tr key={item._id} {...{ [`data-${noun}-id`]: item._id }}>
                <td data-label="Requested">
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                </td>
                <td data-label="Player">
                  <PlayerCell player={item.player} />
                </td>
                <td data-label="Amount" className="cell-amount">
                  <Amount value={item.amount} />
                </td>
                {columns.map((column) => (
                  <td key={column.header} data-label={column.header}>
                    {column.cell(item, onOpen)}
                  </td>
                ))}
                <td data-label="Status">
                  <span className="stacked">
                    <span>
                      <RequestStatusBadge status={item.status} approvedLabel={approvedLabel} />{' '}
                      {item.awaitingSecondApproval ? <SecondApprovalBadge byMe={firstByMe} /> : null}
                    </span>
                    {firstByMe ? (
                      <span className="muted small">You gave the first approval; another operator must approve.</span>
                    ) : null}
                    {item.status !== 'pending' ? (
                      <span className="muted small">{formatDateTime(item.decidedAt)}</span>
                    ) : null}
                    {item.reason !== null && item.reason !== '' ? <q className="small">{item.reason}</q> : null}
                  </span>
                </td>
                {anyPending ? (
                  <td data-label="Decision">
                    {item.status === 'pending' && own ? <SelfServiceNote /> : null}
                    {readOnly !== null ? <span className="muted small">{readOnly}</span> : null}
                    {item.status === 'pending' && !own && readOnly === null ? (
                      <div className="button-row desk-actions">
                        <Button
                          size="small"
                          variant="primary"
                          disabled={firstByMe}
                          onClick={() => onApprove(item)}
                          aria-label={`${approveLabel} the ${noun} of ${describe(item)}`}
                        >
                          {approveLabel}
                        </Button>
                        <Button
                          size="small"
                          variant="danger"
                          onClick={() => onReject(item)}
                          aria-label={`Reject the ${noun} of ${describe(item)}`}
                        >
                          Reject
                        </Button>
                      </div>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
