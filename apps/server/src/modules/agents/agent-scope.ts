import { AGENT_ROLES, OPERATOR_ROLES } from '@khel/contract';
import type { RoleId } from '@khel/contract';
import type { Queryable } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { Caller } from '../identity/identity-service.js';
import { createTreeRepository } from './tree-repository.js';

/** A role that runs a downline of its own (PRODUCT.md §9); the list is the contract's. */
export function isAgentRole(role: number): boolean {
  return AGENT_ROLES.includes(role as RoleId);
}

/** A role that acts on the whole site (DIRECTOR, SUPPORT_ADMIN); the list is the contract's. */
export function isSiteRole(role: number): boolean {
  return OPERATOR_ROLES.includes(role as RoleId);
}

export interface ScopedAccount {
  id: string;
  role: number;
  name: string;
  upline_id: string | null;
}

/**
 * The one subtree check of the back office (decision 0018, 0026): the account `targetId` as the caller
 * may act on it. DIRECTOR and SUPPORT_ADMIN reach any account (a missing one is NOT_FOUND); an agent
 * reaches itself and its downline, and anything else — another subtree, its uplines, an id that does
 * not exist — is NOT_IN_DOWNLINE, so an agent learns nothing about other subtrees. Every other role
 * is FORBIDDEN. Acting on one's own account is refused where it matters by the route's
 * separation-of-duties guard or the service's own rule (only the upline sets an agent's rates).
 */
export async function accountInScope(
  db: Queryable,
  caller: Pick<Caller, 'userId' | 'role'>,
  targetId: string,
): Promise<ScopedAccount> {
  const site = isSiteRole(caller.role);
  if (!site && !isAgentRole(caller.role)) fail('FORBIDDEN');
  if (!site && !(await createTreeRepository(db).isInSubtree(caller.userId, targetId))) fail('NOT_IN_DOWNLINE');
  const account = await createTreeRepository(db).findMember(targetId);
  if (account === null) fail('NOT_FOUND', 'Account not found');
  return { id: account.id, role: account.role, name: account.name, upline_id: account.upline_id };
}

/** Only the roles that manage a downline (or the whole site) reach these screens. */
export function requireDownlineRole(caller: { role: number }): void {
  if (!isSiteRole(caller.role) && !isAgentRole(caller.role)) fail('FORBIDDEN');
}
