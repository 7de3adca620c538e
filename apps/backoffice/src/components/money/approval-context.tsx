import type { UseQueryResult } from '@tanstack/react-query';
import type { ApprovalContext, ApprovalKind } from '@khel/contract';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Alert } from '../ui/alert';
import { LoadingBlock } from '../ui/spinner';
import { Amount } from './desk-parts';

const QUEUE_NAMES: Record<ApprovalKind, string> = {
  adjustment: 'Adjustment',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  houseMoney: 'House money',
  bonusGrant: 'Bonus grant',
};

/**
 * What an approver sees beside a request (issue 24, decisions 0047 and 0054): the first approval, the
 * total of the operator who asked for the second one (or, before a first approval, the viewer's own)
 * for the account that India day, and everything else waiting for the account. The house money review,
 * the adjustments' approval and the deposit and withdrawal desks show it the same way.
 */
export function ApprovalContextFacts({ context }: { context: ApprovalContext }) {
  return (
    <>
      <h3>Context</h3>
      <dl className="facts" aria-label="Context">
        <dt>First approval</dt>
        <dd data-testid="first-approval">
          {context.firstApproval === null
            ? 'None yet'
            : `${context.firstApproval.byName}, ${formatDateTime(context.firstApproval.at)}`}
        </dd>
        <dt>{`${context.totalOf.byName}'s total for this account on ${context.indiaDate}`}</dt>
        <dd data-testid="requester-total">
          <Amount value={context.requesterTotalToday} />{' '}
          <span className="muted small">moved alone, before this request</span>
        </dd>
      </dl>
      <h3>Other requests waiting for this account</h3>
      {context.otherWaiting.length === 0 ? (
        <p className="muted" data-testid="other-waiting-none">
          Nothing else waits for this account.
        </p>
      ) : (
        <ul className="plain-list" data-testid="other-waiting">
          {context.otherWaiting.map((row) => (
            <li key={row._id}>
              {QUEUE_NAMES[row.kind]} <Amount value={row.amount} signed />{' '}
              <span className="muted small">
                by {row.requestedByName}, {formatDateTime(row.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The context as it loads: a placeholder, the error, or the facts. */
export function ApprovalContextQuery({ query }: { query: UseQueryResult<ApprovalContext> }) {
  if (query.isPending) return <LoadingBlock label="Loading the context…" />;
  if (query.isError) return <Alert>{errorMessage(query.error)}</Alert>;
  return (
    <div className="approval-review">
      <ApprovalContextFacts context={query.data} />
    </div>
  );
}
