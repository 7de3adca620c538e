import { useState } from 'react';
import { Link } from 'react-router';
import type { AgentBookLine } from '@khel/contract';
import { addDays, formatRupees, indiaToday } from '@khel/money';
import { Amount } from '../../../components/money/desk-parts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { CsvColumn } from '../../../components/ui/csv';
import { CsvButton } from '../../../components/ui/csv';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAgentBook } from '../api/agent-book';

const CSV_COLUMNS: readonly CsvColumn<AgentBookLine>[] = [
  { header: 'Date (India)', csv: (line) => line.indiaDate },
  { header: 'Time', csv: (line) => line.createdAt },
  { header: 'Description', csv: (line) => line.description },
  { header: 'Account', csv: (line) => line.counterparty?.name ?? 'House' },
  { header: 'In (₹)', csv: (line) => (line.amount > 0 ? line.amount.toFixed(2) : '') },
  { header: 'Out (₹)', csv: (line) => (line.amount < 0 ? (-line.amount).toFixed(2) : '') },
  { header: 'Balance (₹)', csv: (line) => line.balance.toFixed(2) },
];

/** The lines of a book with the balance after each. */
function BookLines({ lines, label }: { lines: AgentBookLine[]; label: string }) {
  return (
    <>
      {lines.length === 0 ? (
        <EmptyState title="No moves in these dates" />
      ) : (
        <table className="data-table responsive-table" aria-label={label}>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Description</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col" className="num">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line._id}>
                <td data-label="When">
                  <time dateTime={line.createdAt}>{formatDateTime(line.createdAt)}</time>
                </td>
                <td data-label="Description">
                  {line.counterparty === null ? (
                    line.description
                  ) : (
                    <>
                      {line.description} <Link to={`/users/${line.counterparty._id}`}>(open)</Link>
                    </>
                  )}
                </td>
                <td data-label="Amount" className="num">
                  <Amount value={line.amount} signed />
                </td>
                <td data-label="Balance" className="num">
                  {formatRupees(line.balance)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/**
 * An agent's own statement (issue 24, decision 0054): every move of its chips or credit, in and out,
 * with the running balance, in India dates, and the same rows as a CSV file. The agent reads its own,
 * its upline (and the house's operators) any agent below; the server refuses anyone else.
 */
export function AgentBookPanel({ agentId, title = 'Own statement' }: { agentId: string; title?: string }) {
  const today = indiaToday();
  const [range, setRange] = useState({ start_date: addDays(today, -29), end_date: today });
  const statement = useAgentBook(agentId, range);
  const data = statement.data;
  const noun = data?.book === 'credit' ? 'credit' : 'chips';
  return (
    <section className="card" aria-labelledby={`book-${agentId}`}>
      <h2 id={`book-${agentId}`}>{title}</h2>
      <p className="muted small">
        Every move of the agent&apos;s own {noun}, in and out, with the balance after each (India dates).
      </p>
      <div className="toolbar">
        <TextField
          label="From"
          type="date"
          value={range.start_date}
          max={range.end_date}
          onChange={(event) => event.target.value !== '' && setRange({ ...range, start_date: event.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={range.end_date}
          min={range.start_date}
          onChange={(event) => event.target.value !== '' && setRange({ ...range, end_date: event.target.value })}
        />
        {data !== undefined ? (
          <CsvButton
            columns={CSV_COLUMNS}
            rows={data.lines}
            fileName={`statement-${data.agent.name.replace(/[^\w-]+/g, '-')}-${data.startDate}-${data.endDate}.csv`}
          />
        ) : null}
      </div>
      {statement.isPending ? (
        <LoadingBlock label="Loading the statement…" />
      ) : statement.isError ? (
        <Alert
          action={
            <Button size="small" onClick={() => void statement.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(statement.error)}
        </Alert>
      ) : (
        <>
          <dl className="facts" aria-label="Balances">
            <dt>Opening balance ({statement.data.startDate})</dt>
            <dd data-testid="book-opening">{formatRupees(statement.data.openingBalance)}</dd>
            <dt>Closing balance ({statement.data.endDate})</dt>
            <dd data-testid="book-closing">{formatRupees(statement.data.closingBalance)}</dd>
          </dl>
          <BookLines lines={statement.data.lines} label="Statement lines" />
          {statement.data.settlements !== null ? (
            <>
              <h3>Settlements with players</h3>
              <p className="muted small">
                Cash that changed hands outside the product when a credit player was settled: positive when the agent
                received it.
              </p>
              <dl className="facts" aria-label="Settlements">
                <dt>Received before {statement.data.startDate}</dt>
                <dd data-testid="settlements-opening">{formatRupees(statement.data.settlements.openingBalance)}</dd>
                <dt>Received by {statement.data.endDate}</dt>
                <dd data-testid="settlements-closing">{formatRupees(statement.data.settlements.closingBalance)}</dd>
              </dl>
              <BookLines lines={statement.data.settlements.lines} label="Settlement lines" />
              <CsvButton
                columns={CSV_COLUMNS}
                rows={statement.data.settlements.lines}
                fileName={`settlements-${statement.data.agent.name.replace(/[^\w-]+/g, '-')}-${statement.data.startDate}-${statement.data.endDate}.csv`}
              />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
