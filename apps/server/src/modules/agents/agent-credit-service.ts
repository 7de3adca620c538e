import type { CreditMove, CreditSettlement } from '@khel/contract';
import { ROLES } from '@khel/contract';
import { formatPaise, rupeesToPaise } from '@khel/money';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { IdempotencyService } from '../idempotency/idempotency-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { AccountRef, Posting, WalletService } from '../wallet/wallet-service.js';
import type { MoneyUserRow } from './agent-money-repository.js';
import { createAgentMoneyRepository } from './agent-money-repository.js';
import { accountInScope } from './agent-scope.js';

/** Where a credit account's credit comes from: its upline credit agent's free credit, or the house. */
function creditSourceOf(account: Pick<MoneyUserRow, 'upline_id' | 'upline_role'>): AccountRef {
  return account.upline_role === ROLES.CREDIT_AGENT && account.upline_id !== null
    ? { agentId: account.upline_id, book: 'credit' }
    : { house: 'credit_issuer' };
}

/** Who settles with a credit player: its upline (the house's settlement account when that is not an agent). */
function settlementAccountOf(player: Pick<MoneyUserRow, 'upline_id'>): AccountRef {
  return { house: 'credit_settlement', ref: player.upline_id ?? '' };
}

/** Turns the database's refusal of a negative balance into the refusal the caller understands. */
async function posting(
  wallet: WalletService,
  tx: Parameters<WalletService['post']>[0],
  entry: Posting,
  whenShort: string,
): Promise<void> {
  try {
    await wallet.post(tx, entry);
  } catch (error) {
    if (error instanceof AppError && error.code === 'WALLET_INSUFFICIENT_FUNDS')
      fail('WALLET_INSUFFICIENT_FUNDS', whenShort);
    throw error;
  }
}

/**
 * Credit lines (PRODUCT.md §9). A credit agent's free credit is its `agent_credit` book; giving a
 * downline account credit moves it from that book to the account (a sub-agent's book, a credit
 * player's main wallet) and raises the account's credit reference by the same amount, in one journal
 * transaction. So a credit player's balance is creditRef + P&L since the last settlement, its
 * available is balance + exposure, and the database's CHECK refuses lowering credit below what is
 * available, or an agent giving more than it has free. A settlement records cash that changed hands
 * outside the product and brings Ref P&L (balance − creditRef) that much towards zero.
 */
