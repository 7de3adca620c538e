import type { ApprovalContext } from '@khel/contract';
import { formatPaise, paiseToRupees, rupeesToPaise } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import type { RequestDeskQueries, RequestRowBase } from '../../db/request-desk-sql.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { Parties } from '../../lib/separation-of-duties.js';
import type { AuditService } from '../audit/audit-service.js';
import type { FourEyesService } from '../four-eyes/four-eyes-service.js';
import type { Caller } from '../identity/identity-service.js';

/** What the desk shows of any request, whatever its kind adds (the contract's desk schemas). */
export function deskFields(row: RequestRowBase) {
  return {
    _id: row.id,
    amount: paiseToRupees(row.amount_paise),
    status: row.status,
    reason: row.reason,
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
export type DeskView = ReturnType<typeof deskFields>;

/** The player's own view of a request: the desk's without who decided it. */
export function playerView<View extends DeskView>(
  view: View,
): Omit<View, 'player' | 'firstApprovedBy' | 'firstApprovedByName' | 'decidedBy' | 'decidedByName'> {
  const {
    player: _player,
    firstApprovedBy: _first,
    firstApprovedByName: _firstName,
    decidedBy: _decided,
    decidedByName: _decidedName,
    ...rest
  } = view;
  return rest;
}

/** Agents (PRODUCT.md §9): the cash agent behind a player (null: the house), and the subtree check. */
export interface DeskAgents {
  agentOf: (tx: Queryable, userId: string) => Promise<string | null>;
  assertInScope: (tx: Queryable, actor: Caller, userId: string) => Promise<unknown>;
}

/** One kind of money request: what differs between deposits and withdrawals, and nothing else. */
export interface RequestKind<Row extends RequestRowBase, View extends DeskView> {
  /** 'deposit' | 'withdrawal': the audit actions (`deposit.approve`…) and the id in their details (`depositId`). */
  name: 'deposit' | 'withdrawal';
  notFound: string;
  approvedMessage: string;
  repository: (db: Queryable) => RequestDeskQueries<Row>;
  toView: (row: Row) => View;
  /** More audit details on an approval (a deposit's reference id). */
  approvalDetails?: (view: View) => Record<string, unknown>;
  /** The money an approval moves, inside its transaction, before the request is marked decided. */
  settle: (tx: Queryable, row: Row, actor: Caller, agentId: string | null) => Promise<void>;
  /** Runs in the same transaction once the request is marked approved. */
  afterApproval?: (tx: Queryable, row: Row) => Promise<void>;
  /** Refuses a caller who may not decide this request at all (approve or reject), inside its transaction. */
  assertDecider?: (tx: Queryable, row: Row, actor: Caller) => Promise<void>;
  /** What a rejection moves or tells, inside its transaction, before the request is marked rejected. */
  onReject: (tx: Queryable, row: Row, actor: Caller, reason: string) => Promise<void>;
}

/**
 * The request desk (decision 0032): the pending → first approval → decided life cycle of a money
 * request, once. An approval is checked against the subtree (agents) and the second-approval rule
 * (four eyes, lib/second-approval.ts); the first of two is recorded and nothing moves; the final one
 * moves the money through the kind's `settle` and marks the request approved; both are audited.
 */
export function createRequestDesk<Row extends RequestRowBase, View extends DeskView>(
  deps: { db: Database; audit: AuditService; clock: Clock; fourEyes: FourEyesService; agents?: DeskAgents },
  kind: RequestKind<Row, View>,
) {
  const { db, audit, clock, fourEyes } = deps;
  const repository = kind.repository(db);
  const idKey = `${kind.name}Id`;

  /** The pending request, locked, within the actor's reach: what every decision starts from. */
  async function lockPending(tx: Queryable, actor: Caller, id: string): Promise<Row> {
    const row = (await kind.repository(tx).find(id, true)) ?? fail('NOT_FOUND', kind.notFound);
    await deps.agents?.assertInScope(tx, actor, row.user_id);
    await kind.assertDecider?.(tx, row, actor);
    if (row.status !== 'pending') fail('ALREADY_DECIDED');
    return row;
  }

  async function view(id: string): Promise<View> {
    return kind.toView((await repository.find(id)) as Row);
  }

  return {
    /** The player a request moves money for, who also made it (separation of duties). */
    async parties(id: string): Promise<Parties | null> {
      const row = await repository.find(id);
      return row === null ? null : { playerId: row.user_id, requestedBy: row.user_id };
    },

    /** `within`: an agent's downline (decision 0018); null, the whole site. */
    async deskList(
      status: 'pending' | 'approved' | 'rejected',
      page: number,
      pageSize: number,
      within: string | null = null,
    ) {
      const { rows, total } = await repository.listByStatus(status, pageSize, (page - 1) * pageSize, within);
      return { items: rows.map(kind.toView), total };
    },

    /**
     * What the approver sees beside the request (issue 24): the first approver's total for the player on
     * the India day of the first approval (before one, the caller's own total today: what their approval
     * would add to), everything else waiting for the player, and the first approval.
     */
    async context(actor: Caller, id: string): Promise<ApprovalContext> {
      const row = (await repository.find(id)) ?? fail('NOT_FOUND', kind.notFound);
      await deps.agents?.assertInScope(db, actor, row.user_id);
      const first =
        row.first_approved_by === null
          ? null
          : { by: row.first_approved_by, at: row.first_approved_at ?? row.created_at };
      return fourEyes.context(db, {
        id,
        accountId: row.user_id,
        totalOf: first?.by ?? actor.userId,
        day: first?.at ?? clock.now(),
        firstApproval: first,
      });
    },

    async approve(actor: Caller, id: string, ip: string): Promise<{ request: View; message: string }> {
      const outcome = await db.transaction(async (tx) => {
        const repo = kind.repository(tx);
        const row = await lockPending(tx, actor, id);
        if (
          (await fourEyes.step(tx, {
            actorId: actor.userId,
            playerId: row.user_id,
            amountPaise: row.amount_paise,
            firstApprovedBy: row.first_approved_by,
          })) === 'first'
        ) {
          await repo.setFirstApproval(id, actor.userId, clock.now());
          return 'first' as const;
        }
        // A cash agent's player deposits and withdraws against the agent's chips.
        await kind.settle(tx, row, actor, (await deps.agents?.agentOf(tx, row.user_id)) ?? null);
        await repo.decide(id, 'approved', actor.userId, null, clock.now());
        await kind.afterApproval?.(tx, row);
        return 'approved' as const;
      });
      const request = await view(id);
      await audit.record({
        actorId: actor.userId,
        action: outcome === 'first' ? `${kind.name}.first_approval` : `${kind.name}.approve`,
        targetType: 'user',
        targetId: request.player._id,
        details: { [idKey]: id, amount: request.amount, ...kind.approvalDetails?.(request) },
        ip,
      });
      return {
        request,
        message:
          outcome === 'first'
            ? `First approval recorded: a second operator must approve ${formatPaise(rupeesToPaise(request.amount) ?? 0)}`
            : kind.approvedMessage,
      };
    },

    async reject(actor: Caller, id: string, reason: string, ip: string): Promise<View> {
      await db.transaction(async (tx) => {
        const row = await lockPending(tx, actor, id);
        await kind.onReject(tx, row, actor, reason);
        await kind.repository(tx).decide(id, 'rejected', actor.userId, reason, clock.now());
      });
      const request = await view(id);
      await audit.record({
        actorId: actor.userId,
        action: `${kind.name}.reject`,
        targetType: 'user',
        targetId: request.player._id,
        details: { [idKey]: id, amount: request.amount, reason },
        ip,
      });
      return request;
    },
  };
}
export type RequestDesk<View extends DeskView = DeskView> = {
  parties(id: string): Promise<Parties | null>;
  deskList(
    status: 'pending' | 'approved' | 'rejected',
    page: number,
    pageSize: number,
    within?: string | null,
  ): Promise<{ items: View[]; total: number }>;
  context(actor: Caller, id: string): Promise<ApprovalContext>;
  approve(actor: Caller, id: string, ip: string): Promise<{ request: View; message: string }>;
  reject(actor: Caller, id: string, reason: string, ip: string): Promise<View>;
};
