import { useQueryClient } from '@tanstack/react-query';
import type {
  backofficeCasinoGameSchema,
  casinoProviderSchema,
  casinoReconciliationEnvelope,
  casinoRoundRowSchema,
  casinoTransactionRowSchema,
} from '@khel/contract';

export type DeskGame = ReturnType<typeof backofficeCasinoGameSchema.parse>;
export type DeskProvider = ReturnType<typeof casinoProviderSchema.parse>;
export type DeskRound = ReturnType<typeof casinoRoundRowSchema.parse>;
export type DeskTransaction = ReturnType<typeof casinoTransactionRowSchema.parse>;
export type Reconciliation = NonNullable<ReturnType<typeof casinoReconciliationEnvelope.parse>['data']>;

/** Every casino query lives under ['casino'], so one invalidation refreshes the catalogue, providers and reports. */
export const casinoQueryKeys = {
  all: ['casino'] as const,
  games: ['casino', 'games'] as const,
  providers: ['casino', 'providers'] as const,
  rounds: (provider: string, date: string) => ['casino', 'rounds', provider, date] as const,
  transactions: (provider: string, date: string) => ['casino', 'transactions', provider, date] as const,
  reconciliation: (provider: string) => ['casino', 'reconciliation', provider] as const,
};

/**
 * After any catalogue or provider change, whether it succeeded or not (a refusal then shows the fresh
 * state): the casino data and the audit views (provider and game changes are audited).
 */
export function useRefreshCasino() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: casinoQueryKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['audit-log'] });
  };
}
