import type { ChipsMove } from '@khel/contract';
import { ROLES } from '@khel/contract';
import { formatPaise, rupeesToPaise } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { IdempotencyService } from '../idempotency/idempotency-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { AccountRef, WalletService } from '../wallet/wallet-service.js';
import type { MoneyUserRow } from './agent-money-repository.js';
import { createAgentMoneyRepository } from './agent-money-repository.js';
import { accountInScope } from './agent-scope.js';
import { createTreeRepository } from './tree-repository.js';

/** Where a cash account's chips come from: its upline agent's chips, or the house for the top of the tree. */
export function chipsSourceOf(account: Pick<MoneyUserRow, 'upline_id' | 'upline_role'>): AccountRef {
  return account.upline_role === ROLES.AGENT && account.upline_id !== null
    ? { agentId: account.upline_id, book: 'chips' }
    : { house: 'house_cash', ref: 'agent-chips' };
}

/**
 * The cash agent that funds a player's deposits and receives its withdrawals: its nearest AGENT
 * upline, or null when no agent stands above it (the house's own desk). Called inside the approval's
 * transaction by the deposit and withdrawal services.
 */
export async function playerAgentOf(tx: Queryable, playerId: string): Promise<string | null> {
  const chain = await createTreeRepository(tx).uplineChain(playerId);
  return chain.find((upline) => upline.role === ROLES.AGENT)?.id ?? null;
}

/**
 * Cash agents' chips (PRODUCT.md §9): an upline (a parent AGENT, or the house through a DIRECTOR or
 * SUPPORT_ADMIN) gives chips to an agent or player below it, or takes them back. Every move is one
 * journal transaction; the database refuses an agent giving more than it holds (the CHECK on its
 * account row) and a take that would leave an account's available negative.
 */
export function createAgentChipsService(deps: {
  db: Database;
  wallet: WalletService;
  idempotency: IdempotencyService;
  audit: AuditService;
  clock: Clock;
}) {
  const { wallet, idempotency, audit } = deps;

  return {
    async move(
      caller: Caller,
      targetId: string,
      body: ChipsMove,
      idempotencyKey: string | undefined,
      ip: string,
    ): Promise<{ balancePaise: number }> {
      const amountPaise = rupeesToPaise(body.amount) ?? fail('VALIDATION_FAILED', 'Enter an amount');
      const result = await idempotency.run(
        { userId: caller.userId, key: idempotencyKey, route: 'agent.chips', body: { targetId, ...body } },
        async (tx) => {
          await accountInScope(tx, caller, targetId);
          const repository = createAgentMoneyRepository(tx);
          const target = (await repository.user(targetId, true)) ?? fail('NOT_FOUND', 'Account not found');
          if (target.role !== ROLES.AGENT && target.role !== ROLES.PLAYER)
            fail('WRONG_ACCOUNT_KIND', 'Chips go only to cash agents and their players');
          const source = chipsSourceOf(target);
          if (target.role === ROLES.AGENT) await wallet.openAgentBook(tx, target.id, 'chips');
          if ('agentId' in source) await wallet.openAgentBook(tx, source.agentId, 'chips');
          const account: AccountRef =
            target.role === ROLES.AGENT ? { agentId: target.id, book: 'chips' } : { userId: target.id, wallet: 'main' };
          const signed = body.action === 'give' ? amountPaise : -amountPaise;
          try {
            await wallet.post(tx, {
              kind: 'agent_chips',
              description: body.action === 'give' ? `Chips given by upline` : `Chips taken back by upline`,
              actorId: caller.userId,
              details: { targetId, action: body.action, uplineId: target.upline_id },
              entries: [
                { account: source, amountPaise: -signed },
                { account, amountPaise: signed },
              ],
            });
          } catch (error) {
            if (error instanceof AppError && error.code === 'WALLET_INSUFFICIENT_FUNDS') {
              fail(
                'WALLET_INSUFFICIENT_FUNDS',
                body.action === 'give'
                  ? 'The upline does not hold that many chips'
                  : 'The account does not have that much available',
              );
            }
            throw error;
          }
          const balances =
            target.role === ROLES.AGENT
              ? await wallet.agentBookBalance(target.id, 'chips', tx)
              : (await wallet.balancesOf(target.id, tx)).mainBalancePaise;
          return { balancePaise: balances };
        },
      );
      await audit.record({
        actorId: caller.userId,
        action: `agent.chips_${body.action}`,
        targetType: 'user',
        targetId,
        details: { amount: body.amount, balance: formatPaise(result.balancePaise) },
        ip,
      });
      return result;
    },
  };
}
export type AgentChipsService = ReturnType<typeof createAgentChipsService>;
