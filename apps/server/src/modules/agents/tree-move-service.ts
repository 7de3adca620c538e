import { CREATABLE_ROLES, MAX_AGENT_LEVELS, ROLES } from '@khel/contract';
import type { RoleId, TreeMove, TreeMoveRequest } from '@khel/contract';
import { formatPaise, paiseToRupees } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { Parties } from '../../lib/separation-of-duties.js';
import { refuseSelfService } from '../../lib/separation-of-duties.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { AgentCreditService } from './agent-credit-service.js';
import type { MoneyUserRow } from './agent-money-repository.js';
import { createAgentMoneyRepository } from './agent-money-repository.js';
import { aboveCeiling, newestRatesOf } from './agent-rates.js';
import { isAgentRole } from './agent-scope.js';
import { nextIndiaWeekStart } from './india-week.js';
import type { SubtreeMember, TreeMoveRow, TreeMoveStatus } from './tree-move-repository.js';
import { createTreeMoveRepository } from './tree-move-repository.js';
import { createTreeRepository } from './tree-repository.js';

/** The roles an upline may hold below it when an account moves there: what it may create, and players under the director. */
function fitsUnder(uplineRole: number, role: number): boolean {
  if (uplineRole === ROLES.DIRECTOR && (role === ROLES.PLAYER || role === ROLES.CREDIT_PLAYER)) return true;
  return role !== ROLES.SUPPORT_ADMIN && (CREATABLE_ROLES[uplineRole as RoleId] ?? []).includes(role as RoleId);
}

/** The most agent levels on any path from the moved account down, the account included when it is an agent. */
function agentHeight(rootId: string, members: readonly SubtreeMember[]): number {
  const byId = new Map(members.map((member) => [member.id, member]));
  let height = 0;
  for (const member of members) {
    let levels = 0;
    for (let at: SubtreeMember | undefined = member; at !== undefined; ) {
      if (isAgentRole(at.role)) levels += 1;
      at = at.id === rootId || at.upline_id === null ? undefined : byId.get(at.upline_id);
    }
    height = Math.max(height, levels);
  }
  return height;
}

/**
 * Moving a client or a whole subtree to another upline (issue 28, decision 0066). A director asks; a
 * different operator confirms (four eyes) or rejects. Both steps check the move as things stand: never
 * under the account itself or its downline, cash under cash and credit under credit, within the tree's
 * agent levels, the moved agent's rates within the new upline's, no deposit or withdrawal waiting, and a
 * credit account's credit reference taken from the new upline's free credit. Confirmed, the account hangs
 * under its new upline at once (scope, limits and blocks follow it); the weekly statements follow the new
 * tree from the next India week, so the running week and every week before keep the tree they had.
 */
