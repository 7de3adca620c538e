import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { REQUEST_STATUSES, rejectRequestSchema } from '@khel/contract';
import type { RequestStatus } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Amount, PlayerCell, RequestStatusBadge, SecondApprovalBadge, SelfServiceNote } from '../../../components/money/desk-parts';
import { PlayMoneyNote } from '../../../components/money/play-money-note';
import { Alert } from '../../../components/ui/alert';
import { BlobImage } from '../../../components/ui/blob-image';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyableValue } from '../../../components/ui/copy-button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/get-user-data';
import { formatDateTime } from '../../../lib/format';
import { useApproveDeposit, useRejectDeposit } from '../api/decide-deposit';
import { useDepositScreenshot } from '../api/get-deposit-screenshot';
import type { DeskDeposit } from '../api/get-deposits';
import { useDeposits, usePendingDepositCount } from '../api/get-deposits';

const PAGE_SIZE = 25;
const TAB_LABELS: Record<RequestStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
const EMPTY: Record<RequestStatus, string> = { pending: 'No deposits wait for a decision', approved: 'No approved deposits yet', rejected: 'No rejected deposits' };

function statusOf(value: string | null): RequestStatus {
  return (REQUEST_STATUSES as readonly string[]).includes(value ?? '') ? (value as RequestStatus) : 'pending';
}

/** "Deposit of ₹1,000.00 by Ravi Kumar": how buttons and dialogs name one request. */
function describe(deposit: DeskDeposit): string {
  return `${formatRupees(deposit.amount)} by ${deposit.player.name || deposit.player.username}`;
}

export function DepositsPage() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const query = useDeposits({ status, page, pageSize: PAGE_SIZE });
  const pendingCount = usePendingDepositCount();
  const me = useProfile().data?._id;
  const approve = useApproveDeposit();
  const reject = useRejectDeposit();
  const [approving, setApproving] = useState<DeskDeposit | null>(null);
  const [rejecting, setRejecting] = useState<DeskDeposit | null>(null);
  const [viewing, setViewing] = useState<DeskDeposit | null>(null);

  function go(next: { status?: RequestStatus; page?: number }) {
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 1;
    const search: Record<string, string> = {};
    if (nextStatus !== 'pending') search.status = nextStatus;
    if (nextPage > 1) search.page = String(nextPage);
    setParams(search);
  }

  return (
    <section className="page" aria-labelledby="deposits-title">
      <header className="page-header">
        <h1 id="deposits-title">Deposits</h1>
        <div className="page-actions">
          {query.isFetching && query.data !== undefined ? <Spinner size="small" label="Updating" /> : null}
          <Button size="small" onClick={() => void query.refetch()}>
            Refresh
          </Button>
        </div>
      </header>
      <p className="muted">Check each payment in the receiving account (reference id or screenshot) before you approve: approving credits the player&apos;s main wallet.</p>
      <PlayMoneyNote />
      <Tabs
        label="Deposits by status"
        value={status}
        onChange={(next) => go({ status: next })}
        items={REQUEST_STATUSES.map((value) => ({ value, label: TAB_LABELS[value], count: value === 'pending' ? pendingCount.data : undefined }))}
      >
        {query.isPending ? (
          <LoadingBlock label="Loading deposits…" />
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
            <DepositTable deposits={query.data.items} me={me} onApprove={setApproving} onReject={setRejecting} onView={setViewing} />
            <Pagination page={page} pageSize={PAGE_SIZE} total={query.data.total} label="Deposit pages" onPageChange={(next) => go({ page: next })} />
          </>
        )}
      </Tabs>

      <ConfirmDialog
        open={approving !== null}
        title={approving?.awaitingSecondApproval ? 'Give the second approval' : 'Approve this deposit'}
        confirmLabel="Approve"
        busy={approve.isPending}
        onClose={() => setApproving(null)}
        onConfirm={() => {
          if (approving !== null) approve.mutate(approving._id, { onSettled: () => setApproving(null) });
        }}
      >
        {approving !== null ? (
          <>
            <DepositFacts deposit={approving} />
            <p>
              {approving.awaitingSecondApproval ? 'Another operator has approved it. ' : null}
              The main wallet of {approving.player.name || approving.player.username} is credited with <strong>{formatRupees(approving.amount)}</strong>
              {approving.awaitingSecondApproval ? ' at once.' : ', or, above the amount that needs two operators, your approval is recorded as the first.'}
            </p>
          </>
        ) : null}
      </ConfirmDialog>

      {rejecting !== null ? (
        <ReasonDialog
          title="Reject this deposit"
          confirmLabel="Reject"
          busy={reject.isPending}
          validate={(reason) => {
            const parsed = rejectRequestSchema.safeParse({ reason });
            return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason');
          }}
          onClose={() => setRejecting(null)}
          onConfirm={(reason) => reject.mutate({ id: rejecting._id, reason }, { onSettled: () => setRejecting(null) })}
        >
          <DepositFacts deposit={rejecting} />
          <p>Nothing is credited. The player sees the reason with the request.</p>
        </ReasonDialog>
      ) : null}

      {viewing !== null ? (
        <ScreenshotDialog
          deposit={viewing}
          canApprove={!(viewing.awaitingSecondApproval && viewing.firstApprovedBy === me)}
          canDecide={viewing.player._id !== me}
          onClose={() => setViewing(null)}
          onApprove={() => {
            setViewing(null);
            setApproving(viewing);
          }}
          onReject={() => {
            setViewing(null);
            setRejecting(viewing);
          }}
        />
      ) : null}
    </section>
  );
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

