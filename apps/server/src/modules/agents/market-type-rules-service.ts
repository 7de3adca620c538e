import { paiseToRupees, rupeesToPaise } from '@khel/money';
import type { MarketLock, MarketTypeRule, MarketTypeRules, MarketTypeRulesUpdate } from '@khel/contract';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import { downlineRootOf } from '../../lib/downline.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import { accountInScope, requireDownlineRole } from './agent-scope.js';
import type { MarketTypeId, MarketTypeRuleRow } from './market-type-rules-repository.js';
import { createMarketTypeRulesRepository } from './market-type-rules-repository.js';

const TYPES: readonly MarketTypeId[] = ['EXCHANGE', 'BOOKMAKER', 'FANCY'];
const rupees = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));
const toPaise = (value: number | null) => (value === null ? null : (rupeesToPaise(value) ?? fail('VALIDATION_FAILED')));
const pick = (a: number | null, b: number | null, choose: (x: number, y: number) => number) =>
  a === null ? b : b === null ? a : choose(a, b);

/** One line per market type, all three in order: the lines combined (locked anywhere, the tightest figures). */
function perType(rows: readonly MarketTypeRuleRow[]): MarketTypeRule[] {
  return TYPES.map((marketType) => {
    let line: MarketTypeRule = { marketType, locked: false, minStake: null, maxStake: null, maxProfit: null };
    let paise = { min: null as number | null, max: null as number | null, profit: null as number | null };
    for (const row of rows.filter((candidate) => candidate.market_type === marketType)) {
      paise = {
        min: pick(paise.min, row.min_stake_paise, Math.max),
        max: pick(paise.max, row.max_stake_paise, Math.min),
        profit: pick(paise.profit, row.max_profit_paise, Math.min),
      };
      line = { ...line, locked: line.locked || row.locked };
    }
    return { ...line, minStake: rupees(paise.min), maxStake: rupees(paise.max), maxProfit: rupees(paise.profit) };
  });
}

/**
 * Locks and stake and profit limits per market type that an agent (or an operator) hangs on an account
 * below it (issue 28, decision 0064). Each setter keeps its own line per type, so a lower agent can
 * neither see into nor lift what its upline set; placement applies every line of the bettor's chain
 * (downline-limits-repository's `rulesForBet`, then @khel/exchange's combineLimits).
 */
export function createMarketTypeRulesService(deps: { db: Database; audit: AuditService; clock: Clock }) {
  const { db, audit, clock } = deps;

  /** The account as the caller may set rules on it: below it, never its own (self-service). */
  async function target(caller: Caller, ownerId: string): Promise<string> {
    requireDownlineRole(caller);
    if (ownerId === caller.userId) fail('SELF_SERVICE_REFUSED');
    return (await accountInScope(db, caller, ownerId)).id;
  }

  async function view(ownerId: string, setBy: string): Promise<MarketTypeRules> {
    const repo = createMarketTypeRulesRepository(db);
    return {
      ownerId,
      rules: perType(await repo.ownLines(ownerId, setBy)),
      inherited: perType(await repo.linesFromOthers(ownerId, setBy)),
    };
  }

  return {
    async get(caller: Caller, ownerId: string): Promise<MarketTypeRules> {
      return view(await target(caller, ownerId), caller.userId);
    },

    async set(caller: Caller, ownerId: string, body: MarketTypeRulesUpdate, ip: string): Promise<MarketTypeRules> {
      const owner = await target(caller, ownerId);
      const lines = body.rules.map((rule) => ({
        marketType: rule.marketType,
        locked: rule.locked,
        min: toPaise(rule.minStake),
        max: toPaise(rule.maxStake),
        profit: toPaise(rule.maxProfit),
      }));
      await db.transaction(async (tx) =>
        createMarketTypeRulesRepository(tx).replace(owner, caller.userId, lines, clock.now()),
      );
      await audit.record({
        actorId: caller.userId,
        action: 'agent.market-type-rules.set',
        targetType: 'user',
        targetId: owner,
        details: { rules: body.rules },
        ip,
      });
      return view(owner, caller.userId);
    },

    /** The client list's lock toggles: the locks binding each listed account the caller may see. */
    async locks(caller: Caller, userIds: readonly string[]): Promise<MarketLock[]> {
      requireDownlineRole(caller);
      const rows = await createMarketTypeRulesRepository(db).locksOf(
        [...new Set(userIds)],
        caller.userId,
        downlineRootOf(caller),
      );
      return rows.map((row) => ({
        userId: row.user_id,
        marketType: row.market_type,
        lockedBy: row.others ? 'above' : 'you',
      }));
    },
  };
}
export type MarketTypeRulesService = ReturnType<typeof createMarketTypeRulesService>;
