import type { ReferralFlag } from '@khel/contract';
import { PlayerCell } from '../../../components/money/desk-parts';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useReferralFlags } from '../api/referral';

const REASONS: Record<ReferralFlag['reason'], string> = { shared_upi: 'Same UPI id', shared_bank_account: 'Same bank account', shared_device: 'Same device' };

/** Referrer and referred pairs whose earnings were refused for a shared payment account or device. */
export function ReferralFlagsPanel() {
  const flags = useReferralFlags();
  if (flags.isPending) return <LoadingBlock label="Loading flagged referrals…" />;
  if (flags.isError) return <Alert>{errorMessage(flags.error)}</Alert>;
  if (flags.data.length === 0) return <EmptyState title="No flagged referrals">Pairs that share a UPI id, a bank account or a device are refused and listed here.</EmptyState>;
  return (
    <table className="data-table responsive-table" aria-label="Flagged referrals">
      <thead>
        <tr>
          <th scope="col">Flagged</th>
          <th scope="col">Referrer</th>
          <th scope="col">Referred player</th>
          <th scope="col">Why</th>
        </tr>
      </thead>
      <tbody>
        {flags.data.map((flag) => (
          <tr key={flag._id}>
            <td data-label="Flagged">{formatDateTime(flag.createdAt)}</td>
            <td data-label="Referrer">
              <PlayerCell player={flag.referrer} />
            </td>
            <td data-label="Referred player">
              <PlayerCell player={flag.referred} />
            </td>
            <td data-label="Why">
              <span className="badge badge-danger">{REASONS[flag.reason]}</span> <span className="muted small">{flag.detail}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
