import { bookmakerExposurePaise, exchangeExposurePaise, fancyExposurePaise } from '@khel/exchange';
import type { ExchangeBet, UnmatchedOffer } from '@khel/exchange';
import type { Queryable } from '../../db/database.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { BetRow, FillRow, MarketRow, RunnerRow } from './sports-repository.js';
import { createSportsRepository } from './sports-repository.js';

const LIVE = new Set(['pending', 'unmatched', 'matched']);

/** What is still unmatched on a bet. */
export function remainingPaise(bet: BetRow): number {
  return bet.stake_paise - bet.matched_paise - bet.cancelled_paise;
}

/**
 * A player's exposure on one market and wallet (PRODUCT.md §4): the worst outcome of the matched bets,
 * plus unmatched offers (and bets waiting out their delay) where they make it worse. Never a per-bet sum.
 */
export function exposureOf(market: MarketRow, runners: RunnerRow[], bets: BetRow[], fills: FillRow[]): number {
  const live = bets.filter((bet) => LIVE.has(bet.status));
  const runnerIds = runners.map((runner) => runner.id);
  if (market.type === 'EXCHANGE') {
    const ids = new Set(live.map((bet) => bet.id));
    const matched: ExchangeBet[] = [];
    for (const fill of fills) {
      if (fill.back_bet_id !== null && ids.has(fill.back_bet_id)) matched.push({ runnerId: fill.runner_id, side: 'back', priceHundredths: fill.price_h, stakePaise: fill.stake_paise });
      if (fill.lay_bet_id !== null && ids.has(fill.lay_bet_id)) matched.push({ runnerId: fill.runner_id, side: 'lay', priceHundredths: fill.price_h, stakePaise: fill.stake_paise });
    }
    const unmatched: UnmatchedOffer[] = live
      .filter((bet) => remainingPaise(bet) > 0 && bet.status !== 'matched')
      .map((bet) => ({ runnerId: bet.runner_id as string, side: bet.side, priceHundredths: bet.price_h as number, remainingPaise: remainingPaise(bet) }));
    return exchangeExposurePaise(runnerIds, matched, unmatched);
  }
  if (market.type === 'BOOKMAKER') {
    return bookmakerExposurePaise(
      runnerIds,
      live.map((bet) => ({ runnerId: bet.runner_id as string, side: bet.side, rateHundredths: bet.rate_h as number, stakePaise: bet.stake_paise })),
    );
  }
  return fancyExposurePaise(
    live.map((bet) => ({ side: bet.side === 'back' ? ('yes' as const) : ('no' as const), lineRuns: bet.line_runs as number, rateHundredths: bet.rate_h as number, stakePaise: bet.stake_paise })),
  );
}

/**
 * Recomputes the exposure of each given player on the market and moves the difference onto their
 * wallet account, whose CHECK refuses it if the available balance would go negative.
 */
export async function refreshExposures(tx: Queryable, wallet: WalletService, market: MarketRow, runners: RunnerRow[], userIds: Iterable<string>): Promise<void> {
  const repo = createSportsRepository(tx);
  for (const userId of new Set(userIds)) {
    const bets = await repo.betsOfUserInMarket(userId, market.id);
    const fills = market.type === 'EXCHANGE' ? await repo.fillsOfBets(bets.map((bet) => bet.id)) : [];
    for (const walletName of ['main', 'bonus'] as const) {
      const mine = bets.filter((bet) => bet.wallet === walletName);
      const next = mine.length === 0 ? 0 : exposureOf(market, runners, mine, fills);
      const previous = await repo.marketExposure(userId, market.id, walletName);
      if (next === previous) continue;
      // Releases first: a settlement or a hedge that frees money must never trip the check on the way.
      await wallet.addExposure(tx, userId, walletName, next - previous);
      await repo.setMarketExposure(userId, market.id, walletName, next);
    }
  }
}
