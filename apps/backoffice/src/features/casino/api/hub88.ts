import { useMutation } from '@tanstack/react-query';
import type { hub88ImportEnvelope, hub88ReconcileEnvelope } from '@khel/contract';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRefreshCasino } from './keys';

/** The provider row of the Hub88 aggregator (decision 0046); its back-office actions show only for it. */
export const HUB88_PROVIDER = 'hub88';

export type Hub88Import = NonNullable<ReturnType<typeof hub88ImportEnvelope.parse>['data']>;
export type Hub88Reconciled = NonNullable<ReturnType<typeof hub88ReconcileEnvelope.parse>['data']>;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What an import did, in the operator's words. */
export function importSummary(result: Hub88Import): string {
  return [
    `${count(result.added, 'game', 'games')} added (switched off until you enable them)`,
    `${result.updated} refreshed`,
    `${result.disabled} switched off (no longer offered)`,
    ...(result.skipped > 0 ? [`${result.skipped} skipped (a code the catalogue cannot hold)`] : []),
  ].join(', ');
}

/** What a day's reconciliation found. */
export function reconcileSummary(result: Hub88Reconciled): string {
  const differences =
    result.differences === 0 ? 'no differences' : count(result.differences, 'difference', 'differences');
  return `${result.day}: ${result.ours} of ours, ${result.theirs} in Hub88's report, ${result.matched} matched, ${differences}`;
}

/** POST /backoffice/casino/hub88/import: the aggregator's game list into the catalogue. */
export function useImportHub88Catalogue() {
  const refresh = useRefreshCasino();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<Hub88Import>('/backoffice/casino/hub88/import', { method: 'POST', body: {} })).data,
    onSuccess: (result) => toast.success(`Hub88 catalogue imported: ${importSummary(result)}`),
    onSettled: refresh,
  });
}

/** POST /backoffice/casino/hub88/reconcile { date }: one past India day against Hub88's transactions report. */
export function useReconcileHub88Day() {
  const refresh = useRefreshCasino();
  return useMutation({
    mutationFn: async (date: string) =>
      (await apiRequest<Hub88Reconciled>('/backoffice/casino/hub88/reconcile', { method: 'POST', body: { date } }))
        .data,
    onSuccess: (result) => toast.success(`Reconciled with Hub88 — ${reconcileSummary(result)}`),
    onSettled: refresh,
  });
}
