/**
 * What Betfair's streams do to our markets, as Indian exchange sites do it (decision 0042): turned
 * into the simulator's feed actions, so they reach our markets through the same service calls.
 *
 * - The event, its Match Odds (exchange) and Bookmaker markets are created from the market
 *   definition and the score stream's team names (joined to the runners by selection id).
 * - The house quotes Match Odds at Betfair's best three prices each side, sizes scaled from GBP and
 *   capped per price by the house limit, on every change of them; Betfair's SUSPENDED suspends ours
 *   (unmatched player offers lapse unless kept, as for any suspension).
 * - In play and its bet delay carry over to Match Odds; CLOSED settles on Betfair's WINNER.
 * - Bookmaker rates follow Betfair's mid prices (the simulator's bookmaker pricing); fancy sessions
 *   are quoted from the score by the simulator's model. A ball in progress suspends both.
 */
import { bookmakerRates, cricketScorePanel, fancyQuote, fancyResult, fancySessions } from '@khel/sports-sim';
import type { ExchangeRunnerQuote, FancySession, FeedAction, LadderLevel, MarketSpec, Sport } from '@khel/sports-sim';
import type { MarketBook, MarketDefinition, PriceSize } from '@khel/betfair-stream';
import { BetfairScoreTracker } from '@khel/cricket-feed';
import type { CricketChange } from '@khel/cricket-feed';

export interface BetfairFeedConfig {
  /** Paise per unit of Betfair's size (GBP): 100_00 shows £1 as ₹100. */
  sizeScalePaise: number;
  /** The most the house offers at one price, paise. */
  houseLimitPaise: number;
  league: string;
  /** Appended to the event's name, e.g. "(replay of 11 Jul 2022)". */
  label: string;
}

/** What the Betting API's catalogue says of a market (the live source; a replay has none). */
export interface MarketDescription {
  eventName: string | null;
  /** The competition: our league. */
  league: string | null;
  startMs: number | null;
}

/** Betfair's event types we run: Cricket (4), Soccer (1), Tennis (2). */
const SPORTS: Record<string, Sport> = { '4': 'cricket', '1': 'football', '2': 'tennis' };
export const sportOf = (definition: MarketDefinition): Sport | undefined => SPORTS[definition.eventTypeId ?? ''];

/** A feed action, or the Match Odds' in-play bet delay (the one thing the simulator has no action for). */
export type FeedStep = { action: FeedAction } | { betDelay: { marketId: string; seconds: number } };

const levels = (ladder: PriceSize[], config: BetfairFeedConfig): LadderLevel[] =>
  ladder
    .slice(0, 3)
    .map(([price, size]) => ({
      priceHundredths: Math.round(price * 100),
      sizePaise: Math.min(Math.floor((size * config.sizeScalePaise) / 100) * 100, config.houseLimitPaise),
    }))
    .filter((level) => level.sizePaise > 0);

