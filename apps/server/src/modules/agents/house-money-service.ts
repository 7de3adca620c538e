import type { HouseMoneyDetail, HouseMoneyRequest } from '@khel/contract';
import { paiseToRupees } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { Parties } from '../../lib/separation-of-duties.js';
import type { AuditService } from '../audit/audit-service.js';
import type { FourEyesService } from '../four-eyes/four-eyes-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { AgentChipsService } from './agent-chips-service.js';
import type { AgentCreditService } from './agent-credit-service.js';
import type { HouseMoneyRow } from './house-money-repository.js';
import { createHouseMoneyRepository } from './house-money-repository.js';

export function toHouseMoneyRequest(row: HouseMoneyRow): HouseMoneyRequest {
  return {
    _id: row.id,
    kind: row.kind,
    action: row.action,
    amount: paiseToRupees(row.amount_paise),
    note: row.note,
    status: row.status,
    target: { _id: row.target_id, name: row.target_name, username: row.target_username, role: row.target_role },
    requestedBy: row.requested_by,
    requestedByName: row.requested_by_name,
    decidedBy: row.decided_by,
    decidedByName: row.decided_by_name,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

/**
 * House money waiting for a second operator (decision 0044): a different operator approves (the move
 * runs now, checked again as things stand, in the same transaction as the decision) or rejects it
 * (nothing moves). Its requester counts as the first approver, as for adjustments, so the requester can
 * neither approve nor reject it (the separation-of-duties guard and `approvalStep` both refuse it).
 */
export function createHouseMoneyService(deps: {
  db: Database;
  chips: AgentChipsService;
  credit: AgentCreditService;
  fourEyes: FourEyesService;
  audit: AuditService;
  clock: Clock;
}) {
  const { db, audit, clock } = deps;
  const repository = createHouseMoneyRepository(db);

  async function lockPending(tx: Queryable, id: string) {
    const row = (await createHouseMoneyRepository(tx).find(id, true)) ?? fail('NOT_FOUND', 'Request not found');
    if (row.status !== 'pending') fail('ALREADY_DECIDED');
    return row;
  }

  async function decided(id: string): Promise<HouseMoneyRequest> {
    return toHouseMoneyRequest((await repository.find(id)) as HouseMoneyRow);
  }

  return {
    async list(status: 'pending' | 'applied' | 'rejected', page: number, pageSize: number) {
      const { rows, total } = await repository.list(status, pageSize, (page - 1) * pageSize);
      return { items: rows.map(toHouseMoneyRequest), total };
    },

    async approve(actor: Caller, id: string, ip: string): Promise<HouseMoneyRequest> {
      await db.transaction(async (tx) => {
        const row = await lockPending(tx, id);
        await deps.fourEyes.step(tx, {
          actorId: actor.userId,
          playerId: row.target_id,
          amountPaise: row.amount_paise,
          firstApprovedBy: row.requested_by,
        });
        if (row.kind === 'chips') await deps.chips.applyRequest(tx, row, actor.userId);
        else await deps.credit.applyRequest(tx, row, actor.userId);
        await createHouseMoneyRepository(tx).decide(id, 'applied', actor.userId, clock.now());
      });
      const request = await decided(id);
      await audit.record({
        actorId: actor.userId,
        action: 'house_money.approve',
        targetType: 'user',
        targetId: request.target._id,
        details: {
          requestId: id,
          kind: request.kind,
          action: request.action,
          amount: request.amount,
          requestedBy: request.requestedBy,
        },
        ip,
      });
      return request;
    },

    async reject(actor: Caller, id: string, reason: string, ip: string): Promise<HouseMoneyRequest> {
      await db.transaction(async (tx) => {
        await lockPending(tx, id);
        await createHouseMoneyRepository(tx).decide(id, 'rejected', actor.userId, clock.now());
      });
      const request = await decided(id);
      await audit.record({
        actorId: actor.userId,
        action: 'house_money.reject',
        targetType: 'user',
        targetId: request.target._id,
        details: { requestId: id, kind: request.kind, action: request.action, amount: request.amount, reason },
        ip,
      });
      return request;
    },

    /** The account a request moves money for and the operator who asked (separation of duties). */
    async parties(id: string): Promise<Parties | null> {
      const row = await repository.find(id);
      return row === null ? null : { playerId: row.target_id, requestedBy: row.requested_by };
    },

    /** One request with what its second approver should see beside it (issue 24). */
    async detail(id: string): Promise<HouseMoneyDetail> {
      const row = (await repository.find(id)) ?? fail('NOT_FOUND', 'Request not found');
      const context = await deps.fourEyes.context(db, {
        id: row.id,
        accountId: row.target_id,
        totalOf: row.requested_by,
        day: row.created_at,
        // The requester counts as the first approver (decision 0044).
        firstApproval: { by: row.requested_by, at: row.created_at },
      });
      return { ...toHouseMoneyRequest(row), context };
    },

    async find(id: string): Promise<HouseMoneyRequest | null> {
      const row = await repository.find(id);
      return row === null ? null : toHouseMoneyRequest(row);
    },
  };
}
export type HouseMoneyService = ReturnType<typeof createHouseMoneyService>;
