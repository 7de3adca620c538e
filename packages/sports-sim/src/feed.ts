/**
 * The demo feed as one pure state machine (FEED-*): `advanceFeed(feed, nowMs) → { feed, actions }`.
 * The server calls it on a timer with the current time and turns every action into the service
 * call an operator would make (create an event and its markets, put it in play, quote, suspend,
 * settle). The feed holds no clock and no hidden randomness: each event carries its own generator
 * state (SIM-2, SIM-3), and the whole feed is plain JSON to persist after each call.
 */
import {
  CRICKET_LEAGUE,
  CRICKET_TEAMS,
  FOOTBALL_LEAGUE,
  FOOTBALL_TEAMS,
  TENNIS_LEAGUE,
  TENNIS_PLAYERS,
} from './catalogue.js';
import { cricketWinProbabilities } from './cricket-odds.js';
import { createCricketMatch, nextBall, startInnings, toss, type CricketMatchState } from './cricket.js';
import {
  DEFAULT_FANCY,
  fallOfWicketSession,
  fancyQuote,
  fancyResult,
  sessionsForInnings,
  type FancyConfig,
  type FancyQuoteResult,
  type FancySession,
} from './fancy.js';
import {
  createFootballMatch,
  footballOutcomeProbabilities,
  footballOverUnderProbabilities,
  footballResult,
  nextMinute,
  randomExpectedGoals,
  startHalf,
  type FootballMatchState,
} from './football.js';
import {
  DEFAULT_BOOKMAKER,
  DEFAULT_EXCHANGE_QUOTE,
  bookmakerRates,
  exchangeQuote,
  normalise,
  type BookmakerConfig,
  type ExchangeQuoteConfig,
  type ExchangeRunnerQuote,
} from './prices.js';
import { createRng, seedFrom, type Rng } from './rng.js';
import { scorePanel, type ScorePanel } from './score-panel.js';
import {
  createTennisMatch,
  nextPoint,
  randomServeWin,
  startTennisMatch,
  tennisWinProbabilities,
  type TennisMatchState,
} from './tennis.js';

export type Sport = 'cricket' | 'football' | 'tennis';
export const SPORTS: readonly Sport[] = ['cricket', 'football', 'tennis'];

export type MarketType = 'EXCHANGE' | 'BOOKMAKER' | 'FANCY';
export type MarketKind = 'matchOdds' | 'overUnder25' | 'bookmaker' | 'fancy';

export interface RunnerSpec {
  runnerId: string;
  name: string;
}

export interface MarketSpec {
  marketId: string;
  type: MarketType;
  kind: MarketKind;
  name: string;
  /** Empty for fancy markets (a line, not runners). */
  runners: RunnerSpec[];
  /** Fancy markets only. */
  session: FancySession | null;
  /** How the market settles, in the player's words (shown on the market). */
  rules?: string;
}

export interface EventSpec {
  eventId: string;
  sport: Sport;
  league: string;
  name: string;
  startMs: number;
  markets: MarketSpec[];
}

export type SimState = CricketMatchState | FootballMatchState | TennisMatchState;

export interface FeedEvent extends EventSpec {
  status: 'scheduled' | 'inPlay' | 'finished';
  sim: SimState;
  rngState: number;
  nextStepMs: number;
  /** Cricket: a ball is in the air (bookmaker and fancy are suspended). */
  ballRunning: boolean;
  /** Pre-match sentiment on the first runner, in log-odds; decays once in play. */
  driftLogOdds: number;
  /** Market ids already settled (never settled twice, FEED-5). */
  settled: string[];
  finishedAtMs: number | null;
}

export interface FeedState {
  version: 1;
  seed: number;
  /** Events created so far: the next id's number. */
  eventCount: number;
  rngState: number;
  events: FeedEvent[];
}

export type SettlementResult =
  | { kind: 'winner'; runnerId: string }
  | { kind: 'runs'; runs: number }
  | { kind: 'void'; reason: string };

export type FeedAction =
  | { type: 'createEvent'; event: EventSpec }
  | { type: 'createMarket'; eventId: string; market: MarketSpec }
  | { type: 'eventStatus'; eventId: string; status: 'inPlay' | 'finished' }
  | { type: 'score'; eventId: string; panel: ScorePanel }
  | {
      type: 'exchangeQuote';
      eventId: string;
      marketId: string;
      status: 'open' | 'suspended';
      runners: (ExchangeRunnerQuote & { runnerId: string })[];
    }
  | {
      type: 'bookmakerQuote';
      eventId: string;
      marketId: string;
      status: 'open' | 'suspended';
      reason: string | null;
      runners: { runnerId: string; backRateHundredths: number | null; layRateHundredths: number | null }[];
    }
  | { type: 'fancyQuote'; eventId: string; marketId: string; quote: FancyQuoteResult }
  | { type: 'settleMarket'; eventId: string; marketId: string; result: SettlementResult }
  | { type: 'removeEvent'; eventId: string };

