import type { CreditMove, CreditSettlement } from '@khel/contract';
import { ROLES } from '@khel/contract';
import { formatPaise, rupeesToPaise } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { IdempotencyService } from '../idempotency/idempotency-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { AccountRef, Posting, WalletService } from '../wallet/wallet-service.js';
import type { MoneyUserRow } from './agent-money-repository.js';
import { createAgentMoneyRepository } from './agent-money-repository.js';
import { accountInScope } from './agent-scope.js';
import type { HouseMoneyRow } from './house-money-repository.js';
import type { HouseMoneyGate } from './money-from-the-top.js';
import { refuseClosedAccount } from './money-from-the-top.js';

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

/**
 * Whose money a settlement is, for the money-from-the-top rule: the upline credit agent's (cash between
 * it and its player), or the house's when no credit agent stands above the player.
 */
function settlementSourceOf(player: Pick<MoneyUserRow, 'upline_id' | 'upline_role'>): AccountRef {
  return creditSourceOf(player);
}

interface Change {
  action: 'give' | 'take';
  amountPaise: number;
}
/** The house request a second operator approved, when the move is one. */
type Request = { id: string; requestedBy: string };
const keyOf = (request: Request | null) => (request === null ? {} : { idempotencyKey: `house-money:${request.id}` });
const detailsOf = (request: Request | null) =>
  request === null ? {} : { requestId: request.id, requestedBy: request.requestedBy };

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
 * outside the product and brings Ref P&L (balance − creditRef) that much towards zero. Credit given and
 * settlements made by the house wait for a second operator above the line (`money-from-the-top.ts`).
 */