export function createTreeMoveService(deps: {
  db: Database;
  wallet: WalletService;
  credit: AgentCreditService;
  audit: AuditService;
  clock: Clock;
}) {
  const { db, wallet, audit, clock } = deps;

  async function view(tx: Queryable, row: TreeMoveRow): Promise<TreeMove> {
    const members = await createTreeMoveRepository(tx).subtreeSize(row.account.id);
    const creditRefPaise = await createTreeMoveRepository(tx).creditRefOf(row.account.id);
    const partyOf = (value: TreeMoveRow['account']) => ({
      _id: value.id,
      name: value.name,
      username: value.username,
      role: value.role,
    });
    return {
      _id: row.id,
      account: partyOf(row.account),
      from: partyOf(row.from),
      to: partyOf(row.to),
      downlineCount: members - 1,
      creditRef: paiseToRupees(creditRefPaise),
      reason: row.reason,
      status: row.status,
      requestedBy: row.requested_by,
      requestedByName: row.requested_by_name,
      createdAt: row.created_at.toISOString(),
      decidedBy: row.decided_by,
      decidedByName: row.decided_by_name,
      decidedAt: row.decided_at?.toISOString() ?? null,
      decisionNote: row.decision_note,
      effectiveWeek: row.effective_week,
    };
  }

  /** Every rule of a move, as things stand now; answers the account (locked) and its new upline. */
  async function check(tx: Queryable, accountId: string, uplineId: string) {
    const money = createAgentMoneyRepository(tx);
    const account = (await money.user(accountId, true)) ?? fail('NOT_FOUND', 'Account not found');
    const upline = (await money.user(uplineId)) ?? fail('NOT_FOUND', 'The new upline does not exist');
    if (account.upline_id === null || !fitsUnder(ROLES.DIRECTOR, account.role))
      fail('FORBIDDEN', 'Only agents and players move in the tree');
    if (account.upline_id === upline.id) fail('CONFLICT', 'The account is already under this upline');
    const repository = createTreeMoveRepository(tx);
    const members = await repository.subtree(account.id);
    if (members.some((member) => member.id === upline.id))
      fail('CONFLICT', 'An account cannot move under itself or its own downline');
    if (!fitsUnder(upline.role, account.role))
      fail('ROLE_NOT_CREATABLE', 'Cash accounts move under cash agents, credit accounts under credit agents');
    const uplineLevels = [upline, ...(await createTreeRepository(tx).uplineChain(upline.id))].filter((row) =>
      isAgentRole(row.role),
    ).length;
    if (uplineLevels + agentHeight(account.id, members) > MAX_AGENT_LEVELS) fail('AGENT_LEVELS_EXCEEDED');
    if (
      isAgentRole(account.role) &&
      aboveCeiling(await newestRatesOf(tx, account.id, account.role), await newestRatesOf(tx, upline.id, upline.role))
    )
      fail('AGENT_RATE_ABOVE_UPLINE', "The agent's rates are above the new upline's own: lower them first");
    if ((await repository.pendingMoneyRequests(members.map((member) => member.id))) > 0)
      fail('CONFLICT', 'Deposits or withdrawals of these accounts wait for a decision: decide them first');
    const creditRefPaise = await repository.creditRefOf(account.id);
    if (
      (account.role === ROLES.CREDIT_AGENT || account.role === ROLES.CREDIT_PLAYER) &&
      upline.role === ROLES.CREDIT_AGENT &&
      (await wallet.agentBookBalance(upline.id, 'credit', tx)) < creditRefPaise
    )
      fail('WALLET_INSUFFICIENT_FUNDS', `The new upline does not have ${formatPaise(creditRefPaise)} of credit free`);
    return { account, upline };
  }

  async function lockPending(tx: Queryable, id: string): Promise<TreeMoveRow> {
    const row = (await createTreeMoveRepository(tx).find(id, true)) ?? fail('NOT_FOUND', 'Move not found');
    if (row.status !== 'pending') fail('ALREADY_DECIDED');
    return row;
  }

  async function answer(id: string): Promise<TreeMove> {
    return view(db, (await createTreeMoveRepository(db).find(id)) as TreeMoveRow);
  }

  return {
    /** A director asks for the move; nothing changes until a second operator confirms it. */
    async request(caller: Caller, accountId: string, body: TreeMoveRequest, ip: string): Promise<TreeMove> {
      if (caller.role !== ROLES.DIRECTOR) fail('FORBIDDEN', 'Only a director moves accounts in the tree');
      const id = await db.transaction(async (tx) => {
        const { account } = await check(tx, accountId, body.uplineId);
        const repository = createTreeMoveRepository(tx);
        if ((await repository.pendingFor(account.id)) !== null)
          fail('CONFLICT', 'A move of this account already waits for a second operator');
        return repository.insert({
          userId: account.id,
          fromUplineId: account.upline_id as string,
          toUplineId: body.uplineId,
          reason: body.reason,
          requestedBy: caller.userId,
          at: clock.now(),
        });
      });
      const move = await answer(id);
      await audit.record({
        actorId: caller.userId,
        action: 'tree.move_request',
        targetType: 'user',
        targetId: accountId,
        details: { moveId: id, fromUplineId: move.from._id, toUplineId: move.to._id, reason: body.reason },
        ip,
      });
      return move;
    },

    /** A second operator confirms: checked again as things stand, the credit line and the account move together. */
    async confirm(caller: Caller, id: string, ip: string): Promise<TreeMove> {
      await db.transaction(async (tx) => {
        await createTreeMoveRepository(tx).lockMoves();
        const row = await lockPending(tx, id);
        refuseSelfService(caller.userId, { playerId: row.account.id, requestedBy: row.requested_by });
        const { account, upline } = await check(tx, row.account.id, row.to.id);
        if (account.upline_id !== row.from.id) fail('CONFLICT', 'The account moved since this was asked: ask again');
        await deps.credit.moveCreditLine(tx, caller.userId, account as MoneyUserRow, upline, id);
        await createTreeMoveRepository(tx).setUpline(account.id, upline.id);
        await createTreeMoveRepository(tx).decide(id, {
          status: 'confirmed',
          by: caller.userId,
          at: clock.now(),
          note: null,
          effectiveWeek: nextIndiaWeekStart(clock.now()),
        });
      });
      const move = await answer(id);
      await audit.record({
        actorId: caller.userId,
        action: 'tree.move_confirm',
        targetType: 'user',
        targetId: move.account._id,
        details: {
          moveId: id,
          fromUplineId: move.from._id,
          toUplineId: move.to._id,
          requestedBy: move.requestedBy,
          effectiveWeek: move.effectiveWeek,
          creditRef: move.creditRef,
        },
        ip,
      });
      return move;
    },

    async reject(caller: Caller, id: string, reason: string, ip: string): Promise<TreeMove> {
      await db.transaction(async (tx) => {
        const row = await lockPending(tx, id);
        refuseSelfService(caller.userId, { playerId: row.account.id, requestedBy: row.requested_by });
        await createTreeMoveRepository(tx).decide(id, {
          status: 'rejected',
          by: caller.userId,
          at: clock.now(),
          note: reason,
          effectiveWeek: null,
        });
      });
      const move = await answer(id);
      await audit.record({
        actorId: caller.userId,
        action: 'tree.move_reject',
        targetType: 'user',
        targetId: move.account._id,
        details: { moveId: id, requestedBy: move.requestedBy, reason },
        ip,
      });
      return move;
    },

    async list(status: TreeMoveStatus, page: number, pageSize: number) {
      const { rows, total } = await createTreeMoveRepository(db).list(status, pageSize, (page - 1) * pageSize);
      const items: TreeMove[] = [];
      for (const row of rows) items.push(await view(db, row));
      return { items, total };
    },

    /** The account a move is about and the director who asked (separation of duties). */
    async parties(id: string): Promise<Parties | null> {
      const row = await createTreeMoveRepository(db).find(id);
      return row === null ? null : { playerId: row.account.id, requestedBy: row.requested_by };
    },
  };
}
export type TreeMoveService = ReturnType<typeof createTreeMoveService>;
