import { basisPointsOf, effectiveRates, marketNetWinningsPaise, splitCommission } from '@khel/money';
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
  /** The whole downline's fancy and bookmaker stake settled in the week (decision 0066). */
  sessionTurnoverPaise: number;
  /** What the upline owes this agent on it: the turnover × the agent's session rate, rounded down. */
  sessionCommissionPaise: number;
}

/** One player's session turnover in the week (decision 0066). */
export interface SessionTurnover {
  userId: string;
  turnoverPaise: number;
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
    sessionTurnoverPaise: 0,
    sessionCommissionPaise: 0,
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
 * An agent's session commission rate as it takes effect: its own, capped by every upline's (like
 * partnership, `effectiveRates`), the DIRECTOR's being the house's ceiling. `chainOf` answers the
 * agent's own agent uplines, nearest first.
 */
export function sessionRateBp(
  agentId: string,
  chainOf: (userId: string) => readonly string[],
  ratesOf: (agentId: string) => Rates,
): number {
  const chain = [agentId, ...chainOf(agentId)];
  return effectiveRates(
    chain.map((id) => ratesOf(id).sessionCommissionBp),
    TOP_RATES.sessionCommissionBp,
  )[0] as number;
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
  turnovers: readonly SessionTurnover[] = [],
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
  // Session commission: every agent above a player counts its turnover; each agent's commission is its
  // effective rate on its whole downline's turnover, rounded down once, so it is rate × turnover exactly.
  for (const entry of turnovers)
    for (const agentId of chainOf(entry.userId)) of(agentId).sessionTurnoverPaise += entry.turnoverPaise;
  for (const [agentId, figure] of figures)
    figure.sessionCommissionPaise = basisPointsOf(
      figure.sessionTurnoverPaise,
      sessionRateBp(agentId, chainOf, ratesOf),
    );
  return figures;
}
