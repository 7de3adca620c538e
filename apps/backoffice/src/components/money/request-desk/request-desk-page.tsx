import { useState } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { REQUEST_STATUSES, rejectRequestSchema } from '@khel/contract';
import type { RequestStatus } from '@khel/contract';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/get-user-data';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { Pagination } from '../../ui/pagination';
import { ReasonDialog } from '../../ui/reason-dialog';
import { LoadingBlock, Spinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import { ApprovalContextQuery } from '../approval-context';
import { PlayMoneyNote } from '../play-money-note';
import type { DeskApi, DeskRequest } from './request-desk-api';
import type { DeskColumn } from './request-desk-table';
import { RequestDeskTable } from './request-desk-table';

const PAGE_SIZE = 25;

/** What a viewer of one request (a deposit's screenshot) is given: the decision stays at hand. */
export interface DeskViewerProps<Item> {
  item: Item;
  canApprove: boolean;
  /** False for the operator's own request (separation of duties). */
  canDecide: boolean;
  onClose: () => void;
  onApprove: () => void;
  onReject: () => void;
}

/** One kind of money request on the desk: its calls, its words and its own columns (decision 0032). */
export interface DeskPageSpec<Item extends DeskRequest> {
  api: DeskApi<Item>;
  /** 'deposit' | 'withdrawal' */
  noun: string;
  title: string;
  intro: ReactNode;
  playMoneyNote?: string;
  tabLabels: Record<RequestStatus, string>;
  empty: Record<RequestStatus, string>;
  /** "₹1,000.00 by Ravi Kumar": how buttons and dialogs name one request. */
  describe: (item: Item) => string;
  columns: DeskColumn<Item>[];
  approveLabel: string;
  approveTitle: string;
  approveBody: (item: Item) => ReactNode;
  rejectTitle: string;
  rejectLabel: string;
  rejectBody: (item: Item) => ReactNode;
  Viewer?: (props: DeskViewerProps<Item>) => ReactNode;
  /** Why the viewer may see but not decide this request (the server refuses it too); null when it may. */
  readOnly?: (item: Item, viewerRole: number | undefined) => string | null;
}

function statusOf(value: string | null): RequestStatus {
  return (REQUEST_STATUSES as readonly string[]).includes(value ?? '') ? (value as RequestStatus) : 'pending';
}

/** The approver's context (issue 24), read when the approval dialog opens. */
function DeskContext<Item extends DeskRequest>({ api, id }: { api: DeskApi<Item>; id: string }) {
  return <ApprovalContextQuery query={api.useApprovalContext(id)} />;
}

/** The request desk: the queue by status, approve (or the first of two approvals) and reject with a reason. */
export function RequestDeskPage<Item extends DeskRequest>({ spec }: { spec: DeskPageSpec<Item> }) {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const query = spec.api.useList({ status, page, pageSize: PAGE_SIZE });
  const pendingCount = spec.api.usePendingCount();
  const profile = useProfile().data;
  const me = profile?._id;
  const approve = spec.api.useApprove();
  const reject = spec.api.useReject();
  const [approving, setApproving] = useState<Item | null>(null);
  const [rejecting, setRejecting] = useState<Item | null>(null);
  const [viewing, setViewing] = useState<Item | null>(null);
  const plural = `${spec.noun}s`;
  const noun = `${spec.noun.charAt(0).toUpperCase()}${spec.noun.slice(1)}`;
  const titleId = `${plural}-title`;

  function go(next: { status?: RequestStatus; page?: number }) {
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 1;
    const search: Record<string, string> = {};
    if (nextStatus !== 'pending') search.status = nextStatus;
    if (nextPage > 1) search.page = String(nextPage);
    setParams(search);
  }

  return (
    <section className="page" aria-labelledby={titleId}>
      <header className="page-header">
        <h1 id={titleId}>{spec.title}</h1>
        <div className="page-actions">
          {query.isFetching && query.data !== undefined ? <Spinner size="small" label="Updating" /> : null}
          <Button size="small" onClick={() => void query.refetch()}>
            Refresh
          </Button>
        </div>
      </header>
      <p className="muted">{spec.intro}</p>
      {spec.playMoneyNote === undefined ? <PlayMoneyNote /> : <PlayMoneyNote>{spec.playMoneyNote}</PlayMoneyNote>}
      <Tabs
        label={`${spec.title} by status`}
        value={status}
        onChange={(next) => go({ status: next })}
        items={REQUEST_STATUSES.map((value) => ({
          value,
          label: spec.tabLabels[value],
          count: value === 'pending' ? pendingCount.data : undefined,
        }))}
      >
        {query.isPending ? (
          <LoadingBlock label={`Loading ${plural}…`} />
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
          <EmptyState title={spec.empty[status]} />
        ) : (
          <>
            <RequestDeskTable
              items={query.data.items}
              me={me}
              noun={spec.noun}
              describe={spec.describe}
              columns={spec.columns}
              approveLabel={spec.approveLabel}
              approvedLabel={spec.tabLabels.approved}
              onApprove={setApproving}
              onReject={setRejecting}
              onOpen={setViewing}
              readOnlyReason={(item) => spec.readOnly?.(item, profile?.role) ?? null}
            />
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={query.data.total}
              label={`${noun} pages`}
              onPageChange={(next) => go({ page: next })}
            />
          </>
        )}
      </Tabs>

      <ConfirmDialog
        open={approving !== null}
        title={approving?.awaitingSecondApproval ? 'Give the second approval' : spec.approveTitle}
        confirmLabel={spec.approveLabel}
        busy={approve.isPending}
        onClose={() => setApproving(null)}
        onConfirm={() => {
          if (approving !== null) approve.mutate(approving._id, { onSettled: () => setApproving(null) });
        }}
      >
        {approving !== null ? (
          <>
            {spec.approveBody(approving)}
            <DeskContext api={spec.api} id={approving._id} />
          </>
        ) : null}
      </ConfirmDialog>

      {rejecting !== null ? (
        <ReasonDialog
          title={spec.rejectTitle}
          confirmLabel={spec.rejectLabel}
          busy={reject.isPending}
          validate={(reason) => {
            const parsed = rejectRequestSchema.safeParse({ reason });
            return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason');
          }}
          onClose={() => setRejecting(null)}
          onConfirm={(reason) => reject.mutate({ id: rejecting._id, reason }, { onSettled: () => setRejecting(null) })}
        >
          {spec.rejectBody(rejecting)}
        </ReasonDialog>
      ) : null}

      {viewing !== null && spec.Viewer !== undefined ? (
        <spec.Viewer
          item={viewing}
          canApprove={!(viewing.awaitingSecondApproval && viewing.firstApprovedBy === me)}
          canDecide={viewing.player._id !== me && (spec.readOnly?.(viewing, profile?.role) ?? null) === null}
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
