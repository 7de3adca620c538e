import { DEFAULT_COMMISSION_BASIS_POINTS } from '@khel/exchange';
import { FULL_SHARE_BP, indiaDate, toHundredths } from '@khel/money';
import type { AgentRates, AgentRatesUpdate } from '@khel/contract';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import { accountInScope, isAgentRole, isSiteRole } from './agent-scope.js';
import { createAgentRatesRepository } from './agent-rates-repository.js';
import { indiaWeek, nextIndiaWeekStart } from './india-week.js';

/**
 * Rates in basis points. The top of the tree (the DIRECTOR) holds 100 %, the house's commission and the
 * highest session commission the house pays on fancy and bookmaker turnover (decision 0066).
 */
export interface Rates {
  partnershipBp: number;
  commissionBp: number;
  sessionCommissionBp: number;
}
export const SESSION_COMMISSION_CEILING_BP = 300;
export const TOP_RATES: Rates = {
  partnershipBp: FULL_SHARE_BP,
  commissionBp: DEFAULT_COMMISSION_BASIS_POINTS,
  sessionCommissionBp: SESSION_COMMISSION_CEILING_BP,
};
/** An agent without rates of its own: everything goes up, nothing is paid down. */
export const NO_RATES: Rates = { partnershipBp: 0, commissionBp: 0, sessionCommissionBp: 0 };

/** Every agent's rates in force in the India week starting `weekStart` (an agent without any holds 0 % of both). */
export async function loadRatesForWeek(db: Queryable, weekStart: string): Promise<Map<string, Rates>> {
  const rows = await createAgentRatesRepository(db).forWeek(weekStart);
  return new Map(
    rows.map((row) => [
      row.user_id,
      {
        partnershipBp: row.partnership_bp,
        commissionBp: row.commission_bp,
        sessionCommissionBp: row.session_commission_bp,
      },
    ]),
  );
}

/** The newest rates set for an account: the top's for an account that is not an agent (the DIRECTOR). */
export async function newestRatesOf(db: Queryable, userId: string, role: number): Promise<Rates> {
  if (!isAgentRole(role)) return TOP_RATES;
  const row = await createAgentRatesRepository(db).current(userId);
  return row === null
    ? NO_RATES
    : {
        partnershipBp: row.partnership_bp,
        commissionBp: row.commission_bp,
        sessionCommissionBp: row.session_commission_bp,
      };
}

/** True when any of `rates` is above `ceiling`'s: an upline never gives more than it holds. */
export function aboveCeiling(rates: Rates, ceiling: Rates): boolean {
  return (
    rates.partnershipBp > ceiling.partnershipBp ||
    rates.commissionBp > ceiling.commissionBp ||
    rates.sessionCommissionBp > ceiling.sessionCommissionBp
  );
}

async function uplineRates(db: Queryable, uplineId: string | null): Promise<Rates> {
  if (uplineId === null) return TOP_RATES;
  const role = await createAgentRatesRepository(db).roleOf(uplineId);
  return newestRatesOf(db, uplineId, role ?? 1);
}

const percent = (bp: number) => bp / 100;

/**
 * Partnership and commission per agent (PRODUCT.md §9), set by its upline and never above the
 * upline's own, nor below what the agent has already given its own downline agents.
 */
export function createAgentRatesService(deps: { db: Database; audit: AuditService; clock: Clock }) {
  const { db, audit, clock } = deps;

  async function view(
    tx: Queryable,
    target: { id: string; upline_id: string | null; role: number },
  ): Promise<AgentRates> {
    const row = await createAgentRatesRepository(tx).current(target.id);
    const upline = await uplineRates(tx, target.upline_id);
    const thisWeek = indiaWeek(indiaDate(clock.now())).weekStart;
    const inForce = await createAgentRatesRepository(tx).ofAgentForWeek(target.id, thisWeek);
    const next = nextIndiaWeekStart(clock.now());
    const pending = await createAgentRatesRepository(tx).ofAgentForWeek(target.id, next);
    return {
      userId: target.id,
      partnership: percent(row?.partnership_bp ?? 0),
      commission: percent(row?.commission_bp ?? 0),
      sessionCommission: percent(row?.session_commission_bp ?? 0),
      uplinePartnership: percent(upline.partnershipBp),
      uplineCommission: percent(upline.commissionBp),
      uplineSessionCommission: percent(upline.sessionCommissionBp),
      setBy: row?.set_by ?? null,
      updatedAt: row?.updated_at.toISOString() ?? null,
      inForce: {
        partnership: percent(inForce?.partnership_bp ?? 0),
        commission: percent(inForce?.commission_bp ?? 0),
        sessionCommission: percent(inForce?.session_commission_bp ?? 0),
      },
      effectiveFrom: pending !== null && pending.week_start > thisWeek ? pending.week_start : null,
    };
  }

  async function agentInScope(tx: Queryable, caller: Caller, targetId: string) {
    const target = await accountInScope(tx, caller, targetId);
    if (!isAgentRole(target.role)) fail('NOT_FOUND', 'Partnership is set for agents only');
    return target;
  }

  return {
    async get(caller: Caller, targetId: string): Promise<AgentRates> {
      return view(db, await agentInScope(db, caller, targetId));
    },

    async set(caller: Caller, targetId: string, body: AgentRatesUpdate, ip: string): Promise<AgentRates> {
      const partnershipBp = toHundredths(body.partnership) ?? fail('VALIDATION_FAILED');
      const commissionBp = toHundredths(body.commission) ?? fail('VALIDATION_FAILED');
      const { answer, before } = await db.transaction(async (tx) => {
        const target = await agentInScope(tx, caller, targetId);
        // Set by its upline: an agent sets its direct downline's; the site's roles set anyone's.
        if (!isSiteRole(caller.role) && target.upline_id !== caller.userId)
          fail('FORBIDDEN', "Only the agent's upline sets its partnership");
        const repository = createAgentRatesRepository(tx);
        await repository.lockChanges();
        // Without a session commission in the body, the newest one set stays.
        const sessionCommissionBp =
          body.sessionCommission === undefined
            ? (await newestRatesOf(tx, target.id, target.role)).sessionCommissionBp
            : (toHundredths(body.sessionCommission) ?? fail('VALIDATION_FAILED'));
        const rates = { partnershipBp, commissionBp, sessionCommissionBp };
        if (aboveCeiling(rates, await uplineRates(tx, target.upline_id))) fail('AGENT_RATE_ABOVE_UPLINE');
        if (aboveCeiling(await repository.highestGivenBelow(target.id), rates)) fail('AGENT_RATE_BELOW_DOWNLINE');
        const previous = await view(tx, target);
        await repository.setCurrent({
          userId: target.id,
          ...rates,
          setBy: caller.userId,
          at: clock.now(),
        });
        // From the next India week: this week and every week before keep the rates their bets were struck at.
        await repository.setFrom({
          userId: target.id,
          weekStart: nextIndiaWeekStart(clock.now()),
          ...rates,
          setBy: caller.userId,
          at: clock.now(),
        });
        return { answer: await view(tx, target), before: previous };
      });
      await audit.record({
        actorId: caller.userId,
        action: 'agent.rates.set',
        targetType: 'user',
        targetId,
        details: {
          partnership: answer.partnership,
          commission: answer.commission,
          sessionCommission: answer.sessionCommission,
          previousPartnership: before.partnership,
          previousCommission: before.commission,
          previousSessionCommission: before.sessionCommission,
          effectiveFrom: answer.effectiveFrom,
        },
        ip,
      });
      return answer;
    },
  };
}
export type AgentRatesService = ReturnType<typeof createAgentRatesService>;
