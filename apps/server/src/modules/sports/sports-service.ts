import type {
  BetRow as BetDto,
  EditBet,
  EventDetail,
  EventSummary,
  MarketRules,
  MyBetsQuery,
  Sport,
} from '@khel/contract';
import { indiaDateRange } from '@khel/money';
import type { Database, Queryable } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { LiveBus } from '../live/live-bus.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { BettingService, ChangeSet, DelayedOutcome, Recorder } from './betting/index.js';
import { emptyChanges } from './betting/index.js';
import type { MarketBooks } from './writer/index.js';
import { MarketNotFound } from './writer/index.js';
import { createOperatorMarketBook } from './views/index.js';
import type { SettlementService } from './settlement/index.js';
import { createSportsCatalogue } from './sports-catalogue.js';
import { createSportsLive } from './views/index.js';
import type { EventRow } from './sports-repository.js';
import { createSportsRepository } from './sports-repository.js';
import { defaultMarketRules } from './sports-rules.js';
import { createSportsViews, slugged } from './views/index.js';

export { DEFAULT_LIMITS } from './sports-catalogue.js';

/**
 * Whether the player has a bet in this wallet still open (pending, unmatched or matched, hedged or not),
 * read in the caller's transaction: the bonus wallet cannot be forfeited, claimed or expired under one.
 */
export function hasOpenBets(tx: Queryable, userId: string, wallet: 'main' | 'bonus'): Promise<boolean> {
  return createSportsRepository(tx).hasOpenBets(userId, wallet);
}

