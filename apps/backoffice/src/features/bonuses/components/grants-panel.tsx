import { useState } from 'react';
import type { BonusGrant } from '@khel/contract';
import { SecondApprovalBadge } from '../../../components/money/desk-parts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CsvButton } from '../../../components/ui/csv';
import type { CsvColumn } from '../../../components/ui/csv';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingBlock } from '../../../components/ui/spinner';
import { Link } from 'react-router';
import { formatRupees } from '@khel/money';
import { errorMessage } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth/get-user-data';
import { formatDateTime } from '../../../lib/format';
import { useDecideGrant, useGrants } from '../api/grants';

/**
 * Manual grants above the second-approval amount wait here. The operator who asked cannot approve
 * (the server refuses it too); another one approves or rejects.
 */
/** The waiting grants as a CSV file. */
const GRANTS_CSV: CsvColumn<BonusGrant>[] = [
  { header: 'When', csv: (grant) => grant.createdAt },
  { header: 'Player id', csv: (grant) => grant.userId },
  { header: 'Amount', csv: (grant) => grant.amount },
  { header: 'Reason', csv: (grant) => grant.reason },
  { header: 'Asked by', csv: (grant) => grant.requestedBy },
];

export function GrantsPanel() {
  const me = useProfile().data?._id;
  const grants = useGrants('pending');
  const decide = useDecideGrant();
  const [deciding, setDeciding] = useState<{ grant: BonusGrant; decision: 'approve' | 'reject' } | null>(null);

  if (grants.isPending) return <LoadingBlock label="Loading grants…" />;
  if (grants.isError) return <Alert>{errorMessage(grants.error)}</Alert>;
  if (grants.data.length === 0)
    return (
      <EmptyState title="No grants waiting">
        Manual bonuses above the second-approval amount appear here for another operator.
      </EmptyState>
    );
  return (
    <div className="bonus-panel">
      <div className="list-actions">
        <CsvButton columns={GRANTS_CSV} rows={grants.data} fileName="bonus-grants-waiting.csv" />
      </div>
      <table className="data-table responsive-table" aria-label="Grants waiting for approval">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Player</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Reason</th>
            <th scope="col">Decision</th>
          </tr>
        </thead>
        <tbody>
          {grants.data.map((grant) => {
            const mine = grant.requestedBy === me;
            return (
              <tr key={grant._id}>
                <td data-label="When">{formatDateTime(grant.createdAt)}</td>
                <td data-label="Player">
                  <Link to={`/users/${grant.userId}`}>Open player</Link>
                </td>
                <td data-label="Amount" className="num">
                  {formatRupees(grant.amount)}
                </td>
                <td data-label="Reason">{grant.reason}</td>
                <td data-label="Decision">
                  <span className="stacked">
                    <SecondApprovalBadge byMe={mine} />
                    {mine ? (
                      <span className="muted small">You asked for it; another operator must approve.</span>
                    ) : (
                      <span className="button-row">
                        <Button
                          size="small"
                          variant="primary"
                          onClick={() => setDeciding({ grant, decision: 'approve' })}
                          aria-label={`Approve the grant of ${formatRupees(grant.amount)}`}
                        >
                          Approve
                        </Button>
                        <Button
                          size="small"
                          variant="danger"
                          onClick={() => setDeciding({ grant, decision: 'reject' })}
                          aria-label={`Reject the grant of ${formatRupees(grant.amount)}`}
                        >
                          Reject
                        </Button>
                      </span>
                    )}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ConfirmDialog
        open={deciding !== null}
        title={deciding?.decision === 'approve' ? 'Approve this bonus?' : 'Reject this bonus?'}
        confirmLabel={deciding?.decision === 'approve' ? 'Approve' : 'Reject'}
        danger={deciding?.decision === 'reject'}
        busy={decide.isPending}
        onClose={() => setDeciding(null)}
        onConfirm={() =>
          deciding !== null &&
          decide.mutate({ id: deciding.grant._id, decision: deciding.decision }, { onSettled: () => setDeciding(null) })
        }
      >
        {deciding !== null ? (
          <p>
            {formatRupees(deciding.grant.amount)}: <q>{deciding.grant.reason}</q>.{' '}
            {deciding.decision === 'approve'
              ? 'The bonus is offered to the player at once; it reaches the bonus wallet when they activate it.'
              : 'Nothing is given.'}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
