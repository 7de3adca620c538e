/**
 * A real match replayed ball by ball as the simulator's feed actions (`FEED=cricsheet:<file>`): the
 * event with its Bookmaker and the panels' markets, the score panel after every delivery, the house's
 * quotes from the live state by the simulator's pricing model, a suspension while each ball is in
 * progress, and each market settled (or voided) by `settleMarket` the moment the deliveries decide it.
 *
 * Pure: `open()` is the event before the first ball, then for each delivery `bowling(n)` (the ball is
 * in progress: lines suspend) and `bowled(n)` (its effects). The server plays them on a timer.
 */
import {
  bookmakerRates,
  cricketScorePanel,
  cricketWinProbabilities,
  expectedRunsToNextWicket,
  expectedRunsUntil,
  fancyLines,
  fancyQuote,
  DEFAULT_BOOKMAKER,
  DEFAULT_FANCY,
} from '@khel/sports-sim';
import type { FancyQuoteResult, FancySession, FeedAction, MarketSpec, SettlementResult } from '@khel/sports-sim';
import {
  batterMarket,
  fallOfWicketMarket,
  inningsMarkets,
  isLineMarket,
  matchMarkets,
  overRunsMarket,
  runnersOf,
  settleMarket,
} from './fancy-markets.js';
import type { FancyMarketSpec } from './fancy-markets.js';
import { batterOutAt, batterRuns, legalBalls } from './innings-facts.js';
import type { MatchRecord } from './match-record.js';
import { matchAfter, matchDeliveries } from './progress.js';
import { simState } from './sim-state.js';

export interface CricsheetFeedConfig {
  /** Our event's feed id (unique per replay). */
  eventId: string;
  league: string;
  /** Appended to the event's name, e.g. "(replay of 26 May 2026)". */
  label: string;
}

/** The house's probability of a tie in a T20 (about 1 match in 100 is tied); of no result, 3 in 100. */
export const TIE_PROBABILITY = 0.01;
export const NO_RESULT_PROBABILITY = 0.03;
/** The highest rate a bet slip takes (the contract's `odds` ceiling). */
export const MAX_RATE = 1000;

/**
 * The two-way markets quote long shots (a tie) beyond the Bookmaker's ceiling: a back rate above the
 * slip's ceiling is offered at the ceiling (less than fair: the house's side), a lay rate above it not at all.
 */
function longShotRates(probability: number) {
  const rates = bookmakerRates(probability, { ...DEFAULT_BOOKMAKER, maxRate: Number.MAX_SAFE_INTEGER });
  const cap = MAX_RATE * 100;
  return {
    backRateHundredths: rates.backRateHundredths === null ? null : Math.min(rates.backRateHundredths, cap),
    layRateHundredths:
      rates.layRateHundredths !== null && rates.layRateHundredths <= cap ? rates.layRateHundredths : null,
  };
}

/** A market of the replay: its spec (how it settles, its rules) and our market's feed id. */
export interface ReplayMarket {
  marketId: string;
  spec: FancyMarketSpec;
}

/** "(replay of 26 May 2026)". */
export function cricsheetLabel(match: MatchRecord): string {
  const at = new Date(`${match.date}T00:00:00Z`);
  const date = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `(replay of ${date})`;
}

