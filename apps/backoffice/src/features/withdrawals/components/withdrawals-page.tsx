import type { PaymentAccount } from '@khel/contract';
import { formatRupees } from '@khel/money';
import type { DeskPageSpec } from '../../../components/money/request-desk/request-desk-page';
import { RequestDeskPage } from '../../../components/money/request-desk/request-desk-page';
import { CopyableValue } from '../../../components/ui/copy-button';
import type { DeskWithdrawal } from '../api/get-withdrawals';
import { withdrawalDesk } from '../api/get-withdrawals';

function describe(withdrawal: DeskWithdrawal): string {
  return `${formatRupees(withdrawal.amount)} to ${withdrawal.player.name || withdrawal.player.username}`;
}

/** Withdrawals on the request desk (decision 0032): the held amount, paid to the player's payout account. */
const WITHDRAWALS: DeskPageSpec<DeskWithdrawal> = {
  api: withdrawalDesk,
  noun: 'withdrawal',
  title: 'Withdrawals',
  intro:
    "The amount is held from the player's balance. Pay it to the account shown, then mark it paid; a rejection releases the hold.",
  playMoneyNote: 'Balances are play chips with no cash value: do not send real money for these requests.',
  tabLabels: { pending: 'Pending', approved: 'Paid', rejected: 'Rejected' },
  empty: {
    pending: 'No withdrawals wait to be paid',
    approved: 'No paid withdrawals yet',
    rejected: 'No rejected withdrawals',
  },
  describe,
  columns: [
    {
      header: 'Pay to',
      cell: (withdrawal) => (
        <>
          <span className="badge badge-muted">{withdrawal.account.type === 'upi' ? 'UPI' : 'Bank'}</span>
          <PayoutDetails account={withdrawal.account} />
        </>
      ),
      csv: (withdrawal) => `${withdrawal.account.type === 'upi' ? 'UPI' : 'Bank'} ${withdrawal.account.accountNumber}`,
    },
  ],
  approveLabel: 'Mark paid',
  approveTitle: 'Mark this withdrawal paid',
  approveBody: (withdrawal) => (
    <>
      <p>
        Confirm that <strong>{formatRupees(withdrawal.amount)}</strong> has been paid to:
      </p>
      <PayoutDetails account={withdrawal.account} />
      <p className="muted">
        {withdrawal.awaitingSecondApproval
          ? 'Another operator has approved it: this completes the withdrawal.'
          : 'Above the amount that needs two operators, your approval is recorded as the first and a second operator completes it.'}
      </p>
    </>
  ),
  rejectTitle: 'Reject this withdrawal',
  rejectLabel: 'Reject and release',
  rejectBody: (withdrawal) => (
    <p>
      {formatRupees(withdrawal.amount)} goes back to the balance of{' '}
      {withdrawal.player.name || withdrawal.player.username}. The player sees the reason with the request.
    </p>
  ),
};

export function WithdrawalsPage() {
  return <RequestDeskPage spec={WITHDRAWALS} />;
}

/** The player's payout account, each value with a copy button for the operator's banking app. */
export function PayoutDetails({ account }: { account: PaymentAccount }) {
  return (
    <dl className="facts payout-details">
      {account.type === 'upi' ? (
        <>
          <dt>UPI id</dt>
          <dd>
            <CopyableValue value={account.accountNumber} label="UPI id" />
          </dd>
          <dt>Name</dt>
          <dd>
            <CopyableValue value={account.accountHolderName} label="account holder name" />
          </dd>
        </>
      ) : (
        <>
          <dt>Name</dt>
          <dd>
            <CopyableValue value={account.accountHolderName} label="account holder name" />
          </dd>
          <dt>Account</dt>
          <dd>
            <CopyableValue value={account.accountNumber} label="account number" />
          </dd>
          <dt>IFSC</dt>
          <dd>{account.ifscCode === undefined ? '—' : <CopyableValue value={account.ifscCode} label="IFSC code" />}</dd>
          <dt>Bank</dt>
          <dd>
            {account.bankName ?? '—'}
            {account.accountType === undefined ? null : <span className="muted"> · {account.accountType}</span>}
          </dd>
        </>
      )}
    </dl>
  );
}