export function createAgentCreditService(deps: {
  db: Database;
  wallet: WalletService;
  idempotency: IdempotencyService;
  audit: AuditService;
  clock: Clock;
  gate: HouseMoneyGate;
}) {
  const { wallet, idempotency, audit, clock } = deps;

  /** A credit change's checks (before it counts or waits, and again on approval); answers the credit reference. */
  async function prepareCredit(tx: Queryable, target: MoneyUserRow, change: Change): Promise<number> {
    if (target.role !== ROLES.CREDIT_AGENT && target.role !== ROLES.CREDIT_PLAYER)
      fail('WRONG_ACCOUNT_KIND', 'Credit goes only to credit agents and credit players');
    if (change.action === 'give') refuseClosedAccount(target, clock.now());
    const creditRefPaise = await createAgentMoneyRepository(tx).lockCreditLine(target.id);
    if (change.action === 'take' && change.amountPaise > creditRefPaise)
      fail('WALLET_INSUFFICIENT_FUNDS', `The credit reference is only ${formatPaise(creditRefPaise)}`);
    return creditRefPaise;
  }

  async function postCredit(
    tx: Queryable,
    actorId: string,
    target: MoneyUserRow,
    change: Change,
    creditRefPaise: number,
    request: Request | null,
  ): Promise<number> {
    const source = creditSourceOf(target);
    if ('agentId' in source) await wallet.openAgentBook(tx, source.agentId, 'credit');
    if (target.role === ROLES.CREDIT_AGENT) await wallet.openAgentBook(tx, target.id, 'credit');
    const account: AccountRef =
      target.role === ROLES.CREDIT_AGENT
        ? { agentId: target.id, book: 'credit' }
        : { userId: target.id, wallet: 'main' };
    const signed = change.action === 'give' ? change.amountPaise : -change.amountPaise;
    await posting(
      wallet,
      tx,
      {
        kind: 'credit_ref',
        ...keyOf(request),
        description:
          change.action === 'give'
            ? `Credit limit raised by ${formatPaise(change.amountPaise)}`
            : `Credit limit lowered by ${formatPaise(change.amountPaise)}`,
        actorId,
        details: {
          targetId: target.id,
          action: change.action,
          uplineId: target.upline_id,
          creditRefPaise: creditRefPaise + signed,
          ...detailsOf(request),
        },
        entries: [
          { account: source, amountPaise: -signed },
          { account, amountPaise: signed },
        ],
      },
      change.action === 'give'
        ? 'The upline does not have that much credit free'
        : 'Lowering the credit that far would make available negative',
    );
    await createAgentMoneyRepository(tx).addCreditRef(target.id, signed, clock.now());
    return creditRefPaise + signed;
  }

  /** A settlement's checks; answers Ref P&L before it. */
  async function prepareSettlement(tx: Queryable, player: MoneyUserRow, amountPaise: number): Promise<number> {
    if (player.role !== ROLES.CREDIT_PLAYER) fail('WRONG_ACCOUNT_KIND', 'Only credit players are settled');
    const repository = createAgentMoneyRepository(tx);
    const creditRefPaise = await repository.lockCreditLine(player.id);
    const main =
      (await repository.lockMainWallet(player.id)) ?? fail('NOT_FOUND', 'This wallet does not exist for the account');
    const refPnlPaise = main.balance_paise - creditRefPaise;
    if (refPnlPaise === 0) fail('CONFLICT', 'Nothing to settle: Ref P&L is zero');
    if (amountPaise > Math.abs(refPnlPaise)) fail('CONFLICT', `Settle at most ${formatPaise(Math.abs(refPnlPaise))}`);
    return refPnlPaise;
  }

  async function postSettlement(
    tx: Queryable,
    actorId: string,
    player: MoneyUserRow,
    amountPaise: number,
    note: string | null,
    refPnlPaise: number,
    request: Request | null,
  ): Promise<number> {
    // The player lost (Ref P&L < 0) and paid the agent: the balance comes back up, and the other way round.
    const signed = refPnlPaise < 0 ? amountPaise : -amountPaise;
    await posting(
      wallet,
      tx,
      {
        kind: 'credit_settlement',
        ...keyOf(request),
        description:
          refPnlPaise < 0
            ? `Settlement: ${formatPaise(amountPaise)} paid to your agent`
            : `Settlement: ${formatPaise(amountPaise)} paid to you by your agent`,
        actorId,
        details: {
          playerId: player.id,
          uplineId: player.upline_id,
          refPnlBeforePaise: refPnlPaise,
          note,
          ...detailsOf(request),
        },
        entries: [
          { account: settlementAccountOf(player), amountPaise: -signed },
          { account: { userId: player.id, wallet: 'main' }, amountPaise: signed },
        ],
      },
      'The player does not have that much available: open bets hold it',
    );
    return refPnlPaise + signed;
  }

  const lockedUser = async (tx: Queryable, id: string) =>
    (await createAgentMoneyRepository(tx).user(id, true)) ?? fail('NOT_FOUND', 'Account not found');

  return {
    async move(
      caller: Caller,
      targetId: string,
      body: CreditMove,
      idempotencyKey: string | undefined,
      ip: string,
    ): Promise<{ creditRefPaise: number; waitingId: string | null }> {
      const change = {
        action: body.action,
        amountPaise: rupeesToPaise(body.amount) ?? fail('VALIDATION_FAILED', 'Enter an amount'),
      };
      const result = await idempotency.run(
        { userId: caller.userId, key: idempotencyKey, route: 'agent.credit', body: { targetId, ...body } },
        async (tx) => {
          await accountInScope(tx, caller, targetId);
          const target = await lockedUser(tx, targetId);
          const creditRefPaise = await prepareCredit(tx, target, change);
          const waitingId = await deps.gate.admit(
            tx,
            { ...change, kind: 'credit', targetId, note: null, source: creditSourceOf(target) },
            caller.userId,
          );
          if (waitingId !== null) return { creditRefPaise, waitingId };
          return {
            creditRefPaise: await postCredit(tx, caller.userId, target, change, creditRefPaise, null),
            waitingId,
          };
        },
      );
      await audit.record({
        actorId: caller.userId,
        action: `agent.credit_${body.action}${result.waitingId === null ? '' : '_request'}`,
        targetType: 'user',
        targetId,
        details: {
          amount: body.amount,
          creditRef: formatPaise(result.creditRefPaise),
          ...(result.waitingId === null ? {} : { requestId: result.waitingId }),
        },
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
    ): Promise<{ refPnlPaise: number; waitingId: string | null }> {
      const amountPaise = rupeesToPaise(body.amount) ?? fail('VALIDATION_FAILED', 'Enter an amount');
      const note = body.note ?? null;
      const result = await idempotency.run(
        { userId: caller.userId, key: idempotencyKey, route: 'agent.settle', body: { playerId, ...body } },
        async (tx) => {
          await accountInScope(tx, caller, playerId);
          const player = await lockedUser(tx, playerId);
          const refPnlPaise = await prepareSettlement(tx, player, amountPaise);
          const waitingId = await deps.gate.admit(
            tx,
            {
              kind: 'settlement',
              action: 'settle',
              targetId: playerId,
              amountPaise,
              note,
              source: settlementSourceOf(player),
            },
            caller.userId,
          );
          if (waitingId !== null) return { refPnlPaise, waitingId };
          return {
            refPnlPaise: await postSettlement(tx, caller.userId, player, amountPaise, note, refPnlPaise, null),
            waitingId,
          };
        },
      );
      await audit.record({
        actorId: caller.userId,
        action: `agent.credit_settle${result.waitingId === null ? '' : '_request'}`,
        targetType: 'user',
        targetId: playerId,
        details: {
          amount: body.amount,
          note,
          refPnl: formatPaise(result.refPnlPaise),
          ...(result.waitingId === null ? {} : { requestId: result.waitingId }),
        },
        ip,
      });
      return result;
    },

    /**
     * A credit account moving to another upline (decision 0066), inside the move's transaction: its credit
     * reference leaves the old upline's free credit (or the house's) for the new upline's, in one journal
     * transaction; the database refuses it when the new upline has not that much free. The account's own
     * balance does not change. Answers the credit reference (0 for a cash account: nothing moves).
     */
    async moveCreditLine(
      tx: Queryable,
      actorId: string,
      account: MoneyUserRow,
      to: { id: string; role: number },
      moveId: string,
    ): Promise<number> {
      if (account.role !== ROLES.CREDIT_AGENT && account.role !== ROLES.CREDIT_PLAYER) return 0;
      const creditRefPaise = Number(await createAgentMoneyRepository(tx).lockCreditLine(account.id));
      const from = creditSourceOf(account);
      const into = creditSourceOf({ upline_id: to.id, upline_role: to.role });
      if (creditRefPaise === 0 || JSON.stringify(from) === JSON.stringify(into)) return creditRefPaise;
      if ('agentId' in into) await wallet.openAgentBook(tx, into.agentId, 'credit');
      if ('agentId' in from) await wallet.openAgentBook(tx, from.agentId, 'credit');
      await posting(
        wallet,
        tx,
        {
          kind: 'credit_ref',
          idempotencyKey: `tree-move:${moveId}`,
          description: `Credit line of ${formatPaise(creditRefPaise)} moved with the account to a new upline`,
          actorId,
          details: { targetId: account.id, action: 'move', fromUplineId: account.upline_id, uplineId: to.id, moveId },
          entries: [
            { account: into, amountPaise: -creditRefPaise },
            { account: from, amountPaise: creditRefPaise },
          ],
        },
        'The new upline does not have that much credit free',
      );
      return creditRefPaise;
    },

    /** A house request a second operator approved: checked again as it stands now, then moved (decision 0044). */
    async applyRequest(tx: Queryable, request: HouseMoneyRow, approverId: string): Promise<void> {
      const target = await lockedUser(tx, request.target_id);
      const by = { id: request.id, requestedBy: request.requested_by };
      if (request.kind === 'settlement') {
        const refPnlPaise = await prepareSettlement(tx, target, request.amount_paise);
        await postSettlement(tx, approverId, target, request.amount_paise, request.note, refPnlPaise, by);
        return;
      }
      const change = {
        action: request.action === 'take' ? 'take' : 'give',
        amountPaise: request.amount_paise,
      } as const;
      const creditRefPaise = await prepareCredit(tx, target, change);
      await postCredit(tx, approverId, target, change, creditRefPaise, by);
    },
  };
}
export type AgentCreditService = ReturnType<typeof createAgentCreditService>;
