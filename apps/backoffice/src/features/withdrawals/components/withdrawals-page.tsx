import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { REQUEST_STATUSES, rejectRequestSchema } from '@khel/contract';
import type { PaymentAccount, RequestStatus } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Amount, PlayerCell, RequestStatusBadge, SecondApprovalBadge, SelfServiceNote } from '../../../components/money/desk-parts';
import { PlayMoneyNote } from '../../../components/money/play-money-note';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyableValue } from '../../../components/ui/copy-button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/get-user-data';
import { formatDateTime } from '../../../lib/format';
import { useApproveWithdrawal, useRejectWithdrawal } from '../api/decide-withdrawal';
import type { DeskWithdrawal } from '../api/get-withdrawals';
import { usePendingWithdrawalCount, useWithdrawals } from '../api/get-withdrawals';

const PAGE_SIZE = 25;
const TAB_LABELS: Record<RequestStatus, string> = { pending: 'Pending', approved: 'Paid', rejected: 'Rejected' };
const EMPTY: Record<RequestStatus, string> = { pending: 'No withdrawals wait to be paid', approved: 'No paid withdrawals yet', rejected: 'No rejected withdrawals' };

function statusOf(value: string | null): RequestStatus {
  return (REQUEST_STATUSES as readonly string[]).includes(value ?? '') ? (value as RequestStatus) : 'pending';
}

function describe(withdrawal: DeskWithdrawal): string {
  return `${formatRupees(withdrawal.amount)} to ${withdrawal.player.name || withdrawal.player.username}`;
}

export function WithdrawalsPage() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const query = useWithdrawals({ status, page, pageSize: PAGE_SIZE });
  const pendingCount = usePendingWithdrawalCount();
  const me = useProfile().data?._id;
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const [paying, setPaying] = useState<DeskWithdrawal | null>(null);
  const [rejecting, setRejecting] = useState<DeskWithdrawal | null>(null);

  function go(next: { status?: RequestStatus; page?: number }) {
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 1;
    const search: Record<string, string> = {};
    if (nextStatus !== 'pending') search.status = nextStatus;
    if (nextPage > 1) search.page = String(nextPage);
    setParams(search);
  }

  return (
    <section className="page" aria-labelledby="withdrawals-title">
      <header className="page-header">
        <h1 id="withdrawals-title">Withdrawals</h1>
        <div className="page-actions">
          {query.isFetching && query.data !== undefined ? <Spinner size="small" label="Updating" /> : null}
          <Button size="small" onClick={() => void query.refetch()}>
            Refresh
          </Button>
        </div>
      </header>
      <p className="muted">The amount is held from the player&apos;s balance. Pay it to the account shown, then mark it paid; a rejection releases the hold.</p>
      <PlayMoneyNote>Balances are play chips with no cash value: do not send real money for these requests.</PlayMoneyNote>
      <Tabs
        label="Withdrawals by status"
        value={status}
        onChange={(next) => go({ status: next })}
        items={REQUEST_STATUSES.map((value) => ({ value, label: TAB_LABELS[value], count: value === 'pending' ? pendingCount.data : undefined }))}
      >
        {query.isPending ? (
          <LoadingBlock label="Loading withdrawals…" />
        ) : query.isError && query.data === undefined ? (
          <Alert
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(query.error)}
          </Alert>
        ) : query.data === undefined || query.data.items.length === 0 ? (
          <EmptyState title={EMPTY[status]} />
        ) : (
          <>
            <WithdrawalTable withdrawals={query.data.items} me={me} onPay={setPaying} onReject={setRejecting} />
            <Pagination page={page} pageSize={PAGE_SIZE} total={query.data.total} label="Withdrawal pages" onPageChange={(next) => go({ page: next })} />
          </>
        )}
      </Tabs>

      <ConfirmDialog
        open={paying !== null}
        title={paying?.awaitingSecondApproval ? 'Give the second approval' : 'Mark this withdrawal paid'}
        confirmLabel="Mark paid"
        busy={approve.isPending}
        onClose={() => setPaying(null)}
        onConfirm={() => {
          if (paying !== null) approve.mutate(paying._id, { onSettled: () => setPaying(null) });
        }}
      >
        {paying !== null ? (
          <>
            <p>
              Confirm that <strong>{formatRupees(paying.amount)}</strong> has been paid to:
            </p>
            <PayoutDetails account={paying.account} />
            <p className="muted">
              {paying.awaitingSecondApproval
                ? 'Another operator has approved it: this completes the withdrawal.'
                : 'Above the amount that needs two operators, your approval is recorded as the first and a second operator completes it.'}
            </p>
          </>
        ) : null}
      </ConfirmDialog>

      {rejecting !== null ? (
        <ReasonDialog
          title="Reject this withdrawal"
          confirmLabel="Reject and release"
          busy={reject.isPending}
          validate={(reason) => {
            const parsed = rejectRequestSchema.safeParse({ reason });
            return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason');
          }}
          onClose={() => setRejecting(null)}
          onConfirm={(reason) => reject.mutate({ id: rejecting._id, reason }, { onSettled: () => setRejecting(null) })}
        >
          <p>
            {formatRupees(rejecting.amount)} goes back to the balance of {rejecting.player.name || rejecting.player.username}. The player sees the reason with the request.
          </p>
        </ReasonDialog>
      ) : null}
    </section>
  );
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

