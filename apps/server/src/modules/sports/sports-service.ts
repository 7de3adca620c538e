import { QUOTE_MESSAGES, bookmakerRatesCrossed, fancyLinesCrossed } from '@khel/contract';
import type { BetRow as BetDto, EventDetail, EventSummary, Market, Score, Sport, WsServerMessage } from '@khel/contract';
import { readDepth } from '@khel/exchange';
import { fromHundredths, paiseToRupees, rupeesToPaise } from '@khel/money';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { LiveBus } from '../live/live-bus.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { BettingService, ChangeSet, Recorder } from './betting-service.js';
import { emptyChanges } from './betting-service.js';
import { remainingPaise } from './exposure.js';
import type { MarketBooks } from './market-books.js';
import { MarketNotFound } from './market-books.js';
import type { SettlementService } from './settlement-service.js';
import type { BetRow, BookmakerQuoteJson, EventRow, FancyQuoteJson, MarketRow, RunnerRow } from './sports-repository.js';
import { createSportsRepository } from './sports-repository.js';
import { createResultDeskRepository } from './result-desk-repository.js';

/** Market limits when an operator or the feed sets none (PRODUCT.md §4: per type, overridable per market). */
export const DEFAULT_LIMITS = {
  EXCHANGE: { minStakePaise: 100_00, maxStakePaise: 5_00_000_00, maxProfitPaise: 25_00_000_00, betDelaySeconds: 3 },
  BOOKMAKER: { minStakePaise: 100_00, maxStakePaise: 2_00_000_00, maxProfitPaise: 10_00_000_00, betDelaySeconds: 2 },
  FANCY: { minStakePaise: 100_00, maxStakePaise: 1_00_000_00, maxProfitPaise: 5_00_000_00, betDelaySeconds: 2 },
} as const;

/** Rates and lines are for markets still taking bets; a closed, settled or voided market's quote is history. */
function assertQuotable(market: MarketRow): void {
  if (market.status === 'closed' || market.status === 'settled' || market.status === 'voided') fail('CONFLICT', `Rates and lines cannot change on a ${market.status} market`);
}

function slugged(id: string, name: string, slug: string) {
  return { _id: id, name, slugName: slug };
}

