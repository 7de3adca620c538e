import { randomUUID } from 'node:crypto';
import type { Score } from '@khel/contract';
import { advanceFeed, createFeed, houseOffers } from '@khel/sports-sim';
import type { FeedAction, FeedState, ScorePanel } from '@khel/sports-sim';
import type { Clock } from '../../../lib/clock.js';
import type { FeedMarketAction, HouseOffer } from './feed-market.js';
import type { SportsService } from '../sports-service.js';

const SPORT_NAMES = { cricket: 'Cricket', football: 'Football', tennis: 'Tennis' } as const;

/** The simulator's score panel in the contract's shape (the Score panel's lines). */
export function scoreOf(panel: ScorePanel, at: Date): Score {
  if (panel.sport === 'cricket') {
    const line = (team: (typeof panel.teams)[number]) =>
      `${team.shortName} ${team.runs === null ? 'Yet to bat' : `${team.runs}/${team.wickets} (${team.overs})`}${team.batting ? ' *' : ''}`;
    const detail = [
      panel.runRateHundredths === null ? null : `CRR ${(panel.runRateHundredths / 100).toFixed(2)}`,
      panel.requiredRateHundredths === null ? null : `RRR ${(panel.requiredRateHundredths / 100).toFixed(2)}`,
      panel.lastBalls.length > 0 ? `Last balls: ${panel.lastBalls.join(' ')}` : null,
    ].filter((text): text is string => text !== null);
    return {
      sport: 'cricket',
      home: line(panel.teams[0]),
      away: line(panel.teams[1]),
      status: panel.statusText,
      detail,
      updatedAt: at.toISOString(),
    };
  }
  if (panel.sport === 'football') {
    return {
      sport: 'football',
      home: `${panel.teams[0].shortName} ${panel.teams[0].goals}`,
      away: `${panel.teams[1].shortName} ${panel.teams[1].goals}`,
      status: panel.statusText,
      detail: [panel.clock],
      updatedAt: at.toISOString(),
    };
  }
  const player = (p: (typeof panel.players)[number]) =>
    `${p.shortName}${p.serving ? ' •' : ''} ${p.sets.join(' ')} ${p.points}`.trim();
  return {
    sport: 'tennis',
    home: player(panel.players[0]),
    away: player(panel.players[1]),
    status: panel.statusText,
    detail: panel.tiebreak ? ['Tie-break'] : [],
    updatedAt: at.toISOString(),
  };
}

/**
 * Feed actions (the simulator's vocabulary: create event and market, in play, quotes, score, settle)
 * turned into the same service calls an operator makes; a market's actions go to the market's owner
 * (`onMarket`, feed-market.ts), the catalogue and the events are written here. Feed ids map to
 * database rows through their feed_ref, made at creation. Every source uses it: the simulator
 * (`createFeedRunner`) and the real feeds (modules/feeds).
 */
