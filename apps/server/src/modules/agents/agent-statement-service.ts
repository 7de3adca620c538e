import { paiseToRupees, indiaDate, indiaMidnight } from '@khel/money';
import type { AgentStatement } from '@khel/contract';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { Rates } from './agent-rates.js';
import { loadAllRates } from './agent-rates.js';
import { SITE_ROLES, accountInScope, isAgentRole, requireDownlineRole } from './agent-scope.js';
import type { AgentFigures, WeekResult } from './agent-statement-figures.js';
import { emptyFigures, weekFigures } from './agent-statement-figures.js';
import { subtreeIdsSql } from './tree-repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The India-time week (Monday to Sunday) holding an India date: its Monday, Sunday and UTC range. */
export function indiaWeek(date: string): { weekStart: string; weekEnd: string; from: Date; to: Date } {
  const weekday = new Date(`${date}T00:00:00.000Z`).getUTCDay();
  const from = new Date(indiaMidnight(date).getTime() - ((weekday + 6) % 7) * DAY_MS);
  const to = new Date(from.getTime() + 7 * DAY_MS);
  return { weekStart: indiaDate(from), weekEnd: indiaDate(new Date(to.getTime() - DAY_MS)), from, to };
}

interface Account {
  id: string;
  role: number;
  name: string;
  upline_id: string | null;
}

/**
 * Loads the accounts at and below `rootId` (the whole site when null) with the root's uplines, and
 * the week's settled sports bets and closed casino rounds of those accounts.
 */
async function loadWeek(db: Queryable, rootId: string | null, from: Date, to: Date) {
  const scope = rootId === null ? 'select id from users' : subtreeIdsSql(3);
  const params = rootId === null ? [from, to] : [from, to, rootId];
  const accounts = await db.query<Account>(
    rootId === null
      ? 'select id, role, name, upline_id from users'
      : `with recursive up(id) as (select upline_id from users where id = $1 and upline_id is not null
           union all select u.upline_id from users u join up on u.id = up.id where u.upline_id is not null)
         select id, role, name, upline_id from users where id in (${subtreeIdsSql(1)}) or id in (select id from up)`,
    rootId === null ? [] : [rootId],
  );
  const bets = await db.query<{ user_id: string; market_id: string; type: string; commission_bp: number; pnl: number }>(
    `select b.user_id, b.market_id, m.type, m.commission_bp, -b.profit_loss_paise as pnl from bets b join markets m on m.id = b.market_id
     where b.status = 'settled' and b.settled_at >= $1 and b.settled_at < $2 and b.user_id in (${scope})`,
    params,
  );
  const rounds = await db.query<{ user_id: string; pnl: number }>(
    `select user_id, stake_paise - payout_paise - rolled_back_paise as pnl from casino_rounds
     where status <> 'open' and settled_at >= $1 and settled_at < $2 and user_id in (${scope})`,
    params,
  );
  const results: WeekResult[] = [
    ...bets.rows.map((row) => ({
      userId: row.user_id,
      kind: 'sports' as const,
      housePnlPaise: Number(row.pnl),
      ...(row.type === 'EXCHANGE' ? { exchangeMarketId: row.market_id, marketCommissionBp: Number(row.commission_bp) } : {}),
    })),
    ...rounds.rows.map((row) => ({ userId: row.user_id, kind: 'casino' as const, housePnlPaise: Number(row.pnl) })),
  ];
  const byId = new Map(accounts.rows.map((row) => [row.id, { ...row, role: Number(row.role) }]));
  return { byId, results };
}

/** A player's agent uplines, nearest first; the walk stops at the first account that is not an agent. */
function agentChain(byId: Map<string, Account>, userId: string): string[] {
  const chain: string[] = [];
  let next = byId.get(userId)?.upline_id ?? null;
  while (next !== null && chain.length < 16) {
    const upline = byId.get(next);
    if (upline === undefined || !isAgentRole(upline.role)) break;
    chain.push(upline.id);
    next = upline.upline_id;
  }
  return chain;
}

interface SettlementRow {
  agent_id: string;
  settled_by: string;
  settled_at: Date;
  figures: AgentFigures & { partnershipBp: number; commissionBp: number };
}

