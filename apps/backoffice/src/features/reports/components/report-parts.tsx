import type { ReactNode } from 'react';
import { formatRupees } from '@khel/money';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import type { DateRange } from '../api/keys';

/** A signed amount: green when the site (or the players, in the risk view) gains, red when it loses. */
export function Amount({ value }: { value: number }) {
  return <span className={value > 0 ? 'amount-up' : value < 0 ? 'amount-down' : undefined}>{formatRupees(value)}</span>;
}

/** From/To India dates; the server answers a wrong range with the field to fix. */
export function DateRangeFields({
  value,
  onChange,
  error,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  error?: string | undefined;
}) {
  return (
    <>
      <TextField
        label="From (India date)"
        type="date"
        value={value.start_date ?? ''}
        max={value.end_date}
        error={error}
        onChange={(event) => onChange({ ...value, start_date: event.target.value || undefined })}
      />
      <TextField
        label="To (India date)"
        type="date"
        value={value.end_date ?? ''}
        min={value.start_date}
        onChange={(event) => onChange({ ...value, end_date: event.target.value || undefined })}
      />
    </>
  );
}

/** Loading, error and empty states of a report, then its content. */
export function ReportState<T>({
  query,
  isEmpty,
  emptyTitle,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  isEmpty: (data: T) => boolean;
  emptyTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock label="Loading the report…" />;
  if (query.isError || query.data === undefined) return <Alert>{errorMessage(query.error)}</Alert>;
  if (isEmpty(query.data)) return <EmptyState title={emptyTitle} />;
  return <>{children(query.data)}</>;
}
