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
import type { HouseMoneyRow } from './house-money-repository.js';
import type { HouseMoneyGate } from './money-from-the-top.js';
import { refuseClosedAccount } from './money-from-the-top.js';
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

/** A chips move as the services carry it: the amount in paise. */
interface ChipsChange {
  action: 'give' | 'take';
  amountPaise: number;
}

/**
 * Cash agents' chips (PRODUCT.md §9): an upline (a parent AGENT, or the house through a DIRECTOR or
 * SUPPORT_ADMIN) gives chips to an agent or player below it, or takes them back. Every move is one
 * journal transaction; the database refuses an agent giving more than it holds (the CHECK on its
 * account row) and a take that would leave an account's available negative. Chips from the house wait
 * for a second operator above the line (`money-from-the-top.ts`); chips to a player count as its deposit.
 */
export function createAgentChipsService(deps: {
  db: Database;
  wallet: WalletService;
  idempotency: IdempotencyService;
  audit: AuditService;
  clock: Clock;
  gate: HouseMoneyGate;
  /** Refuses chips past the player's own deposit limit (the deposits module's rule), inside the move. */
  depositLimit: (tx: Queryable, userId: string, amountPaise: number) => Promise<void>;
}) {
  const { wallet, idempotency, audit, clock } = deps;

  /** What a move must pass before it counts or waits, and again when a second operator approves it. */
  async function prepare(tx: Queryable, target: MoneyUserRow, change: ChipsChange): Promise<AccountRef> {
    if (target.role !== ROLES.AGENT && target.role !== ROLES.PLAYER)
      fail('WRONG_ACCOUNT_KIND', 'Chips go only to cash agents and their players');
    if (change.action === 'give') {
      refuseClosedAccount(target, clock.now());
      if (target.role === ROLES.PLAYER) await deps.depositLimit(tx, target.id, change.amountPaise);
    }
    return chipsSourceOf(target);
  }

  async function post(
    tx: Queryable,
    actorId: string,
    target: MoneyUserRow,
    change: ChipsChange,
    request: { id: string; requestedBy: string } | null,
  ): Promise<void> {
    const source = chipsSourceOf(target);
    if (target.role === ROLES.AGENT) await wallet.openAgentBook(tx, target.id, 'chips');
    if ('agentId' in source) await wallet.openAgentBook(tx, source.agentId, 'chips');
    const account: AccountRef =
      target.role === ROLES.AGENT ? { agentId: target.id, book: 'chips' } : { userId: target.id, wallet: 'main' };
    const signed = change.action === 'give' ? change.amountPaise : -change.amountPaise;
    try {
      await wallet.post(tx, {
        kind: 'agent_chips',
        ...(request === null ? {} : { idempotencyKey: `house-money:${request.id}` }),
        description: change.action === 'give' ? `Chips given by upline` : `Chips taken back by upline`,
        actorId,
        details: {
          targetId: target.id,
          action: change.action,
          uplineId: target.upline_id,
          ...(request === null ? {} : { requestId: request.id, requestedBy: request.requestedBy }),
        },
        entries: [
          { account: source, amountPaise: -signed },
          { account, amountPaise: signed },
        ],
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'WALLET_INSUFFICIENT_FUNDS') {
        fail(
          'WALLET_INSUFFICIENT_FUNDS',
          change.action === 'give'
            ? 'The upline does not hold that many chips'
            : 'The account does not have that much available',
        );
      }
      throw error;
    }
  }

  async function balanceOf(tx: Queryable, target: MoneyUserRow): Promise<number> {
    return target.role === ROLES.AGENT
      ? wallet.agentBookBalance(target.id, 'chips', tx)
      : (await wallet.balancesOf(target.id, tx)).mainBalancePaise;
  }

  return {
    async move(
      caller: Caller,
      targetId: string,
      body: ChipsMove,
      idempotencyKey: string | undefined,
      ip: string,
    ): Promise<{ balancePaise: number; waitingId: string | null }> {
      const change = {
        action: body.action,
        amountPaise: rupeesToPaise(body.amount) ?? fail('VALIDATION_FAILED', 'Enter an amount'),
      };
      const result = await idempotency.run(
        { userId: caller.userId, key: idempotencyKey, route: 'agent.chips', body: { targetId, ...body } },
        async (tx) => {
          await accountInScope(tx, caller, targetId);
          const target =
            (await createAgentMoneyRepository(tx).user(targetId, true)) ?? fail('NOT_FOUND', 'Account not found');
          const source = await prepare(tx, target, change);
          const waitingId = await deps.gate.admit(
            tx,
            { kind: 'chips', action: change.action, targetId, amountPaise: change.amountPaise, note: null, source },
            caller.userId,
          );
          if (waitingId === null) await post(tx, caller.userId, target, change, null);
          return { balancePaise: await balanceOf(tx, target), waitingId };
        },
      );
      await audit.record({
        actorId: caller.userId,
        action: `agent.chips_${body.action}${result.waitingId === null ? '' : '_request'}`,
        targetType: 'user',
        targetId,
        details: {
          amount: body.amount,
          balance: formatPaise(result.balancePaise),
          ...(result.waitingId === null ? {} : { requestId: result.waitingId }),
        },
        ip,
      });
      return result;
    },

    /** A house request a second operator approved: checked again as it stands now, then moved (decision 0044). */
    async applyRequest(tx: Queryable, request: HouseMoneyRow, approverId: string): Promise<void> {
      const target =
        (await createAgentMoneyRepository(tx).user(request.target_id, true)) ?? fail('NOT_FOUND', 'Account not found');
      const change = {
        action: request.action === 'take' ? 'take' : 'give',
        amountPaise: request.amount_paise,
      } as const;
      await prepare(tx, target, change);
      await post(tx, approverId, target, change, { id: request.id, requestedBy: request.requested_by });
    },
  };
}
export type AgentChipsService = ReturnType<typeof createAgentChipsService>;