export interface FeedConfig {
  /** How many not-yet-finished events each sport keeps (in play plus scheduled). */
  eventsPerSport: number;
  /** The first event of each sport starts this long after the feed is created. */
  firstStartMs: number;
  /** Later events of a sport start this far apart. */
  spacingMs: Record<Sport, number>;
  cricketBallMs: number;
  /** Of `cricketBallMs`, how long the ball is in the air (markets suspended). */
  ballInAirMs: number;
  inningsBreakMs: number;
  footballMinuteMs: number;
  halfTimeMs: number;
  tennisPointMs: number;
  /** How often pre-match prices move. */
  preMatchRefreshMs: number;
  /** A finished event stays listed this long, then `removeEvent`. */
  retainFinishedMs: number;
  exchange: ExchangeQuoteConfig;
  bookmaker: BookmakerConfig;
  fancy: FancyConfig;
}

export const DEFAULT_FEED: FeedConfig = {
  eventsPerSport: 3,
  firstStartMs: 60_000,
  spacingMs: { cricket: 30 * 60_000, football: 10 * 60_000, tennis: 10 * 60_000 },
  cricketBallMs: 6000,
  ballInAirMs: 2000,
  inningsBreakMs: 60_000,
  footballMinuteMs: 4000,
  halfTimeMs: 30_000,
  tennisPointMs: 3000,
  preMatchRefreshMs: 15_000,
  retainFinishedMs: 5 * 60_000,
  exchange: DEFAULT_EXCHANGE_QUOTE,
  bookmaker: DEFAULT_BOOKMAKER,
  fancy: DEFAULT_FANCY,
};

/** FEED-1: an empty feed; the first `advanceFeed` schedules the events. */
export function createFeed(seed: number): FeedState {
  return { version: 1, seed: seed >>> 0, eventCount: 0, rngState: seedFrom(seed, 'feed'), events: [] };
}

function pickTwo<T>(list: readonly T[], rng: Rng): [T, T] {
  const a = Math.floor(rng.nextFloat() * list.length);
  let b = Math.floor(rng.nextFloat() * (list.length - 1));
  if (b >= a) b += 1;
  return [list[a] as T, list[b] as T];
}

function runnerIds(marketId: string, names: readonly string[]): RunnerSpec[] {
  return names.map((name, i) => ({ runnerId: `${marketId}/r${i}`, name }));
}

function fancyMarket(eventId: string, session: FancySession): MarketSpec {
  return {
    marketId: `${eventId}/${session.id}`,
    type: 'FANCY',
    kind: 'fancy',
    name: session.name,
    runners: [],
    session,
  };
}

