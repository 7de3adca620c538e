import type { AgentReceivingAccount, PaymentAccountCreate } from '@khel/contract';
import { ROLES } from '@khel/contract';
import type { Database } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import { downlineRootOf } from '../../lib/downline.js';
import { accountInScope } from '../agents/agent-scope.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { ReceivingAccountRow } from './payment-accounts-repository.js';
import { createPaymentAccountsRepository } from './payment-accounts-repository.js';
import { fieldsOf, toAdminAccount } from './payment-accounts-service.js';

async function toAgentAccount(row: ReceivingAccountRow & { owner_name: string }): Promise<AgentReceivingAccount> {
  return { ...(await toAdminAccount(row)), ownerId: row.owner_id as string, ownerName: row.owner_name };
}

/**
 * Cash agents' own UPI and bank receiving accounts (PRODUCT.md §9, decision 0026): the site's model
 * with an owner. A cash agent adds its own; the agent, an agent above it or the site's operators
 * switch one on or off (by subtree); every change is audited. The player's deposit screen offers the
 * nearest cash agent's active ones (payment-accounts-service).
 */
export function createAgentReceivingAccountsService(deps: { db: Database; audit: AuditService }) {
  const { db, audit } = deps;
  const repository = createPaymentAccountsRepository(db);

  async function withOwner(id: string, ownerId: string): Promise<AgentReceivingAccount> {
    const row =
      (await repository.agentReceivingAccounts(ownerId)).find((account) => account.id === id) ??
      fail('NOT_FOUND', 'Account not found');
    return toAgentAccount(row);
  }

  return {
    /** The caller's own accounts and its downline agents' (every agent's for the site's operators). */
    async list(caller: Caller): Promise<AgentReceivingAccount[]> {
      return Promise.all((await repository.agentReceivingAccounts(downlineRootOf(caller))).map(toAgentAccount));
    },

    async add(caller: Caller, request: PaymentAccountCreate, ip: string): Promise<AgentReceivingAccount> {
      if (caller.role !== ROLES.AGENT) fail('FORBIDDEN', 'Only a cash agent keeps receiving accounts of its own');
      const mine = await repository.receivingAccounts(false, caller.userId);
      if (
        mine.some(
          (row) =>
            row.type === request.type && row.account_number.toLowerCase() === request.accountNumber.toLowerCase(),
        )
      )
        fail('CONFLICT', 'You have already saved this account');
      const row = await repository.insertReceivingAccount(fieldsOf(request), caller.userId);
      await audit.record({
        actorId: caller.userId,
        action: 'agent_receiving_account.create',
        targetType: 'receiving_account',
        targetId: row.id,
        details: {
          ownerId: caller.userId,
          type: row.type,
          accountNumber: row.account_number,
          accountHolderName: row.account_holder_name,
        },
        ip,
      });
      return withOwner(row.id, caller.userId);
    },

    async setActive(caller: Caller, id: string, active: boolean, ip: string): Promise<AgentReceivingAccount> {
      const found = await repository.receivingAccount(id);
      // The site's own accounts are the director's screen; for an agent they are outside its downline.
      if (found === null || found.owner_id === null)
        fail(downlineRootOf(caller) === null ? 'NOT_FOUND' : 'NOT_IN_DOWNLINE', 'Account not found');
      await accountInScope(db, caller, found.owner_id);
      const row = (await repository.setReceivingAccountActive(id, active)) ?? fail('NOT_FOUND', 'Account not found');
      await audit.record({
        actorId: caller.userId,
        action: active ? 'agent_receiving_account.activate' : 'agent_receiving_account.deactivate',
        targetType: 'receiving_account',
        targetId: id,
        details: {
          ownerId: found.owner_id,
          type: row.type,
          accountNumber: row.account_number,
          accountHolderName: row.account_holder_name,
        },
        ip,
      });
      return withOwner(id, found.owner_id);
    },
  };
}
export type AgentReceivingAccountsService = ReturnType<typeof createAgentReceivingAccountsService>;