export function createCricsheetFeed(match: MatchRecord, config: CricsheetFeedConfig) {
  const { eventId } = config;
  const total = matchDeliveries(match);
  const markets = new Map<string, ReplayMarket>();
  const decided = new Set<string>();
  const last = new Map<string, string>();
  const ref = (suffix: string) => `${eventId}/${suffix}`;
  const bookmakerId = ref('bookmaker');

  const once = (marketId: string, key: string, action: FeedAction): FeedAction[] => {
    if (last.get(marketId) === key) return [];
    last.set(marketId, key);
    return [action];
  };

  function marketSpec(spec: FancyMarketSpec): MarketSpec {
    const line = isLineMarket(spec);
    const runners = runnersOf(match, spec).map((name) => ({ runnerId: name, name }));
    const session: FancySession | null =
      spec.kind === 'overs'
        ? { id: spec.id, innings: spec.innings as 0 | 1, name: spec.name, kind: 'overs', overs: spec.overs }
        : spec.kind === 'fallOfWicket'
          ? { id: spec.id, innings: spec.innings as 0 | 1, name: spec.name, kind: 'fallOfWicket', wicket: spec.wicket }
          : null;
    return {
      marketId: ref(spec.id),
      type: line ? 'FANCY' : 'BOOKMAKER',
      kind: line ? 'fancy' : 'bookmaker',
      name: spec.name,
      runners,
      session,
      rules: spec.rules,
    };
  }

  function add(spec: FancyMarketSpec): FeedAction[] {
    const marketId = ref(spec.id);
    if (markets.has(marketId)) return [];
    markets.set(marketId, { marketId, spec });
    return [{ type: 'createMarket', eventId, market: marketSpec(spec) }];
  }

  /** Markets offered once `bowled` deliveries are known: each innings' sessions once it started, the
   * fall of the next wicket, the batters at the crease, the next over. */
  function offered(bowled: number): FancyMarketSpec[] {
    const now = matchAfter(match, bowled);
    const specs: FancyMarketSpec[] = [];
    for (const [index, innings] of now.innings.entries()) {
      if (innings.superOver) continue;
      specs.push(...inningsMarkets(index, innings.team));
      if (innings.finished) continue;
      const wickets = innings.deliveries.reduce((n, d) => n + d.wicketsOut.length, 0);
      if (wickets < 10) specs.push(fallOfWicketMarket(index, innings.team, wickets + 1));
      const lastBall = innings.deliveries.at(-1);
      const next = match.innings[index]!.deliveries[innings.deliveries.length];
      for (const batter of [next?.batter, next?.nonStriker]) if (batter) specs.push(batterMarket(index, batter));
      if (next !== undefined && next.over !== lastBall?.over)
        specs.push(overRunsMarket(index, innings.team, next.over + 1));
    }
    return specs;
  }

  function lineQuote(spec: FancyMarketSpec, bowled: number, ballRunning: boolean): FancyQuoteResult {
    const state = simState(match, bowled);
    if (spec.kind === 'overs' || spec.kind === 'fallOfWicket') {
      const session = marketSpec(spec).session!;
      return fancyQuote(state, session, { ballRunning });
    }
    if (spec.kind !== 'batter' && spec.kind !== 'overRuns') return { status: 'closed' };
    const now = matchAfter(match, bowled);
    const record = now.innings[spec.innings];
    const innings = state.innings[spec.innings];
    if (
      record === undefined ||
      innings === undefined ||
      state.innings.length - 1 !== spec.innings ||
      state.status !== 'inPlay'
    )
      return { status: 'suspended', reason: 'NOT_STARTED' };
    if (ballRunning) return { status: 'suspended', reason: 'BALL_RUNNING' };
    let projected: number;
    if (spec.kind === 'batter') {
      if (batterOutAt(record, spec.batter) !== null) return { status: 'closed' };
      // The batter's share of the expected partnership until the next wicket.
      projected = batterRuns(record, spec.batter) + expectedRunsToNextWicket(innings.legalBalls, innings.wickets) / 2;
    } else {
      const inOver = record.deliveries.filter((d) => d.over === spec.overs - 1);
      const ballsLeft = spec.overs * match.ballsPerOver - innings.legalBalls;
      if (ballsLeft <= DEFAULT_FANCY.closeBeforeBalls) return { status: 'suspended', reason: 'SESSION_CLOSING' };
      projected =
        inOver.reduce((n, d) => n + d.totalRuns, 0) +
        expectedRunsUntil(innings.legalBalls, innings.wickets, spec.overs * match.ballsPerOver);
      if (legalBalls(inOver) === 0 && innings.legalBalls < (spec.overs - 1) * match.ballsPerOver)
        return { status: 'suspended', reason: 'NOT_STARTED' };
    }
    const { noLineRuns, yesLineRuns } = fancyLines(projected, DEFAULT_FANCY.gapRuns);
    return {
      status: 'open',
      noLineRuns,
      noRateHundredths: DEFAULT_FANCY.noRateHundredths,
      yesLineRuns,
      yesRateHundredths: DEFAULT_FANCY.yesRateHundredths,
      projectedRunsTenths: Math.round(projected * 10),
    };
  }

  function twoWayProbabilities(spec: FancyMarketSpec): number[] {
    if (spec.kind === 'tiedMatch') return [TIE_PROBABILITY, 1 - TIE_PROBABILITY];
    if (spec.kind === 'completedMatch') return [1 - NO_RESULT_PROBABILITY, NO_RESULT_PROBABILITY];
    return [0.5, 0.5]; // toss, odd/even
  }

  function twoWayQuote(market: ReplayMarket, bowled: number, ballRunning: boolean): FeedAction[] {
    const { spec } = market;
    const runners = runnersOf(match, spec);
    // Toss is traded before the first ball only; odd/even while its session is open.
    const closed =
      (spec.kind === 'toss' && bowled > 0) ||
      (spec.kind === 'oddEven' && lineQuote({ ...spec, kind: 'overs' }, bowled, false).status !== 'open');
    const suspended = ballRunning || closed;
    const probabilities = twoWayProbabilities(spec);
    const action: FeedAction = {
      type: 'bookmakerQuote',
      eventId,
      marketId: market.marketId,
      status: suspended ? 'suspended' : 'open',
      reason: suspended ? (ballRunning ? 'BALL_RUNNING' : 'SUSPENDED') : null,
      runners: runners.map((runnerId, i) => ({ runnerId, ...longShotRates(probabilities[i]!) })),
    };
    return once(market.marketId, JSON.stringify([action.status, action.runners]), action);
  }

  function bookmaker(bowled: number, ballRunning: boolean): FeedAction[] {
    if (decided.has(bookmakerId)) return [];
    const state = simState(match, bowled);
    const probabilities = cricketWinProbabilities(state);
    const action: FeedAction = {
      type: 'bookmakerQuote',
      eventId,
      marketId: bookmakerId,
      status: ballRunning ? 'suspended' : 'open',
      reason: ballRunning ? 'BALL_RUNNING' : null,
      runners: match.teams.map((team, i) => ({ runnerId: team, ...bookmakerRates(probabilities[i]!) })),
    };
    return once(bookmakerId, JSON.stringify([action.status, action.runners]), action);
  }

  function settleOrQuote(bowled: number, ballRunning: boolean): FeedAction[] {
    const now = matchAfter(match, bowled);
    const actions: FeedAction[] = [];
    for (const market of markets.values()) {
      if (decided.has(market.marketId)) continue;
      const settlement = settleMarket(now, market.spec);
      if (settlement.kind !== 'pending') {
        decided.add(market.marketId);
        const result: SettlementResult =
          settlement.kind === 'runs'
            ? { kind: 'runs', runs: settlement.runs }
            : settlement.kind === 'winner'
              ? { kind: 'winner', runnerId: settlement.runner }
              : { kind: 'void', reason: settlement.reason };
        actions.push({ type: 'settleMarket', eventId, marketId: market.marketId, result });
        continue;
      }
      if (isLineMarket(market.spec)) {
        const quote = lineQuote(market.spec, bowled, ballRunning);
        actions.push(
          ...once(market.marketId, JSON.stringify(quote), {
            type: 'fancyQuote',
            eventId,
            marketId: market.marketId,
            quote,
          }),
        );
      } else actions.push(...twoWayQuote(market, bowled, ballRunning));
    }
    return actions;
  }

  /** Delivery n was bowled: the score, settlements, fresh quotes; at the last, the result. */
  function bowled(n: number): FeedAction[] {
    const state = simState(match, n);
    const actions: FeedAction[] = [{ type: 'score', eventId, panel: cricketScorePanel(state) }];
    for (const spec of offered(n)) actions.push(...add(spec));
    if (n >= total && !decided.has(bookmakerId)) {
      decided.add(bookmakerId);
      const o = match.outcome;
      const winner = o.kind === 'win' ? o.winner : o.kind === 'tie' ? o.superOverWinner : null;
      actions.push({
        type: 'settleMarket',
        eventId,
        marketId: bookmakerId,
        result: winner ? { kind: 'winner', runnerId: winner } : { kind: 'void', reason: 'NO_RESULT' },
      });
    }
    actions.push(...bookmaker(n, false), ...settleOrQuote(n, false));
    if (n >= total) actions.push({ type: 'eventStatus', eventId, status: 'finished' });
    return actions;
  }

  return {
    deliveries: total,
    markets,
    /** Before the first ball: the event, its markets, their first quotes. */
    open(startMs: number): FeedAction[] {
      const name = `${match.teams.join(' v ')} ${config.label}`.trim();
      const bookmakerMarket: MarketSpec = {
        marketId: bookmakerId,
        type: 'BOOKMAKER',
        kind: 'bookmaker',
        name: 'Bookmaker',
        runners: match.teams.map((team) => ({ runnerId: team, name: team })),
        session: null,
        rules:
          'Settles on the winner of the match (a super over decides a tie). Tied with no super over, or no result: void.',
      };
      const actions: FeedAction[] = [
        {
          type: 'createEvent',
          event: { eventId, sport: 'cricket', league: config.league, name, startMs, markets: [bookmakerMarket] },
        },
      ];
      for (const spec of matchMarkets()) actions.push(...add(spec));
      actions.push(...bookmaker(0, false));
      // The toss is traded before it is known; it settles with the first ball.
      for (const market of markets.values()) actions.push(...twoWayQuote(market, 0, false));
      return actions;
    },
    /** Delivery n (1-based) is being bowled: the event's lines suspend (ball running). */
    bowling(n: number): FeedAction[] {
      const actions: FeedAction[] = [];
      if (n === 1) actions.push({ type: 'eventStatus', eventId, status: 'inPlay' });
      for (const spec of offered(n - 1)) actions.push(...add(spec));
      return [...actions, ...bookmaker(n - 1, true), ...settleOrQuote(n - 1, true)];
    },
    /**
     * From `from` deliveries bowled to `to` in one step, as a feed that fell behind (a reconnect) catches
     * up: every market offered on the way is created, then the state after delivery `to` as `bowled(to)`
     * gives it: the score, each market decided by then settled from the deliveries, fresh quotes. No
     * ball-running suspension in between (no ball is in progress once caught up).
     */
    catchUp(from: number, to: number): FeedAction[] {
      const actions: FeedAction[] = [];
      if (from < 1 && to >= 1) actions.push({ type: 'eventStatus', eventId, status: 'inPlay' });
      for (let count = from; count < to; count++) for (const spec of offered(count)) actions.push(...add(spec));
      return [...actions, ...bowled(to)];
    },
    /** Delivery n was bowled: the score, settlements, fresh quotes; at the last, the result. */
    bowled,
  };
}
