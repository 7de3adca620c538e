import type { Deposit } from '@khel/contract';
import type { DeskPlayer } from '../../../components/money/desk-parts';
import { createDeskApi } from '../../../components/money/request-desk/request-desk-api';

/** A deposit as the desk sees it (the contract's deskDepositSchema). */
export type DeskDeposit = Deposit & {
  player: DeskPlayer;
  firstApprovedBy: string | null;
  decidedBy: string | null;
  /** The cash agent whose receiving account was paid: only it (or an agent above it) decides the deposit. */
  receivingAgent: { _id: string; name: string } | null;
};

/** Deposits on the request desk: approving credits the main wallet (decision 0032). */
export const depositDesk = createDeskApi<DeskDeposit>({
  path: 'deposits',
  approvedToast: 'Deposit approved',
  rejectedToast: 'Deposit rejected',
});

export const useDeposits = depositDesk.useList;
export const usePendingDepositCount = depositDesk.usePendingCount;
