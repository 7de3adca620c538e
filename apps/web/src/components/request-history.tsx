import { useState, type ReactNode } from 'react';
import { MESSAGES } from '@khel/contract';
import { DateRangePicker, defaultRange } from './ui/date-range-picker';
import { Skeleton } from './ui/spinner';
import type { DateRange } from '../lib/dates';
import { t } from '../lib/i18n/i18n';

/** What a history list reads: a query of the player's requests in a date range. */
interface RowsQuery<T> {
  isPending: boolean;
  isError: boolean;
  data?: T[] | undefined;
}

/** The loading rows of a history list, each the height of a request row. */
export function HistorySkeleton({ rows = 3, height = '72px' }: { rows?: number; height?: string }) {
  return (
    <div className="stack" aria-busy="true" aria-label={t('Loading')}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={height} />
      ))}
    </div>
  );
}

/**
 * The player's money requests (deposits, withdrawals) by date range: title, range picker, loading,
 * error and empty states, then one row per request. Each kind brings its query, its row and its words.
 */
export function RequestHistory<T extends { _id: string }>(props: {
  name: string;
  title: string;
  errorText: string;
  useRows: (range: DateRange) => RowsQuery<T>;
  row: (item: T) => ReactNode;
  skeleton?: { rows: number; height: string };
  children?: ReactNode;
}) {
  const [range, setRange] = useState<DateRange>(defaultRange);
  const query = props.useRows(range);
  const titleId = `${props.name}-history-title`;
  return (
    <section className="stack" aria-labelledby={titleId} data-testid={`${props.name}-history`}>
      <h2 id={titleId} className="section-title">
        {props.title}
      </h2>
      <DateRangePicker value={range} onChange={setRange} />
      {query.isPending ? (
        <HistorySkeleton {...props.skeleton} />
      ) : query.isError || query.data === undefined ? (
        <p className="no-data">{props.errorText}</p>
      ) : query.data.length === 0 ? (
        <p className="no-data">{MESSAGES.noData}</p>
      ) : (
        <ul className="history-list">{query.data.map((item) => props.row(item))}</ul>
      )}
      {props.children}
    </section>
  );
}
