import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatementLine } from '@khel/contract';
import { apiRequest, unwrap } from '../../../lib/api-client';
import type { DateRange } from '../../../lib/dates';

/**
 * The three statement calls of spec §7 answer the same shape, so one fetcher serves them:
 * all = GET /api/v1/account-statement, transactions = /api/v1/transaction (deposits, withdrawals and
 * other wallet movements), results = /api/v1/result-transaction (bets and casino rounds).
 */
export const STATEMENT_PATHS = {
  all: '/account-statement',
  transactions: '/transaction',
  results: '/result-transaction',
} as const;
export type StatementKind = keyof typeof STATEMENT_PATHS;

export interface Statement {
  openingBalance: number;
  closingBalance: number;
  lines: StatementLine[];
}

/** isChecked=true asks for the bonus wallet (PRODUCT.md §3). */
export async function getStatement(kind: StatementKind, range: DateRange, bonus: boolean): Promise<Statement> {
  const envelope = await apiRequest<Statement>(STATEMENT_PATHS[kind], {
    query: { start_date: range.start, end_date: range.end, isChecked: bonus },
  });
  return unwrap(envelope);
}

export function useStatement(kind: StatementKind, range: DateRange, bonus: boolean) {
  return useQuery({
    queryKey: ['statement', kind, range.start, range.end, bonus],
    queryFn: () => getStatement(kind, range, bonus),
    placeholderData: keepPreviousData,
  });
}
