import { priceToIndex } from '@khel/exchange';
import type { ExchangeCommand, ExchangeEvent } from '@khel/exchange';
import type { Clock } from '../../../lib/clock.js';
import { fail } from '../../../lib/app-error.js';
import { addLine, exchangeFillLine, remainingPaise } from '../positions/index.js';
import type { BatchWrites } from '../writer/index.js';
import type { MarketContext } from '../writer/index.js';
import type { ChangeSet } from '../positions/index.js';
import { knowRows } from '../positions/index.js';
import type { BetRow } from '../sports-repository.js';
import { createSportsRepository } from '../sports-repository.js';

export const HOUSE_OWNER = 'house';

/** A delayed exchange bet found the market changed under it: it lapses with this reason. */
export class LapseSignal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Throws the catalogue error of an engine refusal of a placed offer. */
function refuseRejected(events: readonly ExchangeEvent[]): void {
  const rejected = events.find((event) => event.type === 'rejected');
  if (rejected !== undefined && rejected.type === 'rejected') {
    if (rejected.reason === 'MARKET_SUSPENDED') fail('MARKET_SUSPENDED');
    if (rejected.reason === 'MARKET_CLOSED') fail('MARKET_CLOSED');
    if (rejected.reason === 'PRICE_NOT_ON_LADDER') fail('PRICE_NOT_ON_LADDER');
    if (rejected.reason === 'MARKET_VERSION_CHANGED') throw new LapseSignal('MARKET_VERSION_CHANGED');
    fail('VALIDATION_FAILED', `The bet was refused (${rejected.reason})`);
  }
}

/**
 * The exchange engine's side of a market command: the next sequence number, whether an offer would
 * cross, placing an offer through the engine (context.apply, so the writer logs the command) and
 * writing what the engine did as fills and bet rows.
 */
