import type { Queryable } from '../../db/database.js';
import type { Rates } from './agent-rates.js';
import { isAgentRole } from './agent-scope.js';
import type { LevelSums, MarketNet, SessionTurnover } from './agent-statement-figures.js';
import { chainPartnershipRates } from './agent-statement-figures.js';
import { createAgentStatementRepository } from './agent-statement-repository.js';

export interface Account {
  id: string;
  role: number;
  name: string;
  upline_id: string | null;
}

/** A player's agent uplines, nearest first; the walk stops at the first account that is not an agent. */
export function agentChain(byId: Map<string, Account>, userId: string): string[] {
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

/**
 * The accounts at and below `rootId` (the whole site when null) with the root's uplines, as the tree
 * stood that week (decision 0066), and the week's results of the accounts in scope summed in the database (decision 0026): per player, kind
 * and chain level the P&L and the per-result rounded cumulative share; per player and exchange market
 * the net result. Nothing per bet is read into memory.
 */
export async function loadWeek(
  db: Queryable,
  rootId: string | null,
  week: { weekStart: string; from: Date; to: Date },
  ratesOf: (agentId: string) => Rates,
) {
  const { from, to } = week;
  const repository = createAgentStatementRepository(db);
  const accounts = await repository.accountsAround(rootId, week.weekStart);
  const byId = new Map(
    accounts.map((row) => [row.id, { id: row.id, name: row.name, upline_id: row.upline_id, role: Number(row.role) }]),
  );
  const players: string[] = [];
  const levelUsers: string[] = [];
  const levelIndex: number[] = [];
  const levelRates: number[] = [];
  for (const row of accounts) {
    const chain = agentChain(byId, row.id);
    if (!row.in_scope || chain.length === 0) continue;
    players.push(row.id);
    chainPartnershipRates(chain, ratesOf).forEach((rate, level) => {
      levelUsers.push(row.id);
      levelIndex.push(level);
      levelRates.push(rate);
    });
  }
  if (players.length === 0)
    return { byId, levels: [] as LevelSums[], nets: [] as MarketNet[], turnovers: [] as SessionTurnover[] };
  const sums = await repository.levelSums(from, to, players, {
    userIds: levelUsers,
    levels: levelIndex,
    ratesBp: levelRates,
  });
  const nets = await repository.exchangeNets(from, to, players);
  const turnovers = await repository.sessionTurnover(from, to, players);
  return {
    byId,
    levels: sums.map((row) => ({
      userId: row.user_id,
      level: Number(row.level),
      kind: row.kind,
      pnlPaise: Number(row.pnl),
      cumulativePaise: Number(row.cumulative),
    })),
    nets: nets.map((row) => ({
      userId: row.user_id,
      commissionBp: Number(row.commission_bp),
      resultPaise: Number(row.result),
    })),
    turnovers: turnovers.map((row) => ({ userId: row.user_id, turnoverPaise: Number(row.turnover) })),
  };
}