export function createFeedActions(deps: {
  sports: SportsService;
  /** Runs a market action where the market is written: on this process when it owns the market, else forwarded to the owner (decision 0034, addendum). */
  onMarket: (marketId: string, action: FeedMarketAction) => Promise<unknown>;
  clock: Clock;
}) {
  const { sports, clock } = deps;
  const repo = sports.repository;
  const ids = new Map<string, string>(); // feed id → database id (events, markets, runners)

  async function idOf(kind: 'event' | 'market', feedRef: string): Promise<string | null> {
    const cached = ids.get(`${kind}:${feedRef}`);
    if (cached !== undefined) return cached;
    const row = kind === 'event' ? await repo.eventByFeedRef(feedRef) : await repo.marketByFeedRef(feedRef);
    if (row !== null) ids.set(`${kind}:${feedRef}`, row.id);
    return row?.id ?? null;
  }

  async function runnerIdOf(marketId: string, feedRunnerId: string): Promise<string | null> {
    const key = `runner:${marketId}:${feedRunnerId}`;
    const cached = ids.get(key);
    if (cached !== undefined) return cached;
    const runner = (await repo.runnersOf([marketId])).find((candidate) => candidate.feed_ref === feedRunnerId);
    if (runner !== undefined) ids.set(key, runner.id);
    return runner?.id ?? null;
  }

  /** A market action in database ids; null when its winner is not a runner of the market (nothing to do). */
  async function marketActionOf(
    marketId: string,
    action: Extract<FeedAction, { marketId: string }>,
  ): Promise<FeedMarketAction | null> {
    switch (action.type) {
      case 'exchangeQuote': {
        const offers: HouseOffer[] = [];
        for (const runner of action.runners) {
          const runnerId = await runnerIdOf(marketId, runner.runnerId);
          if (runnerId === null) continue;
          for (const offer of houseOffers(runner))
            offers.push({
              runnerId,
              side: offer.side,
              priceHundredths: offer.priceHundredths,
              sizePaise: offer.stakePaise,
            });
        }
        return { type: 'exchangeQuote', status: action.status, offers, quoteId: randomUUID() };
      }
      case 'bookmakerQuote': {
        const runners = [];
        for (const runner of action.runners) {
          const runnerId = await runnerIdOf(marketId, runner.runnerId);
          if (runnerId !== null)
            runners.push({
              runnerId,
              backRateHundredths: runner.backRateHundredths,
              layRateHundredths: runner.layRateHundredths,
            });
        }
        return { type: 'bookmakerQuote', status: action.status, reason: action.reason, runners };
      }
      case 'fancyQuote':
        return { type: 'fancyQuote', quote: action.quote };
      case 'settleMarket': {
        const { result } = action;
        if (result.kind === 'void') return { type: 'settle', result: { void: result.reason } };
        if (result.kind === 'runs') return { type: 'settle', result: { runs: result.runs } };
        const winnerId = await runnerIdOf(marketId, result.runnerId);
        return winnerId === null ? null : { type: 'settle', result: { winnerId } };
      }
    }
  }

  async function apply(action: FeedAction): Promise<void> {
    switch (action.type) {
      case 'createEvent': {
        if ((await idOf('event', action.event.eventId)) !== null) return;
        const sportId = await sports.createSport(
          null,
          SPORT_NAMES[action.event.sport],
          null,
          ['cricket', 'football', 'tennis'].indexOf(action.event.sport),
        );
        const leagueId = await sports.createLeague(null, sportId, action.event.league, null);
        const eventId = await sports.createEvent(
          null,
          {
            leagueId,
            name: action.event.name,
            startTime: new Date(action.event.startMs),
            streamUrl: null,
            feedRef: action.event.eventId,
          },
          null,
        );
        ids.set(`event:${action.event.eventId}`, eventId);
        for (const [index, market] of action.event.markets.entries())
          await apply({
            type: 'createMarket',
            eventId: action.event.eventId,
            market: { ...market, name: market.name },
            ...{ sortOrder: index },
          });
        return;
      }
      case 'createMarket': {
        const eventId = await idOf('event', action.eventId);
        if (eventId === null || (await idOf('market', action.market.marketId)) !== null) return;
        const order = { matchOdds: 0, bookmaker: 1, overUnder25: 2, fancy: 3 }[action.market.kind];
        const marketId = await sports.createMarket(
          null,
          {
            eventId,
            marketType: action.market.type,
            name: action.market.name,
            runners: action.market.runners.map((runner) => runner.name),
            runnerFeedRefs: action.market.runners.map((runner) => runner.runnerId),
            rules: action.market.rules ?? null,
            feedRef: action.market.marketId,
            sortOrder: order,
          },
          null,
        );
        ids.set(`market:${action.market.marketId}`, marketId);
        return;
      }
      case 'eventStatus': {
        const eventId = await idOf('event', action.eventId);
        if (eventId === null) return;
        await sports.updateEvent(null, eventId, { status: action.status === 'inPlay' ? 'in_play' : 'finished' }, null);
        if (action.status === 'inPlay') {
          for (const market of await repo.marketsOfEvents([eventId])) {
            if (market.status === 'open' || market.status === 'suspended')
              await deps.onMarket(market.id, { type: 'inPlay' });
          }
        }
        return;
      }
      case 'score': {
        const eventId = await idOf('event', action.eventId);
        if (eventId !== null)
          await sports.updateEvent(null, eventId, { score: scoreOf(action.panel, clock.now()) }, null);
        return;
      }
      case 'exchangeQuote':
      case 'bookmakerQuote':
      case 'fancyQuote':
      case 'settleMarket': {
        const marketId = await idOf('market', action.marketId);
        const onMarket = marketId === null ? null : await marketActionOf(marketId, action);
        if (onMarket !== null) await deps.onMarket(marketId as string, onMarket);
        return;
      }
      case 'removeEvent': {
        const eventId = await idOf('event', action.eventId);
        if (eventId !== null) await sports.updateEvent(null, eventId, { listed: false }, null);
        return;
      }
    }
  }

  return { apply, idOf, runnerIdOf };
}

/**
 * The demo feed (PRODUCT.md §1): the simulator decides, `createFeedActions` turns its actions into
 * service calls. One process drives the feed at a time (the lease in feed_state). State is saved
 * after every tick, so a restart resumes the same matches.
 */
export function createFeedRunner(deps: {
  sports: SportsService;
  /** Runs a market action where the market is written: on this process when it owns the market, else forwarded to the owner (decision 0034, addendum). */
  onMarket: (marketId: string, action: FeedMarketAction) => Promise<unknown>;
  clock: Clock;
  seed: number;
  tickMs: number;
  log: (message: string, error?: unknown) => void;
  /** Seconds from a tick's feed time to its last action applied (the feed-lag metric). */
  onLag?: (seconds: number) => void;
}) {
  const { sports, clock } = deps;
  const repo = sports.repository;
  let state: FeedState | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const holder = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const { apply } = createFeedActions(deps);

  async function tick(): Promise<void> {
    if (running) return;
    running = true;
    try {
      const now = clock.now();
      if (!(await repo.takeFeedLease(holder, now, new Date(now.getTime() + deps.tickMs * 5)))) {
        state = null; // another process drives the feed; re-read its state if we take over later
        return;
      }
      state ??= ((await repo.feedState()) as FeedState | null) ?? createFeed(deps.seed);
      const { feed, actions } = advanceFeed(state, clock.now().getTime());
      for (const action of actions) {
        try {
          await apply(action);
        } catch (error) {
          deps.log(`feed action ${action.type} failed`, error);
        }
      }
      state = feed;
      deps.onLag?.((clock.now().getTime() - now.getTime()) / 1000);
      await repo.saveFeedState(feed, clock.now());
    } finally {
      running = false;
    }
  }

  return {
    tick,
    start(): void {
      if (timer !== null) return;
      timer = setInterval(
        () => void tick().catch((error: unknown) => deps.log('feed tick failed', error)),
        deps.tickMs,
      );
      timer.unref();
      void tick().catch((error: unknown) => deps.log('feed tick failed', error));
    },
    async stop(): Promise<void> {
      if (timer !== null) clearInterval(timer);
      timer = null;
      while (running) await new Promise((resolve) => setTimeout(resolve, 20));
    },
  };
}
