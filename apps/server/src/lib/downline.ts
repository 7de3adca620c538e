import { AGENT_ROLES } from '@khel/contract';

/**
 * The root of the part of the tree a back-office caller may see and change (PRODUCT.md §9, decision
 * 0018): its own account for an agent, null for the site's operators (DIRECTOR, SUPPORT_ADMIN), who
 * keep their powers over the whole site. Lists pass it to `withinSubtreeSql`.
 */
export function downlineRootOf(caller: { userId: string; role: number }): string | null {
  return AGENT_ROLES.includes(caller.role as never) ? caller.userId : null;
}