interface WithdrawalTableProps {
  withdrawals: DeskWithdrawal[];
  me: string | undefined;
  onPay: (withdrawal: DeskWithdrawal) => void;
  onReject: (withdrawal: DeskWithdrawal) => void;
}

function WithdrawalTable({ withdrawals, me, onPay, onReject }: WithdrawalTableProps) {
  const anyPending = withdrawals.some((withdrawal) => withdrawal.status === 'pending');
  return (
    <table className="data-table responsive-table desk-table">
      <thead>
        <tr>
          <th scope="col">Requested</th>
          <th scope="col">Player</th>
          <th scope="col">Amount</th>
          <th scope="col">Pay to</th>
          <th scope="col">Status</th>
          {anyPending ? <th scope="col">Decision</th> : null}
        </tr>
      </thead>
      <tbody>
        {withdrawals.map((withdrawal) => {
          const firstByMe = withdrawal.awaitingSecondApproval && withdrawal.firstApprovedBy !== null && withdrawal.firstApprovedBy === me;
          const own = withdrawal.player._id === me;
          return (
            <tr key={withdrawal._id} data-withdrawal-id={withdrawal._id}>
              <td data-label="Requested">
                <time dateTime={withdrawal.createdAt}>{formatDateTime(withdrawal.createdAt)}</time>
              </td>
              <td data-label="Player">
                <PlayerCell player={withdrawal.player} />
              </td>
              <td data-label="Amount" className="cell-amount">
                <Amount value={withdrawal.amount} />
              </td>
              <td data-label="Pay to">
                <span className="badge badge-muted">{withdrawal.account.type === 'upi' ? 'UPI' : 'Bank'}</span>
                <PayoutDetails account={withdrawal.account} />
              </td>
              <td data-label="Status">
                <span className="stacked">
                  <span>
                    <RequestStatusBadge status={withdrawal.status} approvedLabel="Paid" /> {withdrawal.awaitingSecondApproval ? <SecondApprovalBadge byMe={firstByMe} /> : null}
                  </span>
                  {firstByMe ? <span className="muted small">You gave the first approval; another operator must approve.</span> : null}
                  {withdrawal.status !== 'pending' ? <span className="muted small">{formatDateTime(withdrawal.decidedAt)}</span> : null}
                  {withdrawal.reason !== null && withdrawal.reason !== '' ? <q className="small">{withdrawal.reason}</q> : null}
                </span>
              </td>
              {anyPending ? (
                <td data-label="Decision">
                  {withdrawal.status === 'pending' && own ? <SelfServiceNote /> : null}
                  {withdrawal.status === 'pending' && !own ? (
                    <div className="button-row desk-actions">
                      <Button size="small" variant="primary" disabled={firstByMe} onClick={() => onPay(withdrawal)} aria-label={`Mark paid the withdrawal of ${describe(withdrawal)}`}>
                        Mark paid
                      </Button>
                      <Button size="small" variant="danger" onClick={() => onReject(withdrawal)} aria-label={`Reject the withdrawal of ${describe(withdrawal)}`}>
                        Reject
                      </Button>
                    </div>
                  ) : null}
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