export function createEngineEvents(clock: Clock) {
  /**
   * Writes what the engine did: fills, bet matched/remaining/status; answers the players touched.
   * `known`: the command's own bet row, already in hand (not read again); each row read is kept for
   * the command's later fills.
   */
  async function recordEngineEvents(
    context: MarketContext,
    events: ExchangeEvent[],
    changes: ChangeSet,
    known?: BetRow,
    batch?: BatchWrites,
  ): Promise<void> {
    const repo = createSportsRepository(context.tx);
    const rows = new Map<string, BetRow>(known === undefined ? [] : [[known.id, known]]);
    const now = clock.now();
    const runnerIds = context.runners.map((runner) => runner.id);
    const touch = async (
      offerId: string,
      ownerId: string,
      update: (bet: BetRow) => Partial<BetRow>,
      fill?: { runnerId: string; side: 'back' | 'lay'; priceHundredths: number; stakePaise: number },
    ) => {
      if (offerId.startsWith(`${HOUSE_OWNER}:`)) return;
      const bet =
        rows.get(offerId) ?? (batch === undefined ? await repo.bet(offerId) : await batch.bet(offerId, ownerId));
      if (bet === null) return;
      if (fill !== undefined)
        addLine(
          changes.positions,
          `${bet.user_id}:${bet.wallet}`,
          runnerIds,
          exchangeFillLine(fill.runnerId, fill.side, fill.priceHundredths, fill.stakePaise),
        );
      const change = update(bet);
      const next = { ...bet, ...change };
      const remaining = remainingPaise(next);
      const status =
        remaining > 0
          ? bet.status === 'pending'
            ? 'pending'
            : 'unmatched'
          : next.matched_paise > 0
            ? 'matched'
            : (change.status ?? bet.status);
      const row = { ...next, status: change.status ?? status };
      if (batch === undefined) await repo.updateBet(bet.id, { ...change, status: row.status });
      else batch.updateBet(row);
      rows.set(bet.id, row);
      changes.userIds.add(bet.user_id);
      changes.betIds.add(bet.id);
    };
    /**
     * A batched fill's players are held before the fill is staged: a player first read by the lane
     * reads the fills staged so far, so this fill's line must come only from the command's deltas.
     */
    const holdOwner = async (offerId: string, ownerId: string) => {
      if (batch === undefined || offerId.startsWith(`${HOUSE_OWNER}:`) || rows.has(offerId)) return;
      const bet = await batch.bet(offerId, ownerId);
      if (bet !== null) rows.set(offerId, bet);
    };
    // The fills' owners the lane does not hold yet are read together, before any of the fills is staged:
    // one read for all of them rather than one per counterparty.
    if (batch !== undefined) {
      const owners: string[] = [];
      for (const event of events) {
        if (event.type !== 'filled') continue;
        for (const [offerId, ownerId] of [
          [event.backOfferId, event.backOwnerId],
          [event.layOfferId, event.layOwnerId],
        ] as const)
          if (!offerId.startsWith(`${HOUSE_OWNER}:`) && !rows.has(offerId)) owners.push(ownerId);
      }
      await batch.readPlayers(owners);
    }
    for (const event of events) {
      if (event.type === 'filled') {
        await holdOwner(event.backOfferId, event.backOwnerId);
        await holdOwner(event.layOfferId, event.layOwnerId);
        const fillRow = {
          marketId: context.market.id,
          runnerId: event.runnerId,
          priceH: event.priceHundredths,
          stakePaise: event.stakePaise,
          backBetId: event.backOwnerId === HOUSE_OWNER ? null : event.backOfferId,
          layBetId: event.layOwnerId === HOUSE_OWNER ? null : event.layOfferId,
          at: now,
        };
        if (batch === undefined) await repo.insertFill(fillRow);
        else batch.insertFill(fillRow);
        const matched = {
          runnerId: event.runnerId,
          priceHundredths: event.priceHundredths,
          stakePaise: event.stakePaise,
        };
        await touch(
          event.backOfferId,
          event.backOwnerId,
          (bet) => ({
            matched_paise: bet.matched_paise + event.stakePaise,
            matched_price_sum: bet.matched_price_sum + event.stakePaise * event.priceHundredths,
          }),
          { ...matched, side: 'back' },
        );
        await touch(
          event.layOfferId,
          event.layOwnerId,
          (bet) => ({
            matched_paise: bet.matched_paise + event.stakePaise,
            matched_price_sum: bet.matched_price_sum + event.stakePaise * event.priceHundredths,
          }),
          { ...matched, side: 'lay' },
        );
      } else if (event.type === 'cancelled') {
        await touch(event.offerId, event.ownerId, (bet) => ({
          cancelled_paise: bet.cancelled_paise + event.cancelledPaise,
          ...(event.remainingPaise === 0 && bet.matched_paise === 0 ? { status: 'cancelled' as const } : {}),
        }));
      } else if (event.type === 'lapsed') {
        await touch(event.offerId, event.ownerId, (bet) => ({
          cancelled_paise: bet.cancelled_paise + event.lapsedPaise,
          lapse_reason: event.reason,
          ...(bet.matched_paise === 0 ? { status: 'lapsed' as const } : {}),
        }));
      }
    }
    if (events.some((event) => event.type !== 'rejected')) {
      context.bookChanged = true;
      changes.marketIds.add(context.market.id);
    }
    // Staged rows are final (the batch writes them as they are): the publish after the commit needs no read.
    if (batch !== undefined) knowRows(changes, rows.values());
  }

  function nextSeq(context: MarketContext): number {
    return (context.book?.lastSeq ?? 0) + 1;
  }

  /** Whether an exchange offer would match at once (then an in-play delay applies; otherwise it rests at once). */
  function wouldCross(context: MarketContext, runnerId: string, side: 'back' | 'lay', priceH: number): boolean {
    const runner = context.book?.runners.get(runnerId);
    if (runner === undefined) return false;
    const index = priceToIndex(priceH);
    if (side === 'back') return runner.lays.best >= 0 && runner.lays.best >= index;
    return runner.backs.best < runner.backs.heads.length && runner.backs.best <= index;
  }

  /** The engine's place command for a bet row (the next sequence of the market's book, the app clock). */
  function placeCommand(context: MarketContext, bet: BetRow, expectedVersion?: number): ExchangeCommand {
    return {
      type: 'place',
      seq: nextSeq(context),
      timeMs: clock.now().getTime(),
      offerId: bet.id,
      ownerId: bet.user_id,
      runnerId: bet.runner_id as string,
      side: bet.side,
      priceHundredths: bet.price_h as number,
      stakePaise: bet.stake_paise,
      persistence: bet.persistence,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    };
  }

  /** Puts an exchange offer into the book and records what happened; refuses with the engine's reason. */
  async function placeOnExchange(
    context: MarketContext,
    bet: BetRow,
    changes: ChangeSet,
    expectedVersion?: number,
  ): Promise<void> {
    const book = context.book;
    if (book === null) throw new Error('exchange market without a book');
    const events = context.apply(placeCommand(context, bet, expectedVersion));
    refuseRejected(events);
    // A delayed bet reaching the book stops being pending; a fresh one was inserted as unmatched already.
    if (bet.status === 'pending') await createSportsRepository(context.tx).updateBet(bet.id, { status: 'unmatched' });
    await recordEngineEvents(context, events, changes, { ...bet, status: 'unmatched' });
  }

  /**
   * placeOnExchange for a bet that is not delayed, in a group commit (decision 0027): the bet row is
   * staged after the engine decided (with what it matched), and its fills and the resting offers'
   * changes join the batch's multi-row writes; nothing is read or written per bet here.
   */
  async function placeBatched(
    context: MarketContext,
    batch: BatchWrites,
    bet: BetRow,
    changes: ChangeSet,
  ): Promise<void> {
    const events = context.apply(placeCommand(context, bet));
    refuseRejected(events);
    batch.insertBet(bet);
    await recordEngineEvents(context, events, changes, bet, batch);
  }

  return { recordEngineEvents, nextSeq, wouldCross, placeOnExchange, placeBatched };
}
export type EngineEvents = ReturnType<typeof createEngineEvents>;
