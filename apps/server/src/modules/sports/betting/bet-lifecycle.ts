import { AppError, fail } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import type { Caller } from '../../identity/identity-service.js';
import type { WalletService } from '../../wallet/wallet-service.js';
import type { ChangeSet } from '../positions/index.js';
import type { EngineEvents } from './engine-events.js';
import { LapseSignal } from './engine-events.js';
import {
  addLine,
  bookmakerLine,
  emptyChanges,
  heldPositionsOf,
  knowPositions,
  knowRows,
  mergeChanges,
  refreshExposures,
  remainingPaise,
} from '../positions/index.js';
import type { MarketBooks, MarketContext } from '../writer/index.js';
import type { BetRow } from '../sports-repository.js';
import { refreshHeldExposures } from './held-exposures.js';
import { oddsPreferenceOf } from '../odds-preference/index.js';
import { limitsForBet } from './placement-limits.js';
import { checkQuote } from './quote-checks.js';
import { createSportsRepository } from '../sports-repository.js';

/** What a pending bet became at the end of its in-play delay. */
export interface DelayedOutcome {
  marketType: string;
  status: string;
  matchedPaise: number;
}

/** A placed bet's later commands on its market's writer: its in-play delay ending, and its cancel. */
export function createBetLifecycle(deps: {
  books: MarketBooks;
  wallet: WalletService;
  clock: Clock;
  engine: EngineEvents;
}) {
  const { books, wallet, clock, engine } = deps;
  const lifecycle = {
    /**
     * Decides a bet whose in-play delay has ended: it fills at the live price or lapses with a reason.
     * Answers what became of it (null: nothing to decide), for the matched-volume metric.
     */
    async resolvePending(betId: string, marketId: string, changes: ChangeSet): Promise<DelayedOutcome | null> {
      return books.withMarket(marketId, async (context) => {
        const repo = createSportsRepository(context.tx);
        const bet = await repo.bet(betId);
        if (bet === null || bet.status !== 'pending') return null;
        if (bet.delay_until !== null && bet.delay_until.getTime() > clock.now().getTime()) return null;
        const { market } = context;
        changes.userIds.add(bet.user_id);
        changes.betIds.add(bet.id);
        const lapse = async (reason: string) => {
          await repo.updateBet(bet.id, {
            status: 'lapsed',
            lapse_reason: reason,
            cancelled_paise: bet.stake_paise - bet.matched_paise,
          });
        };
        if (market.status === 'suspended') await lapse('MARKET_SUSPENDED');
        else if (market.status !== 'open') await lapse('MARKET_CLOSED');
        else if (market.version !== bet.placed_version) await lapse('MARKET_VERSION_CHANGED');
        else if (market.type === 'EXCHANGE') {
          try {
            await engine.placeOnExchange(context, bet, changes, bet.placed_version);
          } catch (error) {
            if (error instanceof LapseSignal) await lapse(error.reason);
            else if (error instanceof AppError) await lapse(error.code);
            else throw error;
          }
        } else {
          try {
            const taken = checkQuote(
              market,
              {
                runnerId: bet.runner_id,
                side: bet.side,
                oddsH: bet.rate_h as number,
                lineRuns: bet.line_runs,
                stakePaise: bet.stake_paise,
              },
              await limitsForBet(context.tx, bet.user_id, market),
              await oddsPreferenceOf(context.tx, bet.user_id),
            );
            const filled = {
              status: 'matched' as const,
              matched_paise: bet.stake_paise,
              rate_h: taken.rateH,
              line_runs: taken.lineRuns,
            };
            await repo.updateBet(bet.id, filled);
            if (market.type === 'BOOKMAKER')
              addLine(
                changes.positions,
                `${bet.user_id}:${bet.wallet}`,
                context.runners.map((runner) => runner.id),
                bookmakerLine({ ...bet, ...filled }),
              );
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            await lapse(error.code === 'ODDS_CHANGED' ? 'PRICE_MOVED' : error.code);
          }
        }
        // Reaching the book, the bet may fill other players' resting offers: their positions take the fills' lines too (EXP-1).
        await refreshExposures(context.tx, wallet, market, context.runners, changes.userIds, changes.positions);
        changes.marketIds.add(market.id);
        const decided = await repo.bet(bet.id);
        return {
          marketType: market.type,
          status: decided?.status ?? 'lapsed',
          matchedPaise: decided?.matched_paise ?? 0,
        };
      });
    },

    /**
     * Cancels the unmatched part of the caller's exchange offer. In a group commit (decision 0075) the
     * cancel is decided against what the lane holds of the player (their open bets, their position) and
     * its bet update, exposure rows and wallet move join the batch's staged writes, as a placed bet's
     * do: it can commit in the batch's one statement, and the lane keeps its players. A bet still in its
     * in-play delay is withdrawn by its own statements, as before.
     */
    async cancel(caller: Caller, betId: string, marketId: string, changes: ChangeSet): Promise<void> {
      // What the attempt that committed changed (a batch run again runs this command afresh): merged once it committed.
      let mine = emptyChanges();
      await books.withMarket(
        marketId,
        async (context) => {
          mine = emptyChanges();
          const batch = context.batch;
          const held =
            batch === null || context.book === null
              ? undefined
              : (await batch.writes.player(caller.userId)).open.get(betId);
          if (batch !== null && context.book !== null && held?.status !== 'pending') {
            if (held === undefined) {
              // Not among the caller's open bets on this market: not theirs, or nothing left to cancel (read as committed).
              const row = await createSportsRepository(batch.direct).bet(betId);
              if (row === null || row.user_id !== caller.userId || row.market_id !== marketId)
                fail('NOT_FOUND', 'Bet not found');
              fail('BET_NOT_CANCELLABLE');
            }
            await cancelBatched(context, batch, held, mine);
            return;
          }
          const repo = createSportsRepository(context.tx);
          const bet = await repo.bet(betId);
          if (bet === null || bet.user_id !== caller.userId) fail('NOT_FOUND', 'Bet not found');
          if (bet.status === 'pending') {
            // Withdrawn before its delay ended: nothing was matched.
            await repo.updateBet(bet.id, { status: 'cancelled', cancelled_paise: bet.stake_paise });
          } else {
            if (context.book === null) fail('BET_NOT_CANCELLABLE');
            await engine.recordEngineEvents(context, engineCancel(context, bet), mine);
          }
          mine.userIds.add(bet.user_id);
          mine.betIds.add(bet.id);
          await refreshExposures(context.tx, wallet, context.market, context.runners, [bet.user_id], mine.positions);
        },
        undefined,
        caller.userId,
      );
      mergeChanges(changes, mine);
    },
  };

  /** The engine's cancel of what is left of an open offer, as one command; refused unless something is left to cancel. */
  function engineCancel(context: MarketContext, bet: BetRow) {
    if (bet.status !== 'unmatched' || remainingPaise(bet) <= 0) fail('BET_NOT_CANCELLABLE');
    const events = context.apply({
      type: 'cancel',
      seq: engine.nextSeq(context),
      timeMs: clock.now().getTime(),
      offerId: bet.id,
      ownerId: bet.user_id,
    });
    if (events.some((event) => event.type === 'rejected')) fail('BET_NOT_CANCELLABLE');
    return events;
  }

  /** The cancel of a held open offer in a group commit: the engine's cancel, its rows staged with the batch. */
  async function cancelBatched(
    context: MarketContext,
    batch: NonNullable<MarketContext['batch']>,
    bet: BetRow,
    mine: ChangeSet,
  ): Promise<void> {
    const { market, runners } = context;
    await engine.recordEngineEvents(context, engineCancel(context, bet), mine, bet, batch.writes);
    mine.userIds.add(bet.user_id);
    mine.betIds.add(bet.id);
    const runnerIds = runners.map((runner) => runner.id);
    await refreshHeldExposures(batch, wallet, { type: market.type, runnerIds }, mine.userIds, mine.positions);
    // The publish after the commit serves the rows and positions as the batch wrote them: nothing read again.
    knowRows(mine, [], { market, runners, event: context.eventNames ?? null });
    for (const userId of mine.userIds) {
      const player = batch.writes.held(userId);
      if (player?.shown != null)
        knowPositions(mine, userId, market.id, heldPositionsOf(market, runnerIds, player.shown, player.open.values()));
    }
  }
  return lifecycle;
}
