import { DEFAULT_COMMISSION_BASIS_POINTS } from '@khel/exchange';
import { FULL_SHARE_BP, toHundredths } from '@khel/money';
import type { AgentRates, AgentRatesUpdate } from '@khel/contract';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import { accountInScope, isAgentRole, isSiteRole } from './agent-scope.js';

/** Rates in basis points. The top of the tree (the DIRECTOR) holds 100 % and the house's commission. */
export interface Rates {
  partnershipBp: number;
  commissionBp: number;
}
export const TOP_RATES: Rates = { partnershipBp: FULL_SHARE_BP, commissionBp: DEFAULT_COMMISSION_BASIS_POINTS };

interface RatesRow {
  user_id: string;
  partnership_bp: number;
  commission_bp: number;
  set_by: string;
  updated_at: Date;
}

/** Every agent's stored rates (an agent without a row holds 0 % of both). */
export async function loadAllRates(db: Queryable): Promise<Map<string, Rates>> {
  const result = await db.query<RatesRow>('select user_id, partnership_bp, commission_bp from agent_rates');
  return new Map(
    result.rows.map((row) => [
      row.user_id,
      { partnershipBp: Number(row.partnership_bp), commissionBp: Number(row.commission_bp) },
    ]),
  );
}

async function ratesOf(db: Queryable, userId: string, role: number): Promise<Rates> {
  if (!isAgentRole(role)) return TOP_RATES;
  const row = (
    await db.query<RatesRow>('select partnership_bp, commission_bp from agent_rates where user_id = $1', [userId])
  ).rows[0];
  return row === undefined
    ? { partnershipBp: 0, commissionBp: 0 }
    : { partnershipBp: Number(row.partnership_bp), commissionBp: Number(row.commission_bp) };
}

async function uplineRates(db: Queryable, uplineId: string | null): Promise<Rates> {
  if (uplineId === null) return TOP_RATES;
  const upline = (await db.query<{ role: number }>('select role from users where id = $1', [uplineId])).rows[0];
  return ratesOf(db, uplineId, Number(upline?.role ?? 1));
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
    const row = (await tx.query<RatesRow>('select * from agent_rates where user_id = $1', [target.id])).rows[0];
    const upline = await uplineRates(tx, target.upline_id);
    return {
      userId: target.id,
      partnership: percent(row === undefined ? 0 : Number(row.partnership_bp)),
      commission: percent(row === undefined ? 0 : Number(row.commission_bp)),
      uplinePartnership: percent(upline.partnershipBp),
      uplineCommission: percent(upline.commissionBp),
      setBy: row?.set_by ?? null,
      updatedAt: row?.updated_at.toISOString() ?? null,
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
        // Rate changes are rare: one lock keeps an upline lowering its own and a downline being raised apart.
        await tx.query("select pg_advisory_xact_lock(hashtext('agent_rates'))");
        const upline = await uplineRates(tx, target.upline_id);
        if (partnershipBp > upline.partnershipBp || commissionBp > upline.commissionBp) fail('AGENT_RATE_ABOVE_UPLINE');
        const given = (
          await tx.query<{ partnership_bp: number | null; commission_bp: number | null }>(
            'select max(r.partnership_bp) as partnership_bp, max(r.commission_bp) as commission_bp from agent_rates r join users u on u.id = r.user_id where u.upline_id = $1',
            [target.id],
          )
        ).rows[0];
        if (partnershipBp < Number(given?.partnership_bp ?? 0) || commissionBp < Number(given?.commission_bp ?? 0))
          fail('AGENT_RATE_BELOW_DOWNLINE');
        const previous = await view(tx, target);
        await tx.query(
          `insert into agent_rates (user_id, partnership_bp, commission_bp, set_by, updated_at) values ($1, $2, $3, $4, $5)
           on conflict (user_id) do update set partnership_bp = excluded.partnership_bp, commission_bp = excluded.commission_bp, set_by = excluded.set_by, updated_at = excluded.updated_at`,
          [target.id, partnershipBp, commissionBp, caller.userId, clock.now()],
        );
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
          previousPartnership: before.partnership,
          previousCommission: before.commission,
        },
        ip,
      });
      return answer;
    },
  };
}
export type AgentRatesService = ReturnType<typeof createAgentRatesService>;
