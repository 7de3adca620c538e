import { paiseToRupees, rupeesToPaise } from '@khel/money';
import { ROLES } from '@khel/contract';
import type { BetLimits, BetLimitsUpdate } from '@khel/contract';
import type { LimitRule } from '@khel/exchange';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import { accountInScope, requireDownlineRole } from './agent-scope.js';
import type { BlockRow, LimitRow } from './downline-limits-repository.js';
import { createDownlineLimitsRepository } from './downline-limits-repository.js';

const rupees = (paise: number | null) => (paise === null ? null : paiseToRupees(Number(paise)));
const toPaise = (value: number | null) => (value === null ? null : (rupeesToPaise(value) ?? fail('VALIDATION_FAILED')));

function limitLines(rows: LimitRow[]) {
  return rows.map((row) => ({
    sportId: row.sport_id,
    sportName: row.sport_name,
    minStake: rupees(row.min_stake_paise),
    maxStake: rupees(row.max_stake_paise),
    maxProfit: rupees(row.max_profit_paise),
  }));
}

/** The tightest figure per sport over many rules (the highest minimum, the lowest maximums). */
function tightest(rows: LimitRow[]) {
  const bySport = new Map<string, LimitRow>();
  const pick = (a: number | null, b: number | null, choose: (x: number, y: number) => number) =>
    a === null ? b : b === null ? a : choose(Number(a), Number(b));
  for (const row of rows) {
    const seen = bySport.get(row.sport_id);
    bySport.set(
      row.sport_id,
      seen === undefined
        ? row
        : {
            ...seen,
            min_stake_paise: pick(seen.min_stake_paise, row.min_stake_paise, Math.max),
            max_stake_paise: pick(seen.max_stake_paise, row.max_stake_paise, Math.min),
            max_profit_paise: pick(seen.max_profit_paise, row.max_profit_paise, Math.min),
          },
    );
  }
  return limitLines([...bySport.values()].sort((a, b) => a.sport_name.localeCompare(b.sport_name)));
}

function blockLists(rows: BlockRow[]) {
  const unique = (list: BlockRow[], key: 'sport_id' | 'event_id') => [
    ...new Map(
      list
        .filter((row) => row[key] !== null)
        .map((row) => [row[key] as string, { id: row[key] as string, name: row.name }]),
    ).values(),
  ];
  return { blockedSports: unique(rows, 'sport_id'), blockedEvents: unique(rows, 'event_id') };
}

/** The rules, blocks and locks binding a bet of `userId` on `eventId` in a `marketType` market, read inside the placing transaction. */
export async function limitRulesForBet(
  tx: Queryable,
  userId: string,
  eventId: string,
  marketType: string,
): Promise<LimitRule[]> {
  return createDownlineLimitsRepository(tx).rulesForBet(userId, eventId, marketType);
}

/** limitRulesForBet for a group commit's players at once, by player (one statement). */
export async function limitRulesForBets(
  tx: Queryable,
  userIds: readonly string[],
  eventId: string,
  marketType: string,
): Promise<Map<string, LimitRule[]>> {
  return createDownlineLimitsRepository(tx).rulesForBets(userIds, eventId, marketType);
}

/** A mark that changes with any limit or block (placement caches the rules while it holds). */
export { LIMITS_FINGERPRINT } from './downline-limits-repository.js';

export async function limitRulesFingerprint(tx: Queryable): Promise<string> {
  return createDownlineLimitsRepository(tx).fingerprint();
}

/**
 * Bet limits and blocks an agent hangs on an account below it, or on itself for its whole downline
 * (PRODUCT.md §9, decision 0020). Each setter keeps its own rules; placement applies the tightest
 * of the whole chain (modules/sports/betting-service.ts through @khel/exchange's combineLimits).
 */
export function createDownlineLimitsService(deps: { db: Database; audit: AuditService; clock: Clock }) {
  const { db, audit, clock } = deps;

  async function view(ownerId: string, setBy: string): Promise<BetLimits> {
    const repo = createDownlineLimitsRepository(db);
    const own = await repo.ownRules(ownerId, setBy);
    const binding = await repo.bindingRules(ownerId);
    return {
      ownerId,
      limits: limitLines(own.limits),
      ...blockLists(own.blocks),
      inherited: { limits: tightest(binding.limits), ...blockLists(binding.blocks) },
    };
  }

  /** `ownerId` null: the caller's whole downline (the rules hang on the caller's own account). */
  async function owner(caller: Caller, ownerId: string | null): Promise<string> {
    requireDownlineRole(caller);
    // A support admin has no downline of its own; the director's rules bind the whole site.
    if (ownerId === null && caller.role === ROLES.SUPPORT_ADMIN)
      fail('FORBIDDEN', "Site-wide limits are the director's, or each market's own");
    if (ownerId === null) return caller.userId;
    return (await accountInScope(db, caller, ownerId)).id;
  }

  return {
    async get(caller: Caller, ownerId: string | null): Promise<BetLimits> {
      return view(await owner(caller, ownerId), caller.userId);
    },

    async set(caller: Caller, ownerId: string | null, body: BetLimitsUpdate, ip: string): Promise<BetLimits> {
      const target = await owner(caller, ownerId);
      const rules = {
        limits: body.limits.map((limit) => ({
          sportId: limit.sportId,
          min: toPaise(limit.minStake),
          max: toPaise(limit.maxStake),
          profit: toPaise(limit.maxProfit),
        })),
        sports: body.blockedSports,
        events: body.blockedEvents,
      };
      await db.transaction(async (tx) => {
        const repo = createDownlineLimitsRepository(tx);
        if ((await repo.missing('sports', [...rules.sports, ...rules.limits.map((limit) => limit.sportId)])).length > 0)
          fail('VALIDATION_FAILED', 'Unknown sport');
        if ((await repo.missing('events', rules.events)).length > 0) fail('VALIDATION_FAILED', 'Unknown event');
        await repo.replace(target, caller.userId, rules, clock.now());
      });
      await audit.record({
        actorId: caller.userId,
        action: ownerId === null ? 'agent.downline-limits.set' : 'agent.bet-limits.set',
        targetType: 'user',
        targetId: target,
        details: { limits: body.limits, blockedSports: body.blockedSports, blockedEvents: body.blockedEvents },
        ip,
      });
      return view(target, caller.userId);
    },
  };
}
export type DownlineLimitsService = ReturnType<typeof createDownlineLimitsService>;