export function createSportsService(deps: {
  db: Database;
  books: MarketBooks;
  betting: BettingService;
  settlement: SettlementService;
  wallet: WalletService;
  audit: AuditService;
  bus: LiveBus;
  clock: Clock;
  /** Pushes the touched players' positions after a change (decision 0022). */
  positions?: { publish(changes: ChangeSet): Promise<void> };
}) {
  const { db, books, betting, settlement, audit, bus, clock } = deps;
  const repository = createSportsRepository(db);

  async function marketView(market: MarketRow, runners: RunnerRow[]): Promise<Market> {
    const mine = runners.filter((runner) => runner.market_id === market.id);
    const book = market.type === 'EXCHANGE' ? await books.peek(market) : null;
    const bookmaker = market.type === 'BOOKMAKER' ? (market.quote as BookmakerQuoteJson | null) : null;
    const fancy = market.type === 'FANCY' ? (market.quote as FancyQuoteJson | null) : null;
    return {
      _id: market.id,
      eventId: market.event_id,
      name: market.name,
      marketType: market.type,
      status: market.status,
      inPlay: market.in_play,
      suspendReason: market.suspend_reason,
      version: market.version,
      betDelaySeconds: market.bet_delay_seconds,
      minStake: paiseToRupees(market.min_stake_paise),
      maxStake: paiseToRupees(market.max_stake_paise),
      maxProfit: paiseToRupees(market.max_profit_paise),
      runners: mine.map((runner) => {
        const depth = book === null ? null : readDepth(book, runner.id, 3);
        const rates = bookmaker?.runners.find((quote) => quote.runnerId === runner.id);
        return {
          _id: runner.id,
          name: runner.name,
          // "Back" shows the lay offers waiting (what a backer can take), best (highest) first.
          back: (depth?.availableToBackPaise ?? []).map((level) => ({ price: fromHundredths(level.priceHundredths), size: paiseToRupees(level.amountPaise) })),
          lay: (depth?.availableToLayPaise ?? []).map((level) => ({ price: fromHundredths(level.priceHundredths), size: paiseToRupees(level.amountPaise) })),
          backRate: rates?.backRateHundredths == null ? null : fromHundredths(rates.backRateHundredths),
          layRate: rates?.layRateHundredths == null ? null : fromHundredths(rates.layRateHundredths),
          winner: market.status === 'settled' && market.result?.winnerId !== undefined ? market.result.winnerId === runner.id : null,
        };
      }),
      fancy:
        market.type === 'FANCY'
          ? {
              noLine: fancy?.noLineRuns ?? null,
              noRate: fancy?.noRateHundredths == null ? null : fromHundredths(fancy.noRateHundredths),
              yesLine: fancy?.yesLineRuns ?? null,
              yesRate: fancy?.yesRateHundredths == null ? null : fromHundredths(fancy.yesRateHundredths),
            }
          : null,
      result: market.result === null ? null : market.result.winnerId ?? (market.result.runs !== undefined ? String(market.result.runs) : market.result.void !== undefined ? 'void' : null),
    };
  }

  async function marketViews(markets: MarketRow[]): Promise<Market[]> {
    const runners = await repository.runnersOf(markets.map((market) => market.id));
    return Promise.all(markets.map((market) => marketView(market, runners)));
  }

  function summaryOf(event: EventRow, markets: Market[]): EventSummary {
    return {
      _id: event.id,
      name: event.name,
      slugName: event.slug,
      sport: slugged(event.sport_id, event.sport_name, event.sport_slug),
      league: slugged(event.league_id, event.league_name, event.league_slug),
      startTime: event.start_time.toISOString(),
      status: event.status,
      inPlay: event.status === 'in_play',
      score: (event.score as Score | null) ?? null,
      mainMarket: markets.find((market) => market.marketType === 'EXCHANGE' && market.status !== 'settled' && market.status !== 'voided') ?? null,
      marketCount: markets.filter((market) => market.status === 'open' || market.status === 'suspended').length,
    };
  }

  async function betViews(rows: BetRow[]): Promise<BetDto[]> {
    if (rows.length === 0) return [];
    const markets = new Map<string, MarketRow>();
    for (const id of new Set(rows.map((row) => row.market_id))) {
      const market = await repository.market(id);
      if (market !== null) markets.set(id, market);
    }
    const runners = await repository.runnersOf([...markets.keys()]);
    const events = new Map<string, EventRow>();
    for (const id of new Set(rows.map((row) => row.event_id))) {
      const event = await repository.eventById(id);
      if (event !== null) events.set(id, event);
    }
    return rows.map((row) => {
      const market = markets.get(row.market_id) as MarketRow;
      const event = events.get(row.event_id) as EventRow;
      const runner = runners.find((candidate) => candidate.id === row.runner_id);
      // A cash out's closing bet against the house has no selection or odds of its own (decision 0022).
      const closing = row.closed_by === row.id;
      const fancy = market.type === 'FANCY' && !closing;
      return {
        _id: row.id,
        marketId: row.market_id,
        marketName: market.name,
        selection: closing ? 'Cash Out' : fancy ? `${market.name} ${row.side === 'back' ? 'YES' : 'NO'}` : (runner?.name ?? ''),
        selectionId: row.runner_id,
        selectionType: row.side,
        odds: closing ? 0 : fancy ? (row.line_runs as number) : fromHundredths((market.type === 'EXCHANGE' ? row.price_h : row.rate_h) as number),
        oddsSize: fancy ? fromHundredths(row.rate_h as number) : null,
        stake: paiseToRupees(row.stake_paise),
        matchedStake: paiseToRupees(row.matched_paise),
        unmatchedStake: paiseToRupees(['unmatched', 'pending'].includes(row.status) ? remainingPaise(row) : 0),
        marketType: market.type,
        status: row.status,
        lapseReason: row.lapse_reason,
        profitLoss: row.profit_loss_paise === null ? null : paiseToRupees(row.profit_loss_paise),
        delayUntil: row.status === 'pending' ? (row.delay_until?.toISOString() ?? null) : null,
        wallet: row.wallet,
        createdAt: row.created_at.toISOString(),
        sportId: slugged(event.sport_id, event.sport_name, event.sport_slug),
        leagueId: slugged(event.league_id, event.league_name, event.league_slug),
        eventId: slugged(event.id, event.name, event.slug),
        event: event.name,
        cashOut: row.cash_out,
      };
    });
  }

  /**
   * After a change commits: new prices to market subscribers, bets to their players (balances are
   * pushed by the wallet itself after every commit that moves them).
   * Answers the bet views it built, so a caller can reply with them without reading them again.
   */
  async function publish(changes: ChangeSet): Promise<Map<string, BetDto>> {
    const views = new Map<string, BetDto>();
    try {
      for (const marketId of changes.marketIds) {
        const market = await repository.market(marketId);
        if (market === null) continue;
        bus.publish(`market:${marketId}`, { type: 'market', market: (await marketViews([market]))[0] as Market } satisfies WsServerMessage);
      }
      const rows = await repository.betsByIds([...changes.betIds]);
      const built = await betViews(rows);
      for (const [index, bet] of built.entries()) {
        views.set(bet._id, bet);
        bus.publish(`user:${(rows[index] as BetRow).user_id}`, { type: 'bet', bet } satisfies WsServerMessage);
      }
      await deps.positions?.publish(changes);
    } catch {
      // Live updates are best effort: the change itself is committed, and clients re-read on reconnect.
    }
    return views;
  }

  /** Runs a market operation, turns a missing market into NOT_FOUND, then publishes what changed. */
  async function operate<T>(fn: (changes: ChangeSet) => Promise<T>): Promise<T> {
    const changes = emptyChanges();
    try {
      const result = await fn(changes);
      await publish(changes);
      return result;
    } catch (error) {
      if (error instanceof MarketNotFound) fail('NOT_FOUND', 'Market not found');
      throw error;
    }
  }

  const paise = (rupees: number | undefined) => (rupees === undefined ? undefined : (rupeesToPaise(rupees) ?? undefined));

  return {
    marketViews,
    betViews,
    publish,
    operate,

    // Player reads

    async sports(): Promise<Sport[]> {
      const [sports, leagues, events] = await Promise.all([repository.sports(), repository.leagues(), repository.listEvents({})]);
      return sports.map((sport) => {
        const sportLeagues = leagues.filter((league) => league.sport_id === sport.id);
        const sportEvents = events.filter((event) => event.sport_id === sport.id);
        return {
          ...slugged(sport.id, sport.name, sport.slug),
          eventCount: sportEvents.length,
          liveCount: sportEvents.filter((event) => event.status === 'in_play').length,
          leagues: sportLeagues.map((league) => {
            const leagueEvents = sportEvents.filter((event) => event.league_id === league.id);
            return { ...slugged(league.id, league.name, league.slug), eventCount: leagueEvents.length, liveCount: leagueEvents.filter((event) => event.status === 'in_play').length };
          }),
        };
      });
    },

    async events(filter: { sport?: string; league?: string; inPlay?: boolean; includeAll?: boolean }): Promise<EventSummary[]> {
      const events = await repository.listEvents(filter);
      const markets = await marketViews(await repository.marketsOfEvents(events.map((event) => event.id)));
      return events.map((event) =>
        summaryOf(
          event,
          markets.filter((market) => market.eventId === event.id),
        ),
      );
    },

    async event(sport: string, league: string, eventSlug: string): Promise<EventDetail> {
      const event = (await repository.eventBySlugs(sport, league, eventSlug)) ?? fail('NOT_FOUND', 'Event not found');
      const markets = await marketViews(await repository.marketsOfEvents([event.id]));
      return { ...summaryOf(event, markets), markets, streamUrl: event.stream_url };
    },

    async eventById(id: string): Promise<EventRow | null> {
      return repository.eventById(id);
    },

    async myBets(caller: Caller, status: 'open' | 'settled'): Promise<BetDto[]> {
      return betViews(await repository.betsOfUser(caller.userId, status === 'open', 200));
    },

    /** The back office's view of one player's bets (the route's guards decide who may see whose). */
    async betsOfPlayer(userId: string, status: 'open' | 'settled'): Promise<BetDto[]> {
      return betViews(await repository.betsOfUser(userId, status === 'open', 200));
    },

    async betsOnMarket(caller: Caller, marketId: string): Promise<BetDto[]> {
      return betViews(await repository.betsOfUserInMarket(caller.userId, marketId));
    },

    async bet(caller: Caller, betId: string): Promise<BetDto> {
      const row = await repository.bet(betId);
      if (row === null || row.user_id !== caller.userId) fail('NOT_FOUND', 'Bet not found');
      return (await betViews([row]))[0] as BetDto;
    },

    /** Places a bet in its market's group commit (record writes the idempotency answer there); the caller publishes once it committed. */
    async placeBet(caller: Caller, request: Parameters<BettingService['place']>[1], changes: ChangeSet, record: Recorder | null = null): Promise<string> {
      try {
        return await betting.place(caller, request, null, changes, record);
      } catch (error) {
        if (error instanceof MarketNotFound) fail('NOT_FOUND', 'Market not found');
        throw error;
      }
    },

    async cancelBet(caller: Caller, betId: string): Promise<void> {
      const bet = await repository.bet(betId);
      if (bet === null || bet.user_id !== caller.userId) fail('NOT_FOUND', 'Bet not found');
      await operate((changes) => betting.cancel(caller, betId, bet.market_id, changes));
    },

    /**
     * Cancels every unmatched offer (and every bet still in its in-play delay) the caller has on one
     * market; answers the bets it cancelled. Each is cancelled as cancelBet does, one after another.
     */
    async cancelAllOnMarket(caller: Caller, marketId: string): Promise<string[]> {
      const open = (await repository.betsOfUserInMarket(caller.userId, marketId)).filter((bet) => bet.status === 'unmatched' || bet.status === 'pending');
      const cancelled: string[] = [];
      await operate(async (changes) => {
        for (const bet of open) {
          try {
            await betting.cancel(caller, bet.id, marketId, changes);
            cancelled.push(bet.id);
          } catch (error) {
            // Matched or lapsed since it was read: nothing left to cancel on that one.
            if (!(error instanceof AppError)) throw error;
          }
        }
      });
      return cancelled;
    },

    /** Decides every bet whose delay has ended (timers do it on time; this sweeps after restarts). */
    async resolveDueBets(): Promise<number> {
      const due = await repository.duePendingBets(clock.now());
      for (const bet of due) await operate((changes) => betting.resolvePending(bet.id, bet.market_id, changes)).catch(() => undefined);
      return due.length;
    },

    async resolvePending(betId: string, marketId: string): Promise<void> {
      await operate((changes) => betting.resolvePending(betId, marketId, changes));
    },

    /** A WebSocket subscriber's first message for a topic. */
    async snapshot(topic: string): Promise<WsServerMessage | null> {
      const [kind, id] = topic.split(':');
      if (id === undefined || !/^[0-9a-f-]{36}$/.test(id)) return null;
      if (kind === 'market') {
        const market = await repository.market(id);
        return market === null ? null : { type: 'market', market: (await marketViews([market]))[0] as Market };
      }
      if (kind === 'event') {
        const event = await repository.eventById(id);
        return event?.score == null ? null : { type: 'score', eventId: id, score: event.score as Score };
      }
      return null;
    },

    // Operator (and feed) actions, audited when an operator does them

    async createSport(actor: Caller | null, name: string, ip: string | null, sortOrder = 0): Promise<string> {
      const id = await repository.upsertSport(name, sortOrder);
      if (actor !== null) await audit.record({ actorId: actor.userId, action: 'sport.create', targetType: 'sport', targetId: id, details: { name }, ip });
      return id;
    },

    async createLeague(actor: Caller | null, sportId: string, name: string, ip: string | null): Promise<string> {
      const sport = (await repository.sports()).find((candidate) => candidate.id === sportId) ?? fail('NOT_FOUND', 'Sport not found');
      const id = await repository.upsertLeague(sport.id, name);
      if (actor !== null) await audit.record({ actorId: actor.userId, action: 'league.create', targetType: 'league', targetId: id, details: { name, sport: sport.name }, ip });
      return id;
    },

    async createEvent(actor: Caller | null, input: { leagueId: string; name: string; startTime: Date; streamUrl: string | null; feedRef?: string }, ip: string | null): Promise<string> {
      if (!(await repository.leagues()).some((league) => league.id === input.leagueId)) fail('NOT_FOUND', 'League not found');
      const id = await repository.insertEvent({ leagueId: input.leagueId, name: input.name, startTime: input.startTime, streamUrl: input.streamUrl, feedRef: input.feedRef ?? null });
      if (actor !== null) await audit.record({ actorId: actor.userId, action: 'event.create', targetType: 'event', targetId: id, details: { name: input.name }, ip });
      return id;
    },

    async updateEvent(actor: Caller | null, id: string, changes: { status?: string; streamUrl?: string | null; startTime?: Date; score?: Score; listed?: boolean }, ip: string | null): Promise<void> {
      if ((await repository.eventById(id)) === null) fail('NOT_FOUND', 'Event not found');
      await repository.updateEvent(id, changes);
      if (changes.score !== undefined) bus.publish(`event:${id}`, { type: 'score', eventId: id, score: changes.score } satisfies WsServerMessage);
      if (actor !== null) await audit.record({ actorId: actor.userId, action: 'event.update', targetType: 'event', targetId: id, details: { ...changes, startTime: changes.startTime?.toISOString() }, ip });
    },

    async createMarket(
      actor: Caller | null,
      input: { eventId: string; marketType: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY'; name: string; runners: string[]; betDelaySeconds?: number; minStake?: number; maxStake?: number; maxProfit?: number; feedRef?: string; runnerFeedRefs?: string[]; sortOrder?: number },
      ip: string | null,
    ): Promise<string> {
      if ((await repository.eventById(input.eventId)) === null) fail('NOT_FOUND', 'Event not found');
      if (input.marketType !== 'FANCY' && input.runners.length < 2) fail('VALIDATION_FAILED', 'A market needs at least two runners');
      const defaults = DEFAULT_LIMITS[input.marketType];
      const minStakePaise = paise(input.minStake) ?? defaults.minStakePaise;
      const maxStakePaise = paise(input.maxStake) ?? defaults.maxStakePaise;
      if (maxStakePaise < minStakePaise) fail('VALIDATION_FAILED', 'The maximum stake must not be below the minimum');
      const id = await repository.insertMarket({
        eventId: input.eventId,
        type: input.marketType,
        name: input.name,
        betDelaySeconds: input.betDelaySeconds ?? defaults.betDelaySeconds,
        minStakePaise,
        maxStakePaise,
        maxProfitPaise: paise(input.maxProfit) ?? defaults.maxProfitPaise,
        feedRef: input.feedRef ?? null,
        sortOrder: input.sortOrder ?? 0,
        runners: input.marketType === 'FANCY' ? [] : input.runners.map((name, index) => ({ name, feedRef: input.runnerFeedRefs?.[index] ?? null })),
      });
      if (actor !== null) await audit.record({ actorId: actor.userId, action: 'market.create', targetType: 'market', targetId: id, details: { name: input.name, marketType: input.marketType, runners: input.runners }, ip });
      return id;
    },

    /** Suspend, resume, close, turn in play, bet delay and limits. */
    async updateMarket(
      actor: Caller | null,
      id: string,
      input: { status?: 'open' | 'suspended' | 'closed'; inPlay?: boolean; suspendReason?: string | null; betDelaySeconds?: number; minStake?: number; maxStake?: number; maxProfit?: number },
      ip: string | null,
    ): Promise<void> {
      await operate((changes) =>
        books.withMarket(id, async (context) => {
          const { market } = context;
          if (market.status === 'settled' || market.status === 'voided') fail('CONFLICT', 'This market is already settled');
          const minStake = paise(input.minStake) ?? market.min_stake_paise;
          const maxStake = paise(input.maxStake) ?? market.max_stake_paise;
          if (maxStake < minStake) fail('VALIDATION_FAILED', 'The maximum stake must not be below the minimum');
          const repo = createSportsRepository(context.tx);
          if (input.status === 'open' && (await createResultDeskRepository(context.tx).pendingOf(id)) !== null) fail('CONFLICT', 'A declared result waits for confirmation; reject it before reopening the market');
          let bump = false;
          if (input.inPlay === true && !market.in_play) {
            await betting.applyMarketCommand(context, 'turnInPlay', changes);
            bump = true;
          }
          if (input.status !== undefined && input.status !== market.status) {
            const command = input.status === 'suspended' ? 'suspend' : input.status === 'open' ? 'resume' : 'close';
            await betting.applyMarketCommand(context, command, changes);
            bump = true;
          }
          await repo.updateMarket(id, {
            status: input.status,
            in_play: input.inPlay === true ? true : undefined,
            suspend_reason: input.status === 'suspended' ? (input.suspendReason ?? null) : input.status === 'open' ? null : undefined,
            bet_delay_seconds: input.betDelaySeconds,
            min_stake_paise: paise(input.minStake),
            max_stake_paise: paise(input.maxStake),
            max_profit_paise: paise(input.maxProfit),
            bumpVersion: bump,
          });
          changes.marketIds.add(id);
        }),
      );
      // An empty change changes nothing and is not worth a line in the audit log.
      if (actor !== null && Object.values(input).some((value) => value !== undefined)) {
        await audit.record({ actorId: actor.userId, action: 'market.update', targetType: 'market', targetId: id, details: input, ip });
      }
    },

    async setBookmakerRates(actor: Caller | null, id: string, runners: { runnerId: string; backRateHundredths: number | null; layRateHundredths: number | null }[], ip: string | null): Promise<void> {
      await operate((changes) =>
        books.withMarket(id, async (context) => {
          if (context.market.type !== 'BOOKMAKER') fail('CONFLICT', 'Rates belong to bookmaker markets');
          assertQuotable(context.market);
          if (runners.some((runner) => bookmakerRatesCrossed(runner.backRateHundredths, runner.layRateHundredths))) fail('VALIDATION_FAILED', QUOTE_MESSAGES.layBelowBack);
          const known = new Set(context.runners.map((runner) => runner.id));
          if (runners.some((runner) => !known.has(runner.runnerId))) fail('VALIDATION_FAILED', 'Unknown runner');
          const previous = (context.market.quote as BookmakerQuoteJson | null)?.runners ?? [];
          const merged = context.runners.map((runner) => runners.find((quote) => quote.runnerId === runner.id) ?? previous.find((quote) => quote.runnerId === runner.id) ?? { runnerId: runner.id, backRateHundredths: null, layRateHundredths: null });
          await createSportsRepository(context.tx).updateMarket(id, { quote: { runners: merged } });
          changes.marketIds.add(id);
        }),
      );
      if (actor !== null) await audit.record({ actorId: actor.userId, action: 'market.rates', targetType: 'market', targetId: id, details: { runners }, ip });
    },

    async setFancyLine(actor: Caller | null, id: string, line: FancyQuoteJson, ip: string | null): Promise<void> {
      await operate((changes) =>
        books.withMarket(id, async (context) => {
          if (context.market.type !== 'FANCY') fail('CONFLICT', 'Lines belong to fancy markets');
          assertQuotable(context.market);
          if (fancyLinesCrossed(line.noLineRuns, line.yesLineRuns)) fail('VALIDATION_FAILED', QUOTE_MESSAGES.yesBelowNo);
          await createSportsRepository(context.tx).updateMarket(id, { quote: line });
          changes.marketIds.add(id);
        }),
      );
      if (actor !== null) await audit.record({ actorId: actor.userId, action: 'market.fancy_line', targetType: 'market', targetId: id, details: { ...line }, ip });
    },

    /** The feed's house liquidity for an exchange market (replaces the previous quote). */
    async quoteHouse(id: string, offers: { runnerId: string; side: 'back' | 'lay'; priceHundredths: number; sizePaise: number }[]): Promise<void> {
      await operate((changes) => books.withMarket(id, (context) => betting.quoteHouse(context, offers, changes)));
    },

    async settle(actor: Caller | null, id: string, result: { winnerId?: string; runs?: number }, ip: string | null): Promise<void> {
      await operate((changes) => settlement.settle(id, result, actor?.userId ?? null, changes));
      if (actor !== null) await audit.record({ actorId: actor.userId, action: 'market.settle', targetType: 'market', targetId: id, details: result, ip });
    },

    async voidMarket(actor: Caller | null, id: string, reason: string, ip: string | null): Promise<void> {
      await operate((changes) => settlement.void(id, reason, actor?.userId ?? null, changes));
      if (actor !== null) await audit.record({ actorId: actor.userId, action: 'market.void', targetType: 'market', targetId: id, details: { reason }, ip });
    },

    async market(id: string): Promise<Market> {
      const market = (await repository.market(id)) ?? fail('NOT_FOUND', 'Market not found');
      return (await marketViews([market]))[0] as Market;
    },

    /** An operator's view of a market: every bet with its player, and the house's result per outcome. */
    async marketBook(id: string) {
      const market = (await repository.market(id)) ?? fail('NOT_FOUND', 'Market not found');
      const view = (await marketViews([market]))[0] as Market;
      const rows = await repository.betsOfMarket(id);
      const bets = await betViews(rows);
      const players = new Map<string, { _id: string; name: string; mobile_no: string }>();
      for (const userId of new Set(rows.map((row) => row.user_id))) {
        const user = await db.query<{ id: string; name: string; mobile_no: string }>('select id, name, mobile_no from users where id = $1', [userId]);
        const found = user.rows[0];
        if (found !== undefined) players.set(userId, { _id: found.id, name: found.name, mobile_no: found.mobile_no });
      }
      const houseExposure = await houseOutcomes(market, rows);
      return {
        market: view,
        bets: bets.map((bet, index) => ({ ...bet, player: players.get((rows[index] as BetRow).user_id) ?? { _id: '', name: '', mobile_no: '' } })),
        houseExposure,
      };
    },

    repository,
  };

  /** The house's result for each outcome: minus the players' matched results (exchange: the house's own fills). */
  async function houseOutcomes(market: MarketRow, rows: BetRow[]): Promise<{ outcome: string; profitLoss: number }[]> {
    const runners = await repository.runnersOf([market.id]);
    const live = rows.filter((row) => row.closed_by === null && ['matched', 'unmatched', 'settled'].includes(row.status) && row.matched_paise > 0);
    if (market.type === 'FANCY') {
      const lines = [...new Set(live.map((row) => row.line_runs as number))].sort((a, b) => a - b);
      const probes = lines.length === 0 ? [0] : [lines[0] as number - 1, ...lines];
      return probes.map((runs) => ({
        outcome: `${runs} runs`,
        profitLoss: paiseToRupees(
          -live.reduce((sum, row) => {
            const yes = row.side === 'back';
            const wins = yes ? runs >= (row.line_runs as number) : runs < (row.line_runs as number);
            const rate = row.rate_h as number;
            const win = yes ? Math.floor((rate * row.stake_paise) / 10_000) : row.stake_paise;
            const lose = yes ? -row.stake_paise : -Math.ceil((rate * row.stake_paise) / 10_000);
            return sum + (wins ? win : lose);
          }, 0),
        ),
      }));
    }
    const fills = market.type === 'EXCHANGE' ? await repository.fillsOfMarket(market.id) : [];
    return runners.map((runner) => {
      let housePaise = 0;
      if (market.type === 'EXCHANGE') {
        for (const fill of fills) {
          const backWins = fill.runner_id === runner.id;
          const winnings = Math.floor(((fill.price_h - 100) * fill.stake_paise) / 100);
          if (fill.back_bet_id === null) housePaise += backWins ? winnings : -fill.stake_paise;
          if (fill.lay_bet_id === null) housePaise += backWins ? -winnings : fill.stake_paise;
        }
      } else {
        for (const row of live) {
          const wins = row.runner_id === runner.id;
          const profit = Math.floor(((row.rate_h as number) * row.stake_paise) / 10_000);
          const player = row.side === 'back' ? (wins ? profit : -row.stake_paise) : wins ? -Math.ceil(((row.rate_h as number) * row.stake_paise) / 10_000) : row.stake_paise;
          housePaise -= player;
        }
      }
      return { outcome: runner.name, profitLoss: paiseToRupees(housePaise) };
    });
  }
}
export type SportsService = ReturnType<typeof createSportsService>;