export function createBetfairFeed(
  config: BetfairFeedConfig,
  names: Map<number, string> = new Map(),
  describe: () => MarketDescription | null = () => null,
) {
  const score = new BetfairScoreTracker();
  let eventId: string | null = null;
  let book: MarketBook | null = null;
  let inPlay = false;
  let betDelay = 0;
  let closed = false;
  const sessions = new Map<string, FancySession>();
  const decided = new Set<string>();
  const last = new Map<string, string>(); // market id (or the score) → the last quote sent (a repeat is not sent)
  let probabilities: number[] | null = null;

  const ref = (suffix: string) => `${eventId}/${suffix}`;
  const nameOf = (selectionId: number) =>
    [...score.selectionIds].find(([, id]) => id === selectionId)?.[0] ??
    names.get(selectionId) ??
    book?.runners.find((r) => r.selectionId === selectionId)?.name ??
    null;
  const once = (marketId: string, key: string, action: FeedAction): FeedStep[] => {
    if (last.get(marketId) === key) return [];
    last.set(marketId, key);
    return [{ action }];
  };

  function create(nowMs: number): FeedStep[] {
    const sport = book?.definition ? sportOf(book.definition) : undefined;
    if (eventId !== null || book?.definition == null || sport === undefined) return [];
    const description = describe();
    const runners = [...book.runners].sort((a, b) => (a.sortPriority ?? 0) - (b.sortPriority ?? 0));
    const named = runners.map((r) => ({ runnerId: String(r.selectionId), name: nameOf(r.selectionId) }));
    if (named.some((r) => r.name === null)) return [];
    const runnerSpecs = named as { runnerId: string; name: string }[];
    eventId = `betfair-${book.definition.eventId ?? book.marketId}`;
    const markets: MarketSpec[] = [
      {
        marketId: ref('match-odds'),
        type: 'EXCHANGE',
        kind: 'matchOdds',
        name: 'Match Odds',
        runners: runnerSpecs,
        session: null,
      },
      {
        marketId: ref('bookmaker'),
        type: 'BOOKMAKER',
        kind: 'bookmaker',
        name: 'Bookmaker',
        runners: runnerSpecs,
        session: null,
      },
    ];
    const title = description?.eventName ?? runnerSpecs.map((r) => r.name).join(' v ');
    const name = `${title} ${config.label}`.trim();
    const league = description?.league ?? config.league;
    const startMs = description?.startMs ?? nowMs;
    return [
      {
        action: {
          type: 'createEvent',
          event: { eventId, sport, league, name, startMs, markets },
        },
      },
    ];
  }

  function bookmaker(): FeedStep[] {
    if (eventId === null || book === null || probabilities === null || decided.has(ref('bookmaker'))) return [];
    const suspended = book.status !== 'OPEN' || score.ballInProgress;
    const runners = book.runners.map((r, i) => ({
      runnerId: String(r.selectionId),
      ...bookmakerRates(probabilities![i] ?? 0),
    }));
    const reason = suspended ? (score.ballInProgress ? 'BALL_RUNNING' : 'SUSPENDED') : null;
    const action: FeedAction = {
      type: 'bookmakerQuote',
      eventId,
      marketId: ref('bookmaker'),
      status: suspended ? 'suspended' : 'open',
      reason,
      runners,
    };
    return once(ref('bookmaker'), JSON.stringify([action.status, runners]), action);
  }

  function fancy(): FeedStep[] {
    const state = score.state();
    if (eventId === null || state === null || state.innings.length === 0) return [];
    const steps: FeedStep[] = [];
    for (const session of fancySessions(state)) {
      const marketId = ref(session.id);
      if (!sessions.has(marketId)) {
        sessions.set(marketId, session);
        const market: MarketSpec = { marketId, type: 'FANCY', kind: 'fancy', name: session.name, runners: [], session };
        steps.push({ action: { type: 'createMarket', eventId, market } });
      }
    }
    for (const [marketId, session] of sessions) {
      if (decided.has(marketId)) continue;
      const result = fancyResult(state, session);
      if (result.status !== 'pending') {
        decided.add(marketId);
        const settled =
          result.status === 'settled'
            ? { kind: 'runs' as const, runs: result.runs }
            : { kind: 'void' as const, reason: result.reason };
        steps.push({ action: { type: 'settleMarket', eventId, marketId, result: settled } });
        continue;
      }
      const quote = fancyQuote(state, session, { ballRunning: score.ballInProgress });
      steps.push(...once(marketId, JSON.stringify(quote), { type: 'fancyQuote', eventId, marketId, quote }));
    }
    return steps;
  }

  /** After the stream cache applied a change to the market. */
  function onMarket(next: MarketBook, nowMs: number): FeedStep[] {
    book = next;
    const steps = create(nowMs);
    if (eventId === null || closed) return steps;
    const matchOdds = ref('match-odds');
    if (next.status === 'CLOSED') {
      closed = true;
      // Betfair voids bets on a REMOVED runner and reduces the others' prices by its reduction factor;
      // our markets have no reduction factors, so such a market is void as a whole (decision 0070).
      const winner = next.runners.find((r) => r.status === 'WINNER');
      const removed = next.runners.some((r) => r.status === 'REMOVED');
      const result =
        winner && !removed
          ? { kind: 'winner' as const, runnerId: String(winner.selectionId) }
          : { kind: 'void' as const, reason: removed ? 'RUNNER_REMOVED' : 'NO_WINNER' };
      for (const marketId of [matchOdds, ref('bookmaker')]) {
        decided.add(marketId);
        steps.push({ action: { type: 'settleMarket', eventId, marketId, result } });
      }
      return [...steps, { action: { type: 'eventStatus', eventId, status: 'finished' } }];
    }
    if (next.inPlay && !inPlay) {
      inPlay = true;
      steps.push({ action: { type: 'eventStatus', eventId, status: 'inPlay' } });
    }
    if (inPlay && next.betDelay !== null && next.betDelay !== betDelay) {
      betDelay = next.betDelay;
      steps.push({ betDelay: { marketId: matchOdds, seconds: betDelay } });
    }
    const mids = next.runners.map((r) =>
      r.atb[0] && r.atl[0] ? 2 / (r.atb[0][0] + r.atl[0][0]) : r.ltp ? 1 / r.ltp : 0,
    );
    const total = mids.reduce((a, b) => a + b, 0);
    probabilities = total > 0 ? mids.map((m) => m / total) : probabilities;
    const runners: (ExchangeRunnerQuote & { runnerId: string })[] = next.runners.map((r, i) => ({
      runnerId: String(r.selectionId),
      fairProbability: probabilities?.[i] ?? 0,
      fairOddsHundredths: Math.round(100 / Math.max(probabilities?.[i] ?? 0.001, 0.001)),
      availableToBack: levels(r.atb, config),
      availableToLay: levels(r.atl, config),
    }));
    const status = next.status === 'OPEN' ? 'open' : 'suspended';
    // What a player sees of Match Odds: the best three prices each side with their scaled, capped
    // sizes, the status and in play. A message that changes none of it (sizes beyond the house
    // limit, deeper levels, traded volume) sends the market's writer nothing (decision 0042, "lag").
    const key = JSON.stringify([status, inPlay, runners.map((r) => [r.availableToBack, r.availableToLay])]);
    steps.push(...once(matchOdds, key, { type: 'exchangeQuote', eventId, marketId: matchOdds, status, runners }));
    return [...steps, ...bookmaker()];
  }

  /** After a score stream change. */
  function onScore(changes: CricketChange[], nowMs: number): FeedStep[] {
    for (const change of changes) score.apply(change);
    const steps = create(nowMs);
    const state = score.state();
    if (eventId === null || state === null) return steps;
    const panel = cricketScorePanel(state);
    steps.push(...once(ref('score'), JSON.stringify(panel), { type: 'score', eventId, panel }));
    return [...steps, ...bookmaker(), ...fancy()];
  }

  return { onMarket, onScore, score, eventRef: () => eventId };
}
