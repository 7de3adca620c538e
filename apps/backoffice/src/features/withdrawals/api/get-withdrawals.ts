import type { Withdrawal } from '@khel/contract';
import type { DeskPlayer } from '../../../components/money/desk-parts';
import { createDeskApi } from '../../../components/money/request-desk/request-desk-api';

/** A withdrawal as the desk sees it (the contract's deskWithdrawalSchema): account = the player's payout account. */
export type DeskWithdrawal = Withdrawal & {
  player: DeskPlayer;
  firstApprovedBy: string | null;
  decidedBy: string | null;
};

/** Withdrawals on the request desk: approving marks the held amount paid (decision 0032). */
export const withdrawalDesk = createDeskApi<DeskWithdrawal>({
  path: 'withdrawals',
  approvedToast: 'Withdrawal marked paid',
  rejectedToast: 'Withdrawal rejected, amount released',
});

export const useWithdrawals = withdrawalDesk.useList;
export const usePendingWithdrawalCount = withdrawalDesk.usePendingCount;
