import { randomUUID } from 'node:crypto';
import { ROLES } from '@khel/contract';
import type { PlaceBet } from '@khel/contract';
import { checkExchangeBet } from '@khel/exchange';
import { rupeesToPaise, toHundredths } from '@khel/money';
import type { Queryable } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { fail } from '../../../lib/app-error.js';
import type { Caller } from '../../identity/identity-service.js';
import type { WalletService } from '../../wallet/wallet-service.js';
import { DuplicateIdempotencyKey } from '../../idempotency/idempotency-service.js';
import type { JoinedInserter } from '../writer/index.js';
import type { ChangeSet } from '../positions/index.js';
import { emptyChanges, knowPositions, knowRows, resetChanges } from '../positions/index.js';
import type { EngineEvents } from './engine-events.js';
import { addLine, bookmakerLine, refreshExposures } from '../positions/index.js';
import type { MarketBooks } from '../writer/index.js';
import { oddsPreferenceOf } from '../odds-preference/index.js';
import { limitsForBet, refuseUnlessAccepted } from './placement-limits.js';
import { checkQuote } from './quote-checks.js';
import { createSportsRepository } from '../sports-repository.js';
import type { BetRow } from '../sports-repository.js';
import { refreshHeldExposures } from './held-exposures.js';
import { heldPositionsOf } from '../positions/index.js';

/**
 * Writes a command's answer (an idempotency record) in the transaction the command commits in; with
 * `staged`, the same answer joins a group commit's one multi-row insert (decision 0027).
 */
export type Recorder = ((tx: Queryable, betId: string) => Promise<void>) & {
  staged?: (betId: string) => { row: unknown; insertMany: (tx: Queryable, rows: never[]) => Promise<boolean[]> };
};