/** The weekly agent statement (PRODUCT.md §9): computed from the week's results, marked settled by the upline. */
export function createAgentStatementService(deps: { db: Database; audit: AuditService; clock: Clock }) {
  const { db, audit, clock } = deps;

  async function compute(tx: Queryable, rootId: string | null, from: Date, to: Date) {
    const { byId, results } = await loadWeek(tx, rootId, from, to);
    const rates = await loadAllRates(tx);
    const ratesOf = (agentId: string): Rates => rates.get(agentId) ?? { partnershipBp: 0, commissionBp: 0 };
    const figures = weekFigures(results, (userId) => agentChain(byId, userId), ratesOf);
    return { byId, figures, ratesOf };
  }

  function toStatement(agent: Account, week: { weekStart: string; weekEnd: string }, figures: AgentFigures, rates: Rates, settled: SettlementRow | undefined): AgentStatement {
    const shown = settled === undefined ? { ...figures, partnershipBp: rates.partnershipBp, commissionBp: rates.commissionBp } : settled.figures;
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
      settled: settled === undefined ? null : { at: settled.settled_at.toISOString(), by: settled.settled_by },
    };
  }

  async function settlements(tx: Queryable, weekStart: string, agentIds: string[]): Promise<Map<string, SettlementRow>> {
    if (agentIds.length === 0) return new Map();
    const rows = await tx.query<SettlementRow>('select agent_id, settled_by, settled_at, figures from agent_statement_settlements where week_start = $1 and agent_id = any($2::uuid[])', [weekStart, agentIds]);
    return new Map(rows.rows.map((row) => [row.agent_id, row]));
  }

  return {
    /** An agent sees its own week and its direct downline agents'; the site's roles see every agent's. */
    async list(caller: Caller, query: { week?: string | undefined }) {
      requireDownlineRole(caller);
      const week = indiaWeek(query.week ?? indiaDate(clock.now()));
      const site = SITE_ROLES.includes(caller.role);
      const { byId, figures, ratesOf } = await compute(db, site ? null : caller.userId, week.from, week.to);
      const agents = [...byId.values()]
        .filter((account) => isAgentRole(account.role) && (site || account.id === caller.userId || account.upline_id === caller.userId))
        .sort((a, b) => (a.id === caller.userId ? -1 : b.id === caller.userId ? 1 : a.name.localeCompare(b.name)));
      const settled = await settlements(db, week.weekStart, agents.map((agent) => agent.id));
      return {
        weekStart: week.weekStart,
        weekEnd: week.weekEnd,
        items: agents.map((agent) => toStatement(agent, week, figures.get(agent.id) ?? emptyFigures(), ratesOf(agent.id), settled.get(agent.id))),
      };
    },

    /** Marks one agent's ended week settled: its upline (or the site's roles) only; a repeat answers the first mark. */
    async settle(caller: Caller, agentId: string, weekStart: string, ip: string): Promise<{ statement: AgentStatement; message: string }> {
      requireDownlineRole(caller);
      const week = indiaWeek(weekStart);
      if (week.weekStart !== weekStart) fail('VALIDATION_FAILED', 'A week starts on a Monday');
      const { statement, fresh } = await db.transaction(async (tx) => {
        const agent = await accountInScope(tx, caller, agentId);
        if (!isAgentRole(agent.role)) fail('NOT_FOUND', 'Statements are kept for agents only');
        if (!SITE_ROLES.includes(caller.role) && agent.upline_id !== caller.userId) fail('FORBIDDEN', "Only the agent's upline settles its statement");
        if (week.to.getTime() > clock.now().getTime()) fail('WEEK_NOT_OVER');
        const { figures, ratesOf } = await compute(tx, agentId, week.from, week.to);
        const rates = ratesOf(agentId);
        const inserted = await tx.query(
          `insert into agent_statement_settlements (agent_id, week_start, settled_by, settled_at, figures) values ($1, $2, $3, $4, $5)
           on conflict (agent_id, week_start) do nothing returning agent_id`,
          [agentId, weekStart, caller.userId, clock.now(), JSON.stringify({ ...(figures.get(agentId) ?? emptyFigures()), partnershipBp: rates.partnershipBp, commissionBp: rates.commissionBp })],
        );
        const row = (await settlements(tx, weekStart, [agentId])).get(agentId);
        return { statement: toStatement(agent, week, figures.get(agentId) ?? emptyFigures(), rates, row), fresh: inserted.rowCount > 0 };
      });
      if (fresh) {
        await audit.record({ actorId: caller.userId, action: 'agent.statement.settle', targetType: 'user', targetId: agentId, details: { weekStart, uplineShare: statement.uplineShare, commission: statement.commission }, ip });
      }
      return { statement, message: fresh ? 'Statement marked settled' : 'This week was already settled' };
    },
  };
}
export type AgentStatementService = ReturnType<typeof createAgentStatementService>;
