import { ROLES } from '@khel/contract';
import type { DateRangeQuery, DeskWithdrawal, PaymentAccount, Withdrawal, WithdrawalCreate } from '@khel/contract';
import { indiaDateRange, rupeesToPaise } from '@khel/money';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { FourEyesService } from '../four-eyes/four-eyes-service.js';
import type { IdempotencyService } from '../idempotency/idempotency-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { PaymentAccountsService } from '../payment-accounts/payment-accounts-service.js';
import type { DeskAgents } from '../request-desk/request-desk-service.js';
import { createRequestDesk, deskFields, playerView } from '../request-desk/request-desk-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { WithdrawalRow } from './withdrawals-repository.js';
import { createWithdrawalsRepository } from './withdrawals-repository.js';

function masked(account: PaymentAccount): string {
  return account.type === 'upi'
    ? account.accountNumber
    : `${account.bankName ?? 'bank'} ····${account.accountNumber.slice(-4)}`;
}

function toWithdrawal(row: WithdrawalRow): DeskWithdrawal {
  return { ...deskFields(row), account: row.account_snapshot };
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
  agents?: DeskAgents;
}) {
  const { db, wallet, idempotency, accounts, clock } = deps;
  const repository = createWithdrawalsRepository(db);
  const desk = createRequestDesk(deps, {
    name: 'withdrawal',
    notFound: 'Withdrawal not found',
    approvedMessage: 'Withdrawal marked paid',
    repository: createWithdrawalsRepository,
    toView: toWithdrawal,
    // Paid: the held amount leaves through the clearing account, or, for a cash agent's player, goes back to the agent's chips.
    settle: async (tx, row, actor, agentId) => {
      await wallet.post(tx, {
        kind: 'withdrawal_paid',
        idempotencyKey: `withdrawal-paid:${row.id}`,
        description: `Withdrawal paid to ${masked(row.account_snapshot)}`,
        actorId: actor.userId,
        details: { withdrawalId: row.id, userId: row.user_id, agentId, account: masked(row.account_snapshot) },
        entries: [
          { account: { house: 'withdrawal_hold' }, amountPaise: -row.amount_paise },
          {
            account:
              agentId === null
                ? { house: row.account_snapshot.type === 'upi' ? 'clearing_upi' : 'clearing_bank' }
                : { agentId, book: 'chips' },
            amountPaise: row.amount_paise,
          },
        ],
      });
    },
    afterApproval: async (tx, row) =>
      wallet.announce(tx, row.user_id, { kind: 'withdrawal_paid', amountPaise: row.amount_paise }),
    // Rejected: the held amount goes back to the player's main wallet.
    onReject: async (tx, row, actor, reason) => {
      await wallet.post(tx, {
        kind: 'withdrawal_release',
        idempotencyKey: `withdrawal-release:${row.id}`,
        description: `Withdrawal rejected (${reason}), amount released`,
        actorId: actor.userId,
        details: { withdrawalId: row.id, reason },
        entries: [
          { account: { house: 'withdrawal_hold' }, amountPaise: -row.amount_paise },
          { account: { userId: row.user_id, wallet: 'main' }, amountPaise: row.amount_paise },
        ],
      });
    },
  });

  return {
    async create(caller: Caller, body: WithdrawalCreate, idempotencyKey: string | undefined): Promise<Withdrawal> {
      if (caller.role === ROLES.CREDIT_PLAYER) fail('FORBIDDEN', 'Credit players do not withdraw');
      const account =
        (await accounts.find(caller.userId, body.accountId)) ??
        fail('VALIDATION_FAILED', 'Choose the account to be paid into');
      const amountPaise = rupeesToPaise(body.amount) ?? fail('VALIDATION_FAILED', 'Please enter amount');
      return idempotency.run(
        { userId: caller.userId, key: idempotencyKey, route: 'withdrawal.create', body },
        async (tx) => {
          const repo = createWithdrawalsRepository(tx);
          const id = await repo.insert({
            userId: caller.userId,
            amountPaise,
            paymentAccountId: account._id,
            snapshot: account,
            at: clock.now(),
          });
          await wallet.post(tx, {
            kind: 'withdrawal_hold',
            idempotencyKey: `withdrawal-hold:${id}`,
            description: `Withdrawal to ${masked(account)} (on hold)`,
            actorId: caller.userId,
            details: { withdrawalId: id, account: masked(account) },
            entries: [
              { account: { userId: caller.userId, wallet: 'main' }, amountPaise: -amountPaise },
              { account: { house: 'withdrawal_hold' }, amountPaise },
            ],
          });
          return playerView(toWithdrawal((await repo.find(id)) as WithdrawalRow));
        },
      );
    },

    async listForPlayer(caller: Caller, query: DateRangeQuery): Promise<Withdrawal[]> {
      const { from, to } = indiaDateRange(query, clock.now());
      return (await repository.listForUser(caller.userId, from, to)).map((row) => playerView(toWithdrawal(row)));
    },

    // Back office: the request desk (pay, reject, the queue, the parties)
    ...desk,
  };
}
export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