/** Placing a bet: one command on its market's writer, decided by the engine, committed with its batch. */
export function createBetPlacement(deps: {
  books: MarketBooks;
  wallet: WalletService;
  clock: Clock;
  engine: EngineEvents;
  onDelayed: (betId: string, marketId: string, delayMs: number) => void;
}) {
  const { books, wallet, clock, engine } = deps;
  return {
    /**
     * Places a bet. The response is the bet as it stands: matched, unmatched (resting), or pending
     * (an in-play delay: decided on the server when it ends, never in the browser).
     */
    async place(
      caller: Caller,
      request: PlaceBet,
      tx: Queryable | null,
      changes: ChangeSet,
      record: Recorder | null = null,
    ): Promise<string> {
      if (!caller.permissions.allowHome) fail('FORBIDDEN', 'You do not have access to sports betting');
      if (caller.role !== ROLES.PLAYER && caller.role !== ROLES.CREDIT_PLAYER)
        fail('FORBIDDEN', 'Only player accounts place bets');
      const stakePaise =
        rupeesToPaise(request.stake) ?? fail('VALIDATION_FAILED', 'Enter a stake with at most two decimals');
      const placed = books.withMarket(
        request.marketId,
        async (context) => {
          // A batch run again (a batch-mate overdrew) runs this command afresh: what its rolled-back attempt
          // put in the request's change set (a bet id never committed, its rows) goes.
          resetChanges(changes);
          const { market, runners } = context;
          const repo = createSportsRepository(context.tx);
          const walletName: 'main' | 'bonus' =
            caller.wallet === '2' && caller.role !== ROLES.CREDIT_PLAYER ? 'bonus' : 'main';
          const runner =
            request.selectionId === undefined
              ? null
              : runners.find((candidate) => candidate.id === request.selectionId);
          // The engine decides every refusal in its documented order, against the market's limits
          // tightened by the account's upline chain (decision 0020).
          const batch = context.batch;
          const limits =
            batch === null
              ? await limitsForBet(context.tx, caller.userId, market)
              : await limitsForBet(batch.direct, caller.userId, market, batch.writes);

          // A house quote's odds-change preference: held with the batch's players, else read (not through context.tx, which would write the batch's staged rows first).
          const preference = async () =>
            (batch === null ? null : (await batch.writes.player(caller.userId)).oddsPreference) ??
            (await oddsPreferenceOf(batch?.direct ?? context.tx, caller.userId));
          const delayMs = market.in_play && market.bet_delay_seconds > 0 ? market.bet_delay_seconds * 1000 : 0;
          const now = clock.now();
          let priceH: number | null = null;
          let rateH: number | null = null;
          let lineRuns: number | null = null;
          if (market.type === 'EXCHANGE') {
            // Odds that are not a whole number of hundredths are off the ladder (0 is never on it).
            priceH = toHundredths(request.odds) ?? 0;
            const status = market.status === 'open' ? 'open' : market.status === 'suspended' ? 'suspended' : 'closed';
            refuseUnlessAccepted(
              checkExchangeBet(
                status,
                {
                  runnerKnown: runner !== null && runner !== undefined,
                  side: request.selectionType,
                  priceHundredths: priceH,
                  stakePaise,
                },
                limits,
              ),
              limits,
              market.type,
            );
          } else if (market.type === 'BOOKMAKER') {
            rateH = toHundredths(request.odds) ?? -1;
            ({ rateH } = checkQuote(
              market,
              { runnerId: runner?.id ?? null, side: request.selectionType, oddsH: rateH, lineRuns: null, stakePaise },
              limits,
              await preference(),
            ));
          } else {
            lineRuns = Number.isInteger(request.odds) ? request.odds : -1;
            rateH = toHundredths(request.oddsSize ?? 100) ?? -1;
            ({ rateH, lineRuns } = checkQuote(
              market,
              { runnerId: null, side: request.selectionType, oddsH: rateH, lineRuns, stakePaise },
              limits,
              await preference(),
            ));
          }

          // An exchange offer that would not match at once skips the delay and rests straight away.
          const delayed =
            delayMs > 0 &&
            (market.type !== 'EXCHANGE' ||
              engine.wouldCross(context, runner?.id as string, request.selectionType, priceH as number));
          const house = market.type !== 'EXCHANGE';
          // The bet, built once: staged with its batch, or (an in-play delay, a caller's transaction) inserted by itself.
          const bet: BetRow = {
            id: randomUUID(),
            seq: 0,
            user_id: caller.userId,
            market_id: market.id,
            event_id: market.event_id,
            runner_id: runner?.id ?? null,
            side: request.selectionType,
            price_h: priceH,
            line_runs: lineRuns,
            rate_h: house ? rateH : null,
            stake_paise: stakePaise,
            matched_paise: house && !delayed ? stakePaise : 0,
            // Only exchange fills keep a price sum: a house bet is matched whole at its own rate.
            matched_price_sum: 0,
            cancelled_paise: 0,
            status: delayed ? 'pending' : house ? 'matched' : 'unmatched',
            lapse_reason: null,
            wallet: walletName,
            persistence: request.keepInPlay === true ? 'keep' : 'lapse',
            placed_version: market.version,
            delay_until: delayed ? new Date(now.getTime() + delayMs) : null,
            profit_loss_paise: null,
            created_at: now,
            cash_out: false,
            closed_by: null,
          };
          if (batch !== null && !delayed) {
            // Decision 0027: the bet, its fills and the exposures join the batch's multi-row writes, as do
            // the wallets' exposure moves (whose CHECK still refuses the very command that overdraws) and
            // the idempotency answer. A bookmaker or fancy bet is matched by the house at the quote: no book (0027, addendum "house").
            await batch.writes.player(caller.userId);
            // This attempt's own change set: a batch run again (a batch-mate overdrew) starts this command afresh.
            const mine = emptyChanges();
            const runnerIds = runners.map((candidate) => candidate.id);
            if (house) {
              batch.writes.insertBet(bet);
              if (market.type === 'BOOKMAKER')
                addLine(mine.positions, `${bet.user_id}:${bet.wallet}`, runnerIds, bookmakerLine(bet));
              knowRows(mine, [bet]);
            } else await engine.placeBatched(context, batch.writes, bet, mine);
            mine.userIds.add(caller.userId);
            mine.betIds.add(bet.id);
            await refreshHeldExposures(batch, wallet, { type: market.type, runnerIds }, mine.userIds, mine.positions);
            if (record?.staged !== undefined) {
              const { row, insertMany } = record.staged(bet.id);
              batch.writes.join(row, insertMany as JoinedInserter, () => new DuplicateIdempotencyKey());
            } else if (record !== null) await record(batch.direct, bet.id);
            for (const id of mine.userIds) changes.userIds.add(id);
            for (const id of mine.betIds) changes.betIds.add(id);
            for (const id of mine.marketIds) changes.marketIds.add(id);
            // What the batch wrote is what the publish after its commit shows: no read of it again.
            knowRows(
              changes,
              [...(mine.known?.bets.values() ?? [])].map((known) => known.row),
              { market, runners, event: context.eventNames ?? null },
            );
            // And the touched players' positions as the lane now holds them (a player it cannot follow is read).
            // (A fancy position is its book of run totals: read by the publish.)
            for (const userId of market.type === 'FANCY' ? [] : mine.userIds) {
              const held = batch.writes.held(userId);
              if (held?.shown != null)
                knowPositions(
                  changes,
                  userId,
                  market.id,
                  heldPositionsOf(market, runnerIds, held.shown, held.open.values()),
                );
            }
            return bet.id;
          }
          const inserted = await repo.insertPlacedBet(bet);
          changes.userIds.add(caller.userId);
          changes.betIds.add(bet.id);
          if (!delayed && !house) await engine.placeOnExchange(context, inserted, changes);
          if (!delayed && market.type === 'BOOKMAKER')
            addLine(
              changes.positions,
              `${inserted.user_id}:${inserted.wallet}`,
              runners.map((candidate) => candidate.id),
              bookmakerLine(inserted),
            );
          await refreshExposures(context.tx, wallet, market, runners, changes.userIds, changes.positions);
          if (record !== null) await record(context.tx, bet.id);
          if (delayed) deps.onDelayed(bet.id, market.id, delayMs);
          return bet.id;
        },
        tx ?? undefined,
        caller.userId,
      );
      // A command that did not commit (refused, or dropped from its batch, e.g. a duplicate key whose
      // stored answer is replayed) publishes nothing: its change set came from a rolled-back attempt.
      return placed.catch((error: unknown) => {
        resetChanges(changes);
        throw error;
      });
    },
  };
}
