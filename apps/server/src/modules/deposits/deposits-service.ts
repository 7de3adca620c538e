import { MESSAGES, ROLES } from '@khel/contract';
import type { DateRangeQuery, Deposit, DepositCreate, DepositLimit, DepositLimitPeriod, DeskDeposit } from '@khel/contract';
import { formatPaise, paiseToRupees, rupeesToPaise, indiaDateRange } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { Parties } from '../../lib/separation-of-duties.js';
import type { AuditService } from '../audit/audit-service.js';
import type { FourEyesService } from '../four-eyes/four-eyes-service.js';
import type { IdempotencyService } from '../idempotency/idempotency-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { MediaService } from '../media/media-service.js';
import type { PaymentAccountsService } from '../payment-accounts/payment-accounts-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import { assertWithinLimits, depositLimitsView, effectiveLimit, requestLimitChange } from './deposit-limits.js';
import type { DepositRow } from './deposits-repository.js';
import { createDepositsRepository } from './deposits-repository.js';

/** UTRs are compared without case, spaces or dashes: "utr 1234-5678" and "UTR12345678" are one reference. */
export function referenceKey(txnRef: string): string {
  return txnRef.toUpperCase().replace(/[\s-]/g, '');
}

function toDeposit(row: DepositRow): DeskDeposit {
  return {
    _id: row.id,
    amount: paiseToRupees(row.amount_paise),
    type: row.type,
    txnRef: row.txn_ref,
    screenShot: row.thumbnail_bytes === null ? null : `data:image/jpeg;base64,${Buffer.from(row.thumbnail_bytes).toString('base64')}`,
    screenShotUrl: row.screenshot_media_id === null ? null : `/api/v1/deposit-screenshot/${row.id}`,
    status: row.status,
    reason: row.reason,
    account: { _id: row.receiving_account_id, type: row.type, accountNumber: row.account_number, accountHolderName: row.account_holder_name },
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

function playerView(deposit: DeskDeposit): Deposit {
  const { player: _player, firstApprovedBy: _first, firstApprovedByName: _firstName, decidedBy: _decided, decidedByName: _decidedName, ...rest } = deposit;
  return rest;
}

/**
 * Deposit requests: the player pays outside the app, then tells us the amount, the receiving account,
 * and a reference id (UTR) or a screenshot; an operator approves (the main wallet is credited through
 * the journal) or rejects. Above the second-approval amount, two different operators must approve.
 */
export function createDepositsService(deps: {
  db: Database;
  wallet: WalletService;
  idempotency: IdempotencyService;
  media: MediaService;
  accounts: PaymentAccountsService;
  audit: AuditService;
  clock: Clock;
  fourEyes: FourEyesService;
  /**
   * Agents (PRODUCT.md §9): the cash agent whose chips fund a player's deposit (null: the house's
   * clearing account), and the check that an acting agent reaches only its own subtree.
   */
  agents?: { agentOf: (tx: Queryable, userId: string) => Promise<string | null>; assertInScope: (tx: Queryable, actor: Caller, userId: string) => Promise<unknown> };
  /** Runs inside the approval's transaction once the wallet is credited (bonus offers, referral reward). */
  onApproved?: (tx: Queryable, deposit: { depositId: string; userId: string; amountPaise: number; firstApproved: boolean; at: Date }) => Promise<void>;
}) {
  const { db, wallet, idempotency, media, accounts, audit, clock, fourEyes } = deps;
  const repository = createDepositsRepository(db);

  return {
    async create(caller: Caller, body: DepositCreate, idempotencyKey: string | undefined): Promise<Deposit> {
      if (caller.role === ROLES.CREDIT_PLAYER) fail('FORBIDDEN', 'Credit players do not deposit');
      const account = await accounts.offeredReceivingAccount(caller.userId, body.accountId);
      if (account === null || account.type !== body.type) fail('VALIDATION_FAILED', 'Choose the account you paid into');
      const amountPaise = rupeesToPaise(body.amount) ?? fail('VALIDATION_FAILED', MESSAGES.depositAmountRequired);
      const txnRef = body.txnRef !== undefined && body.txnRef.length > 0 ? body.txnRef : null;
      // Decoding and re-encoding is CPU work: done before the transaction, so no lock waits on it.
      const screenshot = body.baseImage !== undefined && body.baseImage.length > 0 ? await media.reencodeScreenshot(body.baseImage) : null;

      return idempotency.run({ userId: caller.userId, key: idempotencyKey, route: 'deposit.create', body }, async (tx) => {
        const repo = createDepositsRepository(tx);
        await repo.lockUser(caller.userId);
        await assertWithinLimits(repo, caller.userId, amountPaise, clock.now());
        const screenshotId = screenshot === null ? null : await media.storePrivateJpeg(screenshot.full, tx);
        const thumbnailId = screenshot === null ? null : await media.storePrivateJpeg(screenshot.thumbnail, tx);
        const id = await repo.insert({
          userId: caller.userId,
          amountPaise,
          receivingAccountId: account.id,
          type: body.type,
          txnRef,
          txnRefKey: txnRef === null ? null : referenceKey(txnRef),
          screenshotMediaId: screenshotId,
          thumbnailMediaId: thumbnailId,
          at: clock.now(),
        });
        if (id === null) fail('DUPLICATE_REFERENCE_ID');
        return playerView(toDeposit((await repo.find(id)) as DepositRow));
      });
    },

    async listForPlayer(caller: Caller, query: DateRangeQuery): Promise<Deposit[]> {
      const { from, to } = indiaDateRange(query, clock.now());
      return (await repository.listForUser(caller.userId, from, to)).map((row) => playerView(toDeposit(row)));
    },

    /** The full screenshot, for its owner or an operator. */
    /**
     * The full screenshot: its owner, an operator, or a cash agent whose downline holds the player (the
     * agent's deposit queue, PRODUCT.md §9; another subtree is NOT_IN_DOWNLINE).
     */
    async screenshot(caller: Caller, depositId: string, isOperator: boolean): Promise<Buffer> {
      const row = await repository.find(depositId);
      const cashAgent = caller.role === ROLES.AGENT && deps.agents !== undefined;
      if (row === null || row.screenshot_media_id === null || (!isOperator && !cashAgent && row.user_id !== caller.userId)) fail('NOT_FOUND', 'Screenshot not found');
      if (!isOperator && cashAgent && row.user_id !== caller.userId) await deps.agents?.assertInScope(db, caller, row.user_id);
      const image = (await media.find(row.screenshot_media_id)) ?? fail('NOT_FOUND', 'Screenshot not found');
      return Buffer.from(image.bytes);
    },

    // Responsible gambling: deposit limits

    async limits(caller: Caller): Promise<DepositLimit[]> {
      return depositLimitsView(repository, caller.userId, clock.now());
    },

    async setLimit(caller: Caller, period: DepositLimitPeriod, amountRupees: number | null, ip: string): Promise<DepositLimit[]> {
      const now = clock.now();
      const amountPaise = amountRupees === null ? null : (rupeesToPaise(amountRupees) ?? fail('VALIDATION_FAILED', 'Enter a limit'));
      await db.transaction(async (tx) => {
        const repo = createDepositsRepository(tx);
        await repo.lockUser(caller.userId);
        const current = effectiveLimit(
          (await repo.limits(caller.userId)).find((row) => row.period === period),
          now,
        );
        const next = requestLimitChange(current, period, amountPaise, now);
        await repo.saveLimit(caller.userId, next, now);
      });
      await audit.record({ actorId: caller.userId, action: 'deposit_limit.set', targetType: 'user', targetId: caller.userId, details: { period, amount: amountRupees }, ip });
      return depositLimitsView(repository, caller.userId, now);
    },

    // Back office

    /** The player a deposit request credits, who also made it (separation of duties). */
    async parties(id: string): Promise<Parties | null> {
      const row = await repository.find(id);
      return row === null ? null : { playerId: row.user_id, requestedBy: row.user_id };
    },

    /** `within`: an agent's downline (decision 0018); null, the whole site. */
    async deskList(status: 'pending' | 'approved' | 'rejected', page: number, pageSize: number, within: string | null = null) {
      const { rows, total } = await repository.listByStatus(status, pageSize, (page - 1) * pageSize, within);
      return { items: rows.map(toDeposit), total };
    },

    async approve(actor: Caller, id: string, ip: string) {
      const outcome = await db.transaction(async (tx) => {
        const repo = createDepositsRepository(tx);
        const row = (await repo.find(id, true)) ?? fail('NOT_FOUND', 'Deposit not found');
        await deps.agents?.assertInScope(tx, actor, row.user_id);
        if (row.status !== 'pending') fail('ALREADY_DECIDED');
        if ((await fourEyes.step(tx, { actorId: actor.userId, playerId: row.user_id, amountPaise: row.amount_paise, firstApprovedBy: row.first_approved_by })) === 'first') {
          await repo.setFirstApproval(id, actor.userId);
          return 'first' as const;
        }
        const clearing = row.type === 'upi' ? 'clearing_upi' : 'clearing_bank';
        // A cash agent's player is paid in the agent's chips; the database refuses more than it holds.
        const agentId = (await deps.agents?.agentOf(tx, row.user_id)) ?? null;
        await wallet.post(tx, {
          kind: 'deposit',
          idempotencyKey: `deposit-approve:${id}`,
          description: `Deposit by ${row.type === 'upi' ? 'UPI' : 'bank transfer'}${row.txn_ref === null ? '' : `, ref ${row.txn_ref}`}`,
          actorId: actor.userId,
          details: { depositId: id, txnRef: row.txn_ref, agentId },
          entries: [
            { account: agentId === null ? { house: clearing } : { agentId, book: 'chips' }, amountPaise: -row.amount_paise },
            { account: { userId: row.user_id, wallet: 'main' }, amountPaise: row.amount_paise },
          ],
        });
        const firstApproved = (await repo.approvedCount(row.user_id)) === 0;
        await repo.decide(id, 'approved', actor.userId, null, clock.now());
        await deps.onApproved?.(tx, { depositId: id, userId: row.user_id, amountPaise: row.amount_paise, firstApproved, at: clock.now() });
        return 'approved' as const;
      });
      const deposit = toDeposit((await repository.find(id)) as DepositRow);
      await audit.record({
        actorId: actor.userId,
        action: outcome === 'first' ? 'deposit.first_approval' : 'deposit.approve',
        targetType: 'user',
        targetId: deposit.player._id,
        details: { depositId: id, amount: deposit.amount, txnRef: deposit.txnRef },
        ip,
      });
      return {
        deposit,
        message: outcome === 'first' ? `First approval recorded: a second operator must approve ${formatPaise(rupeesToPaise(deposit.amount) ?? 0)}` : 'Deposit approved, the wallet is credited',
      };
    },

    async reject(actor: Caller, id: string, reason: string, ip: string) {
      await db.transaction(async (tx) => {
        const repo = createDepositsRepository(tx);
        const row = (await repo.find(id, true)) ?? fail('NOT_FOUND', 'Deposit not found');
        await deps.agents?.assertInScope(tx, actor, row.user_id);
        if (row.status !== 'pending') fail('ALREADY_DECIDED');
        await repo.decide(id, 'rejected', actor.userId, reason, clock.now());
        wallet.announce(tx, row.user_id, { kind: 'deposit_rejected', amountPaise: row.amount_paise });
      });
      const deposit = toDeposit((await repository.find(id)) as DepositRow);
      await audit.record({ actorId: actor.userId, action: 'deposit.reject', targetType: 'user', targetId: deposit.player._id, details: { depositId: id, amount: deposit.amount, reason }, ip });
      return deposit;
    },
  };
}
export type DepositsService = ReturnType<typeof createDepositsService>;
