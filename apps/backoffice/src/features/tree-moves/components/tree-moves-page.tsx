import { useState } from 'react';
import { Link } from 'react-router';
import { ROLE_NAMES, rejectRequestSchema } from '@khel/contract';
import type { RoleId, TreeMove } from '@khel/contract';
import type { DataColumn } from '@khel/web-kit';
import { Amount, SelfServiceNote } from '../../../components/money/desk-parts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { CsvColumn } from '../../../components/ui/csv';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { SecondOperatorQueue } from '../../../components/money/second-operator-queue';
import { useProfile } from '../../../lib/auth/get-user-data';
import { formatDateTime } from '../../../lib/format';
import { useDecideTreeMove, useTreeMoves } from '../api/tree-moves';

type Status = TreeMove['status'];

function Party({ party }: { party: TreeMove['account'] }) {
  return (
    <span className="player-cell">
      <Link to={`/users/${party._id}`}>{party.name || party.username}</Link>
      <span className="muted small">{ROLE_NAMES[party.role as RoleId] ?? ''}</span>
    </span>
  );
}

const MOVES_CSV: CsvColumn<TreeMove>[] = [
  { header: 'Asked', csv: (row) => row.createdAt },
  { header: 'Account', csv: (row) => row.account.username },
  { header: 'Downline accounts', csv: (row) => row.downlineCount },
  { header: 'From', csv: (row) => row.from.username },
  { header: 'To', csv: (row) => row.to.username },
  { header: 'Credit reference', csv: (row) => row.creditRef },
  { header: 'Reason', csv: (row) => row.reason },
  { header: 'Status', csv: (row) => row.status },
  { header: 'Asked by', csv: (row) => row.requestedByName },
  { header: 'Decided by', csv: (row) => row.decidedByName },
  { header: 'Statements follow from', csv: (row) => row.effectiveWeek },
];

/**
 * Moves of a client or a subtree that a director asked for (decision 0066): a different operator
 * confirms (the account moves now, the statements from the next India week) or rejects.
 */
export function TreeMovesPage() {
  const me = useProfile().data?._id;
  const [status, setStatus] = useState<Status>('pending');
  const [confirming, setConfirming] = useState<TreeMove | null>(null);
  const [rejecting, setRejecting] = useState<TreeMove | null>(null);
  const moves = useTreeMoves(status);
  const pendingCount = useTreeMoves('pending').data?.total;
  const decide = useDecideTreeMove();
  const own = (row: TreeMove) => row.requestedBy === me || row.account._id === me;

  const columns: DataColumn<TreeMove>[] = [
    { header: 'Asked', cell: (row) => formatDateTime(row.createdAt) },
    {
      header: 'Account',
      cell: (row) => (
        <>
          <Party party={row.account} />
          {row.downlineCount > 0 ? <span className="muted small"> with {row.downlineCount} below</span> : null}
        </>
      ),
    },
    { header: 'From', cell: (row) => <Party party={row.from} /> },
    { header: 'To', cell: (row) => <Party party={row.to} /> },
    { header: 'Credit moving', cell: (row) => (row.creditRef > 0 ? <Amount value={row.creditRef} /> : '—') },
    { header: 'Reason', cell: (row) => row.reason },
    { header: 'Asked by', cell: (row) => row.requestedByName },
    ...(status === 'pending'
      ? [
          {
            header: '',
            cell: (row: TreeMove) =>
              own(row) ? (
                <SelfServiceNote />
              ) : (
                <span className="list-actions">
                  <Button size="small" variant="primary" onClick={() => setConfirming(row)}>
                    Confirm
                  </Button>
                  <Button size="small" variant="danger" onClick={() => setRejecting(row)}>
                    Reject
                  </Button>
                </span>
              ),
          },
        ]
      : [
          { header: 'Decided by', cell: (row: TreeMove) => row.decidedByName ?? '—' },
          {
            header: status === 'confirmed' ? 'Statements follow from' : 'Why',
            cell: (row: TreeMove) => (status === 'confirmed' ? row.effectiveWeek : row.decisionNote) ?? '—',
          },
        ]),
  ];

  return (
    <section className="page" aria-labelledby="tree-moves-title">
      <h1 id="tree-moves-title">Tree moves</h1>
      <p className="muted">
        A client or a whole subtree moving to another upline. Nothing moves until a different operator confirms.
      </p>
      <SecondOperatorQueue
        label="Tree moves"
        status={status}
        onStatus={setStatus}
        pendingCount={pendingCount}
        decided={{ value: 'confirmed', label: 'Confirmed' }}
        query={moves}
        columns={columns}
        csvColumns={MOVES_CSV}
        csvName="tree-moves"
        emptyWaiting="No move waits for a second operator."
      />
      <ConfirmDialog
        open={confirming !== null}
        title={`Move ${confirming?.account.name ?? ''}`}
        confirmLabel="Confirm the move"
        busy={decide.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming === null) return;
          decide.mutate({ id: confirming._id, confirm: true }, { onSuccess: () => setConfirming(null) });
        }}
      >
        <p>
          {confirming?.account.name} and {confirming?.downlineCount ?? 0} accounts below it move from{' '}
          {confirming?.from.name} to {confirming?.to.name} now. This week&apos;s statement stays with{' '}
          {confirming?.from.name}; from next Monday they follow {confirming?.to.name}.
        </p>
      </ConfirmDialog>
      {rejecting !== null ? (
        <ReasonDialog
          title="Reject this move"
          confirmLabel="Reject"
          busy={decide.isPending}
          hint="The audit log keeps this reason."
          validate={(reason) => {
            const parsed = rejectRequestSchema.safeParse({ reason });
            return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason');
          }}
          onConfirm={(reason) =>
            decide.mutate({ id: rejecting._id, confirm: false, reason }, { onSuccess: () => setRejecting(null) })
          }
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </section>
  );
}
