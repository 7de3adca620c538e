import type { ReactNode } from 'react';
import {
  DataTable as KitDataTable,
  QueryState as KitQueryState,
  errorMessage,
  type DataTableProps,
  type QueryLike,
} from '@khel/web-kit';
import { Alert } from './alert';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { LoadingBlock } from './spinner';

interface QueryStateProps<T> {
  query: QueryLike<T> & { refetch?: () => unknown };
  loadingLabel?: string;
  /** Offers "Try again" beside the failure. */
  retry?: boolean;
  /** The empty state's title; none: `children` draws empty data too. */
  emptyTitle?: string;
  emptyBody?: ReactNode;
  children: (data: T) => ReactNode;
}

/** The back office's look of a section fed by one query: a loading block, an error alert, an empty state. */
export function QueryState<T>({
  query,
  loadingLabel,
  retry = false,
  emptyTitle,
  emptyBody,
  children,
}: QueryStateProps<T>) {
  const tryAgain = retry ? (
    <Button size="small" onClick={() => void query.refetch?.()}>
      Try again
    </Button>
  ) : undefined;
  return (
    <KitQueryState
      query={query}
      loading={<LoadingBlock {...(loadingLabel === undefined ? {} : { label: loadingLabel })} />}
      failed={(error) => <Alert action={tryAgain}>{errorMessage(error)}</Alert>}
      empty={emptyTitle === undefined ? undefined : <EmptyState title={emptyTitle}>{emptyBody}</EmptyState>}
    >
      {children}
    </KitQueryState>
  );
}

/** The back office's data table: stacked into labelled cards on a narrow screen (`responsive-table`). */
export function DataTable<R>({ className, ...props }: DataTableProps<R>) {
  return <KitDataTable {...props} className={`data-table responsive-table${className ? ` ${className}` : ''}`} />;
}
