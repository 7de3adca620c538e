import { useState } from 'react';
import { Link } from 'react-router';
import type { HouseMoneyRequest } from '@khel/contract';
import { ROLE_NAMES, rejectRequestSchema } from '@khel/contract';
import type { RoleId } from '@khel/contract';
import type { DataColumn } from '@khel/web-kit';
import { ApprovalContextFacts } from '../../../components/money/approval-context';
import { Amount, SelfServiceNote } from '../../../components/money/desk-parts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import type { CsvColumn } from '../../../components/ui/csv';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { LoadingBlock } from '../../../components/ui/spinner';
import { SecondOperatorQueue } from '../../../components/money/second-operator-queue';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/get-user-data';
import { formatDateTime } from '../../../lib/format';
import { useDecideHouseMoney, useHouseMoney, useHouseMoneyDetail } from '../api/house-money';

type Status = HouseMoneyRequest['status'];

const WHAT: Record<string, string> = {
  'chips:give': 'Chips given',
  'chips:take': 'Chips taken back',
  'credit:give': 'Credit given',
  'credit:take': 'Credit taken',
  'settlement:settle': 'Settlement',
};
const whatOf = (request: HouseMoneyRequest) => WHAT[`${request.kind}:${request.action}`] ?? request.kind;

function AccountCell({ target }: { target: HouseMoneyRequest['target'] }) {
  return (
    <span className="player-cell">
      <Link to={`/users/${target._id}`}>{target.name || target.username}</Link>
      <span className="muted small">{ROLE_NAMES[target.role as RoleId] ?? ''}</span>
    </span>
  );
}

/**
 * The second operator's view of one request (issue 24): what moves, and beside it the requester's
 * total for the account that India day, everything else waiting for the account and the first approval.
 */
function ReviewDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const me = useProfile().data?._id;
  const detail = useHouseMoneyDetail(id);
  const decide = useDecideHouseMoney();
  const [rejecting, setRejecting] = useState(false);
  const request = detail.data;
  const own = request !== undefined && (request.requestedBy === me || request.target._id === me);
  const pending = request?.status === 'pending';

  if (rejecting && request !== undefined)
    return (
      <ReasonDialog
        title="Reject this request"
        confirmLabel="Reject"
        busy={decide.isPending}
        hint="The audit log keeps this reason."
        validate={(reason) => {
          const parsed = rejectRequestSchema.safeParse({ reason });
          return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason');
        }}
        onConfirm={(reason) => decide.mutate({ id, approve: false, reason }, { onSuccess: onClose })}
        onClose={() => setRejecting(false)}
      />
    );

  return (
    <Dialog
      open
      title="Review before approving"
      onClose={onClose}
      dismissible={!decide.isPending}
      footer={
        <>
          <Button onClick={onClose} disabled={decide.isPending} data-autofocus>
            Close
          </Button>
          {pending && !own ? (
            <>
              <Button variant="danger" disabled={decide.isPending} onClick={() => setRejecting(true)}>
                Reject
              </Button>
              <Button
                variant="primary"
                busy={decide.isPending}
                onClick={() => decide.mutate({ id, approve: true }, { onSuccess: onClose })}
              >
                Approve
              </Button>
            </>
          ) : null}
        </>
      }
    >
      {detail.isPending ? <LoadingBlock /> : null}
      {detail.isError ? <Alert>{errorMessage(detail.error)}</Alert> : null}
      {request !== undefined ? (
        <div className="approval-review">
          <dl className="facts" aria-label="The request">
            <dt>What</dt>
            <dd>{whatOf(request)}</dd>
            <dt>Amount</dt>
            <dd>
              <strong className="amount" data-testid="review-amount">
                <Amount value={request.amount} />
              </strong>
            </dd>
            <dt>Account</dt>
            <dd>
              <AccountCell target={request.target} />
            </dd>
            {request.note !== null ? (
              <>
                <dt>Note</dt>
                <dd>{request.note}</dd>
              </>
            ) : null}
          </dl>
          <ApprovalContextFacts context={request.context} />
          {own ? (
            <p>
              <SelfServiceNote />
            </p>
          ) : null}
          {!pending ? (
            <p className="muted">
              {request.status === 'applied' ? 'Approved' : 'Rejected'} by {request.decidedByName}
            </p>
          ) : null}
          {decide.isError ? <Alert>{errorMessage(decide.error)}</Alert> : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * Chips, credit and settlements from the house that wait for a second operator (decision 0044): the
 * queue, each request reviewed in its context before it is approved or rejected.
 */
/** The queue as a CSV file. */
const HOUSE_MONEY_CSV: CsvColumn<HouseMoneyRequest>[] = [
  { header: 'Asked', csv: (row) => row.createdAt },
  { header: 'Account', csv: (row) => row.target.username },
  { header: 'Kind', csv: (row) => row.kind },
  { header: 'Action', csv: (row) => row.action },
  { header: 'Amount', csv: (row) => row.amount },
  { header: 'Note', csv: (row) => row.note },
  { header: 'Status', csv: (row) => row.status },
  { header: 'Asked by', csv: (row) => row.requestedByName },
  { header: 'Decided by', csv: (row) => row.decidedByName },
  { header: 'Decided', csv: (row) => row.decidedAt },
];

export function HouseMoneyPage() {
  const [status, setStatus] = useState<Status>('pending');
  const [reviewing, setReviewing] = useState<string | null>(null);
  const requests = useHouseMoney(status);
  const pendingCount = useHouseMoney('pending').data?.total;

  const columns: DataColumn<HouseMoneyRequest>[] = [
    { header: 'Asked', cell: (row) => formatDateTime(row.createdAt) },
    { header: 'Account', cell: (row) => <AccountCell target={row.target} /> },
    { header: 'What', cell: whatOf },
    { header: 'Amount', cell: (row) => <Amount value={row.amount} /> },
    { header: 'Asked by', cell: (row) => row.requestedByName },
    ...(status === 'pending'
      ? []
      : [{ header: 'Decided by', cell: (row: HouseMoneyRequest) => row.decidedByName ?? '—' }]),
    {
      header: '',
      cell: (row) => (
        <Button size="small" onClick={() => setReviewing(row._id)} aria-label={`Review ${row.target.name}`}>
          {row.status === 'pending' ? 'Review' : 'Details'}
        </Button>
      ),
    },
  ];

  return (
    <section className="page" aria-labelledby="house-money-title">
      <h1 id="house-money-title">House money approvals</h1>
      <p className="muted">
        Chips, credit and settlements from the house above an operator&apos;s daily line. Nothing moves until a
        different operator approves.
      </p>
      <SecondOperatorQueue
        label="House money requests"
        status={status}
        onStatus={setStatus}
        pendingCount={pendingCount}
        decided={{ value: 'applied', label: 'Approved' }}
        query={requests}
        columns={columns}
        csvColumns={HOUSE_MONEY_CSV}
        csvName="house-money"
        emptyWaiting="Nothing waits for a second operator."
      />
      {reviewing !== null ? <ReviewDialog id={reviewing} onClose={() => setReviewing(null)} /> : null}
    </section>
  );
}
