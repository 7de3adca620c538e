import { MESSAGES, ROLES } from '@khel/contract';
import type {
  DateRangeQuery,
  Deposit,
  DepositCreate,
  DepositLimit,
  DepositLimitPeriod,
  DeskDeposit,
} from '@khel/contract';
import { rupeesToPaise, indiaDateRange } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { FourEyesService } from '../four-eyes/four-eyes-service.js';
import type { IdempotencyService } from '../idempotency/idempotency-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { MediaService } from '../media/media-service.js';
import type { PaymentAccountsService } from '../payment-accounts/payment-accounts-service.js';
import type { DeskAgents } from '../request-desk/request-desk-service.js';
import { createRequestDesk, deskFields, playerView } from '../request-desk/request-desk-service.js';
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
    ...deskFields(row),
    type: row.type,
    txnRef: row.txn_ref,
    screenShot:
      row.thumbnail_bytes === null
        ? null
        : `data:image/jpeg;base64,${Buffer.from(row.thumbnail_bytes).toString('base64')}`,
    screenShotUrl: row.screenshot_media_id === null ? null : `/api/v1/deposit-screenshot/${row.id}`,
    account: {
      _id: row.receiving_account_id,
      type: row.type,
      accountNumber: row.account_number,
      accountHolderName: row.account_holder_name,
    },
    receivingAgent:
      row.account_owner_id === null ? null : { _id: row.account_owner_id, name: row.account_owner_name ?? '' },
  };
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
  agents?: DeskAgents;
  /** Runs inside the approval's transaction once the wallet is credited (bonus offers, referral reward). */
  onApproved?: (
    tx: Queryable,
    deposit: { depositId: string; userId: string; amountPaise: number; firstApproved: boolean; at: Date },
  ) => Promise<void>;
}) {
  const { db, wallet, idempotency, media, accounts, audit, clock } = deps;
  const repository = createDepositsRepository(db);
  const chipsSince = (tx: Queryable) => (userId: string, since: Date) => wallet.chipsReceivedSince(userId, since, tx);
  const desk = createRequestDesk(deps, {
    name: 'deposit',
    notFound: 'Deposit not found',
    approvedMessage: 'Deposit approved, the wallet is credited',
    repository: createDepositsRepository,
    toView: toDeposit,
    approvalDetails: (deposit) => ({ txnRef: deposit.txnRef }),
    // PRODUCT.md §9: money paid into an agent's receiving account is that agent's (or its upline agents')
    // to decide; the house's operators see it read-only. Everything else is the house's desk.
    assertDecider: async (tx, row, actor) => {
      if (row.account_owner_id === null) return;
      if (actor.role !== ROLES.AGENT)
        fail(
          'FORBIDDEN',
          `This deposit was paid into ${row.account_owner_name ?? 'an agent'}'s account: that agent or an agent above it decides it`,
        );
      await deps.agents?.assertInScope(tx, actor, row.account_owner_id);
    },
    // A cash agent's player is paid in the agent's chips; the database refuses more than it holds. Money
    // paid into an agent's own receiving account comes out of that agent's chips: it holds the cash.
    settle: async (tx, row, actor, nearestAgentId) => {
      const agentId = row.account_owner_id ?? nearestAgentId;
      const clearing = row.type === 'upi' ? 'clearing_upi' : 'clearing_bank';
      await wallet.post(tx, {
        kind: 'deposit',
        idempotencyKey: `deposit-approve:${row.id}`,
        description: `Deposit by ${row.type === 'upi' ? 'UPI' : 'bank transfer'}${row.txn_ref === null ? '' : `, ref ${row.txn_ref}`}`,
        actorId: actor.userId,
        details: { depositId: row.id, txnRef: row.txn_ref, method: row.type === 'upi' ? 'upi' : 'bank', agentId },
        entries: [
          {
            account: agentId === null ? { house: clearing } : { agentId, book: 'chips' },
            amountPaise: -row.amount_paise,
          },
          { account: { userId: row.user_id, wallet: 'main' }, amountPaise: row.amount_paise },
        ],
      });
    },
    // Counted once this one is approved: the player's first approved deposit makes the count one.
    afterApproval: async (tx, row) => {
      const firstApproved = (await createDepositsRepository(tx).approvedCount(row.user_id)) === 1;
      await deps.onApproved?.(tx, {
        depositId: row.id,
        userId: row.user_id,
        amountPaise: row.amount_paise,
        firstApproved,
        at: clock.now(),
      });
    },
    onReject: async (tx, row) =>
      wallet.announce(tx, row.user_id, { kind: 'deposit_rejected', amountPaise: row.amount_paise }),
  });

  return {
    async create(caller: Caller, body: DepositCreate, idempotencyKey: string | undefined): Promise<Deposit> {
      if (caller.role === ROLES.CREDIT_PLAYER) fail('FORBIDDEN', 'Credit players do not deposit');
      const account = await accounts.offeredReceivingAccount(caller.userId, body.accountId);
      if (account === null || account.type !== body.type) fail('VALIDATION_FAILED', 'Choose the account you paid into');
      const amountPaise = rupeesToPaise(body.amount) ?? fail('VALIDATION_FAILED', MESSAGES.depositAmountRequired);
      const txnRef = body.txnRef !== undefined && body.txnRef.length > 0 ? body.txnRef : null;
      // Decoding and re-encoding is CPU work: done before the transaction, so no lock waits on it.
      const screenshot =
        body.baseImage !== undefined && body.baseImage.length > 0
          ? await media.reencodeScreenshot(body.baseImage)
          : null;

      return idempotency.run(
        { userId: caller.userId, key: idempotencyKey, route: 'deposit.create', body },
        async (tx) => {
          const repo = createDepositsRepository(tx);
          await repo.lockUser(caller.userId);
          await assertWithinLimits(repo, caller.userId, amountPaise, clock.now(), chipsSince(tx));
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
        },
      );
    },

    async listForPlayer(caller: Caller, query: DateRangeQuery): Promise<Deposit[]> {
      const { from, to } = indiaDateRange(query, clock.now());
      return (await repository.listForUser(caller.userId, from, to)).map((row) => playerView(toDeposit(row)));
    },

    /**
     * The full screenshot: its owner, an operator, or a cash agent whose downline holds the player (the
     * agent's deposit queue, PRODUCT.md §9; another subtree is NOT_IN_DOWNLINE).
     */
    async screenshot(caller: Caller, depositId: string, isOperator: boolean): Promise<Buffer> {
      const row = await repository.find(depositId);
      const cashAgent = caller.role === ROLES.AGENT && deps.agents !== undefined;
      if (
        row === null ||
        row.screenshot_media_id === null ||
        (!isOperator && !cashAgent && row.user_id !== caller.userId)
      )
        fail('NOT_FOUND', 'Screenshot not found');
      if (!isOperator && cashAgent && row.user_id !== caller.userId)
        await deps.agents?.assertInScope(db, caller, row.user_id);
      const image = (await media.find(row.screenshot_media_id)) ?? fail('NOT_FOUND', 'Screenshot not found');
      return Buffer.from(image.bytes);
    },

    // Responsible gambling: deposit limits

    async limits(caller: Caller): Promise<DepositLimit[]> {
      return depositLimitsView(repository, caller.userId, clock.now(), chipsSince(db));
    },

    /**
     * Chips given to a player count as a deposit for its own limits (PRODUCT.md §9): called by the chips
     * service inside its move's transaction; locks the player's row as a deposit request does.
     */
    async assertChipsWithinLimits(tx: Queryable, userId: string, amountPaise: number): Promise<void> {
      const repo = createDepositsRepository(tx);
      await repo.lockUser(userId);
      await assertWithinLimits(repo, userId, amountPaise, clock.now(), chipsSince(tx), 'upline');
    },

    async setLimit(
      caller: Caller,
      period: DepositLimitPeriod,
      amountRupees: number | null,
      ip: string,
    ): Promise<DepositLimit[]> {
      const now = clock.now();
      const amountPaise =
        amountRupees === null ? null : (rupeesToPaise(amountRupees) ?? fail('VALIDATION_FAILED', 'Enter a limit'));
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
      await audit.record({
        actorId: caller.userId,
        action: 'deposit_limit.set',
        targetType: 'user',
        targetId: caller.userId,
        details: { period, amount: amountRupees },
        ip,
      });
      return depositLimitsView(repository, caller.userId, now, chipsSince(db));
    },

    // Back office: the request desk (approve, reject, the queue, the parties)
    ...desk,
  };
}
export type DepositsService = ReturnType<typeof createDepositsService>;
