import type { Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { ApprovalContext } from '@khel/contract';
import { indiaDate, paiseToRupees } from '@khel/money';
import { createApprovalContextRepository } from './approval-context-repository.js';
import { approvalStep } from '../../lib/second-approval.js';
import { createFourEyesRepository } from './four-eyes-repository.js';

/**
 * The second-approval line for deposits, withdrawals and adjustments (PRODUCT.md §7, issue 9): the
 * rule is lib/second-approval.ts; this keeps the running total it is applied to. Called inside the
 * transaction that moves the money, so the total and the money commit (or roll back) together, and the
 * total's row lock makes two concurrent actions by one operator for one player count one after the other.
 */
export function createFourEyesService(deps: { clock: Clock; secondApprovalAbovePaise: number }) {
  return {
    thresholdPaise: deps.secondApprovalAbovePaise,
    context: approvalContext,

    async step(
      tx: Queryable,
      action: { actorId: string; playerId: string; amountPaise: number; firstApprovedBy: string | null },
    ): Promise<'first' | 'final'> {
      // A second operator's approval completes four eyes; it is not money moved alone.
      if (action.firstApprovedBy !== null) return approvalStep(action, action.actorId, deps.secondApprovalAbovePaise);
      const repo = createFourEyesRepository(tx);
      const day = indiaDate(deps.clock.now());
      const movedAloneTodayPaise = await repo.lockSoloTotal(action.actorId, action.playerId, day);
      const step = approvalStep({ ...action, movedAloneTodayPaise }, action.actorId, deps.secondApprovalAbovePaise);
      if (step === 'final') await repo.addSolo(action.actorId, action.playerId, day, Math.abs(action.amountPaise));
      return step;
    },
  };
}
export type FourEyesService = ReturnType<typeof createFourEyesService>;

/**
 * What a second approver sees beside a request (issue 24): the total of the operator who asked for the
 * second approval (`totalOf`) for the account on the India day `day` falls in, the other requests waiting
 * for the account, and the first approval.
 */
export async function approvalContext(
  db: Queryable,
  request: {
    id: string;
    accountId: string;
    totalOf: string;
    day: Date;
    firstApproval: { by: string; at: Date } | null;
  },
): Promise<ApprovalContext> {
  const repo = createApprovalContextRepository(db);
  const day = indiaDate(request.day);
  const total = await repo.soloTotal(request.totalOf, request.accountId, day);
  const waiting = await repo.waitingFor(request.accountId);
  return {
    indiaDate: day,
    totalOf: { by: request.totalOf, byName: total?.name ?? '' },
    requesterTotalToday: paiseToRupees(total?.amountPaise ?? 0),
    firstApproval:
      request.firstApproval === null
        ? null
        : {
            by: request.firstApproval.by,
            byName:
              request.firstApproval.by === request.totalOf
                ? (total?.name ?? '')
                : await repo.nameOf(request.firstApproval.by),
            at: request.firstApproval.at.toISOString(),
          },
    otherWaiting: waiting
      .filter((row) => row.id !== request.id)
      .map((row) => ({
        kind: row.kind,
        _id: row.id,
        amount: paiseToRupees(row.amount_paise),
        requestedByName: row.requested_by_name,
        createdAt: row.created_at.toISOString(),
      })),
  };
}
