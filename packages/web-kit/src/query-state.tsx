import type { ReactNode } from 'react';

/** What QueryState reads of a React Query result (useQuery's answer fits). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Drawn while the first answer is on the way. */
  loading: ReactNode;
  /** Drawn when the query failed. */
  failed: (error: unknown) => ReactNode;
  /** Drawn instead of `children` when the data is empty; none: `children` draws empty data too. */
  empty?: ReactNode;
  /** When the data counts as empty; by default an empty array. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/** The four states of a section fed by one query: loading, failed, empty, and its data. No look of its own. */
export function QueryState<T>({ query, loading, failed, empty, isEmpty = emptyArray, children }: QueryStateProps<T>) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError) return <>{failed(query.error)}</>;
  const data = query.data as T;
  if (empty !== undefined && isEmpty(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
