import { Link } from 'react-router';
import { ERRORS } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { formatMobileNo } from '../../lib/format';

/** Shared by the deposit and withdrawal desks and the player's adjustments. */

export function SecondApprovalBadge({ byMe = false }: { byMe?: boolean }) {
  return (
    <span
      className="badge badge-warning second-approval"
      title={
        byMe
          ? 'You gave the first approval; another operator must give the second'
          : 'One operator approved; a second operator must approve'
      }
    >
      Needs second approval
    </span>
  );
}

/**
 * Separation of duties (issue 9): the server refuses an operator acting on their own account or on a
 * request they made; the desks hide those actions and say why, in the server's words.
 */
export function SelfServiceNote() {
  return <span className="muted small self-service-note">{ERRORS.SELF_SERVICE_REFUSED.message}.</span>;
}

export interface DeskPlayer {
  _id: string;
  name: string;
  username: string;
  mobile_no: string;
}

export function PlayerCell({ player }: { player: DeskPlayer }) {
  return (
    <span className="player-cell">
      <Link to={`/users/${player._id}`}>{player.name || player.username}</Link>
      <span className="muted small">{formatMobileNo(player.mobile_no)}</span>
    </span>
  );
}

/** An amount in rupees with Indian grouping; signed amounts are coloured and carry their sign. */
export function Amount({ value, signed = false }: { value: number; signed?: boolean }) {
  const text = formatRupees(value);
  if (!signed) return <span className="amount">{text}</span>;
  return (
    <span className={`amount ${value < 0 ? 'amount-debit' : 'amount-credit'}`}>{value > 0 ? `+${text}` : text}</span>
  );
}

export type RequestStatus = 'pending' | 'approved' | 'rejected';

export function RequestStatusBadge({
  status,
  approvedLabel = 'Approved',
}: {
  status: RequestStatus;
  approvedLabel?: string;
}) {
  if (status === 'approved') return <span className="badge badge-ok">{approvedLabel}</span>;
  if (status === 'rejected') return <span className="badge badge-danger">Rejected</span>;
  return <span className="badge badge-muted">Pending</span>;
}