/** FEED-2: a new event of a sport with its markets; the simulation is created but not started. */
function newEvent(feed: FeedState, sport: Sport, startMs: number, rng: Rng): FeedEvent {
  const eventId = `${sport}-${feed.eventCount + 1}`;
  const eventRng = createRng(seedFrom(feed.seed, eventId));
  let sim: SimState;
  let league: string;
  let names: [string, string];
  const markets: MarketSpec[] = [];
  if (sport === 'cricket') {
    const teams = pickTwo(CRICKET_TEAMS, rng);
    sim = createCricketMatch(teams, toss(eventRng));
    league = CRICKET_LEAGUE;
    names = [teams[0].name, teams[1].name];
  } else if (sport === 'football') {
    const teams = pickTwo(FOOTBALL_TEAMS, rng);
    sim = createFootballMatch(teams, randomExpectedGoals(eventRng));
    league = FOOTBALL_LEAGUE;
    names = [teams[0].name, teams[1].name];
  } else {
    const players = pickTwo(TENNIS_PLAYERS, rng);
    sim = createTennisMatch(players, randomServeWin(eventRng), eventRng.nextFloat() < 0.5 ? 0 : 1);
    league = TENNIS_LEAGUE;
    names = [players[0].name, players[1].name];
  }
  const matchOdds = `${eventId}/match-odds`;
  const outcomeNames = sport === 'football' ? [names[0], 'The Draw', names[1]] : names;
  markets.push({
    marketId: matchOdds,
    type: 'EXCHANGE',
    kind: 'matchOdds',
    name: 'Match Odds',
    runners: runnerIds(matchOdds, outcomeNames),
    session: null,
  });
  const bookmaker = `${eventId}/bookmaker`;
  markets.push({
    marketId: bookmaker,
    type: 'BOOKMAKER',
    kind: 'bookmaker',
    name: 'Bookmaker',
    runners: runnerIds(bookmaker, outcomeNames),
    session: null,
  });
  if (sport === 'football') {
    const ou = `${eventId}/over-under-2.5`;
    markets.push({
      marketId: ou,
      type: 'EXCHANGE',
      kind: 'overUnder25',
      name: 'Over/Under 2.5 Goals',
      runners: runnerIds(ou, ['Over 2.5 Goals', 'Under 2.5 Goals']),
      session: null,
    });
  }
  if (sim.sport === 'cricket')
    for (const session of sessionsForInnings(sim, 0)) markets.push(fancyMarket(eventId, session));
  feed.eventCount += 1;
  return {
    eventId,
    sport,
    league,
    name: `${names[0]} v ${names[1]}`,
    startMs,
    markets,
    status: 'scheduled',
    sim,
    rngState: eventRng.state(),
    nextStepMs: startMs,
    ballRunning: false,
    driftLogOdds: 0,
    settled: [],
    finishedAtMs: null,
  };
}

function specOf(event: FeedEvent): EventSpec {
  return {
    eventId: event.eventId,
    sport: event.sport,
    league: event.league,
    name: event.name,
    startMs: event.startMs,
    markets: event.markets,
  };
}

/** Fair probabilities per kind of market, in runner order (PRICE-3: each set sums to 1). */
function fairProbabilities(event: FeedEvent, kind: 'matchOdds' | 'overUnder25'): number[] {
  const sim = event.sim;
  let base: number[];
  if (kind === 'overUnder25' && sim.sport === 'football') return footballOverUnderProbabilities(sim);
  if (sim.sport === 'cricket') base = cricketWinProbabilities(sim);
  else if (sim.sport === 'football') base = footballOutcomeProbabilities(sim);
  else base = tennisWinProbabilities(sim);
  if (event.driftLogOdds === 0 || base.some((p) => p <= 0 || p >= 1)) return base;
  // Sentiment tilts the first runner against the last; the draw (if any) keeps its weight.
  const tilted = base.map((p, i) =>
    i === 0 ? p * Math.exp(event.driftLogOdds) : i === base.length - 1 ? p * Math.exp(-event.driftLogOdds) : p,
  );
  return normalise(tilted);
}

function quoteActions(event: FeedEvent, config: FeedConfig, rng: Rng, exchangeSuspended: boolean): FeedAction[] {
  const actions: FeedAction[] = [];
  const sim = event.sim;
  for (const market of event.markets) {
    if (event.settled.includes(market.marketId)) continue;
    if (market.kind === 'matchOdds' || market.kind === 'overUnder25') {
      const probabilities = fairProbabilities(event, market.kind);
      actions.push({
        type: 'exchangeQuote',
        eventId: event.eventId,
        marketId: market.marketId,
        status: exchangeSuspended ? 'suspended' : 'open',
        runners: market.runners.map((r, i) => ({
          runnerId: r.runnerId,
          ...exchangeQuote(probabilities[i] ?? 0, rng, config.exchange),
        })),
      });
    } else if (market.kind === 'bookmaker') {
      const probabilities = fairProbabilities(event, 'matchOdds');
      const suspended = event.ballRunning || exchangeSuspended;
      actions.push({
        type: 'bookmakerQuote',
        eventId: event.eventId,
        marketId: market.marketId,
        status: suspended ? 'suspended' : 'open',
        reason: event.ballRunning ? 'BALL_RUNNING' : exchangeSuspended ? 'SUSPENDED' : null,
        runners: market.runners.map((r, i) => ({
          runnerId: r.runnerId,
          ...bookmakerRates(probabilities[i] ?? 0, config.bookmaker),
        })),
      });
    } else if (market.session && sim.sport === 'cricket') {
      actions.push({
        type: 'fancyQuote',
        eventId: event.eventId,
        marketId: market.marketId,
        quote: fancyQuote(sim, market.session, { ballRunning: event.ballRunning }, config.fancy),
      });
    }
  }
  return actions;
}

