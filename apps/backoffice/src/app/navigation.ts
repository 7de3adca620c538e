import { AGENT_ROLES, MONEY_DESK_ROLES, OPERATOR_ROLES, ROLES } from '@khel/contract';
import type { RoleId } from '@khel/contract';

/** Queues whose waiting items the sidebar counts (see app/pending-counts.ts). */
export type NavCount = 'pendingDeposits' | 'pendingWithdrawals' | 'pendingHouseMoney';

export interface NavItem {
  to: string;
  label: string;
  /** Roles that see the item; every back-office role when absent. The server checks again on every call. */
  roles?: readonly RoleId[];
  /** A count of waiting items shown beside the label. */
  count?: NavCount;
}

/**
 * The sidebar, in order. A new desk (deposits, events, casino…) adds one line here and one route in
 * router.tsx; nothing else in the shell changes.
 */
const OPERATORS = OPERATOR_ROLES;
/** Agents see their downline and its audit trail (PRODUCT.md §9, decision 0018); cash agents also their players' deposits and withdrawals. */
export const NAV_ITEMS: readonly NavItem[] = [
  // One box for a user, a bet or a deposit, in the caller's scope (decision 0056).
  { to: '/search', label: 'Search' },
  { to: '/downline', label: 'Downline', roles: [ROLES.DIRECTOR, ...AGENT_ROLES] },
  { to: '/users', label: 'Users', roles: OPERATORS },
  // A cash agent works its own players' queue (decision 0019).
  { to: '/deposits', label: 'Deposits', count: 'pendingDeposits', roles: MONEY_DESK_ROLES },
  { to: '/withdrawals', label: 'Withdrawals', count: 'pendingWithdrawals', roles: MONEY_DESK_ROLES },
  // Money from the house above an operator's line waits here for a second operator (decision 0044).
  { to: '/house-money', label: 'House money', count: 'pendingHouseMoney', roles: OPERATORS },
  // A director's move of a client or subtree waits here for a second operator (decision 0066).
  { to: '/tree-moves', label: 'Tree moves', roles: OPERATORS },
  // A cash agent keeps its own, offered to its players (decision 0026).
  { to: '/receiving-accounts', label: 'Receiving accounts', roles: [...OPERATORS, ROLES.AGENT] },
  { to: '/sports', label: 'Sports', roles: OPERATORS },
  { to: '/casino', label: 'Casino', roles: OPERATORS },
  { to: '/bonuses', label: 'Bonuses', roles: OPERATORS },
  { to: '/reports', label: 'Reports' },
  { to: '/risk', label: 'Risk view' },
  { to: '/banners', label: 'Banners', roles: OPERATORS },
  { to: '/branding', label: 'Branding', roles: [ROLES.DIRECTOR] },
  { to: '/agent-statements', label: 'Agent statements' },
  // An agent's own chips or credit, in and out (decision 0054).
  { to: '/my-statement', label: 'My statement', roles: AGENT_ROLES },
  { to: '/downline-limits', label: 'Downline limits', roles: [ROLES.DIRECTOR, ROLES.AGENT, ROLES.CREDIT_AGENT] },
  // A news line to one's players (decision 0065).
  { to: '/announcements', label: 'Announcements', roles: [ROLES.DIRECTOR, ROLES.AGENT, ROLES.CREDIT_AGENT] },
  { to: '/audit-log', label: 'Audit log' },
];

/** Where the back office opens: an agent's own downline, an operator's user list. */
export function homePathFor(role: number | undefined): string {
  return AGENT_ROLES.includes(role as RoleId) ? '/downline' : '/users';
}

export function navItemsFor(role: number | undefined): NavItem[] {
  if (role === undefined) return [];
  return NAV_ITEMS.filter((item) => item.roles === undefined || item.roles.includes(role as RoleId));
}
