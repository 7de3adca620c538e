import { QUOTE_MESSAGES, bookmakerRatesCrossed, fancyLinesCrossed } from '@khel/contract';
import type { Score, WsServerMessage } from '@khel/contract';
import { rupeesToPaise } from '@khel/money';
import { fail } from '../../lib/app-error.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Caller } from '../identity/identity-service.js';
import type { LiveBus } from '../live/live-bus.js';
import type { BettingService } from './betting/index.js';
import type { MarketBooks } from './writer/index.js';
import type { SettlementService } from './settlement/index.js';
import type { SportsLive } from './views/index.js';
import type { BookmakerQuoteJson, FancyQuoteJson, MarketRow, SportsRepository } from './sports-repository.js';
import { createSportsRepository } from './sports-repository.js';
import { createResultDeskRepository } from './result-desk-repository.js';

/**
 * Market limits when an operator or the feed sets none (PRODUCT.md §4: per type, overridable per market).
 * A bookmaker quote is the house's own and moves by itself: it takes bets at once unless an operator
 * sets a delay (issue 31, decision 0053).
 */
export const DEFAULT_LIMITS = {
  EXCHANGE: { minStakePaise: 100_00, maxStakePaise: 5_00_000_00, maxProfitPaise: 25_00_000_00, betDelaySeconds: 3 },
  BOOKMAKER: { minStakePaise: 100_00, maxStakePaise: 2_00_000_00, maxProfitPaise: 10_00_000_00, betDelaySeconds: 0 },
  FANCY: { minStakePaise: 100_00, maxStakePaise: 1_00_000_00, maxProfitPaise: 5_00_000_00, betDelaySeconds: 2 },
} as const;

/** Rates and lines are for markets still taking bets; a closed, settled or voided market's quote is history. */
function assertQuotable(market: MarketRow): void {
  if (market.status === 'closed' || market.status === 'settled' || market.status === 'voided')
    fail('CONFLICT', `Rates and lines cannot change on a ${market.status} market`);
}

/**
 * Operator (and feed) actions on the catalogue: sports, leagues, events and markets, their status,
 * limits, rates, lines and results. Audited when an operator does them (actor null: the feed).
 */
