import { ROLES } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Amount } from '../../../components/money/desk-parts';
import type { DeskPageSpec } from '../../../components/money/request-desk/request-desk-page';
import { RequestDeskPage } from '../../../components/money/request-desk/request-desk-page';
import { CopyableValue } from '../../../components/ui/copy-button';
import { formatDateTime } from '../../../lib/format';
import type { DeskDeposit } from '../api/get-deposits';
import { depositDesk } from '../api/get-deposits';
import { ScreenshotDialog } from './screenshot-dialog';

/** "₹1,000.00 by Ravi Kumar": how buttons and dialogs name one request. */
function describe(deposit: DeskDeposit): string {
  return `${formatRupees(deposit.amount)} by ${deposit.player.name || deposit.player.username}`;
}

function DepositFacts({ deposit }: { deposit: DeskDeposit }) {
  return (
    <dl className="facts">
      <dt>Player</dt>
      <dd>
        {deposit.player.name || deposit.player.username} ({deposit.player.mobile_no})
      </dd>
      <dt>Amount</dt>
      <dd>
        <Amount value={deposit.amount} />
      </dd>
      <dt>Reference id</dt>
      <dd>{deposit.txnRef ?? <span className="muted">none, screenshot only</span>}</dd>
      <dt>Paid into</dt>
      <dd>
        {deposit.account.type === 'upi' ? 'UPI' : 'Bank'} {deposit.account.accountNumber}
      </dd>
      <dt>Requested</dt>
      <dd>{formatDateTime(deposit.createdAt)}</dd>
    </dl>
  );
}

/** Deposits on the request desk (decision 0032): the receiving account and the proof are theirs alone. */
const DEPOSITS: DeskPageSpec<DeskDeposit> = {
  api: depositDesk,
  noun: 'deposit',
  title: 'Deposits',
  intro:
    "Check each payment in the receiving account (reference id or screenshot) before you approve: approving credits the player's main wallet.",
  tabLabels: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' },
  empty: {
    pending: 'No deposits wait for a decision',
    approved: 'No approved deposits yet',
    rejected: 'No rejected deposits',
  },
  describe,
  // PRODUCT.md §9: money paid into an agent's account is that agent's (or its upline agents') to decide.
  readOnly: (deposit, viewerRole) =>
    deposit.receivingAgent !== null && viewerRole !== ROLES.AGENT
      ? `Paid into ${deposit.receivingAgent.name}'s account: that agent decides it`
      : null,
  columns: [
    {
      header: 'Paid into',
      cell: (deposit) => (
        <span className="stacked">
          <span>
            <span className="badge badge-muted">{deposit.account.type === 'upi' ? 'UPI' : 'Bank'}</span>{' '}
            {deposit.account.accountNumber}
          </span>
          <span className="muted small">{deposit.account.accountHolderName}</span>
        </span>
      ),
      csv: (deposit) => `${deposit.account.type === 'upi' ? 'UPI' : 'Bank'} ${deposit.account.accountNumber}`,
    },
    {
      header: 'Proof',
      csv: (deposit) => deposit.txnRef,
      cell: (deposit, open) => (
        <span className="stacked">
          {deposit.txnRef !== null && deposit.txnRef !== '' ? (
            <CopyableValue value={deposit.txnRef} label="reference id" />
          ) : (
            <span className="muted small">No reference id</span>
          )}
          {deposit.screenShot !== null ? (
            <button
              type="button"
              className="thumb-button"
              onClick={() => open(deposit)}
              aria-label={`View the screenshot of the deposit of ${describe(deposit)}`}
            >
              <img src={deposit.screenShot} alt="" className="thumb" />
            </button>
          ) : null}
        </span>
      ),
    },
  ],
  approveLabel: 'Approve',
  approveTitle: 'Approve this deposit',
  approveBody: (deposit) => (
    <>
      <DepositFacts deposit={deposit} />
      <p>
        {deposit.awaitingSecondApproval ? 'Another operator has approved it. ' : null}
        The main wallet of {deposit.player.name || deposit.player.username} is credited with{' '}
        <strong>{formatRupees(deposit.amount)}</strong>
        {deposit.awaitingSecondApproval
          ? ' at once.'
          : ', or, above the amount that needs two operators, your approval is recorded as the first.'}
      </p>
    </>
  ),
  rejectTitle: 'Reject this deposit',
  rejectLabel: 'Reject',
  rejectBody: (deposit) => (
    <>
      <DepositFacts deposit={deposit} />
      <p>Nothing is credited. The player sees the reason with the request.</p>
    </>
  ),
  Viewer: (props) => <ScreenshotDialog {...props} describe={describe} />,
};

export function DepositsPage() {
  return <RequestDeskPage spec={DEPOSITS} />;
}