/**
 * Sports: the player's reads and bets here; views (sports-views.ts), live updates (sports-live.ts), the
 * operators' catalogue actions (sports-catalogue.ts) and market book (operator-market-book.ts) beside it.
 */

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
  /** Told of each in-play bet decided at the end of its delay, once committed (metrics: matched volume). */
  onDelayedDecided?: (outcome: DelayedOutcome) => void;
}) {
  const { db, books, betting, settlement, audit, bus, clock } = deps;
  const repository = createSportsRepository(db);
  const views = createSportsViews(repository, books);
  const { marketViews, summaryOf, betViews } = views;
  const live = createSportsLive({
    repository,
    views,
    bus,
    ...(deps.positions === undefined ? {} : { positions: deps.positions }),
  });
  const { publish, operate } = live;

  return {
    marketViews,
    summaryOf,
    betViews,
    publish,
    operate,
    snapshot: live.snapshot,

    // Player reads

    async sports(): Promise<Sport[]> {
      const [sports, leagues, events] = await Promise.all([
        repository.sports(),
        repository.leagues(),
        repository.listEvents({}),
      ]);
      return sports.map((sport) => {
        const sportLeagues = leagues.filter((league) => league.sport_id === sport.id);
        const sportEvents = events.filter((event) => event.sport_id === sport.id);
        return {
          ...slugged(sport.id, sport.name, sport.slug),
          eventCount: sportEvents.length,
          liveCount: sportEvents.filter((event) => event.status === 'in_play').length,
          leagues: sportLeagues.map((league) => {
            const leagueEvents = sportEvents.filter((event) => event.league_id === league.id);
            return {
              ...slugged(league.id, league.name, league.slug),
              eventCount: leagueEvents.length,
              liveCount: leagueEvents.filter((event) => event.status === 'in_play').length,
            };
          }),
        };
      });
    },

    async events(filter: {
      sport?: string;
      league?: string;
      inPlay?: boolean;
      includeAll?: boolean;
    }): Promise<EventSummary[]> {
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

    /** A market's Rules (issue 26): its own, else its type's with its delay, commission and limits. */
    async marketRules(marketId: string): Promise<MarketRules> {
      const market = (await repository.marketRules(marketId)) ?? fail('NOT_FOUND', 'Market not found');
      return {
        marketId: market.id,
        name: market.name,
        rules: market.rules ?? defaultMarketRules(market),
        own: market.rules !== null,
      };
    },

    async eventById(id: string): Promise<EventRow | null> {
      return repository.eventById(id);
    },

    /** My Bets, with its filters (issue 31): sport, market type, India dates (inclusive). */
    async myBets(caller: Caller, query: MyBetsQuery): Promise<BetDto[]> {
      const range =
        query.start_date === undefined && query.end_date === undefined
          ? null
          : indiaDateRange(query, deps.clock.now(), 3650);
      return betViews(
        await repository.betsOfUser(caller.userId, query.status === 'open', 200, {
          ...(query.sport !== undefined ? { sport: query.sport } : {}),
          ...(query.marketType !== undefined ? { marketType: query.marketType } : {}),
          ...(query.eventId !== undefined ? { eventId: query.eventId } : {}),
          ...(range !== null ? range : {}),
        }),
      );
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
    async placeBet(
      caller: Caller,
      request: Parameters<BettingService['place']>[1],
      changes: ChangeSet,
      record: Recorder | null = null,
    ): Promise<string> {
      try {
        return await betting.place(caller, request, null, changes, record);
      } catch (error) {
        if (error instanceof MarketNotFound) fail('NOT_FOUND', 'Market not found');
        throw error;
      }
    },

    /** Edits the caller's unmatched exchange bet in the caller's transaction; answers the bet that holds its unmatched part (decision 0067). */
    async editBet(caller: Caller, request: EditBet, tx: Queryable, changes: ChangeSet): Promise<string> {
      // Read in the caller's transaction: on PGlite's one connection a read beside it would wait for it.
      const bet = await createSportsRepository(tx).bet(request.betId);
      if (bet === null || bet.user_id !== caller.userId) fail('NOT_FOUND', 'Bet not found');
      return betting.edit(caller, request, bet.market_id, tx, changes);
    },

    /** Cancels the caller's offer and answers the bet as the publish after its commit built it (decision 0075: not read again). */
    async cancelBet(caller: Caller, betId: string): Promise<BetDto> {
      const bet = await repository.bet(betId);
      if (bet === null || bet.user_id !== caller.userId) fail('NOT_FOUND', 'Bet not found');
      const changes = emptyChanges();
      try {
        await betting.cancel(caller, betId, bet.market_id, changes);
      } catch (error) {
        if (error instanceof MarketNotFound) fail('NOT_FOUND', 'Market not found');
        throw error;
      }
      const published = await publish(changes);
      return published.get(betId) ?? ((await betViews([(await repository.bet(betId)) ?? bet]))[0] as BetDto);
    },

    /**
     * Cancels every unmatched offer (and every bet still in its in-play delay) the caller has on one
     * market; answers the bets it cancelled. Each is cancelled as cancelBet does, one after another.
     */
    async cancelAllOnMarket(caller: Caller, marketId: string): Promise<string[]> {
      const open = (await repository.betsOfUserInMarket(caller.userId, marketId)).filter(
        (bet) => bet.status === 'unmatched' || bet.status === 'pending',
      );
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

    /**
     * Decides every bet whose delay has ended (timers do it on time; this sweeps after restarts), on the
     * markets this process may write (decision 0034, addendum: the others' owners sweep theirs).
     * Answers how many it decided.
     */
    async resolveDueBets(mayWrite: (marketId: string) => Promise<boolean> = async () => true): Promise<number> {
      const due = await repository.duePendingBets(clock.now());
      const writable = new Map<string, Promise<boolean>>();
      let resolved = 0;
      for (const bet of due) {
        if (!writable.has(bet.market_id))
          writable.set(
            bet.market_id,
            mayWrite(bet.market_id).catch(() => false),
          );
        if (!(await writable.get(bet.market_id))) continue;
        const outcome = await operate((changes) => betting.resolvePending(bet.id, bet.market_id, changes)).catch(
          () => null,
        );
        if (outcome !== null) deps.onDelayedDecided?.(outcome);
        resolved += 1;
      }
      return resolved;
    },

    async resolvePending(betId: string, marketId: string): Promise<void> {
      const outcome = await operate((changes) => betting.resolvePending(betId, marketId, changes));
      if (outcome !== null) deps.onDelayedDecided?.(outcome);
    },

    ...createSportsCatalogue({ repository, books, betting, settlement, audit, bus, operate }),
    ...createOperatorMarketBook({ repository, views }),

    repository,
  };
}
export type SportsService = ReturnType<typeof createSportsService>;
