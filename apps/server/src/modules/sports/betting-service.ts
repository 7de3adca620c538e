import { ROLES } from '@khel/contract';
import type { PlaceBet } from '@khel/contract';
import { applyCommand, checkBookmakerBet, checkExchangeBet, checkFancyBet, listRestingOffers, priceToIndex } from '@khel/exchange';
import type { BookmakerQuote, ExchangeEvent, FancyQuote, OddsChangePreference, QuoteAcceptance, StakeLimits } from '@khel/exchange';
import { rupeesToPaise, toHundredths } from '@khel/money';
import type { Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, fail } from '../../lib/app-error.js';
import type { Caller } from '../identity/identity-service.js';
import type { WalletService } from '../wallet/wallet-service.js';
import { addLine, bookmakerLine, exchangeFillLine, refreshExposures, remainingPaise } from './exposure.js';
import type { PositionDeltas } from './exposure.js';
import type { MarketBooks, MarketContext } from './market-books.js';
import { oddsPreferenceOf } from './odds-preference-service.js';
import { limitsForBet, refuseUnlessAccepted } from './placement-limits.js';
import type { BetRow, BookmakerQuoteJson, FancyQuoteJson, MarketRow } from './sports-repository.js';
import { createSportsRepository } from './sports-repository.js';

export const HOUSE_OWNER = 'house';

/** What changed in one market operation, for the live updates after it commits. */
export interface ChangeSet {
  marketIds: Set<string>;
  userIds: Set<string>;
  betIds: Set<string>;
  /** Matched lines this operation added to players' positions, consumed by refreshExposures. */
  positions: PositionDeltas;
}

export function emptyChanges(): ChangeSet {
  return { marketIds: new Set(), userIds: new Set(), betIds: new Set(), positions: new Map() };
}

export function bookmakerQuoteOf(market: MarketRow): BookmakerQuote {
  const quote = (market.quote as BookmakerQuoteJson | null) ?? { runners: [] };
  return { status: market.status === 'open' ? 'open' : market.status === 'suspended' ? 'suspended' : 'closed', runners: quote.runners };
}

export function fancyQuoteOf(market: MarketRow): FancyQuote {
  const quote = (market.quote as FancyQuoteJson | null) ?? { noLineRuns: null, noRateHundredths: null, yesLineRuns: null, yesRateHundredths: null };
  return { status: market.status === 'open' ? 'open' : market.status === 'suspended' ? 'suspended' : 'closed', ...quote };
}

/**
 * Placing, cancelling and delaying bets; house liquidity; market state changes that touch the book.
 * Each runs inside MarketBooks.withMarket, so a market's bets, fills, book snapshot and every affected
 * player's exposure change in one database transaction.
 */