function settle(event: FeedEvent, marketId: string, result: SettlementResult): FeedAction[] {
  if (event.settled.includes(marketId)) return [];
  event.settled = [...event.settled, marketId];
  return [{ type: 'settleMarket', eventId: event.eventId, marketId, result }];
}

/** FEED-5: settle fancy sessions whose result is known, and every market once the event is over. */
function settlements(event: FeedEvent): FeedAction[] {
  const actions: FeedAction[] = [];
  const sim = event.sim;
  if (sim.sport === 'cricket') {
    for (const market of event.markets) {
      if (market.session === null) continue;
      const result = fancyResult(sim, market.session);
      if (result.status === 'settled')
        actions.push(...settle(event, market.marketId, { kind: 'runs', runs: result.runs }));
      if (result.status === 'void')
        actions.push(...settle(event, market.marketId, { kind: 'void', reason: result.reason }));
    }
  }
  if (event.status !== 'finished') return actions;
  let winnerIndex: number;
  if (sim.sport === 'cricket') winnerIndex = sim.result?.winner ?? 0;
  else if (sim.sport === 'football') winnerIndex = footballResult(sim) ?? 1;
  else winnerIndex = sim.winner ?? 0;
  for (const market of event.markets) {
    const runner = (index: number): SettlementResult => ({
      kind: 'winner',
      runnerId: (market.runners[index] as RunnerSpec).runnerId,
    });
    if (market.kind === 'matchOdds' || market.kind === 'bookmaker')
      actions.push(...settle(event, market.marketId, runner(winnerIndex)));
    if (market.kind === 'overUnder25' && sim.sport === 'football')
      actions.push(...settle(event, market.marketId, runner(sim.score[0] + sim.score[1] > 2.5 ? 0 : 1)));
    // A fancy session still open at the end (cannot happen by FANCY-5, kept as a guard) is void.
    if (market.kind === 'fancy')
      actions.push(...settle(event, market.marketId, { kind: 'void', reason: 'MATCH_ENDED' }));
  }
  return actions;
}

/** One step of an event that is due. Mutates the (already copied) event; returns its actions. */
function stepEvent(event: FeedEvent, nowMs: number, config: FeedConfig): FeedAction[] {
  const rng = createRng(event.rngState);
  const actions: FeedAction[] = [];
  const id = event.eventId;
  let exchangeSuspended = false;
  let next = nowMs;

  if (event.status === 'scheduled') {
    if (nowMs < event.startMs) {
      // FEED-3: pre-match prices wander (mean-reverting) so the book is alive.
      event.driftLogOdds = 0.9 * event.driftLogOdds + 0.12 * (2 * rng.nextFloat() - 1);
      actions.push(...quoteActions(event, config, rng, false));
      event.nextStepMs = Math.min(event.startMs, nowMs + config.preMatchRefreshMs);
      event.rngState = rng.state();
      return actions;
    }
    // FEED-4: the event goes in play.
    event.status = 'inPlay';
    const sim = event.sim;
    event.sim =
      sim.sport === 'cricket' ? startInnings(sim) : sim.sport === 'football' ? startHalf(sim) : startTennisMatch(sim);
    actions.push({ type: 'eventStatus', eventId: id, status: 'inPlay' });
    next =
      nowMs +
      (sim.sport === 'cricket'
        ? config.cricketBallMs - config.ballInAirMs
        : sim.sport === 'football'
          ? config.footballMinuteMs
          : config.tennisPointMs);
  } else if (event.status === 'inPlay') {
    event.driftLogOdds *= 0.7;
    if (Math.abs(event.driftLogOdds) < 1e-3) event.driftLogOdds = 0;
    const sim = event.sim;
    if (sim.sport === 'cricket') {
      if (sim.status === 'inningsBreak') {
        event.sim = startInnings(sim);
        for (const session of sessionsForInnings(event.sim as CricketMatchState, 1)) {
          const market = fancyMarket(id, session);
          event.markets = [...event.markets, market];
          actions.push({ type: 'createMarket', eventId: id, market });
        }
        next = nowMs + config.cricketBallMs - config.ballInAirMs;
      } else if (!event.ballRunning) {
        // FANCY-4 "ball running": suspend bookmaker and fancy while the ball is in the air.
        event.ballRunning = true;
        event.nextStepMs = nowMs + config.ballInAirMs;
        for (const a of quoteActions(event, config, rng, false)) if (a.type !== 'exchangeQuote') actions.push(a);
        event.rngState = rng.state();
        return actions;
      } else {
        event.ballRunning = false;
        const { state, ball } = nextBall(sim, rng);
        event.sim = state;
        const batting = state.innings[ball.innings];
        if (ball.wicket && batting && batting.endReason === null) {
          // FANCY-7: the next partnership's fall-of-wicket session opens.
          const market = fancyMarket(id, fallOfWicketSession(state, ball.innings, batting.wickets + 1));
          event.markets = [...event.markets, market];
          actions.push({ type: 'createMarket', eventId: id, market });
        }
        // A wicket or the end of an innings briefly suspends the exchange (one step).
        exchangeSuspended = ball.wicket || ball.inningsEnded !== null;
        if (state.status === 'finished') event.status = 'finished';
        next =
          nowMs + (state.status === 'inningsBreak' ? config.inningsBreakMs : config.cricketBallMs - config.ballInAirMs);
      }
    } else if (sim.sport === 'football') {
      if (sim.status === 'halfTime') {
        event.sim = startHalf(sim);
        next = nowMs + config.footballMinuteMs;
      } else {
        const { state, goals } = nextMinute(sim, rng);
        event.sim = state;
        exchangeSuspended = goals.length > 0;
        if (state.status === 'finished') event.status = 'finished';
        next = nowMs + (state.status === 'halfTime' ? config.halfTimeMs : config.footballMinuteMs);
      }
    } else {
      event.sim = nextPoint(sim, rng).state;
      if (event.sim.status === 'finished') event.status = 'finished';
      next = nowMs + config.tennisPointMs;
    }
  } else {
    // Finished: listed for a while, then removed.
    event.rngState = rng.state();
    return [];
  }

  actions.push({ type: 'score', eventId: id, panel: scorePanel(event.sim) });
  actions.push(...settlements(event));
  if (event.status === 'finished') {
    event.finishedAtMs = nowMs;
    actions.push({ type: 'eventStatus', eventId: id, status: 'finished' });
    event.nextStepMs = nowMs + config.retainFinishedMs;
  } else {
    actions.push(...quoteActions(event, config, rng, exchangeSuspended));
    event.nextStepMs = next;
  }
  event.rngState = rng.state();
  return actions;
}

