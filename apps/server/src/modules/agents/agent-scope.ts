import { ROLES } from '@khel/contract';
import type { Queryable } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { Caller } from '../identity/identity-service.js';
import { createTreeRepository } from './tree-repository.js';

/** The roles that run a downline of their own (PRODUCT.md §9). */
export const AGENT_ROLES: readonly number[] = [ROLES.AGENT, ROLES.CREDIT_AGENT];
/** The roles that act on the whole site. */
export const SITE_ROLES: readonly number[] = [ROLES.DIRECTOR, ROLES.SUPPORT_ADMIN];

export function isAgentRole(role: number): boolean {
  return AGENT_ROLES.includes(role);
}

export interface ScopedAccount {
  id: string;
  role: number;
  name: string;
  upline_id: string | null;
}

/**
 * The account `targetId` as the caller may act on it: DIRECTOR and SUPPORT_ADMIN anywhere, an agent
 * only strictly below itself. Anything else, or an account outside the caller's subtree, reads as
 * not found (an agent learns nothing about other subtrees).
 */
export async function accountInScope(db: Queryable, caller: { userId: string; role: number }, targetId: string): Promise<ScopedAccount> {
  const found = await db.query<ScopedAccount>('select id, role, name, upline_id from users where id = $1', [targetId]);
  const account = found.rows[0];
  if (account === undefined) fail('NOT_FOUND', 'Account not found');
  const target = { ...account, role: Number(account.role) };
  if (SITE_ROLES.includes(caller.role)) return target;
  if (!isAgentRole(caller.role) || caller.userId === targetId) fail('NOT_FOUND', 'Account not found');
  if (!(await createTreeRepository(db).isInSubtree(caller.userId, targetId))) fail('NOT_FOUND', 'Account not found');
  return target;
}

/** Only the roles that manage a downline (or the whole site) reach these screens. */
export function requireDownlineRole(caller: { role: number }): void {
  if (!SITE_ROLES.includes(caller.role) && !isAgentRole(caller.role)) fail('FORBIDDEN');
}

/**
 * Refuses an agent reaching an account outside its subtree (itself included: an agent reads its own
 * figures; the separation-of-duties guard already refuses it changing its own account).
 */
export async function assertInScope(tx: Queryable, caller: Pick<Caller, 'userId' | 'role'>, targetId: string): Promise<void> {
  if (SITE_ROLES.includes(caller.role)) return;
  if (!AGENT_ROLES.includes(caller.role)) fail('FORBIDDEN');
  if (!(await createTreeRepository(tx).isInSubtree(caller.userId, targetId))) fail('NOT_IN_DOWNLINE');
}

/** The root of what a caller may see: null for the whole site, else the agent itself. */
export function scopeRootOf(caller: Pick<Caller, 'userId' | 'role'>): string | null {
  return SITE_ROLES.includes(caller.role) ? null : caller.userId;
}
