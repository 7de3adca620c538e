import { usePendingHouseMoneyCount } from '../features/house-money/api/house-money';
import { usePendingDepositCount } from '../features/deposits/api/get-deposits';
import { usePendingWithdrawalCount } from '../features/withdrawals/api/get-withdrawals';
import type { NavCount } from './navigation';

/** The queues' waiting items for the sidebar; polled, and refreshed at once after each decision. */
export function usePendingCounts(enabled: boolean, operator: boolean): Record<NavCount, number | undefined> {
  const deposits = usePendingDepositCount(enabled);
  const withdrawals = usePendingWithdrawalCount(enabled);
  const houseMoney = usePendingHouseMoneyCount(enabled && operator);
  return { pendingDeposits: deposits.data, pendingWithdrawals: withdrawals.data, pendingHouseMoney: houseMoney.data };
}