interface DepositTableProps {
  deposits: DeskDeposit[];
  me: string | undefined;
  onApprove: (deposit: DeskDeposit) => void;
  onReject: (deposit: DeskDeposit) => void;
  onView: (deposit: DeskDeposit) => void;
}

function DepositTable({ deposits, me, onApprove, onReject, onView }: DepositTableProps) {
  const anyPending = deposits.some((deposit) => deposit.status === 'pending');
  return (
    <table className="data-table responsive-table desk-table">
      <thead>
        <tr>
          <th scope="col">Requested</th>
          <th scope="col">Player</th>
          <th scope="col">Amount</th>
          <th scope="col">Paid into</th>
          <th scope="col">Proof</th>
          <th scope="col">Status</th>
          {anyPending ? <th scope="col">Decision</th> : null}
        </tr>
      </thead>
      <tbody>
        {deposits.map((deposit) => {
          const firstByMe = deposit.awaitingSecondApproval && deposit.firstApprovedBy !== null && deposit.firstApprovedBy === me;
          const own = deposit.player._id === me;
          return (
            <tr key={deposit._id} data-deposit-id={deposit._id}>
              <td data-label="Requested">
                <time dateTime={deposit.createdAt}>{formatDateTime(deposit.createdAt)}</time>
              </td>
              <td data-label="Player">
                <PlayerCell player={deposit.player} />
              </td>
              <td data-label="Amount" className="cell-amount">
                <Amount value={deposit.amount} />
              </td>
              <td data-label="Paid into">
                <span className="stacked">
                  <span>
                    <span className="badge badge-muted">{deposit.account.type === 'upi' ? 'UPI' : 'Bank'}</span> {deposit.account.accountNumber}
                  </span>
                  <span className="muted small">{deposit.account.accountHolderName}</span>
                </span>
              </td>
              <td data-label="Proof">
                <span className="stacked">
                  {deposit.txnRef !== null && deposit.txnRef !== '' ? <CopyableValue value={deposit.txnRef} label="reference id" /> : <span className="muted small">No reference id</span>}
                  {deposit.screenShot !== null ? (
                    <button type="button" className="thumb-button" onClick={() => onView(deposit)} aria-label={`View the screenshot of the deposit of ${describe(deposit)}`}>
                      <img src={deposit.screenShot} alt="" className="thumb" />
                    </button>
                  ) : null}
                </span>
              </td>
              <td data-label="Status">
                <span className="stacked">
                  <span>
                    <RequestStatusBadge status={deposit.status} /> {deposit.awaitingSecondApproval ? <SecondApprovalBadge byMe={firstByMe} /> : null}
                  </span>
                  {firstByMe ? <span className="muted small">You gave the first approval; another operator must approve.</span> : null}
                  {deposit.status !== 'pending' ? <span className="muted small">{formatDateTime(deposit.decidedAt)}</span> : null}
                  {deposit.reason !== null && deposit.reason !== '' ? <q className="small">{deposit.reason}</q> : null}
                </span>
              </td>
              {anyPending ? (
                <td data-label="Decision">
                  {deposit.status === 'pending' && own ? <SelfServiceNote /> : null}
                  {deposit.status === 'pending' && !own ? (
                    <div className="button-row desk-actions">
                      <Button size="small" variant="primary" disabled={firstByMe} onClick={() => onApprove(deposit)} aria-label={`Approve the deposit of ${describe(deposit)}`}>
                        Approve
                      </Button>
                      <Button size="small" variant="danger" onClick={() => onReject(deposit)} aria-label={`Reject the deposit of ${describe(deposit)}`}>
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

interface ScreenshotDialogProps {
  deposit: DeskDeposit;
  canApprove: boolean;
  /** False for the operator's own request (separation of duties). */
  canDecide: boolean;
  onClose: () => void;
  onApprove: () => void;
  onReject: () => void;
}

/** The full-size proof, with the decision at hand: the operator decides while looking at it. */
function ScreenshotDialog({ deposit, canApprove, canDecide, onClose, onApprove, onReject }: ScreenshotDialogProps) {
  const image = useDepositScreenshot(deposit.screenShotUrl);
  return (
    <Dialog
      open
      title={`Screenshot: ${describe(deposit)}`}
      onClose={onClose}
      footer={
        deposit.status === 'pending' && !canDecide ? (
          <SelfServiceNote />
        ) : deposit.status === 'pending' ? (
          <>
            <Button variant="danger" onClick={onReject}>
              Reject…
            </Button>
            <Button variant="primary" onClick={onApprove} disabled={!canApprove}>
              Approve…
            </Button>
          </>
        ) : undefined
      }
    >
      {deposit.screenShotUrl === null ? (
        deposit.screenShot === null ? null : <img src={deposit.screenShot} alt="Payment screenshot (preview)" className="screenshot-full" />
      ) : image.isPending ? (
        <LoadingBlock label="Loading the screenshot…" />
      ) : image.isError ? (
        <Alert>{errorMessage(image.error)}</Alert>
      ) : (
        <BlobImage blob={image.data} alt="Payment screenshot" className="screenshot-full" />
      )}
      {deposit.txnRef !== null && deposit.txnRef !== '' ? (
        <p>
          Reference id: <CopyableValue value={deposit.txnRef} label="reference id" />
        </p>
      ) : null}
    </Dialog>
  );
}
