import { ROLES } from '@khel/contract';
import type { Queryable } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { Caller } from '../identity/identity-service.js';
import { createTreeRepository } from './tree-repository.js';

/** Roles that act on the whole site; agents act only inside their own subtree (PRODUCT.md §9). */
export const SITE_WIDE_ROLES: readonly number[] = [ROLES.DIRECTOR, ROLES.SUPPORT_ADMIN];
export const AGENT_ROLES: readonly number[] = [ROLES.AGENT, ROLES.CREDIT_AGENT];

/**
 * Refuses an agent reaching an account outside its subtree (itself included: an agent reads its own
 * figures; the separation-of-duties guard already refuses it changing its own account).
 */
export async function assertInScope(tx: Queryable, caller: Pick<Caller, 'userId' | 'role'>, targetId: string): Promise<void> {
  if (SITE_WIDE_ROLES.includes(caller.role)) return;
  if (!AGENT_ROLES.includes(caller.role)) fail('FORBIDDEN');
  if (!(await createTreeRepository(tx).isInSubtree(caller.userId, targetId))) fail('NOT_IN_DOWNLINE');
}

/** The root of what a caller may see: null for the whole site, else the agent itself. */
export function scopeRootOf(caller: Pick<Caller, 'userId' | 'role'>): string | null {
  return SITE_WIDE_ROLES.includes(caller.role) ? null : caller.userId;
}
