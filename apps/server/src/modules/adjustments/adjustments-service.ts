import type { ApprovalContext } from '@khel/contract';
import { paiseToRupees, rupeesToPaise } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { Parties } from '../../lib/separation-of-duties.js';
import type { AuditService } from '../audit/audit-service.js';
import type { FourEyesService } from '../four-eyes/four-eyes-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { AdjustmentRow } from './adjustments-repository.js';
import { createAdjustmentsRepository } from './adjustments-repository.js';

function toAdjustment(row: AdjustmentRow) {
  return {
    _id: row.id,
    wallet: row.wallet,
    amount: paiseToRupees(row.amount_paise),
    reason: row.reason,
    status: row.status,
    requestedBy: row.requested_by,
    approvedBy: row.approved_by,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Manual adjustments: the only way an operator changes a balance, and only as a journal transaction
 * against the house cash account, with a reason. Above the second-approval amount a different
 * operator must approve before anything moves.
 */
export function createAdjustmentsService(deps: {
  db: Database;
  wallet: WalletService;
  audit: AuditService;
  clock: Clock;
  fourEyes: FourEyesService;
}) {
  const { db, wallet, audit, clock, fourEyes } = deps;

  async function apply(tx: Queryable, row: AdjustmentRow, approver: string): Promise<AdjustmentRow> {
    await wallet.post(tx, {
      kind: 'adjustment',
      idempotencyKey: `adjustment:${row.id}`,
      description: `Adjustment: ${row.reason}`,
      actorId: approver,
      details: { adjustmentId: row.id, requestedBy: row.requested_by, reason: row.reason },
      entries: [
        { account: { house: 'house_cash' }, amountPaise: -row.amount_paise },
        { account: { userId: row.user_id, wallet: row.wallet }, amountPaise: row.amount_paise },
      ],
    });
    return createAdjustmentsRepository(tx).decide(row.id, 'applied', approver, clock.now());
  }

  return {
    async create(
      actor: Caller,
      userId: string,
      body: { wallet: 'main' | 'bonus'; amount: number; reason: string },
      ip: string,
    ) {
      const amountPaise =
        rupeesToPaise(body.amount) ?? fail('VALIDATION_FAILED', 'Enter a non-zero amount with at most two decimals');
      if (!(await wallet.hasWallet(userId, body.wallet))) fail('NOT_FOUND', 'This player has no such wallet');
      const row = await db.transaction(async (tx) => {
        const created = await createAdjustmentsRepository(tx).insert({
          userId,
          wallet: body.wallet,
          amountPaise,
          reason: body.reason,
          requestedBy: actor.userId,
          at: clock.now(),
        });
        const step = await fourEyes.step(tx, {
          actorId: actor.userId,
          playerId: userId,
          amountPaise,
          firstApprovedBy: null,
        });
        return step === 'first' ? created : apply(tx, created, actor.userId);
      });
      await audit.record({
        actorId: actor.userId,
        action: row.status === 'applied' ? 'adjustment.apply' : 'adjustment.request',
        targetType: 'user',
        targetId: userId,
        details: { adjustmentId: row.id, wallet: body.wallet, amount: body.amount, reason: body.reason },
        ip,
      });
      return {
        adjustment: toAdjustment(row),
        message: row.status === 'applied' ? 'Adjustment applied' : 'Adjustment waits for a second operator',
      };
    },

    async approve(actor: Caller, id: string, ip: string) {
      const row = await db.transaction(async (tx) => {
        const found =
          (await createAdjustmentsRepository(tx).find(id, true)) ?? fail('NOT_FOUND', 'Adjustment not found');
        if (found.status !== 'pending') fail('ALREADY_DECIDED');
        // A pending adjustment crossed the line when it was asked for; its requester counts as the first approver.
        await fourEyes.step(tx, {
          actorId: actor.userId,
          playerId: found.user_id,
          amountPaise: found.amount_paise,
          firstApprovedBy: found.requested_by,
        });
        return apply(tx, found, actor.userId);
      });
      await audit.record({
        actorId: actor.userId,
        action: 'adjustment.approve',
        targetType: 'user',
        targetId: row.user_id,
        details: { adjustmentId: id, amount: paiseToRupees(row.amount_paise) },
        ip,
      });
      return toAdjustment(row);
    },

    async reject(actor: Caller, id: string, ip: string) {
      const row = await db.transaction(async (tx) => {
        const repo = createAdjustmentsRepository(tx);
        const found = (await repo.find(id, true)) ?? fail('NOT_FOUND', 'Adjustment not found');
        if (found.status !== 'pending') fail('ALREADY_DECIDED');
        return repo.decide(id, 'rejected', actor.userId, clock.now());
      });
      await audit.record({
        actorId: actor.userId,
        action: 'adjustment.reject',
        targetType: 'user',
        targetId: row.user_id,
        details: { adjustmentId: id },
        ip,
      });
      return toAdjustment(row);
    },

    /**
     * What the second approver sees beside a pending adjustment (issue 24): the requester (who counts as
     * the first approver) and their total for the player on the India day they asked, and everything else
     * waiting for the player.
     */
    async context(id: string): Promise<ApprovalContext> {
      const row = (await createAdjustmentsRepository(db).find(id)) ?? fail('NOT_FOUND', 'Adjustment not found');
      return fourEyes.context(db, {
        id,
        accountId: row.user_id,
        totalOf: row.requested_by,
        day: row.created_at,
        firstApproval: { by: row.requested_by, at: row.created_at },
      });
    },

    /** The player an adjustment changes and the operator who asked for it (separation of duties). */
    async parties(id: string): Promise<Parties | null> {
      const row = await createAdjustmentsRepository(db).find(id);
      return row === null ? null : { playerId: row.user_id, requestedBy: row.requested_by };
    },

    async listForUser(userId: string) {
      return (await createAdjustmentsRepository(db).listForUser(userId)).map(toAdjustment);
    },
  };
}
export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
