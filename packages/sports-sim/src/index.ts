/**
 * @khel/sports-sim — the one public entry. Pure, seeded simulation for the demo feed: no I/O, no
 * clock; randomness only through an explicit `Rng`. Every state is plain JSON, so the server can
 * persist it and resume. Rules are in SPEC.md; tests cite their ids.
 */
export { createRng, pickWeighted, randomInt, seedFrom, type Rng } from './rng.js';
export { MAX_LADDER_PRICE, MIN_LADDER_PRICE, isLadderPrice, ladderPrices } from './ladder.js';
export {
  BALLS_PER_INNINGS,
  BALLS_PER_OVER,
  OVERS_PER_INNINGS,
  WICKETS_PER_INNINGS,
  chaseWinProbability,
  deliveryOutcomes,
  expectedRunsUntil,
  firstInningsWinProbability,
  reachProbability,
  type DeliveryKind,
  type DeliveryOutcome,
} from './cricket-model.js';
export {
  createCricketMatch,
  currentInnings,
  nextBall,
  oversText,
  playInnings,
  simulateMatch,
  startInnings,
  toss,
  type Ball,
  type CricketMargin,
  type CricketMatchState,
  type CricketResult,
  type CricketStatus,
  type CricketTeam,
  type InningsEndReason,
  type InningsState,
  type TeamIndex,
} from './cricket.js';
export { cricketWinProbabilities } from './cricket-odds.js';
export {
  DEFAULT_FANCY,
  SESSION_OVERS,
  fancyLines,
  fancyProjection,
  fancyQuote,
  fancyResult,
  fancySessions,
  sessionsForInnings,
  type FancyConfig,
  type FancyQuoteResult,
  type FancyResult,
  type FancySession,
  type FancySuspendReason,
} from './fancy.js';
export {
  DEFAULT_BOOKMAKER,
  DEFAULT_EXCHANGE_QUOTE,
  bookmakerRates,
  exchangeQuote,
  fairOddsHundredths,
  houseOffers,
  normalise,
  type BookmakerConfig,
  type BookmakerRates,
  type ExchangeQuoteConfig,
  type ExchangeRunnerQuote,
  type HouseOffer,
  type LadderLevel,
} from './prices.js';
export {
  MINUTES_PER_HALF,
  MINUTES_PER_MATCH,
  createFootballMatch,
  footballOutcomeProbabilities,
  footballOverUnderProbabilities,
  footballResult,
  nextMinute,
  randomExpectedGoals,
  startHalf,
  type FootballMatchState,
  type FootballStatus,
  type FootballTeam,
  type Goal,
} from './football.js';
export {
  SETS_TO_WIN,
  createTennisMatch,
  nextPoint,
  pointServer,
  pointsText,
  randomServeWin,
  startTennisMatch,
  tennisWinProbabilities,
  type TennisMatchState,
  type TennisPlayer,
  type TennisStatus,
} from './tennis.js';
export {
  cricketScorePanel,
  footballScorePanel,
  scorePanel,
  tennisScorePanel,
  type CricketScorePanel,
  type CricketTeamScore,
  type FootballScorePanel,
  type ScorePanel,
  type TennisPlayerScore,
  type TennisScorePanel,
} from './score-panel.js';
export { CRICKET_LEAGUE, CRICKET_TEAMS, FOOTBALL_LEAGUE, FOOTBALL_TEAMS, TENNIS_LEAGUE, TENNIS_PLAYERS } from './catalogue.js';
export {
  DEFAULT_FEED,
  SPORTS,
  advanceFeed,
  createFeed,
  type EventSpec,
  type FeedAction,
  type FeedConfig,
  type FeedEvent,
  type FeedState,
  type MarketKind,
  type MarketSpec,
  type MarketType,
  type RunnerSpec,
  type SettlementResult,
  type SimState,
  type Sport,
} from './feed.js';