export function createBettingService(deps: { books: MarketBooks; wallet: WalletService; clock: Clock; onDelayed: (betId: string, marketId: string, delayMs: number) => void }) {
  const { books, wallet, clock } = deps;

  /** Writes what the engine did: fills, bet matched/remaining/status; answers the players touched. */
  async function recordEngineEvents(context: MarketContext, events: ExchangeEvent[], changes: ChangeSet): Promise<void> {
    const repo = createSportsRepository(context.tx);
    const now = clock.now();
    const runnerIds = context.runners.map((runner) => runner.id);
    const touch = async (offerId: string, update: (bet: BetRow) => Partial<BetRow>, fill?: { runnerId: string; side: 'back' | 'lay'; priceHundredths: number; stakePaise: number }) => {
      if (offerId.startsWith(`${HOUSE_OWNER}:`)) return;
      const bet = await repo.bet(offerId);
      if (bet === null) return;
      if (fill !== undefined) addLine(changes.positions, `${bet.user_id}:${bet.wallet}`, runnerIds, exchangeFillLine(fill.runnerId, fill.side, fill.priceHundredths, fill.stakePaise));
      const change = update(bet);
      const next = { ...bet, ...change };
      const remaining = remainingPaise(next);
      const status = remaining > 0 ? (bet.status === 'pending' ? 'pending' : 'unmatched') : next.matched_paise > 0 ? 'matched' : (change.status ?? bet.status);
      await repo.updateBet(bet.id, { ...change, status: change.status ?? status });
      changes.userIds.add(bet.user_id);
      changes.betIds.add(bet.id);
    };
    for (const event of events) {
      if (event.type === 'filled') {
        await repo.insertFill({
          marketId: context.market.id,
          runnerId: event.runnerId,
          priceH: event.priceHundredths,
          stakePaise: event.stakePaise,
          backBetId: event.backOwnerId === HOUSE_OWNER ? null : event.backOfferId,
          layBetId: event.layOwnerId === HOUSE_OWNER ? null : event.layOfferId,
          at: now,
        });
        const matched = { runnerId: event.runnerId, priceHundredths: event.priceHundredths, stakePaise: event.stakePaise };
        await touch(event.backOfferId, (bet) => ({ matched_paise: bet.matched_paise + event.stakePaise }), { ...matched, side: 'back' });
        await touch(event.layOfferId, (bet) => ({ matched_paise: bet.matched_paise + event.stakePaise }), { ...matched, side: 'lay' });
      } else if (event.type === 'cancelled') {
        await touch(event.offerId, (bet) => ({ cancelled_paise: bet.cancelled_paise + event.cancelledPaise, ...(event.remainingPaise === 0 && bet.matched_paise === 0 ? { status: 'cancelled' as const } : {}) }));
      } else if (event.type === 'lapsed') {
        await touch(event.offerId, (bet) => ({
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

  /** Puts an exchange offer into the book and records what happened; refuses with the engine's reason. */
  async function placeOnExchange(context: MarketContext, bet: BetRow, changes: ChangeSet, expectedVersion?: number): Promise<void> {
    const book = context.book;
    if (book === null) throw new Error('exchange market without a book');
    const events = applyCommand(book, {
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
    });
    const rejected = events.find((event) => event.type === 'rejected');
    if (rejected !== undefined && rejected.type === 'rejected') {
      if (rejected.reason === 'MARKET_SUSPENDED') fail('MARKET_SUSPENDED');
      if (rejected.reason === 'MARKET_CLOSED') fail('MARKET_CLOSED');
      if (rejected.reason === 'PRICE_NOT_ON_LADDER') fail('PRICE_NOT_ON_LADDER');
      if (rejected.reason === 'MARKET_VERSION_CHANGED') throw new LapseSignal('MARKET_VERSION_CHANGED');
      fail('VALIDATION_FAILED', `The bet was refused (${rejected.reason})`);
    }
    // A delayed bet reaching the book stops being pending; a fresh one was inserted as unmatched already.
    if (bet.status === 'pending') await createSportsRepository(context.tx).updateBet(bet.id, { status: 'unmatched' });
    await recordEngineEvents(context, events, changes);
  }

  /**
   * Checks a bookmaker or fancy bet against the live quote, the player's odds-change preference and the
   * account's limits (the engine decides the refusal); throws it, or answers the live rate (and fancy
   * line) the bet is taken at.
   */
  function checkQuote(
    market: MarketRow,
    bet: { runnerId: string | null; side: 'back' | 'lay'; oddsH: number; lineRuns: number | null; stakePaise: number },
    limits: StakeLimits,
    preference: OddsChangePreference,
  ): { rateH: number; lineRuns: number | null } {
    const acceptance: QuoteAcceptance =
      market.type === 'BOOKMAKER'
        ? checkBookmakerBet(bookmakerQuoteOf(market), { runnerId: bet.runnerId ?? '', side: bet.side, rateHundredths: bet.oddsH, stakePaise: bet.stakePaise }, limits, preference)
        : checkFancyBet(fancyQuoteOf(market), { side: bet.side === 'back' ? 'yes' : 'no', lineRuns: bet.lineRuns ?? -1, rateHundredths: bet.oddsH, stakePaise: bet.stakePaise }, limits, preference);
    if (!acceptance.accepted) {
      refuseUnlessAccepted(acceptance, limits);
      fail('ODDS_CHANGED');
    }
    return { rateH: acceptance.rateHundredths, lineRuns: acceptance.lineRuns };
  }

  return {
    recordEngineEvents,
    placeOnExchange,
    nextSeq,

    /**
     * Places a bet. The response is the bet as it stands: matched, unmatched (resting), or pending
     * (an in-play delay: decided on the server when it ends, never in the browser).
     */
    async place(caller: Caller, request: PlaceBet, tx: Queryable | null, changes: ChangeSet): Promise<string> {
      if (!caller.permissions.allowHome) fail('FORBIDDEN', 'You do not have access to sports betting');
      if (caller.role !== ROLES.PLAYER && caller.role !== ROLES.CREDIT_PLAYER) fail('FORBIDDEN', 'Only player accounts place bets');
      const stakePaise = rupeesToPaise(request.stake) ?? fail('VALIDATION_FAILED', 'Enter a stake with at most two decimals');
      return books.withMarket(request.marketId, async (context) => {
        const { market, runners } = context;
        const repo = createSportsRepository(context.tx);
        const walletName: 'main' | 'bonus' = caller.wallet === '2' && caller.role !== ROLES.CREDIT_PLAYER ? 'bonus' : 'main';
        const runner = request.selectionId === undefined ? null : runners.find((candidate) => candidate.id === request.selectionId);
        // The engine decides every refusal in its documented order, against the market's limits
        // tightened by the account's upline chain (decision 0020).
        const limits = await limitsForBet(context.tx, caller.userId, market);

        const delayMs = market.in_play && market.bet_delay_seconds > 0 ? market.bet_delay_seconds * 1000 : 0;
        const now = clock.now();
        let priceH: number | null = null;
        let rateH: number | null = null;
        let lineRuns: number | null = null;
        if (market.type === 'EXCHANGE') {
          // Odds that are not a whole number of hundredths are off the ladder (0 is never on it).
          priceH = toHundredths(request.odds) ?? 0;
          const status = market.status === 'open' ? 'open' : market.status === 'suspended' ? 'suspended' : 'closed';
          refuseUnlessAccepted(checkExchangeBet(status, { runnerKnown: runner !== null && runner !== undefined, side: request.selectionType, priceHundredths: priceH, stakePaise }, limits), limits);
        } else if (market.type === 'BOOKMAKER') {
          rateH = toHundredths(request.odds) ?? -1;
          ({ rateH } = checkQuote(market, { runnerId: runner?.id ?? null, side: request.selectionType, oddsH: rateH, lineRuns: null, stakePaise }, limits, await oddsPreferenceOf(context.tx, caller.userId)));
        } else {
          lineRuns = Number.isInteger(request.odds) ? request.odds : -1;
          rateH = toHundredths(request.oddsSize ?? 100) ?? -1;
          ({ rateH, lineRuns } = checkQuote(market, { runnerId: null, side: request.selectionType, oddsH: rateH, lineRuns, stakePaise }, limits, await oddsPreferenceOf(context.tx, caller.userId)));
        }

        // An exchange offer that would not match at once skips the delay and rests straight away.
        const delayed = delayMs > 0 && (market.type !== 'EXCHANGE' || wouldCross(context, runner?.id as string, request.selectionType, priceH as number));
        const bet = await repo.insertBet({
          userId: caller.userId,
          marketId: market.id,
          eventId: market.event_id,
          runnerId: runner?.id ?? null,
          side: request.selectionType,
          priceH,
          lineRuns,
          rateH,
          stakePaise,
          matchedPaise: delayed || market.type === 'EXCHANGE' ? 0 : stakePaise,
          status: delayed ? 'pending' : market.type === 'EXCHANGE' ? 'unmatched' : 'matched',
          wallet: walletName,
          persistence: request.keepInPlay === true ? 'keep' : 'lapse',
          placedVersion: market.version,
          delayUntil: delayed ? new Date(now.getTime() + delayMs) : null,
          at: now,
        });
        changes.userIds.add(caller.userId);
        changes.betIds.add(bet.id);
        if (!delayed && market.type === 'EXCHANGE') await placeOnExchange(context, bet, changes);
        if (!delayed && market.type === 'BOOKMAKER') addLine(changes.positions, `${bet.user_id}:${bet.wallet}`, runners.map((candidate) => candidate.id), bookmakerLine(bet));
        await refreshExposures(context.tx, wallet, market, runners, changes.userIds, changes.positions);
        if (delayed) deps.onDelayed(bet.id, market.id, delayMs);
        return bet.id;
      }, tx ?? undefined);
    },

    /** Decides a bet whose in-play delay has ended: it fills at the live price or lapses with a reason. */
    async resolvePending(betId: string, marketId: string, changes: ChangeSet): Promise<void> {
      await books.withMarket(marketId, async (context) => {
        const repo = createSportsRepository(context.tx);
        const bet = await repo.bet(betId);
        if (bet === null || bet.status !== 'pending') return;
        if (bet.delay_until !== null && bet.delay_until.getTime() > clock.now().getTime()) return;
        const { market } = context;
        changes.userIds.add(bet.user_id);
        changes.betIds.add(bet.id);
        const lapse = async (reason: string) => {
          await repo.updateBet(bet.id, { status: 'lapsed', lapse_reason: reason, cancelled_paise: bet.stake_paise - bet.matched_paise });
        };
        if (market.status === 'suspended') await lapse('MARKET_SUSPENDED');
        else if (market.status !== 'open') await lapse('MARKET_CLOSED');
        else if (market.version !== bet.placed_version) await lapse('MARKET_VERSION_CHANGED');
        else if (market.type === 'EXCHANGE') {
          try {
            await placeOnExchange(context, bet, changes, bet.placed_version);
          } catch (error) {
            if (error instanceof LapseSignal) await lapse(error.reason);
            else if (error instanceof AppError) await lapse(error.code);
            else throw error;
          }
        } else {
          try {
            const taken = checkQuote(
              market,
              { runnerId: bet.runner_id, side: bet.side, oddsH: bet.rate_h as number, lineRuns: bet.line_runs, stakePaise: bet.stake_paise },
              await limitsForBet(context.tx, bet.user_id, market),
              await oddsPreferenceOf(context.tx, bet.user_id),
            );
            const filled = { status: 'matched' as const, matched_paise: bet.stake_paise, rate_h: taken.rateH, line_runs: taken.lineRuns };
            await repo.updateBet(bet.id, filled);
            if (market.type === 'BOOKMAKER') addLine(changes.positions, `${bet.user_id}:${bet.wallet}`, context.runners.map((runner) => runner.id), bookmakerLine({ ...bet, ...filled }));
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            await lapse(error.code === 'ODDS_CHANGED' ? 'PRICE_MOVED' : error.code);
          }
        }
        await refreshExposures(context.tx, wallet, market, context.runners, [bet.user_id], changes.positions);
        changes.marketIds.add(market.id);
      });
    },

    /** Cancels the unmatched part of the caller's exchange offer. */
    async cancel(caller: Caller, betId: string, marketId: string, changes: ChangeSet): Promise<void> {
      await books.withMarket(marketId, async (context) => {
        const repo = createSportsRepository(context.tx);
        const bet = await repo.bet(betId);
        if (bet === null || bet.user_id !== caller.userId) fail('NOT_FOUND', 'Bet not found');
        if (bet.status === 'pending') {
          // Withdrawn before its delay ended: nothing was matched.
          await repo.updateBet(bet.id, { status: 'cancelled', cancelled_paise: bet.stake_paise });
        } else {
          if (bet.status !== 'unmatched' || remainingPaise(bet) <= 0 || context.book === null) fail('BET_NOT_CANCELLABLE');
          const events = applyCommand(context.book, { type: 'cancel', seq: nextSeq(context), timeMs: clock.now().getTime(), offerId: bet.id, ownerId: bet.user_id });
          if (events.some((event) => event.type === 'rejected')) fail('BET_NOT_CANCELLABLE');
          await recordEngineEvents(context, events, changes);
        }
        changes.userIds.add(bet.user_id);
        changes.betIds.add(bet.id);
        await refreshExposures(context.tx, wallet, context.market, context.runners, [bet.user_id], changes.positions);
      });
    },

    /**
     * Replaces the house's resting offers on an exchange market with a new quote. New house offers
     * that cross resting player offers match them: real fills, recorded like any other.
     */
    async quoteHouse(context: MarketContext, offers: { runnerId: string; side: 'back' | 'lay'; priceHundredths: number; sizePaise: number }[], changes: ChangeSet): Promise<void> {
      const book = context.book;
      if (book === null || context.market.status !== 'open') return;
      const events: ExchangeEvent[] = [];
      for (const offer of listRestingOffers(book).filter((candidate) => candidate.ownerId === HOUSE_OWNER)) {
        events.push(...applyCommand(book, { type: 'cancel', seq: nextSeq(context), timeMs: clock.now().getTime(), offerId: offer.offerId, ownerId: HOUSE_OWNER }));
      }
      for (const [index, offer] of offers.entries()) {
        if (offer.sizePaise <= 0) continue;
        events.push(
          ...applyCommand(book, {
            type: 'place',
            seq: nextSeq(context),
            timeMs: clock.now().getTime(),
            offerId: `${HOUSE_OWNER}:${book.lastSeq + 1}:${index}`,
            ownerId: HOUSE_OWNER,
            runnerId: offer.runnerId,
            side: offer.side,
            priceHundredths: offer.priceHundredths,
            stakePaise: offer.sizePaise,
            persistence: 'keep',
          }),
        );
      }
      await recordEngineEvents(context, events, changes);
      context.bookChanged = true;
      changes.marketIds.add(context.market.id);
      await refreshExposures(context.tx, wallet, context.market, context.runners, [...changes.userIds], changes.positions);
    },

    /** Suspend, resume, turn in play or close an exchange book (unmatched offers lapse as the rules say). */
    async applyMarketCommand(context: MarketContext, type: 'suspend' | 'resume' | 'turnInPlay' | 'close', changes: ChangeSet): Promise<void> {
      if (context.book === null) return;
      const before = new Set(listRestingOffers(context.book).filter((offer) => offer.ownerId !== HOUSE_OWNER).map((offer) => offer.ownerId));
      const events = applyCommand(context.book, { type, seq: nextSeq(context), timeMs: clock.now().getTime() });
      await recordEngineEvents(context, events, changes);
      context.bookChanged = true;
      await refreshExposures(context.tx, wallet, context.market, context.runners, [...before, ...changes.userIds], changes.positions);
    },
  };
}
export type BettingService = ReturnType<typeof createBettingService>;

/** A delayed exchange bet found the market changed under it: it lapses with this reason. */
class LapseSignal extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}
