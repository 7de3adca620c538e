const LABELS: Record<string, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** Deposit and withdrawal request status: pending (amber), approved (green), rejected (red). */
export function StatusBadge({ status, label }: { status: 'pending' | 'approved' | 'rejected'; label?: string }) {
  return (
    <span className={`status-badge status-badge--${status}`} data-testid="status-badge" data-status={status}>
      {label ?? LABELS[status] ?? status}
    </span>
  );
}
