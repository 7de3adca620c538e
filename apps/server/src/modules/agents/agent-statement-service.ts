import { paiseToRupees, indiaDate } from '@khel/money';
import type { AgentStatement } from '@khel/contract';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { Rates } from './agent-rates.js';
import { NO_RATES, loadRatesForWeek } from './agent-rates.js';
import { indiaWeek } from './india-week.js';
import { accountInScope, isAgentRole, isSiteRole, requireDownlineRole } from './agent-scope.js';
import type { AgentFigures } from './agent-statement-figures.js';
import type { SettlementRow } from './agent-statement-repository.js';
import { createAgentStatementRepository } from './agent-statement-repository.js';
import { emptyFigures, sessionRateBp, weekFigures } from './agent-statement-figures.js';
import type { Account } from './agent-statement-week.js';
import { agentChain, loadWeek } from './agent-statement-week.js';

export { indiaWeek } from './india-week.js';

/** The weekly agent statement (PRODUCT.md §9): computed from the week's results, marked settled by the upline. */
export function createAgentStatementService(deps: { db: Database; audit: AuditService; clock: Clock }) {
  const { db, audit, clock } = deps;

  /** A week's figures with the rates in force that week (decision 0051): a later change never alters it. */
  async function compute(tx: Queryable, rootId: string | null, week: { weekStart: string; from: Date; to: Date }) {
    const rates = await loadRatesForWeek(tx, week.weekStart);
    const weekRates = (agentId: string): Rates => rates.get(agentId) ?? NO_RATES;
    const { byId, levels, nets, turnovers } = await loadWeek(tx, rootId, week, weekRates);
    const chainOf = (userId: string) => agentChain(byId, userId);
    const figures = weekFigures(levels, nets, chainOf, weekRates, turnovers);
    // The session rate shown is the one that takes effect (capped by the uplines'), as the figures use it.
    const ratesOf = (agentId: string): Rates => ({
      ...weekRates(agentId),
      sessionCommissionBp: sessionRateBp(agentId, chainOf, weekRates),
    });
    return { byId, figures, ratesOf };
  }

  function toStatement(
    agent: Account,
    week: { weekStart: string; weekEnd: string },
    figures: AgentFigures,
    rates: Rates,
    settled: SettlementRow | undefined,
  ): AgentStatement {
    // A week settled before session commission existed has none (decision 0066).
    const shown =
      settled === undefined
        ? { ...figures, ...rates }
        : { ...emptyFigures(), sessionCommissionBp: 0, ...settled.figures };
    return {
      agentId: agent.id,
      agentName: agent.name,
      role: agent.role,
      uplineId: agent.upline_id,
      weekStart: week.weekStart,
      weekEnd: week.weekEnd,
      sportsPnl: paiseToRupees(shown.sportsPaise),
      casinoPnl: paiseToRupees(shown.casinoPaise),
      downlinePnl: paiseToRupees(shown.downlinePaise),
      downlineShare: paiseToRupees(shown.downlineSharePaise),
      agentShare: paiseToRupees(shown.agentSharePaise),
      uplineShare: paiseToRupees(shown.uplineSharePaise),
      commission: paiseToRupees(shown.commissionPaise),
      partnership: shown.partnershipBp / 100,
      commissionRate: shown.commissionBp / 100,
      sessionTurnover: paiseToRupees(shown.sessionTurnoverPaise),
      sessionCommissionRate: shown.sessionCommissionBp / 100,
      sessionCommission: paiseToRupees(shown.sessionCommissionPaise),
      settled: settled === undefined ? null : { at: settled.settled_at.toISOString(), by: settled.settled_by },
    };
  }

  async function settlements(
    tx: Queryable,
    weekStart: string,
    agentIds: string[],
  ): Promise<Map<string, SettlementRow>> {
    const rows = await createAgentStatementRepository(tx).settlementsOf(weekStart, agentIds);
    return new Map(rows.map((row) => [row.agent_id, row]));
  }

  return {
    /** An agent sees its own week and its direct downline agents'; the site's roles see every agent's. */
    async list(caller: Caller, query: { week?: string | undefined }) {
      requireDownlineRole(caller);
      const week = indiaWeek(query.week ?? indiaDate(clock.now()));
      const site = isSiteRole(caller.role);
      const { byId, figures, ratesOf } = await compute(db, site ? null : caller.userId, week);
      const agents = [...byId.values()]
        .filter(
          (account) =>
            isAgentRole(account.role) && (site || account.id === caller.userId || account.upline_id === caller.userId),
        )
        .sort((a, b) => (a.id === caller.userId ? -1 : b.id === caller.userId ? 1 : a.name.localeCompare(b.name)));
      const settled = await settlements(
        db,
        week.weekStart,
        agents.map((agent) => agent.id),
      );
      return {
        weekStart: week.weekStart,
        weekEnd: week.weekEnd,
        items: agents.map((agent) =>
          toStatement(agent, week, figures.get(agent.id) ?? emptyFigures(), ratesOf(agent.id), settled.get(agent.id)),
        ),
      };
    },

    /** Marks one agent's ended week settled: its upline (or the site's roles) only; a repeat answers the first mark. */
    async settle(
      caller: Caller,
      agentId: string,
      weekStart: string,
      ip: string,
    ): Promise<{ statement: AgentStatement; message: string }> {
      requireDownlineRole(caller);
      const week = indiaWeek(weekStart);
      if (week.weekStart !== weekStart) fail('VALIDATION_FAILED', 'A week starts on a Monday');
      const { statement, fresh } = await db.transaction(async (tx) => {
        const agent = await accountInScope(tx, caller, agentId);
        if (!isAgentRole(agent.role)) fail('NOT_FOUND', 'Statements are kept for agents only');
        const { byId, figures, ratesOf } = await compute(tx, agentId, week);
        // The upline of that week (decision 0066): after a move, the weeks before it stay the old upline's.
        const weekUpline = byId.get(agentId)?.upline_id ?? null;
        if (!isSiteRole(caller.role) && weekUpline !== caller.userId)
          fail('FORBIDDEN', "Only the agent's upline settles its statement");
        if (week.to.getTime() > clock.now().getTime()) fail('WEEK_NOT_OVER');
        const rates = ratesOf(agentId);
        const fresh = await createAgentStatementRepository(tx).markSettled({
          agentId,
          weekStart,
          settledBy: caller.userId,
          at: clock.now(),
          figures: { ...(figures.get(agentId) ?? emptyFigures()), ...rates },
        });
        const row = (await settlements(tx, weekStart, [agentId])).get(agentId);
        return {
          statement: toStatement(
            { ...agent, upline_id: weekUpline },
            week,
            figures.get(agentId) ?? emptyFigures(),
            rates,
            row,
          ),
          fresh,
        };
      });
      if (fresh) {
        await audit.record({
          actorId: caller.userId,
          action: 'agent.statement.settle',
          targetType: 'user',
          targetId: agentId,
          details: {
            weekStart,
            uplineShare: statement.uplineShare,
            commission: statement.commission,
            sessionCommission: statement.sessionCommission,
          },
          ip,
        });
      }
      return { statement, message: fresh ? 'Statement marked settled' : 'This week was already settled' };
    },
  };
}
export type AgentStatementService = ReturnType<typeof createAgentStatementService>;
