import {
  bookmakerBetLine,
  exchangeBetLine,
  fancyExposurePaise,
  runnerOutcomeTable,
  unmatchedOfferLine,
  bookmakerExposurePaise,
  exchangeExposurePaise,
} from '@khel/exchange';
import type { ExchangeBet, RunnerLine, UnmatchedOffer } from '@khel/exchange';
import type { Queryable } from '../../../db/database.js';
import type { WalletService } from '../../wallet/wallet-service.js';
import type { BetRow, FillRow, MarketRow, RunnerRow } from '../sports-repository.js';
import { createSportsRepository } from '../sports-repository.js';

/** A bet's statuses while it still counts (in exposure and in positions). */
export const LIVE = new Set(['pending', 'unmatched', 'matched']);

/** What is still unmatched on a bet. */
export function remainingPaise(bet: BetRow): number {
  return bet.stake_paise - bet.matched_paise - bet.cancelled_paise;
}

/** `${userId}:${wallet}` → runner id → change in the player's result if that runner wins. */
export type PositionDeltas = Map<string, Map<string, number>>;

/** Adds one matched line (a fill or a bookmaker bet) to a player's position deltas. */
export function addLine(deltas: PositionDeltas, owner: string, runnerIds: readonly string[], line: RunnerLine): void {
  let vector = deltas.get(owner);
  if (vector === undefined) deltas.set(owner, (vector = new Map()));
  for (const runnerId of runnerIds)
    vector.set(
      runnerId,
      (vector.get(runnerId) ?? 0) + (runnerId === line.runnerId ? line.ifWinsPaise : line.ifLosesPaise),
    );
}

export function exchangeFillLine(
  runnerId: string,
  side: 'back' | 'lay',
  priceHundredths: number,
  stakePaise: number,
): RunnerLine {
  return exchangeBetLine({ runnerId, side, priceHundredths, stakePaise });
}

export function bookmakerLine(bet: BetRow): RunnerLine {
  return bookmakerBetLine({
    runnerId: bet.runner_id as string,
    side: bet.side,
    rateHundredths: bet.rate_h as number,
    stakePaise: bet.stake_paise,
  });
}

function unmatchedLines(bets: BetRow[]): RunnerLine[] {
  return bets
    .filter((bet) => bet.runner_id !== null && bet.price_h !== null && remainingPaise(bet) > 0)
    .map((bet) =>
      unmatchedOfferLine({
        runnerId: bet.runner_id as string,
        side: bet.side,
        priceHundredths: bet.price_h as number,
        remainingPaise: remainingPaise(bet),
      }),
    );
}

/** Exposure from a position vector and the unmatched offers on top of it (EXP-1..3: worst case, never a per-bet sum). */
export function positionExposure(
  runnerIds: readonly string[],
  outcomes: Record<string, number>,
  unmatched: RunnerLine[],
): number {
  const matched: RunnerLine[] = runnerIds.map((runnerId) => ({
    runnerId,
    ifWinsPaise: outcomes[runnerId] ?? 0,
    ifLosesPaise: 0,
  }));
  const table = runnerOutcomeTable(runnerIds, matched, unmatched);
  return Math.min(0, ...table.map((row) => row.worstCasePaise));
}

/**
 * The same exposure computed from scratch from every bet and fill: what positionExposure must always
 * equal (tests compare the two); also the way fancy markets are computed, over every run total.
 */
export function exposureOf(market: MarketRow, runners: RunnerRow[], bets: BetRow[], fills: FillRow[]): number {
  const live = bets.filter((bet) => LIVE.has(bet.status));
  const runnerIds = runners.map((runner) => runner.id);
  if (market.type === 'EXCHANGE') {
    const ids = new Set(live.map((bet) => bet.id));
    const matched: ExchangeBet[] = [];
    for (const fill of fills) {
      if (fill.back_bet_id !== null && ids.has(fill.back_bet_id))
        matched.push({
          runnerId: fill.runner_id,
          side: 'back',
          priceHundredths: fill.price_h,
          stakePaise: fill.stake_paise,
        });
      if (fill.lay_bet_id !== null && ids.has(fill.lay_bet_id))
        matched.push({
          runnerId: fill.runner_id,
          side: 'lay',
          priceHundredths: fill.price_h,
          stakePaise: fill.stake_paise,
        });
    }
    const unmatched: UnmatchedOffer[] = live
      .filter((bet) => remainingPaise(bet) > 0 && bet.status !== 'matched')
      .map((bet) => ({
        runnerId: bet.runner_id as string,
        side: bet.side,
        priceHundredths: bet.price_h as number,
        remainingPaise: remainingPaise(bet),
      }));
    return exchangeExposurePaise(runnerIds, matched, unmatched);
  }
  if (market.type === 'BOOKMAKER') {
    const counted = live.filter((bet) => bet.status === 'matched' || bet.status === 'pending');
    return bookmakerExposurePaise(
      runnerIds,
      counted.map((bet) => ({
        runnerId: bet.runner_id as string,
        side: bet.side,
        rateHundredths: bet.rate_h as number,
        stakePaise: bet.stake_paise,
      })),
    );
  }
  return fancyExposureOfBets(live);
}

