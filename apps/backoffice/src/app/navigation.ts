import { ROLES } from '@khel/contract';
import type { RoleId } from '@khel/contract';

/** Queues whose waiting items the sidebar counts (see app/pending-counts.ts). */
export type NavCount = 'pendingDeposits' | 'pendingWithdrawals';

export interface NavItem {
  to: string;
  label: string;
  /** Roles that see the item; every operator when absent. The server checks again on every call. */
  roles?: readonly RoleId[];
  /** A count of waiting items shown beside the label. */
  count?: NavCount;
}

/**
 * The sidebar, in order. A new desk (deposits, events, casino…) adds one line here and one route in
 * router.tsx; nothing else in the shell changes.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/users', label: 'Users' },
  { to: '/deposits', label: 'Deposits', count: 'pendingDeposits' },
  { to: '/withdrawals', label: 'Withdrawals', count: 'pendingWithdrawals' },
  { to: '/receiving-accounts', label: 'Receiving accounts' },
  { to: '/sports', label: 'Sports' },
  { to: '/casino', label: 'Casino' },
  { to: '/bonuses', label: 'Bonuses' },
  { to: '/banners', label: 'Banners' },
  { to: '/branding', label: 'Branding', roles: [ROLES.DIRECTOR] },
  { to: '/agent-statements', label: 'Agent statements' },
  { to: '/downline-limits', label: 'Downline limits', roles: [ROLES.DIRECTOR, ROLES.AGENT, ROLES.CREDIT_AGENT] },
  { to: '/audit-log', label: 'Audit log' },
];

export function navItemsFor(role: number | undefined): NavItem[] {
  if (role === undefined) return [];
  return NAV_ITEMS.filter((item) => item.roles === undefined || item.roles.includes(role as RoleId));
}