export function createAgentCreditService(deps: {
  db: Database;
  wallet: WalletService;
  idempotency: IdempotencyService;
  audit: AuditService;
  clock: Clock;
}) {
  const { wallet, idempotency, audit, clock } = deps;

  return {
    async move(
      caller: Caller,
      targetId: string,
      body: CreditMove,
      idempotencyKey: string | undefined,
      ip: string,
    ): Promise<{ creditRefPaise: number }> {
      const amountPaise = rupeesToPaise(body.amount) ?? fail('VALIDATION_FAILED', 'Enter an amount');
      const result = await idempotency.run(
        { userId: caller.userId, key: idempotencyKey, route: 'agent.credit', body: { targetId, ...body } },
        async (tx) => {
          await accountInScope(tx, caller, targetId);
          const repository = createAgentMoneyRepository(tx);
          const target = (await repository.user(targetId, true)) ?? fail('NOT_FOUND', 'Account not found');
          if (target.role !== ROLES.CREDIT_AGENT && target.role !== ROLES.CREDIT_PLAYER)
            fail('WRONG_ACCOUNT_KIND', 'Credit goes only to credit agents and credit players');
          const creditRefPaise = await repository.lockCreditLine(target.id);
          if (body.action === 'take' && amountPaise > creditRefPaise)
            fail('WALLET_INSUFFICIENT_FUNDS', `The credit reference is only ${formatPaise(creditRefPaise)}`);
          const source = creditSourceOf(target);
          if ('agentId' in source) await wallet.openAgentBook(tx, source.agentId, 'credit');
          if (target.role === ROLES.CREDIT_AGENT) await wallet.openAgentBook(tx, target.id, 'credit');
          const account: AccountRef =
            target.role === ROLES.CREDIT_AGENT
              ? { agentId: target.id, book: 'credit' }
              : { userId: target.id, wallet: 'main' };
          const signed = body.action === 'give' ? amountPaise : -amountPaise;
          await posting(
            wallet,
            tx,
            {
              kind: 'credit_ref',
              description:
                body.action === 'give'
                  ? `Credit limit raised by ${formatPaise(amountPaise)}`
                  : `Credit limit lowered by ${formatPaise(amountPaise)}`,
              actorId: caller.userId,
              details: {
                targetId,
                action: body.action,
                uplineId: target.upline_id,
                creditRefPaise: creditRefPaise + signed,
              },
              entries: [
                { account: source, amountPaise: -signed },
                { account, amountPaise: signed },
              ],
            },
            body.action === 'give'
              ? 'The upline does not have that much credit free'
              : 'Lowering the credit that far would make available negative',
          );
          await repository.addCreditRef(target.id, signed, clock.now());
          return { creditRefPaise: creditRefPaise + signed };
        },
      );
      await audit.record({
        actorId: caller.userId,
        action: `agent.credit_${body.action}`,
        targetType: 'user',
        targetId,
        details: { amount: body.amount, creditRef: formatPaise(result.creditRefPaise) },
        ip,
      });
      return result;
    },

    /**
     * Settles with a credit player: a loss the player paid (Ref P&L below zero) credits its balance, a
     * win the agent paid (above zero) debits it; never past zero, never more than is available.
     */
    async settle(
      caller: Caller,
      playerId: string,
      body: CreditSettlement,
      idempotencyKey: string | undefined,
      ip: string,
    ): Promise<{ refPnlPaise: number }> {
      const amountPaise = rupeesToPaise(body.amount) ?? fail('VALIDATION_FAILED', 'Enter an amount');
      const result = await idempotency.run(
        { userId: caller.userId, key: idempotencyKey, route: 'agent.settle', body: { playerId, ...body } },
        async (tx) => {
          await accountInScope(tx, caller, playerId);
          const repository = createAgentMoneyRepository(tx);
          const player = (await repository.user(playerId, true)) ?? fail('NOT_FOUND', 'Account not found');
          if (player.role !== ROLES.CREDIT_PLAYER) fail('WRONG_ACCOUNT_KIND', 'Only credit players are settled');
          const creditRefPaise = await repository.lockCreditLine(player.id);
          const main =
            (await repository.lockMainWallet(player.id)) ??
            fail('NOT_FOUND', 'This wallet does not exist for the account');
          const refPnlPaise = main.balance_paise - creditRefPaise;
          if (refPnlPaise === 0) fail('CONFLICT', 'Nothing to settle: Ref P&L is zero');
          if (amountPaise > Math.abs(refPnlPaise))
            fail('CONFLICT', `Settle at most ${formatPaise(Math.abs(refPnlPaise))}`);
          // The player lost (Ref P&L < 0) and paid the agent: the balance comes back up, and the other way round.
          const signed = refPnlPaise < 0 ? amountPaise : -amountPaise;
          await posting(
            wallet,
            tx,
            {
              kind: 'credit_settlement',
              description:
                refPnlPaise < 0
                  ? `Settlement: ${formatPaise(amountPaise)} paid to your agent`
                  : `Settlement: ${formatPaise(amountPaise)} paid to you by your agent`,
              actorId: caller.userId,
              details: {
                playerId,
                uplineId: player.upline_id,
                refPnlBeforePaise: refPnlPaise,
                note: body.note ?? null,
              },
              entries: [
                { account: settlementAccountOf(player), amountPaise: -signed },
                { account: { userId: player.id, wallet: 'main' }, amountPaise: signed },
              ],
            },
            'The player does not have that much available: open bets hold it',
          );
          return { refPnlPaise: refPnlPaise + signed };
        },
      );
      await audit.record({
        actorId: caller.userId,
        action: 'agent.credit_settle',
        targetType: 'user',
        targetId: playerId,
        details: { amount: body.amount, note: body.note ?? null, refPnl: formatPaise(result.refPnlPaise) },
        ip,
      });
      return result;
    },
  };
}
export type AgentCreditService = ReturnType<typeof createAgentCreditService>;
