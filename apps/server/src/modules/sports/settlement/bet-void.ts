import type { RunnerLine } from '@khel/exchange';
import { fail } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import type { BettingService, ChangeSet } from '../betting/index.js';
import { addLine, bookmakerLine, exchangeFillLine, remainingPaise } from '../positions/index.js';
import type { PositionDeltas } from '../positions/index.js';
import type { MarketContext } from '../writer/index.js';
import type { BetRow } from '../sports-repository.js';
import { createSportsRepository } from '../sports-repository.js';
import { createSettlementRepository } from './settlement-repository.js';

/** The bets a single-bet void can take: not decided yet, or settled with the market (decision 0055). */
const VOIDABLE = new Set(['pending', 'unmatched', 'matched', 'settled']);

/**
 * Why a bet cannot be voided on its own, or null when it can. A cash out stands (the player took the
 * house's value or hedged at the market: decision 0022); a void market has nothing left to void.
 */
export function refusalOf(bet: BetRow, marketStatus: string): string | null {
  if (marketStatus === 'voided') return 'The market is void: every bet on it is already void';
  if (bet.status === 'voided') return 'This bet is already void';
  if (bet.cash_out || bet.closed_by !== null) return 'A cashed-out bet cannot be voided on its own';
  if (!VOIDABLE.has(bet.status)) return 'Nothing of this bet is left to void';
  return null;
}

const negated = (line: RunnerLine): RunnerLine => ({
  runnerId: line.runnerId,
  ifWinsPaise: -line.ifWinsPaise,
  ifLosesPaise: -line.ifLosesPaise,
});

/**
 * Takes the given bets out of their market inside its writer's turn, before any money moves: the
 * resting part of an exchange offer is cancelled in the book, the bets become void, and their fills
 * are voided on both sides (a counterparty player's bet loses that matched part, which becomes
 * cancelled; a bet left with nothing matched is void too). Answers the players whose position changed
 * with the change to each position (`deltas`, for the exposure refresh), and every bet it voided.
 */
export async function withdrawBets(
  context: MarketContext,
  bets: readonly BetRow[],
  betting: Pick<BettingService, 'recordEngineEvents' | 'nextSeq'>,
  clock: Clock,
  changes: ChangeSet,
): Promise<{ userIds: Set<string>; deltas: PositionDeltas; voided: BetRow[] }> {
  const { market } = context;
  const repo = createSportsRepository(context.tx);
  const runnerIds = context.runners.map((runner) => runner.id);
  const deltas: PositionDeltas = new Map();
  const userIds = new Set<string>();
  const voided: BetRow[] = [];
  const ids = new Set(bets.map((bet) => bet.id));

  for (const bet of bets) {
    const refusal = refusalOf(bet, market.status);
    if (refusal !== null) fail('CONFLICT', refusal);
    if (market.type === 'EXCHANGE' && bet.status === 'unmatched' && remainingPaise(bet) > 0 && context.book !== null) {
      const events = context.apply({
        type: 'cancel',
        seq: betting.nextSeq(context),
        timeMs: clock.now().getTime(),
        offerId: bet.id,
        ownerId: bet.user_id,
      });
      await betting.recordEngineEvents(context, events, changes);
    }
    // A bookmaker bet's matched line leaves the position it was added to; fancy is recomputed from live bets.
    if (market.type === 'BOOKMAKER' && bet.status === 'matched')
      addLine(deltas, `${bet.user_id}:${bet.wallet}`, runnerIds, negated(bookmakerLine(bet)));
    userIds.add(bet.user_id);
  }

  // Read again: a cancel above wrote the bet's cancelled part.
  const fresh = await Promise.all(bets.map(async (bet) => (await repo.bet(bet.id)) as BetRow));
  const settlementRepo = createSettlementRepository(context.tx);
  const fills = market.type === 'EXCHANGE' ? await settlementRepo.voidFillsOf([...ids], clock.now()) : [];
  /** What each counterparty bet (not itself voided) loses: its matched stake and stake × price. */
  const lost = new Map<string, { paise: number; priceSum: number }>();
  for (const fill of fills) {
    for (const [betId, side] of [
      [fill.back_bet_id, 'back'],
      [fill.lay_bet_id, 'lay'],
    ] as const) {
      if (betId === null) continue;
      const owner = ids.has(betId) ? fresh.find((bet) => bet.id === betId) : await repo.bet(betId);
      if (owner === undefined || owner === null) continue;
      // A live bet's fill leaves its position; a settled one's money is settled again from the fills left.
      if (owner.status !== 'settled')
        addLine(
          deltas,
          `${owner.user_id}:${owner.wallet}`,
          runnerIds,
          negated(exchangeFillLine(fill.runner_id, side, fill.price_h, fill.stake_paise)),
        );
      userIds.add(owner.user_id);
      if (ids.has(betId)) continue;
      const was = lost.get(betId) ?? { paise: 0, priceSum: 0 };
      lost.set(betId, {
        paise: was.paise + fill.stake_paise,
        priceSum: was.priceSum + fill.stake_paise * fill.price_h,
      });
    }
  }

  for (const bet of fresh) {
    await repo.updateBet(bet.id, {
      status: 'voided',
      profit_loss_paise: 0,
      // Whatever was still waiting (a delayed bet) will never match.
      cancelled_paise: bet.status === 'pending' ? bet.stake_paise - bet.matched_paise : bet.cancelled_paise,
    });
    voided.push({ ...bet, status: 'voided', profit_loss_paise: 0 });
    changes.betIds.add(bet.id);
  }
  for (const [betId, part] of lost) {
    const bet = (await repo.bet(betId)) as BetRow;
    const matched = bet.matched_paise - part.paise;
    const nothingLeft = matched === 0 && remainingPaise(bet) === 0;
    await repo.updateBet(betId, {
      matched_paise: matched,
      matched_price_sum: bet.matched_price_sum - part.priceSum,
      cancelled_paise: bet.cancelled_paise + part.paise,
      ...(nothingLeft ? { status: 'voided' as const, profit_loss_paise: 0 } : {}),
    });
    if (nothingLeft) voided.push({ ...bet, status: 'voided', matched_paise: 0, profit_loss_paise: 0 });
    changes.betIds.add(betId);
  }
  for (const userId of userIds) changes.userIds.add(userId);
  return { userIds, deltas, voided };
}
