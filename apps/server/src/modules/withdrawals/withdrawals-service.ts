import { ROLES } from '@khel/contract';
import type { DateRangeQuery, DeskWithdrawal, PaymentAccount, Withdrawal, WithdrawalCreate } from '@khel/contract';
import { formatPaise, indiaDateRange, paiseToRupees, rupeesToPaise } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { Parties } from '../../lib/separation-of-duties.js';
import type { AuditService } from '../audit/audit-service.js';
import type { FourEyesService } from '../four-eyes/four-eyes-service.js';
import type { IdempotencyService } from '../idempotency/idempotency-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { PaymentAccountsService } from '../payment-accounts/payment-accounts-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { WithdrawalRow } from './withdrawals-repository.js';
import { createWithdrawalsRepository } from './withdrawals-repository.js';

function masked(account: PaymentAccount): string {
  return account.type === 'upi' ? account.accountNumber : `${account.bankName ?? 'bank'} ····${account.accountNumber.slice(-4)}`;
}

function toWithdrawal(row: WithdrawalRow): DeskWithdrawal {
  return {
    _id: row.id,
    amount: paiseToRupees(row.amount_paise),
    status: row.status,
    reason: row.reason,
    account: row.account_snapshot,
    awaitingSecondApproval: row.status === 'pending' && row.first_approved_by !== null,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    player: { _id: row.user_id, name: row.player_name, username: row.player_username, mobile_no: row.player_mobile_no },
    firstApprovedBy: row.first_approved_by,
    firstApprovedByName: row.first_approved_by_name,
    decidedBy: row.decided_by,
    decidedByName: row.decided_by_name,
  };
}

function playerView(withdrawal: DeskWithdrawal): Withdrawal {
  const { player: _player, firstApprovedBy: _first, firstApprovedByName: _firstName, decidedBy: _decided, decidedByName: _decidedName, ...rest } = withdrawal;
  return rest;
}

/**
 * Withdrawals: the amount leaves the main wallet for the withdrawal-hold account the moment the player
 * asks (so it cannot be bet twice); an operator pays it (hold → clearing) or rejects it (hold → wallet).
 */
