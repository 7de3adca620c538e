import { ROLES } from '@khel/contract';
import type { CashOut, CashOutQuote } from '@khel/contract';
import {
  bookmakerCashOutValuePaise,
  fancyCashOutValuePaise,
  listRestingOffers,
  planGreenUp,
  positionTable,
} from '@khel/exchange';
import type { ExchangeMarket, HedgeLeg, HedgeLevel, HedgeRunner } from '@khel/exchange';
import { fromHundredths, paiseToRupees, rupeesToPaise } from '@khel/money';
import type { Database, Queryable } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { fail } from '../../../lib/app-error.js';
import type { Caller } from '../../identity/identity-service.js';
import type { WalletService } from '../../wallet/wallet-service.js';
import type { BettingService, ChangeSet } from './betting-service.js';
import { bookmakerQuoteOf, fancyQuoteOf } from './betting-service.js';
import { refreshExposures } from '../positions/index.js';
import type { MarketBooks, MarketContext } from '../writer/index.js';
import { MarketNotFound } from '../writer/index.js';
import { fancyBetOf, positionLines } from '../positions/index.js';
import type { BetRow } from '../sports-repository.js';
import { createSportsRepository } from '../sports-repository.js';

/** The house's terms for bookmaker and fancy cash out (configuration, decision 0022). */
export interface CashOutTerms {
  bookmakerMarginBasisPoints: number;
  fancyMarginBasisPoints: number;
  fancySpreadRuns: number;
}

type WalletName = 'main' | 'bonus';

interface Quote {
  available: boolean;
  reason: string | null;
  /** Business refusal for an attempt, when not available. */
  refusal: 'MARKET_SUSPENDED' | 'MARKET_CLOSED' | 'CASH_OUT_UNAVAILABLE' | null;
  valuePaise: number | null;
  legs: HedgeLeg[];
  bets: BetRow[];
}

const unavailable = (
  reason: string,
  refusal: Quote['refusal'] = 'CASH_OUT_UNAVAILABLE',
  bets: BetRow[] = [],
): Quote => ({ available: false, reason, refusal, valuePaise: null, legs: [], bets });

/** What other players (and the house) offer now, per runner, excluding the player's own offers (they never match). */
function depthFor(
  book: ExchangeMarket,
  runnerId: string,
  userId: string,
): { toBack: HedgeLevel[]; toLay: HedgeLevel[] } {
  const lays = new Map<number, number>();
  const backs = new Map<number, number>();
  for (const offer of listRestingOffers(book)) {
    if (offer.runnerId !== runnerId || offer.ownerId === userId) continue;
    const into = offer.side === 'lay' ? lays : backs;
    into.set(offer.priceHundredths, (into.get(offer.priceHundredths) ?? 0) + offer.remainingPaise);
  }
  const levels = (map: Map<number, number>, order: 1 | -1) =>
    [...map.entries()]
      .sort((a, b) => order * (a[0] - b[0]))
      .map(([priceHundredths, amountPaise]) => ({ priceHundredths, amountPaise }));
  return { toBack: levels(lays, -1), toLay: levels(backs, 1) };
}