export function createSportsCatalogue(deps: {
  repository: SportsRepository;
  books: MarketBooks;
  betting: BettingService;
  settlement: SettlementService;
  audit: AuditService;
  bus: LiveBus;
  operate: SportsLive['operate'];
}) {
  const { repository, books, betting, settlement, audit, bus, operate } = deps;
  const paise = (rupees: number | undefined) =>
    rupees === undefined ? undefined : (rupeesToPaise(rupees) ?? undefined);

  return {
    async createSport(actor: Caller | null, name: string, ip: string | null, sortOrder = 0): Promise<string> {
      const id = await repository.upsertSport(name, sortOrder);
      if (actor !== null)
        await audit.record({
          actorId: actor.userId,
          action: 'sport.create',
          targetType: 'sport',
          targetId: id,
          details: { name },
          ip,
        });
      return id;
    },

    async createLeague(actor: Caller | null, sportId: string, name: string, ip: string | null): Promise<string> {
      const sport =
        (await repository.sports()).find((candidate) => candidate.id === sportId) ??
        fail('NOT_FOUND', 'Sport not found');
      const id = await repository.upsertLeague(sport.id, name);
      if (actor !== null)
        await audit.record({
          actorId: actor.userId,
          action: 'league.create',
          targetType: 'league',
          targetId: id,
          details: { name, sport: sport.name },
          ip,
        });
      return id;
    },

    async createEvent(
      actor: Caller | null,
      input: { leagueId: string; name: string; startTime: Date; streamUrl: string | null; feedRef?: string },
      ip: string | null,
    ): Promise<string> {
      if (!(await repository.leagues()).some((league) => league.id === input.leagueId))
        fail('NOT_FOUND', 'League not found');
      const id = await repository.insertEvent({
        leagueId: input.leagueId,
        name: input.name,
        startTime: input.startTime,
        streamUrl: input.streamUrl,
        feedRef: input.feedRef ?? null,
      });
      if (actor !== null)
        await audit.record({
          actorId: actor.userId,
          action: 'event.create',
          targetType: 'event',
          targetId: id,
          details: { name: input.name },
          ip,
        });
      return id;
    },

    async updateEvent(
      actor: Caller | null,
      id: string,
      changes: { status?: string; streamUrl?: string | null; startTime?: Date; score?: Score; listed?: boolean },
      ip: string | null,
    ): Promise<void> {
      if ((await repository.eventById(id)) === null) fail('NOT_FOUND', 'Event not found');
      await repository.updateEvent(id, changes);
      if (changes.score !== undefined)
        bus.publish(`event:${id}`, { type: 'score', eventId: id, score: changes.score } satisfies WsServerMessage);
      if (actor !== null)
        await audit.record({
          actorId: actor.userId,
          action: 'event.update',
          targetType: 'event',
          targetId: id,
          details: { ...changes, startTime: changes.startTime?.toISOString() },
          ip,
        });
    },

    async createMarket(
      actor: Caller | null,
      input: {
        eventId: string;
        marketType: 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';
        name: string;
        runners: string[];
        betDelaySeconds?: number;
        minStake?: number;
        maxStake?: number;
        maxProfit?: number;
        feedRef?: string;
        runnerFeedRefs?: string[];
        sortOrder?: number;
        /** How it settles, in the player's words; absent or null: its type's rules (sports-rules.ts). */
        rules?: string | null;
      },
      ip: string | null,
    ): Promise<string> {
      if ((await repository.eventById(input.eventId)) === null) fail('NOT_FOUND', 'Event not found');
      if (input.marketType !== 'FANCY' && input.runners.length < 2)
        fail('VALIDATION_FAILED', 'A market needs at least two runners');
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
        rules: input.rules ?? null,
        runners:
          input.marketType === 'FANCY'
            ? []
            : input.runners.map((name, index) => ({ name, feedRef: input.runnerFeedRefs?.[index] ?? null })),
      });
      if (actor !== null)
        await audit.record({
          actorId: actor.userId,
          action: 'market.create',
          targetType: 'market',
          targetId: id,
          details: { name: input.name, marketType: input.marketType, runners: input.runners },
          ip,
        });
      return id;
    },

    /** Suspend, resume, close, turn in play, bet delay and limits. */
    async updateMarket(
      actor: Caller | null,
      id: string,
      input: {
        status?: 'open' | 'suspended' | 'closed';
        inPlay?: boolean;
        suspendReason?: string | null;
        betDelaySeconds?: number;
        minStake?: number;
        maxStake?: number;
        maxProfit?: number;
        /** Null: back to its type's rules. */
        rules?: string | null;
      },
      ip: string | null,
    ): Promise<void> {
      await operate((changes) =>
        books.withMarket(id, async (context) => {
          const { market } = context;
          if (market.status === 'settled' || market.status === 'voided')
            fail('CONFLICT', 'This market is already settled');
          const minStake = paise(input.minStake) ?? market.min_stake_paise;
          const maxStake = paise(input.maxStake) ?? market.max_stake_paise;
          if (maxStake < minStake) fail('VALIDATION_FAILED', 'The maximum stake must not be below the minimum');
          const repo = createSportsRepository(context.tx);
          if (input.status === 'open' && (await createResultDeskRepository(context.tx).pendingOf(id)) !== null)
            fail('CONFLICT', 'A declared result waits for confirmation; reject it before reopening the market');
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
            suspend_reason:
              input.status === 'suspended' ? (input.suspendReason ?? null) : input.status === 'open' ? null : undefined,
            bet_delay_seconds: input.betDelaySeconds,
            min_stake_paise: paise(input.minStake),
            max_stake_paise: paise(input.maxStake),
            max_profit_paise: paise(input.maxProfit),
            rules: input.rules,
            bumpVersion: bump,
          });
          changes.marketIds.add(id);
        }),
      );
      // An empty change changes nothing and is not worth a line in the audit log.
      if (actor !== null && Object.values(input).some((value) => value !== undefined)) {
        await audit.record({
          actorId: actor.userId,
          action: 'market.update',
          targetType: 'market',
          targetId: id,
          details: input,
          ip,
        });
      }
    },

    async setBookmakerRates(
      actor: Caller | null,
      id: string,
      runners: { runnerId: string; backRateHundredths: number | null; layRateHundredths: number | null }[],
      ip: string | null,
    ): Promise<void> {
      await operate((changes) =>
        books.withMarket(id, async (context) => {
          if (context.market.type !== 'BOOKMAKER') fail('CONFLICT', 'Rates belong to bookmaker markets');
          assertQuotable(context.market);
          if (runners.some((runner) => bookmakerRatesCrossed(runner.backRateHundredths, runner.layRateHundredths)))
            fail('VALIDATION_FAILED', QUOTE_MESSAGES.layBelowBack);
          const known = new Set(context.runners.map((runner) => runner.id));
          if (runners.some((runner) => !known.has(runner.runnerId))) fail('VALIDATION_FAILED', 'Unknown runner');
          const previous = (context.market.quote as BookmakerQuoteJson | null)?.runners ?? [];
          const merged = context.runners.map(
            (runner) =>
              runners.find((quote) => quote.runnerId === runner.id) ??
              previous.find((quote) => quote.runnerId === runner.id) ?? {
                runnerId: runner.id,
                backRateHundredths: null,
                layRateHundredths: null,
              },
          );
          await createSportsRepository(context.tx).updateMarket(id, { quote: { runners: merged } });
          changes.marketIds.add(id);
        }),
      );
      if (actor !== null)
        await audit.record({
          actorId: actor.userId,
          action: 'market.rates',
          targetType: 'market',
          targetId: id,
          details: { runners },
          ip,
        });
    },

    async setFancyLine(actor: Caller | null, id: string, line: FancyQuoteJson, ip: string | null): Promise<void> {
      await operate((changes) =>
        books.withMarket(id, async (context) => {
          if (context.market.type !== 'FANCY') fail('CONFLICT', 'Lines belong to fancy markets');
          assertQuotable(context.market);
          if (fancyLinesCrossed(line.noLineRuns, line.yesLineRuns))
            fail('VALIDATION_FAILED', QUOTE_MESSAGES.yesBelowNo);
          await createSportsRepository(context.tx).updateMarket(id, { quote: line });
          changes.marketIds.add(id);
        }),
      );
      if (actor !== null)
        await audit.record({
          actorId: actor.userId,
          action: 'market.fancy_line',
          targetType: 'market',
          targetId: id,
          details: { ...line },
          ip,
        });
    },

    /** The feed's house liquidity for an exchange market (replaces the previous quote; the same quoteId again changes nothing). */
    async quoteHouse(
      id: string,
      offers: { runnerId: string; side: 'back' | 'lay'; priceHundredths: number; sizePaise: number }[],
      quoteId?: string,
    ): Promise<void> {
      await operate((changes) =>
        books.withMarket(id, (context) => betting.quoteHouse(context, offers, changes, quoteId)),
      );
    },

    async settle(
      actor: Caller | null,
      id: string,
      result: { winnerId?: string; runs?: number },
      ip: string | null,
    ): Promise<void> {
      await operate((changes) => settlement.settle(id, result, actor?.userId ?? null, changes));
      if (actor !== null)
        await audit.record({
          actorId: actor.userId,
          action: 'market.settle',
          targetType: 'market',
          targetId: id,
          details: result,
          ip,
        });
    },

    async voidMarket(actor: Caller | null, id: string, reason: string, ip: string | null): Promise<void> {
      await operate((changes) => settlement.void(id, reason, actor?.userId ?? null, changes));
      if (actor !== null)
        await audit.record({
          actorId: actor.userId,
          action: 'market.void',
          targetType: 'market',
          targetId: id,
          details: { reason },
          ip,
        });
    },
  };
}