/** A fancy market's exposure over the given live bets (YES for a back, NO for a lay): the worst run total. */
export function fancyExposureOfBets(live: readonly BetRow[]): number {
  return fancyExposurePaise(
    live.map((bet) => ({
      side: bet.side === 'back' ? ('yes' as const) : ('no' as const),
      lineRuns: bet.line_runs as number,
      rateHundredths: bet.rate_h as number,
      stakePaise: bet.stake_paise,
    })),
  );
}

/**
 * Brings each given player's exposure on the market up to date and moves the difference onto their
 * wallet account, whose CHECK refuses it if the available balance would go negative. Exchange and
 * bookmaker positions are updated from the deltas of this operation (fills, matched bets) plus the
 * player's few live unmatched or pending bets; fancy is recomputed from the player's live bets.
 */
export async function refreshExposures(
  tx: Queryable,
  wallet: WalletService,
  market: MarketRow,
  runners: RunnerRow[],
  userIds: Iterable<string>,
  deltas: PositionDeltas = new Map(),
): Promise<void> {
  const repo = createSportsRepository(tx);
  const runnerIds = runners.map((runner) => runner.id);
  for (const userId of new Set(userIds)) {
    const open =
      market.type === 'FANCY'
        ? (await repo.betsOfUserInMarket(userId, market.id)).filter((bet) => LIVE.has(bet.status))
        : await repo.unmatchedBetsOfUser(userId, market.id);
    const positions = await repo.marketPositions(userId, market.id);
    for (const walletName of ['main', 'bonus'] as const) {
      const owner = `${userId}:${walletName}`;
      const position = positions.find((row) => row.wallet === walletName) ?? null;
      // Nothing on this wallet here, before or now: nothing to do.
      if (position === null && !deltas.has(owner) && !open.some((bet) => bet.wallet === walletName)) continue;
      const previous = position?.exposure_paise ?? 0;
      const mine = open.filter((bet) => bet.wallet === walletName);
      let next: number;
      let outcomes: Record<string, number> | undefined;
      if (market.type === 'FANCY') {
        next = mine.length === 0 ? 0 : exposureOf(market, runners, mine, []);
      } else {
        const delta = deltas.get(owner);
        outcomes = { ...(position?.outcomes ?? {}) };
        if (delta !== undefined)
          for (const [runnerId, paise] of delta) outcomes[runnerId] = (outcomes[runnerId] ?? 0) + paise;
        deltas.delete(owner);
        // Bookmaker bets waiting out a delay count as if matched (their worst case is reserved up front).
        const pending =
          market.type === 'BOOKMAKER' ? mine.filter((bet) => bet.status === 'pending').map(bookmakerLine) : [];
        const unmatched = market.type === 'EXCHANGE' ? unmatchedLines(mine) : [];
        next = positionExposure(runnerIds, outcomes, [...unmatched, ...pending]);
        if (delta === undefined && position !== null && next === previous) continue;
      }
      if (
        position === null &&
        next === 0 &&
        outcomes !== undefined &&
        Object.values(outcomes).every((value) => value === 0)
      )
        continue;
      await writeExposureRow(tx, wallet, { userId, marketId: market.id, wallet: walletName }, previous, next, outcomes);
    }
  }
}

/**
 * Writes one player's exposure row on a market and wallet and moves the difference from what the row
 * held onto their wallet account, whose CHECK refuses it if the available balance would go negative:
 * how a row and the money it reserves move together outside a group commit (refreshExposures, the
 * repair of decision 0081). `outcomes` undefined keeps the row's (fancy).
 */
export async function writeExposureRow(
  tx: Queryable,
  wallet: WalletService,
  row: { userId: string; marketId: string; wallet: 'main' | 'bonus' },
  previousPaise: number,
  nextPaise: number,
  outcomes: Record<string, number> | undefined,
): Promise<void> {
  if (nextPaise !== previousPaise) await wallet.addExposure(tx, row.userId, row.wallet, nextPaise - previousPaise);
  await createSportsRepository(tx).setMarketExposure(row.userId, row.marketId, row.wallet, nextPaise, outcomes);
}
