import { effectiveRates, marketNetWinningsPaise, splitCommission } from '@khel/money';
import type { Rates } from './agent-rates.js';
import { TOP_RATES } from './agent-rates.js';

/**
 * One player's week at one level of its agent chain, summed in SQL (decision 0026): its sports or
 * casino P&L from the house's side (positive: the player lost), and the sum over its bets or rounds
 * of each result × the level's cumulative partnership rate, rounded toward zero per result — what
 * `splitAlongChain` of @khel/money computes per bet, summed. Shares telescope, so the sums split the
 * same way as the bets one by one, paisa for paisa.
 */
export interface LevelSums {
  userId: string;
  level: number;
  kind: 'sports' | 'casino';
  pnlPaise: number;
  cumulativePaise: number;
}

/** One player's net result (its side) on one exchange market in the week. */
export interface MarketNet {
  userId: string;
  commissionBp: number;
  resultPaise: number;
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
  return {
    sportsPaise: 0,
    casinoPaise: 0,
    downlinePaise: 0,
    downlineSharePaise: 0,
    agentSharePaise: 0,
    uplineSharePaise: 0,
    commissionPaise: 0,
  };
}

/** Each level's cumulative partnership rate along a chain (nearest agent first), as it takes effect. */
export function chainPartnershipRates(chain: readonly string[], ratesOf: (agentId: string) => Rates): number[] {
  return effectiveRates(
    chain.map((agentId) => ratesOf(agentId).partnershipBp),
    TOP_RATES.partnershipBp,
  );
}

/**
 * The weekly figures of every agent above the given players (decision 0020) from SQL sums. `chainOf`
 * answers a player's agent uplines, nearest first. Commission is split per player and exchange market
 * on the market's net winnings by the rule of @khel/money.
 */
export function weekFigures(
  levels: readonly LevelSums[],
  nets: readonly MarketNet[],
  chainOf: (userId: string) => readonly string[],
  ratesOf: (agentId: string) => Rates,
): Map<string, AgentFigures> {
  const figures = new Map<string, AgentFigures>();
  const of = (agentId: string) =>
    figures.get(agentId) ?? (figures.set(agentId, emptyFigures()).get(agentId) as AgentFigures);
  const cumulative = new Map(levels.map((row) => [`${row.userId}:${row.kind}:${row.level}`, row.cumulativePaise]));
  for (const row of levels) {
    const agentId = chainOf(row.userId)[row.level];
    if (agentId === undefined) continue;
    const below = row.level === 0 ? 0 : (cumulative.get(`${row.userId}:${row.kind}:${row.level - 1}`) ?? 0);
    const figure = of(agentId);
    if (row.kind === 'sports') figure.sportsPaise += row.pnlPaise;
    else figure.casinoPaise += row.pnlPaise;
    figure.downlinePaise += row.pnlPaise;
    figure.downlineSharePaise += below;
    figure.agentSharePaise += row.cumulativePaise - below;
    figure.uplineSharePaise += row.pnlPaise - row.cumulativePaise;
  }
  for (const entry of nets) {
    const net = marketNetWinningsPaise([entry.resultPaise]);
    if (net === 0) continue;
    const chain = chainOf(entry.userId);
    const shares = splitCommission(
      net,
      chain.map((agentId) => ratesOf(agentId).commissionBp),
      entry.commissionBp,
    );
    chain.forEach((agentId, index) => {
      of(agentId).commissionPaise += shares[index] as number;
    });
  }
  return figures;
}
