import type { BackofficeUser } from '@khel/contract';

type Status = { label: string; tone: 'ok' | 'danger' | 'warning' | 'muted' };

export function userStatus(user: BackofficeUser, now = Date.now()): Status {
  if (user.suspended) return { label: 'Suspended', tone: 'danger' };
  if (user.selfExcludedUntil !== null && new Date(user.selfExcludedUntil).getTime() > now)
    return { label: 'Self-excluded', tone: 'warning' };
  if (!user.phoneVerified) return { label: 'Unverified', tone: 'muted' };
  return { label: 'Active', tone: 'ok' };
}

export function UserStatusBadge({ user }: { user: BackofficeUser }) {
  const status = userStatus(user);
  return <span className={`badge badge-${status.tone}`}>{status.label}</span>;
}
