import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatementLine } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';

export type LedgerWallet = 'main' | 'bonus' | 'referral';

export interface LedgerParams {
  wallet: LedgerWallet;
  /** YYYY-MM-DD, India time, inclusive; '' = open. */
  start_date: string;
  end_date: string;
}

export interface Ledger {
  openingBalance: number;
  closingBalance: number;
  lines: StatementLine[];
}

/** Other features invalidate ['player-wallet'] after a money decision, without importing this file. */
export const playerWalletQueryKeys = {
  all: ['player-wallet'] as const,
  user: (userId: string) => ['player-wallet', userId] as const,
  ledger: (userId: string, params: LedgerParams) => ['player-wallet', userId, 'ledger', params] as const,
  adjustments: (userId: string) => ['player-wallet', userId, 'adjustments'] as const,
};

export async function getLedger(userId: string, params: LedgerParams, signal?: AbortSignal): Promise<Ledger> {
  const query = {
    wallet: params.wallet,
    start_date: params.start_date || undefined,
    end_date: params.end_date || undefined,
  };
  return (
    await apiRequest<Ledger>(`/backoffice/users/${encodeURIComponent(userId)}/ledger`, {
      query,
      ...(signal ? { signal } : {}),
    })
  ).data;
}

export function useLedger(userId: string, params: LedgerParams) {
  return useQuery({
    queryKey: playerWalletQueryKeys.ledger(userId, params),
    queryFn: ({ signal }) => getLedger(userId, params, signal),
    placeholderData: keepPreviousData,
  });
}