function walletOf(caller: Caller): WalletName {
  return caller.wallet === '2' && caller.role !== ROLES.CREDIT_PLAYER ? 'bonus' : 'main';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Cash Out (issue 13, decision 0022). Exchange: a green-up hedge planned on the live book (CSH-1..3)
 * and placed as ordinary bets through the betting service, all inside one market turn and one
 * database transaction: every leg fills in full at its limit or the whole cash out rolls back.
 * Bookmaker and fancy: the house's value (CSH-4..6) settles the position at once through the journal,
 * as a closing bet against the house. The server computes every figure; the browser's is only
 * compared with it.
 */
export function createCashOutService(deps: {
  db: Database;
  books: MarketBooks;
  betting: BettingService;
  wallet: WalletService;
  clock: Clock;
  terms: CashOutTerms;
}) {
  const { books, betting, wallet, clock, terms } = deps;

  async function quoteIn(
    context: MarketContext,
    userId: string,
    walletName: WalletName,
    percent: number,
  ): Promise<Quote> {
    const { market, runners, book } = context;
    if (market.status === 'suspended') return unavailable('Market suspended', 'MARKET_SUSPENDED');
    if (market.status !== 'open') return unavailable('Market closed', 'MARKET_CLOSED');
    const repo = createSportsRepository(context.tx);
    const bets = (await repo.liveBetsOfUserInMarkets(userId, [market.id])).filter(
      (bet) => bet.wallet === walletName && bet.closed_by === null,
    );
    if (bets.some((bet) => bet.status === 'pending'))
      return unavailable('Wait until your bet in its in-play delay is decided');
    const matchedBets = bets.filter((bet) => bet.matched_paise > 0);
    if (matchedBets.length === 0) return unavailable('You have no matched bets on this market');

    if (market.type === 'FANCY') {
      if (percent !== 100) return unavailable('A fancy cash out closes the whole position');
      const line = fancyQuoteOf(market);
      const valuePaise = fancyCashOutValuePaise(
        matchedBets.map(fancyBetOf),
        line,
        terms.fancySpreadRuns,
        terms.fancyMarginBasisPoints,
      );
      return valuePaise === null
        ? unavailable('There is no live line to value your position')
        : { available: true, reason: null, refusal: null, valuePaise, legs: [], bets: matchedBets };
    }
    const runnerIds = runners.map((runner) => runner.id);
    const fills = market.type === 'EXCHANGE' ? await repo.fillsOfBets(matchedBets.map((bet) => bet.id)) : [];
    const table = positionTable(runnerIds, positionLines(market, matchedBets, fills).matched);
    if (market.type === 'BOOKMAKER') {
      if (percent !== 100) return unavailable('A bookmaker cash out closes the whole position');
      const quote = bookmakerQuoteOf(market);
      const valuePaise = bookmakerCashOutValuePaise(
        table.map((row) => {
          const rates = quote.runners.find((candidate) => candidate.runnerId === row.runnerId);
          return {
            runnerId: row.runnerId,
            outcomePaise: row.matchedPaise,
            backRateHundredths: rates?.backRateHundredths ?? null,
            layRateHundredths: rates?.layRateHundredths ?? null,
          };
        }),
        terms.bookmakerMarginBasisPoints,
      );
      return valuePaise === null
        ? unavailable('The bookmaker is not quoting the rate your cash out needs')
        : { available: true, reason: null, refusal: null, valuePaise, legs: [], bets: matchedBets };
    }
    if (book === null) return unavailable('Market closed', 'MARKET_CLOSED');
    const hedgeRunners: HedgeRunner[] = table.map((row) => ({
      runnerId: row.runnerId,
      outcomePaise: row.matchedPaise,
      ...depthFor(book, row.runnerId, userId),
    }));
    if (hedgeRunners.every((runner) => runner.outcomePaise === hedgeRunners[0]?.outcomePaise))
      return unavailable('Your position is already the same whatever wins');
    const plan = planGreenUp(hedgeRunners, percent);
    if (plan === null) return unavailable('Not enough is on offer to cash out right now');
    return {
      available: true,
      reason: null,
      refusal: null,
      valuePaise: plan.valuePaise,
      legs: plan.legs,
      bets: matchedBets,
    };
  }

  function view(
    marketId: string,
    marketType: CashOutQuote['marketType'],
    walletName: WalletName,
    percent: number,
    quote: Quote,
  ): CashOutQuote {
    return {
      marketId,
      marketType,
      wallet: walletName,
      percent,
      available: quote.available,
      reason: quote.reason,
      value: quote.valuePaise === null ? null : paiseToRupees(quote.valuePaise),
      legs: quote.legs.map((leg) => ({
        selectionId: leg.runnerId,
        selectionType: leg.side,
        odds: fromHundredths(leg.limitPriceHundredths),
        stake: paiseToRupees(leg.stakePaise),
      })),
    };
  }

  /** CSH-1..3: places every hedge leg; any leg not filled in full undoes the whole cash out. */
  async function hedge(
    context: MarketContext,
    caller: Caller,
    walletName: WalletName,
    legs: HedgeLeg[],
    changes: ChangeSet,
  ): Promise<string[]> {
    const repo = createSportsRepository(context.tx);
    const ids: string[] = [];
    for (const leg of legs) {
      const bet = await repo.insertBet({
        userId: caller.userId,
        marketId: context.market.id,
        eventId: context.market.event_id,
        runnerId: leg.runnerId,
        side: leg.side,
        priceH: leg.limitPriceHundredths,
        lineRuns: null,
        rateH: null,
        stakePaise: leg.stakePaise,
        matchedPaise: 0,
        status: 'unmatched',
        wallet: walletName,
        persistence: 'lapse',
        placedVersion: context.market.version,
        delayUntil: null,
        at: clock.now(),
        cashOut: true,
      });
      changes.userIds.add(caller.userId);
      changes.betIds.add(bet.id);
      await betting.placeOnExchange(context, bet, changes);
      const placed = await repo.bet(bet.id);
      // Fill-or-kill: throwing rolls back the transaction, so no leg and no fill remains.
      if (placed === null || placed.matched_paise !== leg.stakePaise)
        fail('ODDS_CHANGED', 'The prices moved before your cash out could be matched in full; nothing was changed');
      ids.push(bet.id);
    }
    // The legs filled other players' resting offers: their positions take the fills' lines too (EXP-1).
    await refreshExposures(context.tx, wallet, context.market, context.runners, changes.userIds, changes.positions);
    return ids;
  }

  /** CSH-4..6: the closing bet against the house settles the position at the value, through the journal. */
  async function closeAgainstHouse(
    context: MarketContext,
    caller: Caller,
    walletName: WalletName,
    quote: Quote,
    changes: ChangeSet,
  ): Promise<string[]> {
    const repo = createSportsRepository(context.tx);
    const { market } = context;
    const now = clock.now();
    const valuePaise = quote.valuePaise as number;
    const closing = await repo.insertBet({
      userId: caller.userId,
      marketId: market.id,
      eventId: market.event_id,
      runnerId: null,
      side: 'back',
      priceH: null,
      lineRuns: null,
      rateH: null,
      stakePaise: Math.max(
        1,
        quote.bets.reduce((sum, bet) => sum + bet.stake_paise, 0),
      ),
      matchedPaise: Math.max(
        1,
        quote.bets.reduce((sum, bet) => sum + bet.stake_paise, 0),
      ),
      status: 'settled',
      wallet: walletName,
      persistence: 'lapse',
      placedVersion: market.version,
      delayUntil: null,
      at: now,
      cashOut: true,
    });
    await repo.updateBet(closing.id, { closed_by: closing.id, profit_loss_paise: valuePaise, settled_at: now });
    for (const bet of quote.bets) {
      await repo.updateBet(bet.id, { status: 'settled', closed_by: closing.id, settled_at: now });
      changes.betIds.add(bet.id);
    }
    const position = await repo.marketPosition(caller.userId, market.id, walletName);
    if (position !== null) {
      if (position.exposure_paise !== 0)
        await wallet.addExposure(context.tx, caller.userId, walletName, -position.exposure_paise);
      await repo.setMarketExposure(caller.userId, market.id, walletName, 0, {});
    }
    if (valuePaise !== 0) {
      const names = await repo.eventById(market.event_id);
      const sport = names?.sport_name ?? '';
      const event = names?.name ?? '';
      await wallet.post(context.tx, {
        kind: 'bet_cash_out',
        idempotencyKey: `cashout:${market.id}:${closing.id}`,
        description: `${sport} / ${event} / ${market.name} — Cash Out`,
        actorId: null,
        details: { sport, event, market: market.name, marketId: market.id, betId: closing.id, valuePaise },
        entries: [
          { account: { userId: caller.userId, wallet: walletName }, amountPaise: valuePaise },
          { account: { house: 'house_cash' }, amountPaise: -valuePaise },
        ],
      });
    }
    changes.userIds.add(caller.userId);
    changes.betIds.add(closing.id);
    changes.marketIds.add(market.id);
    return [closing.id];
  }

  return {
    /** The live quote a player sees (read-only; the market's turn keeps it consistent with the book). */
    async quote(caller: Caller, marketId: string, percent: number): Promise<CashOutQuote> {
      const walletName = walletOf(caller);
      // A view, not a decision: read outside the market's turn (the cached book may be one change behind); the cash out itself re-plans under the lock.
      const repo = createSportsRepository(deps.db);
      const market = (await repo.market(marketId)) ?? fail('NOT_FOUND', 'Market not found');
      const runners = await repo.runnersOf([marketId]);
      const context: MarketContext = {
        tx: deps.db,
        market,
        runners,
        book: await books.peek(market),
        bookChanged: false,
        apply: () => fail('CONFLICT', 'A quote does not change the book'),
        batch: null,
      };
      return view(
        marketId,
        market.type,
        walletName,
        percent,
        await quoteIn(context, caller.userId, walletName, percent),
      );
    },

    /** An in-play market's bet delay applies to a cash out too: waited out before the market's turn, never inside a transaction. */
    async waitOutDelay(marketId: string): Promise<void> {
      const market = await createSportsRepository(deps.db).market(marketId);
      if (market !== null && market.in_play && market.bet_delay_seconds > 0 && market.status === 'open')
        await sleep(market.bet_delay_seconds * 1000);
    },

    /** Cashes out inside the caller's (idempotency) transaction; answers the value and the cash-out bets. */
    async cashOut(
      caller: Caller,
      request: CashOut,
      tx: Queryable,
      changes: ChangeSet,
    ): Promise<{ valuePaise: number; betIds: string[] }> {
      if (!caller.permissions.allowHome) fail('FORBIDDEN', 'You do not have access to sports betting');
      if (caller.role !== ROLES.PLAYER && caller.role !== ROLES.CREDIT_PLAYER)
        fail('FORBIDDEN', 'Only player accounts cash out');
      const quotedPaise =
        rupeesToPaise(request.value) ?? fail('VALIDATION_FAILED', 'The quoted value has at most two decimals');
      const walletName = walletOf(caller);
      try {
        return await books.withMarket(
          request.marketId,
          async (context) => {
            const quote = await quoteIn(context, caller.userId, walletName, request.percent);
            if (!quote.available) fail(quote.refusal ?? 'CASH_OUT_UNAVAILABLE', quote.reason ?? undefined);
            const valuePaise = quote.valuePaise as number;
            if (context.market.type === 'EXCHANGE') {
              // The book may only have improved since the quote: a lower value is a moved price.
              if (valuePaise < quotedPaise) fail('ODDS_CHANGED', 'The prices moved: check the new cash-out value');
              return { valuePaise, betIds: await hedge(context, caller, walletName, quote.legs, changes) };
            }
            if (valuePaise !== quotedPaise) fail('ODDS_CHANGED', 'The cash-out value changed: check the new one');
            return { valuePaise, betIds: await closeAgainstHouse(context, caller, walletName, quote, changes) };
          },
          tx,
        );
      } catch (error) {
        if (error instanceof MarketNotFound) fail('NOT_FOUND', 'Market not found');
        throw error;
      }
    },
  };
}
export type CashOutService = ReturnType<typeof createCashOutService>;
