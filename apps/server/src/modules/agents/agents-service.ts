import { CREATABLE_ROLES, MAX_AGENT_LEVELS } from '@khel/contract';
import type { BackofficeUser, DownlineAccountRequest, RoleId, TreeStep } from '@khel/contract';
import { fail } from '../../lib/app-error.js';
import { downlineRootOf } from '../../lib/downline.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller, IdentityService } from '../identity/identity-service.js';
import { isAgentRole } from './agent-scope.js';
import type { TreeMember, TreeRepository } from './tree-repository.js';

/**
 * The agent tree's rules (PRODUCT.md §9, decision 0018): who creates which role where, at most
 * MAX_AGENT_LEVELS agent levels below the DIRECTOR, and the breadcrumb of a place in the tree. The
 * subtree guard (plugins/separation-of-duties.ts) has already refused targets outside an agent's downline.
 */
export function createAgentsService(deps: { tree: TreeRepository; identity: IdentityService; audit: AuditService }) {
  const { tree, identity, audit } = deps;

  async function member(id: string): Promise<TreeMember> {
    return (await tree.findMember(id)) ?? fail('NOT_FOUND', 'Account not found');
  }

  /** Agent levels from the DIRECTOR down to this account, the account included when it is an agent. */
  async function agentLevelOf(account: TreeMember): Promise<number> {
    const chain = await tree.uplineChain(account.id);
    return [account, ...chain].filter((row) => isAgentRole(row.role)).length;
  }

  return {
    async createAccount(caller: Caller, request: DownlineAccountRequest, ip: string): Promise<BackofficeUser> {
      const uplineId = request.uplineId ?? caller.userId;
      const root = downlineRootOf(caller);
      if (root !== null && !(await tree.isInSubtree(root, uplineId))) fail('NOT_IN_DOWNLINE');
      const upline = await member(uplineId);
      const creatable = CREATABLE_ROLES[upline.role as RoleId] ?? [];
      if (!creatable.includes(request.role as RoleId)) fail('ROLE_NOT_CREATABLE');
      if (isAgentRole(request.role) && (await agentLevelOf(upline)) + 1 > MAX_AGENT_LEVELS)
        fail('AGENT_LEVELS_EXCEEDED');
      const created = await identity.createInTree({
        name: request.name,
        mobileNo: request.mobile_no,
        password: request.password,
        role: request.role,
        uplineId,
      });
      await audit.record({
        actorId: caller.userId,
        action: 'user.create',
        targetType: 'user',
        targetId: created._id,
        details: { role: request.role, uplineId },
        ip,
      });
      return created;
    },

    /** From the top of the caller's view (its own account for an agent, the tree's root for an operator) down to the account. */
    async path(caller: Caller, id: string): Promise<TreeStep[]> {
      const account = await member(id);
      const chain = (await tree.uplineChain(id)).map((row) => row.id).reverse();
      const root = downlineRootOf(caller);
      // An agent's view starts at its own account (the guard has refused anything outside it).
      const visible = root === null ? chain : root === id ? [] : chain.slice(chain.indexOf(root));
      const steps = await Promise.all(visible.map((upId) => member(upId)));
      return [...steps, account].map((row) => ({
        _id: row.id,
        name: row.name,
        username: row.username,
        role: row.role,
      }));
    },
  };
}
export type AgentsService = ReturnType<typeof createAgentsService>;
