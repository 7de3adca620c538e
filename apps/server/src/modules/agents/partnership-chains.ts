import { indiaDate } from '@khel/money';
import type { Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { isAgentRole } from './agent-scope.js';
import { TOP_RATES, loadRatesForWeek } from './agent-rates.js';
import { indiaWeek } from './india-week.js';
import { createTreeRepository } from './tree-repository.js';

/** A player's agent uplines, nearest first, and each one's partnership in basis points this week. */
export interface PartnershipChain {
  agentIds: string[];
  partnershipBp: number[];
}

/**
 * The partnership chains of players as they stand this India week (decision 0051: a week's rates are
 * the ones in force on its Monday), for splitting a result along the tree with @khel/money's
 * `splitAlongChain` — the risk view's share of an open position (decision 0064). An agent without
 * rates holds 0 %.
 */
export function createPartnershipChains(deps: { db: Queryable; clock: Clock }) {
  return {
    async chainsOf(playerIds: readonly string[]): Promise<Map<string, PartnershipChain>> {
      const chains = new Map<string, PartnershipChain>(
        playerIds.map((id) => [id, { agentIds: [], partnershipBp: [] }]),
      );
      if (playerIds.length === 0) return chains;
      const rates = await loadRatesForWeek(deps.db, indiaWeek(indiaDate(deps.clock.now())).weekStart);
      for (const row of await createTreeRepository(deps.db).uplineChainsOf(playerIds)) {
        const chain = chains.get(row.user_id);
        if (chain === undefined || !isAgentRole(row.role)) continue;
        chain.agentIds.push(row.id);
        chain.partnershipBp.push(rates.get(row.id)?.partnershipBp ?? 0);
      }
      return chains;
    },
    /** The top of the tree's share (the DIRECTOR's, 100 %): what splitAlongChain's last share is of. */
    topBp: TOP_RATES.partnershipBp,
  };
}
export type PartnershipChains = ReturnType<typeof createPartnershipChains>;