export function createWithdrawalsService(deps: {
  db: Database;
  wallet: WalletService;
  idempotency: IdempotencyService;
  accounts: PaymentAccountsService;
  audit: AuditService;
  clock: Clock;
  fourEyes: FourEyesService;
  /** Agents (PRODUCT.md §9): the cash agent a player's withdrawal pays back to, and the subtree check. */
  agents?: { agentOf: (tx: Queryable, userId: string) => Promise<string | null>; assertInScope: (tx: Queryable, actor: Caller, userId: string) => Promise<unknown> };
}) {
  const { db, wallet, idempotency, accounts, audit, clock, fourEyes } = deps;
  const repository = createWithdrawalsRepository(db);

  async function decided(id: string) {
    return toWithdrawal((await repository.find(id)) as WithdrawalRow);
  }

  return {
    async create(caller: Caller, body: WithdrawalCreate, idempotencyKey: string | undefined): Promise<Withdrawal> {
      if (caller.role === ROLES.CREDIT_PLAYER) fail('FORBIDDEN', 'Credit players do not withdraw');
      const account = (await accounts.find(caller.userId, body.accountId)) ?? fail('VALIDATION_FAILED', 'Choose the account to be paid into');
      const amountPaise = rupeesToPaise(body.amount) ?? fail('VALIDATION_FAILED', 'Please enter amount');
      return idempotency.run({ userId: caller.userId, key: idempotencyKey, route: 'withdrawal.create', body }, async (tx) => {
        const repo = createWithdrawalsRepository(tx);
        const id = await repo.insert({ userId: caller.userId, amountPaise, paymentAccountId: account._id, snapshot: account, at: clock.now() });
        await wallet.post(tx, {
          kind: 'withdrawal_hold',
          idempotencyKey: `withdrawal-hold:${id}`,
          description: `Withdrawal to ${masked(account)} (on hold)`,
          actorId: caller.userId,
          details: { withdrawalId: id },
          entries: [
            { account: { userId: caller.userId, wallet: 'main' }, amountPaise: -amountPaise },
            { account: { house: 'withdrawal_hold' }, amountPaise },
          ],
        });
        return playerView(toWithdrawal((await repo.find(id)) as WithdrawalRow));
      });
    },

    async listForPlayer(caller: Caller, query: DateRangeQuery): Promise<Withdrawal[]> {
      const { from, to } = indiaDateRange(query, clock.now());
      return (await repository.listForUser(caller.userId, from, to)).map((row) => playerView(toWithdrawal(row)));
    },

    /** The player a withdrawal pays, who also asked for it (separation of duties). */
    async parties(id: string): Promise<Parties | null> {
      const row = await repository.find(id);
      return row === null ? null : { playerId: row.user_id, requestedBy: row.user_id };
    },

    /** `within`: an agent's downline (decision 0018); null, the whole site. */
    async deskList(status: 'pending' | 'approved' | 'rejected', page: number, pageSize: number, within: string | null = null) {
      const { rows, total } = await repository.listByStatus(status, pageSize, (page - 1) * pageSize, within);
      return { items: rows.map(toWithdrawal), total };
    },

    /** Marks the withdrawal paid: the held amount leaves through the clearing account. */
    async approve(actor: Caller, id: string, ip: string) {
      const outcome = await db.transaction(async (tx) => {
        const repo = createWithdrawalsRepository(tx);
        const row = (await repo.find(id, true)) ?? fail('NOT_FOUND', 'Withdrawal not found');
        await deps.agents?.assertInScope(tx, actor, row.user_id);
        if (row.status !== 'pending') fail('ALREADY_DECIDED');
        if ((await fourEyes.step(tx, { actorId: actor.userId, playerId: row.user_id, amountPaise: row.amount_paise, firstApprovedBy: row.first_approved_by })) === 'first') {
          await repo.setFirstApproval(id, actor.userId);
          return 'first' as const;
        }
        // A cash agent's player is paid out by the agent: the chips go back to the agent's book.
        const agentId = (await deps.agents?.agentOf(tx, row.user_id)) ?? null;
        await wallet.post(tx, {
          kind: 'withdrawal_paid',
          idempotencyKey: `withdrawal-paid:${id}`,
          description: `Withdrawal paid to ${masked(row.account_snapshot)}`,
          actorId: actor.userId,
          details: { withdrawalId: id, userId: row.user_id, agentId },
          entries: [
            { account: { house: 'withdrawal_hold' }, amountPaise: -row.amount_paise },
            { account: agentId === null ? { house: row.account_snapshot.type === 'upi' ? 'clearing_upi' : 'clearing_bank' } : { agentId, book: 'chips' }, amountPaise: row.amount_paise },
          ],
        });
        await repo.decide(id, 'approved', actor.userId, null, clock.now());
        wallet.announce(tx, row.user_id, { kind: 'withdrawal_paid', amountPaise: row.amount_paise });
        return 'approved' as const;
      });
      const withdrawal = await decided(id);
      await audit.record({
        actorId: actor.userId,
        action: outcome === 'first' ? 'withdrawal.first_approval' : 'withdrawal.approve',
        targetType: 'user',
        targetId: withdrawal.player._id,
        details: { withdrawalId: id, amount: withdrawal.amount },
        ip,
      });
      return {
        withdrawal,
        message: outcome === 'first' ? `First approval recorded: a second operator must approve ${formatPaise(rupeesToPaise(withdrawal.amount) ?? 0)}` : 'Withdrawal marked paid',
      };
    },

    /** Rejects and releases the held amount back to the player's main wallet. */
    async reject(actor: Caller, id: string, reason: string, ip: string) {
      await db.transaction(async (tx) => {
        const repo = createWithdrawalsRepository(tx);
        const row = (await repo.find(id, true)) ?? fail('NOT_FOUND', 'Withdrawal not found');
        await deps.agents?.assertInScope(tx, actor, row.user_id);
        if (row.status !== 'pending') fail('ALREADY_DECIDED');
        await wallet.post(tx, {
          kind: 'withdrawal_release',
          idempotencyKey: `withdrawal-release:${id}`,
          description: `Withdrawal rejected (${reason}), amount released`,
          actorId: actor.userId,
          details: { withdrawalId: id },
          entries: [
            { account: { house: 'withdrawal_hold' }, amountPaise: -row.amount_paise },
            { account: { userId: row.user_id, wallet: 'main' }, amountPaise: row.amount_paise },
          ],
        });
        await repo.decide(id, 'rejected', actor.userId, reason, clock.now());
      });
      const withdrawal = await decided(id);
      await audit.record({ actorId: actor.userId, action: 'withdrawal.reject', targetType: 'user', targetId: withdrawal.player._id, details: { withdrawalId: id, amount: withdrawal.amount, reason }, ip });
      return withdrawal;
    },
  };
}
export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
