import { z } from 'zod';
import { rupeesToPaise } from '@khel/money';
import { envelope } from './envelope.js';
import { calendarDate } from './text.js';

/** Market types (spec §9) and states (issue: open, suspended, in-play, closed, settled, voided). */
export const marketTypeSchema = z.enum(['EXCHANGE', 'BOOKMAKER', 'FANCY']);
export type MarketType = z.infer<typeof marketTypeSchema>;
export const MARKET_STATUSES = ['open', 'suspended', 'closed', 'settled', 'voided'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];
export const EVENT_STATUSES = ['upcoming', 'in_play', 'finished', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** One price level of a ladder side: decimal odds and the amount available there (rupees). */
export const priceLevelSchema = z.object({ price: z.number(), size: z.number() });
export type PriceLevel = z.infer<typeof priceLevelSchema>;

export const runnerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** EXCHANGE: best three prices to back (the lay offers waiting), best first. */
  back: z.array(priceLevelSchema),
  /** EXCHANGE: best three prices to lay (the back offers waiting), best first. */
  lay: z.array(priceLevelSchema),
  /** BOOKMAKER: the house's rates, Indian style (45 = 45 per 100); null = not offered. */
  backRate: z.number().nullable(),
  layRate: z.number().nullable(),
  /** Settled markets: whether this runner won. */
  winner: z.boolean().nullable(),
  /**
   * EXCHANGE (issue 31, decision 0067): the backers' stake matched on this runner, rupees (exact paise
   * on the server), and the price of its last fill on this exchange (MAT-16).
   * Null on house markets; lastPriceTraded null before any fill.
   */
  tradedVolume: z.number().nullable(),
  lastPriceTraded: z.number().nullable(),
});
export type Runner = z.infer<typeof runnerSchema>;

/** FANCY: the NO and YES lines in runs with their rates (100 = even money). */
export const fancyLineSchema = z.object({
  noLine: z.number().nullable(),
  noRate: z.number().nullable(),
  yesLine: z.number().nullable(),
  yesRate: z.number().nullable(),
});
export type FancyLine = z.infer<typeof fancyLineSchema>;

export const marketSchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  name: z.string(),
  marketType: marketTypeSchema,
  status: z.enum(MARKET_STATUSES),
  inPlay: z.boolean(),
  /** Why it is suspended, e.g. BALL_RUNNING (shown as "Ball running"). */
  suspendReason: z.string().nullable(),
  /** Bumped on every state change; a delayed bet is refused if it moved. */
  version: z.number().int(),
  betDelaySeconds: z.number().int(),
  minStake: z.number(),
  maxStake: z.number(),
  maxProfit: z.number(),
  runners: z.array(runnerSchema),
  fancy: fancyLineSchema.nullable(),
  /** Settled markets: the winner's id or the run total. */
  result: z.string().nullable(),
});
export type Market = z.infer<typeof marketSchema>;

export const scoreSchema = z.object({
  sport: z.string(),
  /** Short lines for the Score panel, e.g. "IND 145/3 (16.2)", "AUS need 23 from 14 balls". */
  home: z.string(),
  away: z.string(),
  status: z.string(),
  detail: z.array(z.string()),
  updatedAt: z.string(),
});
export type Score = z.infer<typeof scoreSchema>;

const slugged = z.object({ _id: z.string(), name: z.string(), slugName: z.string() });