/**
 * FEED-1..FEED-6: advance the feed to `nowMs`. Every due event takes one step (a feed that fell
 * behind, e.g. after a restart, slips its clock rather than replaying a backlog: FEED-6); finished
 * events past their listing time are removed; each sport is topped up to `eventsPerSport`
 * unfinished events. Returns the new state and the actions in the order to apply them.
 */
export function advanceFeed(
  feed: FeedState,
  nowMs: number,
  config: FeedConfig = DEFAULT_FEED,
): { feed: FeedState; actions: FeedAction[] } {
  const next: FeedState = { ...feed, events: feed.events.map((e) => ({ ...e })) };
  const actions: FeedAction[] = [];
  const kept: FeedEvent[] = [];
  for (const event of next.events) {
    if (
      event.status === 'finished' &&
      event.finishedAtMs !== null &&
      nowMs >= event.finishedAtMs + config.retainFinishedMs
    ) {
      actions.push({ type: 'removeEvent', eventId: event.eventId });
      continue;
    }
    if (nowMs >= event.nextStepMs) actions.push(...stepEvent(event, nowMs, config));
    kept.push(event);
  }
  next.events = kept;

  const rng = createRng(next.rngState);
  for (const sport of SPORTS) {
    const ofSport = next.events.filter((e) => e.sport === sport);
    let open = ofSport.filter((e) => e.status !== 'finished').length;
    let lastStart = ofSport.reduce((m, e) => Math.max(m, e.startMs), Number.NEGATIVE_INFINITY);
    while (open < config.eventsPerSport) {
      const startMs = Number.isFinite(lastStart)
        ? Math.max(nowMs + config.firstStartMs, lastStart + config.spacingMs[sport])
        : nowMs + config.firstStartMs;
      const event = newEvent(next, sport, startMs, rng);
      next.events.push(event);
      actions.push({ type: 'createEvent', event: specOf(event) });
      actions.push({ type: 'score', eventId: event.eventId, panel: scorePanel(event.sim) });
      actions.push(...quoteActions(event, config, createRng(seedFrom(event.rngState, 'quote')), false));
      event.nextStepMs = Math.min(event.startMs, nowMs + config.preMatchRefreshMs);
      lastStart = startMs;
      open += 1;
    }
  }
  next.rngState = rng.state();
  return { feed: next, actions };
}
