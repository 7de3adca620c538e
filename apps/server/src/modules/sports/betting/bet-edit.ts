import { randomUUID } from 'node:crypto';
import type { EditBet } from '@khel/contract';
import { checkExchangeBet } from '@khel/exchange';
import type { ExchangeEvent } from '@khel/exchange';
import { rupeesToPaise, toHundredths } from '@khel/money';
import type { Queryable } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { fail } from '../../../lib/app-error.js';
import type { Caller } from '../../identity/identity-service.js';
import type { WalletService } from '../../wallet/wallet-service.js';
import type { ChangeSet } from '../positions/index.js';
import { refreshExposures, remainingPaise } from '../positions/index.js';
import type { MarketBooks } from '../writer/index.js';
import type { EngineEvents } from './engine-events.js';
import { limitsForBet, refuseUnlessAccepted } from './placement-limits.js';
import { createSportsRepository } from '../sports-repository.js';

/** The engine's refusal of a cancel or replace as the player's catalogue error. */
function refuseEdit(events: readonly ExchangeEvent[]): void {
  const rejected = events.find((event) => event.type === 'rejected');
  if (rejected === undefined || rejected.type !== 'rejected') return;
  if (rejected.reason === 'MARKET_SUSPENDED') fail('MARKET_SUSPENDED');
  if (rejected.reason === 'MARKET_CLOSED') fail('MARKET_CLOSED');
  if (rejected.reason === 'PRICE_NOT_ON_LADDER') fail('PRICE_NOT_ON_LADDER');
  fail('BET_NOT_EDITABLE');
}

/**
 * Edit bet (issue 31, decision 0067), one command on the bet's market writer, run in the caller's
 * transaction (its idempotency record commits with it). A lower unmatched stake is a partial cancel
 * (MAT-7: the offer keeps its place); new odds are one engine `replace` (MAT-15): the unmatched part
 * moves to a NEW bet at the back of the new price's queue, the old bet keeps what it matched. Answers
 * the id of the bet that now holds the unmatched part.
 */
export function createBetEdit(deps: { books: MarketBooks; wallet: WalletService; clock: Clock; engine: EngineEvents }) {
  const { books, wallet, clock, engine } = deps;
  return {
    async edit(caller: Caller, request: EditBet, marketId: string, tx: Queryable, changes: ChangeSet): Promise<string> {
      return books.withMarket(
        marketId,
        async (context) => {
          const repo = createSportsRepository(context.tx);
          const { market, runners } = context;
          const bet = await repo.bet(request.betId);
          if (bet === null || bet.user_id !== caller.userId) fail('NOT_FOUND', 'Bet not found');
          const unmatchedPaise = remainingPaise(bet);
          if (market.type !== 'EXCHANGE' || context.book === null || bet.status !== 'unmatched' || unmatchedPaise <= 0)
            fail('BET_NOT_EDITABLE');
          if (market.status === 'suspended') fail('MARKET_SUSPENDED');
          if (market.status !== 'open') fail('MARKET_CLOSED');
          const stakePaise =
            request.stake === undefined
              ? unmatchedPaise
              : (rupeesToPaise(request.stake) ?? fail('VALIDATION_FAILED', 'Enter a stake with at most two decimals'));
          if (stakePaise > unmatchedPaise) fail('STAKE_ONLY_LOWERED');
          const priceH = request.odds === undefined ? (bet.price_h as number) : (toHundredths(request.odds) ?? 0);
          if (priceH === bet.price_h && stakePaise === unmatchedPaise)
            fail('VALIDATION_FAILED', 'Change the odds or the stake');
          const timeMs = clock.now().getTime();
          let answer = bet.id;
          let events: ExchangeEvent[];
          if (priceH === bet.price_h) {
            events = context.apply({
              type: 'cancel',
              seq: engine.nextSeq(context),
              timeMs,
              offerId: bet.id,
              ownerId: bet.user_id,
              reducePaise: unmatchedPaise - stakePaise,
            });
            refuseEdit(events);
            await engine.recordEngineEvents(context, events, changes);
          } else {
            // The new bet is checked as a new placement is: the account's limits, the ladder.
            const limits = await limitsForBet(context.tx, caller.userId, market);
            refuseUnlessAccepted(
              checkExchangeBet(
                'open',
                { runnerKnown: true, side: bet.side, priceHundredths: priceH, stakePaise },
                limits,
              ),
              limits,
              market.type,
            );
            // In play with a bet delay, a price that matches at once would skip the delay: refused, as Betfair's delay applies to it.
            if (
              market.in_play &&
              market.bet_delay_seconds > 0 &&
              engine.wouldCross(context, bet.runner_id as string, bet.side, priceH)
            )
              fail('BET_NOT_EDITABLE', 'In play a price that matches at once waits the bet delay: place a new bet');
            const replacement = await repo.insertPlacedBet({
              ...bet,
              id: randomUUID(),
              price_h: priceH,
              stake_paise: stakePaise,
              matched_paise: 0,
              matched_price_sum: 0,
              cancelled_paise: 0,
              status: 'unmatched',
              lapse_reason: null,
              placed_version: market.version,
              delay_until: null,
              created_at: clock.now(),
              cash_out: false,
            });
            events = context.apply({
              type: 'replace',
              seq: engine.nextSeq(context),
              timeMs,
              offerId: bet.id,
              ownerId: bet.user_id,
              newOfferId: replacement.id,
              priceHundredths: priceH,
              stakePaise,
            });
            refuseEdit(events);
            await engine.recordEngineEvents(context, events, changes, replacement);
            answer = replacement.id;
          }
          changes.userIds.add(bet.user_id);
          changes.betIds.add(bet.id);
          changes.betIds.add(answer);
          // A new price may fill other players' resting offers: their positions take the fills' lines too (EXP-1).
          await refreshExposures(context.tx, wallet, market, runners, changes.userIds, changes.positions);
          return answer;
        },
        tx,
        caller.userId,
      );
    },
  };
}
