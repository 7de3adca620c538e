import { marketNetWinningsPaise, splitAlongChain, splitCommission } from '@khel/money';
import type { Rates } from './agent-rates.js';
import { TOP_RATES } from './agent-rates.js';

/** One settled bet or casino round of a player, from the house's side (positive: the player lost). */
export interface WeekResult {
  userId: string;
  kind: 'sports' | 'casino';
  housePnlPaise: number;
  /** Exchange bets only: their market and its commission rate, for net winnings per market. */
  exchangeMarketId?: string;
  marketCommissionBp?: number;
}

export interface AgentFigures {
  sportsPaise: number;
  casinoPaise: number;
  downlinePaise: number;
  /** Kept by the agents below this one on each bet's path. */
  downlineSharePaise: number;
  agentSharePaise: number;
  uplineSharePaise: number;
  commissionPaise: number;
}

export function emptyFigures(): AgentFigures {
  return { sportsPaise: 0, casinoPaise: 0, downlinePaise: 0, downlineSharePaise: 0, agentSharePaise: 0, uplineSharePaise: 0, commissionPaise: 0 };
}

/**
 * The weekly figures of every agent above the given players (decision 0020). `agentChainOf` answers
 * a player's agent uplines, nearest first (the DIRECTOR and anything not an agent left out). Each
 * bet's or round's P&L is split along its chain by the partnership rule of @khel/money, so the
 * shares of one bet sum to it exactly; commission is split per player and exchange market on the
 * market's net winnings.
 */
export function weekFigures(results: readonly WeekResult[], agentChainOf: (userId: string) => readonly string[], ratesOf: (agentId: string) => Rates): Map<string, AgentFigures> {
  const figures = new Map<string, AgentFigures>();
  const of = (agentId: string) => {
    let found = figures.get(agentId);
    if (found === undefined) {
      found = emptyFigures();
      figures.set(agentId, found);
    }
    return found;
  };
  const netByMarket = new Map<string, { userId: string; commissionBp: number; results: number[] }>();
  for (const result of results) {
    const chain = agentChainOf(result.userId);
    if (chain.length === 0) continue;
    const shares = splitAlongChain(result.housePnlPaise, chain.map((agentId) => ratesOf(agentId).partnershipBp), TOP_RATES.partnershipBp);
    let below = 0;
    chain.forEach((agentId, index) => {
      const row = of(agentId);
      const share = shares[index] as number;
      if (result.kind === 'sports') row.sportsPaise += result.housePnlPaise;
      else row.casinoPaise += result.housePnlPaise;
      row.downlinePaise += result.housePnlPaise;
      row.downlineSharePaise += below;
      row.agentSharePaise += share;
      row.uplineSharePaise += result.housePnlPaise - below - share;
      below += share;
    });
    if (result.exchangeMarketId !== undefined) {
      const key = `${result.userId}:${result.exchangeMarketId}`;
      const entry = netByMarket.get(key) ?? { userId: result.userId, commissionBp: result.marketCommissionBp ?? TOP_RATES.commissionBp, results: [] };
      // The player's result is the house's P&L turned round.
      entry.results.push(-result.housePnlPaise);
      netByMarket.set(key, entry);
    }
  }
  for (const entry of netByMarket.values()) {
    const net = marketNetWinningsPaise(entry.results);
    if (net === 0) continue;
    const chain = agentChainOf(entry.userId);
    const shares = splitCommission(net, chain.map((agentId) => ratesOf(agentId).commissionBp), entry.commissionBp);
    chain.forEach((agentId, index) => {
      of(agentId).commissionPaise += shares[index] as number;
    });
  }
  return figures;
}