export const eventSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slugName: z.string(),
  sport: slugged,
  league: slugged,
  startTime: z.string(),
  status: z.enum(EVENT_STATUSES),
  inPlay: z.boolean(),
  score: scoreSchema.nullable(),
  /** The match-odds market with its best prices, for the Home lists. */
  mainMarket: marketSchema.nullable(),
  marketCount: z.number().int(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const eventDetailSchema = eventSummarySchema.extend({
  markets: z.array(marketSchema),
  /** The event's live stream URL, or null (the Tv toggle then says there is no stream). */
  streamUrl: z.string().nullable(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const sportSchema = slugged.extend({
  leagues: z.array(slugged.extend({ eventCount: z.number().int(), liveCount: z.number().int() })),
  eventCount: z.number().int(),
  liveCount: z.number().int(),
});
export type Sport = z.infer<typeof sportSchema>;

export const sportListEnvelope = envelope(z.array(sportSchema));

/**
 * An event an agent may block for its downline (issue 24, decision 0054): the upcoming and in-play
 * events its players can see, read through a back-office call every back-office role may make.
 */
export const blockableEventSchema = z.object({
  _id: z.string(),
  name: z.string(),
  sport: z.object({ _id: z.string(), name: z.string() }),
  league: z.object({ _id: z.string(), name: z.string() }),
  startTime: z.string(),
  inPlay: z.boolean(),
});
export type BlockableEvent = z.infer<typeof blockableEventSchema>;
export const blockableEventListEnvelope = envelope(z.array(blockableEventSchema));
export const eventListQuerySchema = z.object({
  sport: z.string().max(60).optional(),
  league: z.string().max(80).optional(),
  inPlay: z.enum(['true', 'false']).optional(),
});
export const eventListEnvelope = envelope(z.array(eventSummarySchema));
export const eventQuerySchema = z.object({
  sport: z.string({ error: 'sport is required' }).min(1).max(60),
  league: z.string({ error: 'league is required' }).min(1).max(80),
  event: z.string({ error: 'event is required' }).min(1).max(120),
});
export const eventEnvelope = envelope(eventDetailSchema);

/** POST /api/v1/place-bet (with an Idempotency-Key header). */
export const placeBetSchema = z.object({
  marketId: z.string({ error: 'Choose a market' }).uuid('Choose a market'),
  /** The runner (EXCHANGE, BOOKMAKER); absent for FANCY. */
  selectionId: z.string().uuid('Choose a selection').optional(),
  /** back/lay; on a FANCY market back = YES, lay = NO. */
  selectionType: z.enum(['back', 'lay'], { error: 'Choose back or lay' }),
  /** EXCHANGE: decimal odds on the ladder; BOOKMAKER: the rate (45); FANCY: the line in runs. */
  odds: z.number({ error: 'Enter the odds' }).positive('Enter the odds').max(1000),
  /** FANCY: the rate (100 = even money); BOOKMAKER: not used. */
  oddsSize: z.number().positive().max(100_000).optional(),
  stake: z
    .number({ error: 'Enter a stake' })
    .refine((value) => rupeesToPaise(value) !== null && value > 0, 'Enter a stake with at most two decimals'),
  /** EXCHANGE: keep the unmatched part when the market goes in play. */
  keepInPlay: z.boolean().optional(),
});
export type PlaceBet = z.infer<typeof placeBetSchema>;

export const BET_STATUSES = ['pending', 'unmatched', 'matched', 'cancelled', 'lapsed', 'settled', 'voided'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

/** The specification's Bet row (§3) plus the state a player needs. */
export const betRowSchema = z.object({
  _id: z.string(),
  marketId: z.string(),
  marketName: z.string(),
  selection: z.string(),
  selectionId: z.string().nullable(),
  selectionType: z.enum(['back', 'lay']),
  odds: z.number(),
  oddsSize: z.number().nullable(),
  /**
   * The price the bet actually got, in `odds`' unit: on an exchange the stake-weighted average of its
   * fills (hundredths; a back at 1.85 that filled at 2.00 says 2), the rate or line taken by the house
   * otherwise. Null while nothing is matched.
   */
  matchedOdds: z.number().nullable(),
  stake: z.number(),
  matchedStake: z.number(),
  unmatchedStake: z.number(),
  marketType: marketTypeSchema,
  status: z.enum(BET_STATUSES),
  /** Why a bet lapsed or was refused after its delay (MARKET_SUSPENDED, PRICE_MOVED, …). */
  lapseReason: z.string().nullable(),
  /** Settled: the bet's result, rupees (commission is on the market, see statements). */
  profitLoss: z.number().nullable(),
  /** For a pending in-play bet: when its delay ends. */
  delayUntil: z.string().nullable(),
  wallet: z.enum(['main', 'bonus']),
  createdAt: z.string(),
  sportId: slugged,
  leagueId: slugged,
  eventId: slugged,
  event: z.string(),
  /** A Cash Out bet: an exchange hedge leg, or the house's closing bet on a bookmaker or fancy market. */
  cashOut: z.boolean(),
});
export type BetRow = z.infer<typeof betRowSchema>;
export const betEnvelope = envelope(betRowSchema);
export const betListEnvelope = envelope(z.array(betRowSchema));
/**
 * My Bets (issue 31): open or settled, optionally of one sport (its slug), one market type and placed
 * within India dates (YYYY-MM-DD, inclusive).
 */
export const myBetsQuerySchema = z.object({
  status: z.enum(['open', 'settled']).default('open'),
  sport: z.string().trim().min(1).max(80).optional(),
  marketType: marketTypeSchema.optional(),
  start_date: calendarDate().optional(),
  end_date: calendarDate().optional(),
  /** One event's bets: the event page lists them, settled ones too (issue 31). */
  eventId: z.string().uuid('Choose an event').optional(),
});
export type MyBetsQuery = z.infer<typeof myBetsQuerySchema>;
export const betsByMarketQuerySchema = z.object({ marketId: z.string().uuid('Choose a market') });
export const cancelBetSchema = z.object({ betId: z.string({ error: 'Choose a bet' }).uuid('Choose a bet') });

/**
 * Edit an unmatched exchange bet (issue 31, decision 0067): `stake` is the new UNMATCHED stake (lower
 * only: the bet keeps its place in the queue); new `odds` move the unmatched part to a new bet at the
 * back of that price's queue. At least one of them.
 */
export const editBetSchema = z
  .object({
    betId: z.string({ error: 'Choose a bet' }).uuid('Choose a bet'),
    odds: z.number({ error: 'Enter the odds' }).positive('Enter the odds').max(1000).optional(),
    stake: z
      .number({ error: 'Enter a stake' })
      .refine((value) => rupeesToPaise(value) !== null && value > 0, 'Enter a stake with at most two decimals')
      .optional(),
  })
  .refine((body) => body.odds !== undefined || body.stake !== undefined, 'Change the odds or the stake');
export type EditBet = z.infer<typeof editBetSchema>;

// Back office: sports

/** A limit in rupees: more than zero, at most two decimals (the database refuses a zero limit too). */
const rupees = (message: string) =>
  z.number({ error: message }).refine((value) => rupeesToPaise(value) !== null && value > 0, message);

export const sportCreateSchema = z.object({ name: z.string().trim().min(1, 'Name is required').max(60) });
export const leagueCreateSchema = z.object({
  sportId: z.string().uuid('Choose a sport'),
  name: z.string().trim().min(1, 'Name is required').max(80),
});
export const eventCreateSchema = z.object({
  leagueId: z.string().uuid('Choose a league'),
  name: z.string().trim().min(3, 'Name is required').max(120),
  startTime: z.string().datetime({ error: 'Start time looks like 2026-11-21T14:00:00Z' }),
  streamUrl: z.string().url().max(500).nullable().optional(),
});
export const eventUpdateSchema = z.object({
  status: z.enum(EVENT_STATUSES).optional(),
  streamUrl: z.string().url().max(500).nullable().optional(),
  startTime: z.string().datetime().optional(),
});
/** How a market settles, in the player's words (issue 26); null on update: back to its type's rules. */
const marketRulesText = z
  .string()
  .trim()
  .min(1, 'Write the rules or leave them to the market type')
  .max(2000, 'Rules are at most 2,000 characters')
  .nullable()
  .optional();
export const marketCreateSchema = z.object({
  eventId: z.string().uuid('Choose an event'),
  marketType: marketTypeSchema,
  name: z.string().trim().min(1, 'Name is required').max(80),
  /** EXCHANGE and BOOKMAKER: at least two runners. */
  runners: z.array(z.string().trim().min(1).max(60)).max(30).default([]),
  betDelaySeconds: z.number().int().min(0).max(30).optional(),
  minStake: rupees('Enter a minimum stake above ₹0').optional(),
  maxStake: rupees('Enter a maximum stake above ₹0').optional(),
  maxProfit: rupees('Enter a maximum profit above ₹0').optional(),
  rules: marketRulesText,
});
export const marketUpdateSchema = z.object({
  status: z.enum(['open', 'suspended', 'closed']).optional(),
  inPlay: z.boolean().optional(),
  betDelaySeconds: z.number().int().min(0).max(30).optional(),
  minStake: rupees('Enter a minimum stake above ₹0').optional(),
  maxStake: rupees('Enter a maximum stake above ₹0').optional(),
  maxProfit: rupees('Enter a maximum profit above ₹0').optional(),
  rules: marketRulesText,
});
/** GET /api/v1/markets/:marketId/rules: what a market's Rules show. */
export const marketRulesParamsSchema = z.object({ marketId: z.string().uuid('Market not found') });
export const marketRulesSchema = z.object({
  marketId: z.string(),
  name: z.string(),
  rules: z.string(),
  /** True when the market has its own rules (a feed's or an operator's); false: its type's. */
  own: z.boolean(),
});
export type MarketRules = z.infer<typeof marketRulesSchema>;
export const marketRulesEnvelope = envelope(marketRulesSchema);
/**
 * A crossed quote is a sure profit for players (issue 9): a bookmaker lay rate below its back rate, or
 * a fancy YES line below its NO line. One rule, used by the forms (zod) and by the server's service,
 * which the demo feed goes through too. Either side may be unoffered (null).
 */
export const QUOTE_MESSAGES = {
  layBelowBack: 'The lay rate must not be below the back rate',
  yesBelowNo: 'The YES line must not be below the NO line',
} as const;
export function bookmakerRatesCrossed(back: number | null, lay: number | null): boolean {
  return back !== null && lay !== null && lay < back;
}
export function fancyLinesCrossed(noLine: number | null, yesLine: number | null): boolean {
  return noLine !== null && yesLine !== null && yesLine < noLine;
}

const bookmakerRunnerRatesSchema = z
  .object({
    runnerId: z.string().uuid(),
    backRate: z.number().int().min(1).max(10_000).nullable(),
    layRate: z.number().int().min(1).max(10_000).nullable(),
  })
  .refine((runner) => !bookmakerRatesCrossed(runner.backRate, runner.layRate), {
    message: QUOTE_MESSAGES.layBelowBack,
    path: ['layRate'],
  });
export const bookmakerRatesSchema = z.object({ runners: z.array(bookmakerRunnerRatesSchema).min(1) });
export const fancyLineUpdateSchema = z
  .object({
    noLine: z.number().int().min(0).max(1000),
    noRate: z.number().int().min(1).max(1000),
    yesLine: z.number().int().min(0).max(1000),
    yesRate: z.number().int().min(1).max(1000),
  })
  .refine((line) => !fancyLinesCrossed(line.noLine, line.yesLine), {
    message: QUOTE_MESSAGES.yesBelowNo,
    path: ['yesLine'],
  });
/** Declare the result: a winning runner (EXCHANGE, BOOKMAKER) or the run total (FANCY). */
export const settleMarketSchema = z.object({
  winnerId: z.string().uuid().optional(),
  runs: z.number().int().min(0).max(2000).optional(),
});
export const voidMarketSchema = z.object({ reason: z.string().trim().min(1, 'Give a reason').max(200) });
/** Void one bet (issue 28, decision 0055): a late bet, a wrong rate, a ghost bet. */
export const voidBetSchema = z.object({ reason: z.string().trim().min(1, 'Give a reason').max(200) });
/**
 * Void the bets of one market in bulk: a player's, those struck in a time window (ISO times, inclusive),
 * or a player's inside a window. Something must narrow it: voiding every bet is voiding the market.
 */
export const bulkVoidBetsSchema = z
  .object({
    marketId: z.string().uuid(),
    userId: z.string().uuid().optional(),
    from: z.string().datetime({ offset: true }).optional(),
    to: z.string().datetime({ offset: true }).optional(),
    reason: z.string().trim().min(1, 'Give a reason').max(200),
  })
  .refine((body) => body.userId !== undefined || body.from !== undefined || body.to !== undefined, {
    message: 'Choose a player or a time window (to void every bet, void the market)',
    path: ['userId'],
  });
/** What a void of bets did: voided at once, or declared for a second operator. */
export const betVoidSchema = z.object({
  marketId: z.string(),
  betIds: z.array(z.string()),
  status: z.enum(['voided', 'declared']),
});
export type BetVoid = z.infer<typeof betVoidSchema>;
export const betVoidEnvelope = envelope(betVoidSchema);
/** Correcting a settled result always needs a reason and a second operator (issue 9). */
export const correctMarketSchema = settleMarketSchema.extend({
  reason: z.string().trim().min(1, 'Give a reason for the correction').max(200),
});
export const rejectResultSchema = z.object({ reason: z.string().trim().min(1, 'Give a reason').max(200) });

/**
 * A result waiting for a second operator (maker-checker, decision 0010): a declaration when the desk
 * setting asks for confirmation, or a correction of a settled result (always).
 */
export const pendingResultSchema = z.object({
  _id: z.string(),
  /**
   * settle: a result; correct: a new result (or a void) for a settled market; void: an unsettled market
   * with bets; void_bets: some bets of the market (decision 0055).
   */
  kind: z.enum(['settle', 'correct', 'void', 'void_bets']),
  marketId: z.string(),
  marketName: z.string(),
  marketType: marketTypeSchema,
  eventId: z.string(),
  eventName: z.string(),
  /** The winner's name or "N runs". */
  result: z.string(),
  winnerId: z.string().nullable(),
  runs: z.number().int().nullable(),
  /** A correction: the result it replaces. */
  previousResult: z.string().nullable(),
  reason: z.string().nullable(),
  declaredBy: z.string(),
  declaredByName: z.string(),
  declaredAt: z.string(),
});
export type PendingResult = z.infer<typeof pendingResultSchema>;
export const pendingResultEnvelope = envelope(pendingResultSchema);
export const pendingResultListEnvelope = envelope(z.array(pendingResultSchema));

/** The sports desk's switches; only a director changes them. */
export const sportsDeskSettingsSchema = z.object({
  /** A declared result waits for a different operator's confirmation before settlement runs. */
  resultsNeedConfirmation: z.boolean(),
});
export type SportsDeskSettings = z.infer<typeof sportsDeskSettingsSchema>;
export const sportsDeskSettingsUpdateSchema = sportsDeskSettingsSchema;
export const sportsDeskSettingsEnvelope = envelope(sportsDeskSettingsSchema);

export const marketBookSchema = z.object({
  market: marketSchema,
  /** Every bet on the market (house liquidity aside). */
  bets: z.array(
    betRowSchema.extend({ player: z.object({ _id: z.string(), name: z.string(), mobile_no: z.string() }) }),
  ),
  /** The house's result if each runner (or run total band) won, rupees. */
  houseExposure: z.array(z.object({ outcome: z.string(), profitLoss: z.number() })),
});
export const marketBookEnvelope = envelope(marketBookSchema);
export const marketEnvelope = envelope(marketSchema);
