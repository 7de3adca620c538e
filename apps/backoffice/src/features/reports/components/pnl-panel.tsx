import { useState } from 'react';
import type { PnlRow } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { SelectField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { usePnl } from '../api/get-pnl';
import type { PnlQuery } from '../api/get-pnl';
import type { DateRange } from '../api/keys';
import type { Column } from './report-table';
import { CsvButton, ReportTable } from './report-table';
import { Amount, DateRangeFields, ReportState } from './report-parts';

const GROUPS = {
  sports: [
    ['sport', 'Sport'],
    ['event', 'Event'],
    ['market', 'Market'],
    ['day', 'Day'],
  ],
  casino: [
    ['game', 'Game'],
    ['provider', 'Provider'],
    ['day', 'Day'],
  ],
} as const;

/** P&L in the house's view (what players lost is the site's win) for sports or casino, grouped as chosen. */
export function PnlPanel({ range, onRangeChange }: { range: DateRange; onRangeChange: (range: DateRange) => void }) {
  const [product, setProduct] = useState<'sports' | 'casino'>('sports');
  const [groupBy, setGroupBy] = useState<string>('sport');
  const query = { ...range, product, groupBy } as PnlQuery;
  const report = usePnl(query);
  const groupName = GROUPS[product].find(([value]) => value === groupBy)?.[1] ?? 'Line';
  const columns: Column<PnlRow>[] = [
    { header: groupName, cell: (row) => row.label, csv: (row) => row.label },
    ...(groupBy === 'event' || groupBy === 'market' || groupBy === 'game'
      ? [{ header: 'Where', cell: (row: PnlRow) => row.context, csv: (row: PnlRow) => row.context }]
      : []),
    { header: product === 'sports' ? 'Bets' : 'Rounds', cell: (row) => row.bets, csv: (row) => row.bets, num: true },
    { header: 'Players', cell: (row) => row.players, csv: (row) => row.players, num: true },
    { header: 'Turnover', cell: (row) => formatRupees(row.turnover), csv: (row) => row.turnover, num: true },
    { header: 'House P&L', cell: (row) => <Amount value={row.housePnl} />, csv: (row) => row.housePnl, num: true },
  ];
  return (
    <div className="report-panel">
      <div className="report-toolbar">
        <SelectField
          label="Product"
          value={product}
          onChange={(event) => {
            const next = event.target.value as 'sports' | 'casino';
            setProduct(next);
            setGroupBy(GROUPS[next][0][0]);
          }}
        >
          <option value="sports">Sports</option>
          <option value="casino">Casino</option>
        </SelectField>
        <SelectField label="Group by" value={groupBy} onChange={(event) => setGroupBy(event.target.value)}>
          {GROUPS[product].map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <DateRangeFields
          value={range}
          onChange={onRangeChange}
          error={report.error instanceof ApiError ? report.error.issueFor('start_date') : undefined}
        />
      </div>
      <p className="muted">
        {product === 'sports'
          ? 'Settled bets, by the India day they settled.'
          : 'Finished casino rounds, by the India day they finished.'}{' '}
        House P&L is what the players lost: positive, the site won.
      </p>
      <ReportState
        query={report}
        isEmpty={(data) => data.rows.length === 0}
        emptyTitle="No settled play in these dates"
      >
        {(data) => (
          <>
            <div className="report-actions">
              <span className="muted">
                {data.from} to {data.to}
              </span>
              <CsvButton
                columns={columns}
                rows={data.rows}
                fileName={`${product}-pnl-by-${groupBy}-${data.from}-${data.to}.csv`}
              />
            </div>
            <ReportTable
              label={`${product === 'sports' ? 'Sports' : 'Casino'} P&L by ${groupName.toLowerCase()}`}
              columns={columns}
              rows={data.rows}
              rowKey={(row) => row.key}
              footer={{ key: 'total', label: 'Total', context: '', ...data.total }}
            />
          </>
        )}
      </ReportState>
    </div>
  );
}
