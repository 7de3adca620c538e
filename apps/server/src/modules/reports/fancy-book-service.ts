import { fancyBetProfitLossPaise } from '@khel/exchange';
import type { FancyBet } from '@khel/exchange';
import { paiseToRupees, splitAlongChain } from '@khel/money';
import type { RiskFancyBook } from '@khel/contract';
import type { Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/app-error.js';
import type { ReportScope } from './report-sql.js';
import { createFancyBookRepository } from './fancy-book-repository.js';

/** A player's agent uplines, nearest first, with each one's partnership (agents' partnership-chains.ts). */
export interface ShareChains {
  chainsOf(playerIds: readonly string[]): Promise<Map<string, { agentIds: string[]; partnershipBp: number[] }>>;
  topBp: number;
}

/**
 * The fancy book of one line (decision 0064): the run axis cut at every open bet's line, and on each
 * band the book's result over the scope's players (the negated sum of their results) and the viewer's
 * cut of it, split player by player along the player's partnership chain with @khel/money's
 * `splitAlongChain` (rounded per player and band, as the weekly statement rounds per result). The viewer
 * is an agent of the chain, or the top of the tree (an operator: the house's share).
 */
export function fancyBookRows(
  bets: readonly (FancyBet & { userId: string })[],
  chains: ReadonlyMap<string, { agentIds: string[]; partnershipBp: number[] }>,
  viewerId: string | null,
  topBp: number,
): { fromRuns: number; toRuns: number | null; subtreePaise: number; sharePaise: number }[] {
  const cuts = [...new Set([0, ...bets.map((bet) => Math.max(0, bet.lineRuns))])].sort((a, b) => a - b);
  const byPlayer = new Map<string, FancyBet[]>();
  for (const bet of bets) byPlayer.set(bet.userId, [...(byPlayer.get(bet.userId) ?? []), bet]);
  return cuts.map((fromRuns, index) => {
    let subtreePaise = 0;
    let sharePaise = 0;
    for (const [userId, own] of byPlayer) {
      const bookPaise = -own.reduce((sum, bet) => sum + fancyBetProfitLossPaise(bet, fromRuns), 0);
      const chain = chains.get(userId) ?? { agentIds: [], partnershipBp: [] };
      const shares = splitAlongChain(bookPaise, chain.partnershipBp, topBp);
      const at = viewerId === null ? shares.length - 1 : chain.agentIds.indexOf(viewerId);
      subtreePaise += bookPaise;
      sharePaise += at < 0 ? 0 : (shares[at] as number);
    }
    return { fromRuns, toRuns: cuts[index + 1] ?? null, subtreePaise, sharePaise };
  });
}

export function createFancyBookService(deps: { db: Queryable; clock: Clock; chains: ShareChains }) {
  const repository = createFancyBookRepository(deps.db);
  return {
    /** `viewerId`: the agent whose share is shown, or null for an operator (the house's share). */
    async fancyBook(scope: ReportScope, viewerId: string | null, marketId: string): Promise<RiskFancyBook> {
      const line = await repository.line(marketId);
      if (line === null) fail('NOT_FOUND', 'Fancy market not found');
      const rows = await repository.openBets(marketId, scope);
      const bets = rows.map((row) => ({
        userId: row.user_id,
        side: row.side === 'back' ? ('yes' as const) : ('no' as const),
        lineRuns: row.line_runs,
        rateHundredths: row.rate_h,
        stakePaise: row.stake_paise,
      }));
      const players = [...new Set(bets.map((bet) => bet.userId))];
      const book = fancyBookRows(bets, await deps.chains.chainsOf(players), viewerId, deps.chains.topBp);
      const worst = Math.min(...book.map((row) => row.subtreePaise));
      return {
        marketId: line.id,
        market: line.name,
        event: line.event,
        status: line.status,
        players: players.length,
        bets: bets.length,
        rows: book.map((row) => ({
          fromRuns: row.fromRuns,
          toRuns: row.toRuns,
          subtree: paiseToRupees(row.subtreePaise),
          share: paiseToRupees(row.sharePaise),
          worst: bets.length > 0 && row.subtreePaise === worst,
        })),
        asOf: deps.clock.now().toISOString(),
      };
    },
  };
}
export type FancyBookService = ReturnType<typeof createFancyBookService>;
