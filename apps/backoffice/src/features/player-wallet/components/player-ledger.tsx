import { useState } from 'react';
import { Amount } from '../../../components/money/desk-parts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CsvButton } from '../../../components/ui/csv';
import type { CsvColumn } from '../../../components/ui/csv';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import type { LedgerParams, LedgerWallet } from '../api/get-ledger';
import { useLedger } from '../api/get-ledger';

const PAGE_SIZE = 20;
const WALLETS: { value: LedgerWallet; label: string }[] = [
  { value: 'main', label: 'Main wallet' },
  { value: 'bonus', label: 'Bonus wallet' },
  { value: 'referral', label: 'Referral bonus' },
];

/** 'play_chips_grant' → 'Play chips grant'. */
function kindLabel(kind: string): string {
  const text = kind.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

type Line = NonNullable<ReturnType<typeof useLedger>['data']>['lines'][number];
/** The whole period's lines as a CSV file (every page, newest first). */
const LEDGER_CSV: CsvColumn<Line>[] = [
  { header: 'When', csv: (line) => line.createdAt },
  { header: 'Description', csv: (line) => line.description },
  { header: 'Kind', csv: (line) => line.kind },
  { header: 'Credit', csv: (line) => line.credit },
  { header: 'Debit', csv: (line) => line.debit },
  { header: 'Balance', csv: (line) => line.balance },
];

/** Every movement of one wallet from the journal, newest first, with the balance after each line. */
export function PlayerLedger({ userId }: { userId: string }) {
  const [params, setParams] = useState<LedgerParams>({ wallet: 'main', start_date: '', end_date: '' });
  const [page, setPage] = useState(1);
  const rangeError =
    params.start_date !== '' && params.end_date !== '' && params.start_date > params.end_date
      ? 'The start date must not be after the end date'
      : undefined;
  // A reversed range is never asked for; the last good answer stays on screen meanwhile.
  const [asked, setAsked] = useState(params);
  const query = useLedger(userId, asked);

  function change(next: Partial<LedgerParams>) {
    const merged = { ...params, ...next };
    setParams(merged);
    setPage(1);
    if (!(merged.start_date !== '' && merged.end_date !== '' && merged.start_date > merged.end_date)) setAsked(merged);
  }

  const lines = query.data === undefined ? [] : [...query.data.lines].reverse();
  const shown = lines.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <section className="card" aria-labelledby="ledger-title">
      <div className="card-header">
        <h2 id="ledger-title">Ledger</h2>
        {query.isFetching && query.data !== undefined ? <Spinner size="small" label="Updating" /> : null}
      </div>
      <div className="filters ledger-filters">
        <SelectField
          label="Wallet"
          value={params.wallet}
          onChange={(event) => change({ wallet: event.target.value as LedgerWallet })}
        >
          {WALLETS.map((wallet) => (
            <option key={wallet.value} value={wallet.value}>
              {wallet.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="From"
          type="date"
          value={params.start_date}
          error={rangeError}
          max={params.end_date || undefined}
          onChange={(event) => change({ start_date: event.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={params.end_date}
          min={params.start_date || undefined}
          onChange={(event) => change({ end_date: event.target.value })}
        />
      </div>
      <p className="muted small">Dates are India time (IST), both days included.</p>
      {query.isPending ? (
        <LoadingBlock label="Loading the ledger…" />
      ) : query.isError && query.data === undefined ? (
        <Alert
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(query.error)}
        </Alert>
      ) : query.data === undefined ? null : (
        <>
          <dl className="balance-summary">
            <div>
              <dt>Opening balance</dt>
              <dd>
                <Amount value={query.data.openingBalance} />
              </dd>
            </div>
            <div>
              <dt>Closing balance</dt>
              <dd>
                <Amount value={query.data.closingBalance} />
              </dd>
            </div>
          </dl>
          {lines.length === 0 ? (
            <EmptyState title="No movements in this period" />
          ) : (
            <>
              <div className="list-actions">
                <CsvButton
                  columns={LEDGER_CSV}
                  rows={lines}
                  fileName={`ledger-${params.wallet}-${userId.slice(0, 8)}.csv`}
                />
              </div>
              <table className="data-table responsive-table ledger-table">
                <caption className="visually-hidden">Ledger lines, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Description</th>
                    <th scope="col" className="num">
                      Credit
                    </th>
                    <th scope="col" className="num">
                      Debit
                    </th>
                    <th scope="col" className="num">
                      Balance
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((line) => (
                    <tr key={line._id}>
                      <td data-label="When">
                        <time dateTime={line.createdAt}>{formatDateTime(line.createdAt)}</time>
                      </td>
                      <td data-label="Description" className="cell-primary">
                        {line.description}
                        <span className="muted small">{kindLabel(line.kind)}</span>
                      </td>
                      <td data-label="Credit" className="num">
                        {line.credit > 0 ? <Amount value={line.credit} /> : <span className="muted">—</span>}
                      </td>
                      <td data-label="Debit" className="num">
                        {line.debit > 0 ? <Amount value={line.debit} /> : <span className="muted">—</span>}
                      </td>
                      <td data-label="Balance" className="num">
                        <Amount value={line.balance} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pagination
                page={page}
                pageSize={PAGE_SIZE}
                total={lines.length}
                label="Ledger pages"
                onPageChange={setPage}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
