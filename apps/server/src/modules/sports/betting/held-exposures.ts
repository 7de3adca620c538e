import type { Queryable } from '../../../db/database.js';
import type { WalletService } from '../../wallet/wallet-service.js';
import type { BatchWrites, WalletMove } from '../writer/index.js';
import { bookmakerLine, fancyExposureOfBets, positionExposure, remainingPaise } from '../positions/index.js';
import type { PositionDeltas } from '../positions/index.js';
import { unmatchedOfferLine } from '@khel/exchange';

/**
 * refreshExposures for an exchange, bookmaker or fancy bet in a group commit (decision 0027): the same figures, computed
 * from what the lane holds (positions and open bets) instead of two reads per player, the market
 * exposure rows and the wallets' exposure moves staged for the batch's multi-row writes; those find
 * the first command that would overdraw a wallet (PRODUCT.md §4) before moving anything, and its
 * batch runs again without it, as when each command moved its own.
 */
export async function refreshHeldExposures(
  batch: { writes: BatchWrites; direct: Queryable },
  wallet: WalletService,
  market: { type: string; runnerIds: readonly string[] },
  userIds: Iterable<string>,
  deltas: PositionDeltas,
): Promise<void> {
  const { runnerIds } = market;
  const moves: { userId: string; wallet: 'main' | 'bonus'; deltaPaise: number }[] = [];
  for (const userId of new Set(userIds)) {
    const player = await batch.writes.player(userId);
    for (const walletName of ['main', 'bonus'] as const) {
      const owner = `${userId}:${walletName}`;
      const position = player.positions.get(walletName) ?? null;
      if (market.type === 'FANCY') {
        const previous = position?.exposurePaise ?? 0;
        // Recomputed from the player's live bets there, as refreshExposures does; written even when unchanged, as there.
        const live = [...(player.live?.values() ?? [])].filter((bet) => bet.wallet === walletName);
        if (position === null && live.length === 0) continue;
        const next = live.length === 0 ? 0 : fancyExposureOfBets(live);
        if (next !== previous) moves.push({ userId, wallet: walletName, deltaPaise: next - previous });
        batch.writes.setExposure(userId, walletName, { exposurePaise: next, outcomes: position?.outcomes ?? {} });
        continue;
      }
      const mine = [...player.open.values()].filter((bet) => bet.wallet === walletName);
      const delta = deltas.get(owner);
      if (position === null && delta === undefined && mine.length === 0) continue;
      const previous = position?.exposurePaise ?? 0;
      const outcomes = { ...(position?.outcomes ?? {}) };
      // The same fills' lines move the running positions the player app is pushed (POS-1).
      const running = player.shown?.get(walletName);
      for (const [runnerId, paise] of delta ?? []) {
        outcomes[runnerId] = (outcomes[runnerId] ?? 0) + paise;
        if (running !== undefined) running.matched[runnerId] = (running.matched[runnerId] ?? 0) + paise;
      }
      deltas.delete(owner);
      const unmatched = mine
        .filter((bet) => bet.runner_id !== null && bet.price_h !== null && remainingPaise(bet) > 0)
        .map((bet) =>
          unmatchedOfferLine({
            runnerId: bet.runner_id as string,
            side: bet.side,
            priceHundredths: bet.price_h as number,
            remainingPaise: remainingPaise(bet),
          }),
        );
      // Bookmaker bets waiting out a delay count as if matched (their worst case is reserved up front), as in refreshExposures.
      const pending =
        market.type === 'BOOKMAKER' ? mine.filter((bet) => bet.status === 'pending').map(bookmakerLine) : [];
      const next = positionExposure(runnerIds, outcomes, [...unmatched, ...pending]);
      if (delta === undefined && position !== null && next === previous) continue;
      if (position === null && next === 0 && Object.values(outcomes).every((value) => value === 0)) continue;
      if (next !== previous) moves.push({ userId, wallet: walletName, deltaPaise: next - previous });
      batch.writes.setExposure(userId, walletName, { exposurePaise: next, outcomes });
    }
  }
  if (moves.length > 0)
    batch.writes.moveExposures(
      Object.assign((tx: Queryable, rows: WalletMove[]) => wallet.addExposuresInOrder(tx, rows), {
        part: (q: Queryable, rows: WalletMove[], first: number) => wallet.exposureMovesPart(q, rows, first),
      }),
      moves,
    );
}
