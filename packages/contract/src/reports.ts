import { z } from 'zod';
import { rupeesToPaise } from '@khel/money';
import { BET_STATUSES } from './sports.js';
import { envelope } from './envelope.js';
import { calendarDate } from './text.js';

/**
 * The reports every operator opens daily and the risk view (issue 12, decision 0021). Each covers the
 * caller's scope: the whole site for DIRECTOR and SUPPORT_ADMIN, the accounts below an agent for
 * AGENT and CREDIT_AGENT. Dates are India calendar days (PRODUCT.md §2); money is rupees on the wire.
 */

const DAY_MS = 86_400_000;
const reportDate = calendarDate('Dates look like 2026-11-21');
/** The longest range a report covers at once: a year and a day (a leap year's worth of days). */
export const REPORT_MAX_DAYS = 366;

const dateRange = {
  start_date: reportDate.optional(),
  end_date: reportDate.optional(),
};
type DateRange = { start_date?: string | undefined; end_date?: string | undefined };
const rangeInOrder = (query: DateRange) =>
  query.start_date === undefined || query.end_date === undefined || query.start_date <= query.end_date;
const rangeNotTooLong = (query: DateRange) =>
  query.start_date === undefined ||
  query.end_date === undefined ||
  (Date.parse(query.end_date) - Date.parse(query.start_date)) / DAY_MS < REPORT_MAX_DAYS;
const RANGE_ORDER = { message: 'The start date must not be after the end date', path: ['start_date'] };
const RANGE_LENGTH = { message: `A report covers at most ${REPORT_MAX_DAYS} days`, path: ['start_date'] };

/** start_date/end_date (India days, inclusive); without them, the last 30 days up to today. */
export const reportRangeQuerySchema = z
  .object(dateRange)
  .refine(rangeInOrder, RANGE_ORDER)
  .refine(rangeNotTooLong, RANGE_LENGTH);
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

export const SPORTS_PNL_GROUPS = ['sport', 'event', 'market', 'day'] as const;
export type SportsPnlGroup = (typeof SPORTS_PNL_GROUPS)[number];
export const CASINO_PNL_GROUPS = ['game', 'provider', 'day'] as const;
export type CasinoPnlGroup = (typeof CASINO_PNL_GROUPS)[number];

export const sportsPnlQuerySchema = z
  .object({ ...dateRange, groupBy: z.enum(SPORTS_PNL_GROUPS).default('sport') })
  .refine(rangeInOrder, RANGE_ORDER)
  .refine(rangeNotTooLong, RANGE_LENGTH);
export const casinoPnlQuerySchema = z
  .object({ ...dateRange, groupBy: z.enum(CASINO_PNL_GROUPS).default('game') })
  .refine(rangeInOrder, RANGE_ORDER)
  .refine(rangeNotTooLong, RANGE_LENGTH);

/**
 * One line of a P&L report, in the house's view: `housePnl` is what the players lost (positive: the
 * site won). Sports lines count settled bets by the India day they settled; casino lines count
 * finished rounds by the day they finished.
 */
export const pnlRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Where the line belongs (sport › league › event), empty for sports and days. */
  context: z.string(),
  bets: z.number().int(),
  players: z.number().int(),
  /** Total stakes, rupees. */
  turnover: z.number(),
  housePnl: z.number(),
});
export type PnlRow = z.infer<typeof pnlRowSchema>;
export const pnlReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(pnlRowSchema),
  total: z.object({ bets: z.number().int(), players: z.number().int(), turnover: z.number(), housePnl: z.number() }),
});
export type PnlReport = z.infer<typeof pnlReportSchema>;
export const pnlReportEnvelope = envelope(pnlReportSchema);

const statusTotals = z.object({ count: z.number().int(), amount: z.number() });
/** Deposits and withdrawals requested on an India day, by their status now. */
export const paymentsDayRowSchema = z.object({
  date: z.string(),
  deposits: z.object({ approved: statusTotals, pending: statusTotals, rejected: statusTotals }),
  withdrawals: z.object({ approved: statusTotals, pending: statusTotals, rejected: statusTotals }),
});
export type PaymentsDayRow = z.infer<typeof paymentsDayRowSchema>;
export const paymentsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(paymentsDayRowSchema),
  total: paymentsDayRowSchema.omit({ date: true }),
});
export type PaymentsReport = z.infer<typeof paymentsReportSchema>;
export const paymentsReportEnvelope = envelope(paymentsReportSchema);

/** Players who placed a bet or played a casino round on the day, and accounts opened that day. */
export const playersDayRowSchema = z.object({
  date: z.string(),
  activePlayers: z.number().int(),
  newPlayers: z.number().int(),
});
export type PlayersDayRow = z.infer<typeof playersDayRowSchema>;
export const playersReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(playersDayRowSchema),
  total: z.object({ activePlayers: z.number().int(), newPlayers: z.number().int() }),
});
export type PlayersReport = z.infer<typeof playersReportSchema>;
export const playersReportEnvelope = envelope(playersReportSchema);

/** One runner of an open market in the risk view: the scope's players' matched result if it wins. */
export const exposureRunnerSchema = z.object({
  runnerId: z.string(),
  name: z.string(),
  /** Positive: the scope's players win this much if the runner wins (the site pays); negative: they lose it. */
  playersIfWins: z.number(),
  /** The runner whose win costs the site the most (the players' best outcome); one per market. */
  worst: z.boolean(),
});
/**
 * An open market (not settled or voided) where the scope's players hold a position. `liability` is the
 * sum of their reserved exposures (≤ 0, what they stand to lose at most, unmatched offers included);
 * `worstCase` is the house's result on the worst runner (null for fancy lines, which have no runners).
 */
export const exposureMarketSchema = z.object({
  marketId: z.string(),
  market: z.string(),
  marketType: z.enum(['EXCHANGE', 'BOOKMAKER', 'FANCY']),
  status: z.string(),
  event: z.string(),
  sport: z.string(),
  players: z.number().int(),
  liability: z.number(),
  worstCase: z.number().nullable(),
  runners: z.array(exposureRunnerSchema),
});
export type ExposureMarket = z.infer<typeof exposureMarketSchema>;
/**
 * One credit agent or credit player in the risk view (PRODUCT.md §9, decision 0026), over its subtree:
 * the credit given to it (its Credit Ref) and the credit in use — the open bets' exposure plus the
 * losses not yet settled (a negative Ref P&L). Rupees; `utilisation` is used ÷ given, null when no
 * credit is given.
 */
export const creditUtilisationRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  role: z.number().int(),
  uplineId: z.string().nullable(),
  creditGiven: z.number(),
  exposure: z.number(),
  losses: z.number(),
  used: z.number(),
  utilisation: z.number().nullable(),
});
export type CreditUtilisationRow = z.infer<typeof creditUtilisationRowSchema>;
/**
 * The scope's credit: totals over the highest credit accounts in it (each counts its own downline once)
 * and the rows, most used first (at most `CREDIT_UTILISATION_ROWS`; `accounts` counts them all).
 */
export const creditUtilisationSchema = z.object({
  creditGiven: z.number(),
  exposure: z.number(),
  losses: z.number(),
  used: z.number(),
  utilisation: z.number().nullable(),
  accounts: z.number().int(),
  rows: z.array(creditUtilisationRowSchema),
});
export type CreditUtilisation = z.infer<typeof creditUtilisationSchema>;
export const CREDIT_UTILISATION_ROWS = 100;
export const exposureReportSchema = z.object({
  asOf: z.string(),
  markets: z.array(exposureMarketSchema),
  totalLiability: z.number(),
  /** Credit given vs used per credit agent and credit player in the scope; null when it holds none. */
  creditUtilisation: creditUtilisationSchema.nullable(),
});
export type ExposureReport = z.infer<typeof exposureReportSchema>;
export const exposureReportEnvelope = envelope(exposureReportSchema);

/** open = waiting, unmatched or matched (not yet settled); the rest as the bet's own status. */
export const BET_LIST_STATUSES = ['open', ...BET_STATUSES] as const;
export type BetListStatus = (typeof BET_LIST_STATUSES)[number];

const wireRupees = z.coerce
  .number()
  .min(0, 'Amounts are not negative')
  .max(100_000_000, 'Amount too large')
  .refine((value) => rupeesToPaise(value) !== null, 'Amounts have at most two decimals');
const paging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

/** The risk manager's bet list: who, which market, stake between, placed between (India days), status. */
export const betListQuerySchema = z
  .object({
    ...dateRange,
    ...paging,
    player: z
      .string()
      .trim()
      .max(80, 'At most 80 characters')
      .regex(/^[^\p{Cc}]*$/u, 'Remove the special characters')
      .optional(),
    marketId: z.string().uuid('Unknown market').optional(),
    minStake: wireRupees.optional(),
    maxStake: wireRupees.optional(),
    status: z.enum(BET_LIST_STATUSES).optional(),
  })
  .refine(rangeInOrder, RANGE_ORDER)
  .refine(rangeNotTooLong, RANGE_LENGTH)
  .refine((query) => query.minStake === undefined || query.maxStake === undefined || query.minStake <= query.maxStake, {
    message: 'The smallest stake must not be above the largest',
    path: ['minStake'],
  });
export type BetListQuery = z.infer<typeof betListQuerySchema>;

export const reportBetSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  username: z.string(),
  sport: z.string(),
  event: z.string(),
  marketId: z.string(),
  market: z.string(),
  marketType: z.enum(['EXCHANGE', 'BOOKMAKER', 'FANCY']),
  runner: z.string().nullable(),
  side: z.enum(['back', 'lay']),
  /** Decimal odds (exchange), the rate (bookmaker, fancy). */
  odds: z.number().nullable(),
  /** The price the matched part got, in `odds`' unit: an exchange bet's stake-weighted average of its fills; null while nothing matched. */
  matchedOdds: z.number().nullable(),
  lineRuns: z.number().int().nullable(),
  stake: z.number(),
  matched: z.number(),
  status: z.enum(BET_STATUSES),
  /** The player's result once settled (voided: 0); null while open. */
  profitLoss: z.number().nullable(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type ReportBet = z.infer<typeof reportBetSchema>;
export const reportBetPageSchema = z.object({
  items: z.array(reportBetSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReportBetPage = z.infer<typeof reportBetPageSchema>;
export const reportBetPageEnvelope = envelope(reportBetPageSchema);

/** A player's bet history: finished bets (settled, voided, cancelled, lapsed) placed in the range. */
export const playerBetHistoryQuerySchema = z
  .object({ ...dateRange, ...paging })
  .refine(rangeInOrder, RANGE_ORDER)
  .refine(rangeNotTooLong, RANGE_LENGTH);
export const pageQuerySchema = z.object(paging);

/** One session the account opened: when, from where, on what. */
export const signInSchema = z.object({
  _id: z.string(),
  at: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  lastSeenAt: z.string(),
  /** When it ended (logout, password change, operator lock) and why; null while live or simply expired. */
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
  expiresAt: z.string(),
});
export type SignIn = z.infer<typeof signInSchema>;
export const signInPageSchema = z.object({
  items: z.array(signInSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SignInPage = z.infer<typeof signInPageSchema>;
export const signInPageEnvelope = envelope(signInPageSchema);

/**
 * Party win/loss (issue 28, decision 0056): each account directly below a parent with its whole
 * subtree's result over India dates, from the journal, in rupees from the downline's side (+ the
 * downline won, − it lost). Sports split by market type; casino in total and by provider (decision 0065).
 */
export const partyPnlFiguresSchema = z.object({
  exchange: z.number(),
  bookmaker: z.number(),
  fancy: z.number(),
  sports: z.number(),
  casino: z.number(),
  /** The casino column by the game's provider (a house game's provider, a Hub88 studio); they sum to `casino`. */
  casinoByProvider: z.record(z.string(), z.number()),
  total: z.number(),
});
export const partyPnlRowSchema = partyPnlFiguresSchema.extend({
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.number().int(),
  /** Accounts sit below it: the row is its whole subtree's, and it opens one level down. */
  hasDownline: z.boolean(),
});
export type PartyPnlRow = z.infer<typeof partyPnlRowSchema>;
export const partyPnlSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Whose downline the rows are; null: the top of the site (an operator's first level). */
  parentId: z.string().nullable(),
  rows: z.array(partyPnlRowSchema),
  total: partyPnlFiguresSchema,
  /** Every provider with play in any row, by name: the casino columns. */
  casinoProviders: z.array(z.string()),
});
export type PartyPnl = z.infer<typeof partyPnlSchema>;
export const partyPnlEnvelope = envelope(partyPnlSchema);

/** One search box (issue 28, decision 0056): a user by username or mobile, a bet by id, a deposit by UTR. */
export const backofficeSearchQuerySchema = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(80),
});
export const searchUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  mobile_no: z.string(),
  role: z.number().int(),
});
export const searchBetSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  username: z.string(),
  event: z.string(),
  market: z.string(),
  stake: z.number(),
  status: z.enum(BET_STATUSES),
  placedAt: z.string(),
});
export const searchDepositSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  username: z.string(),
  amount: z.number(),
  txnRef: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.string(),
});
export const backofficeSearchSchema = z.object({
  users: z.array(searchUserSchema),
  bets: z.array(searchBetSchema),
  deposits: z.array(searchDepositSchema),
});
export type BackofficeSearch = z.infer<typeof backofficeSearchSchema>;
export const backofficeSearchEnvelope = envelope(backofficeSearchSchema);

/**
 * The fancy book of one fancy line in the risk view (issue 28, decision 0064): for each band of run
 * totals, what the scope's open bets on the line give the book if it settles there, from the book's
 * side (positive: the players lose) — for the whole scope (the site, or the agent's subtree), and at
 * the caller's own partnership share (an agent's cut along each player's chain; the house's for an
 * operator). Rupees; `toRuns` is exclusive, null for the open-ended last band.
 */
export const riskFancyBookQuerySchema = z.object({ marketId: z.string().uuid('Unknown market') });
export const riskFancyBookRowSchema = z.object({
  fromRuns: z.number().int(),
  toRuns: z.number().int().nullable(),
  subtree: z.number(),
  share: z.number(),
  /** The lowest subtree figure of the book (every band holding it is marked). */
  worst: z.boolean(),
});
export type RiskFancyBookRow = z.infer<typeof riskFancyBookRowSchema>;
export const riskFancyBookSchema = z.object({
  marketId: z.string(),
  market: z.string(),
  event: z.string(),
  status: z.string(),
  players: z.number().int(),
  bets: z.number().int(),
  rows: z.array(riskFancyBookRowSchema),
  asOf: z.string(),
});
export type RiskFancyBook = z.infer<typeof riskFancyBookSchema>;
export const riskFancyBookEnvelope = envelope(riskFancyBookSchema);

/**
 * An agent's landing figures (issue 28, decision 0065): its own free chips (a cash agent) or free
 * credit (a credit agent), its whole downline's exposure, and its downline's play today and this India
 * week (Monday to Sunday, the weekly statement's week) from the journal, from the book's side: + the
 * downline lost (the book won), − it won. The party win/loss of the same range with the sign turned.
 */
export const agentLandingSchema = z.object({
  kind: z.enum(['cash', 'credit']),
  own: z.number(),
  exposure: z.number(),
  today: z.object({ date: z.string(), pnl: z.number() }),
  week: z.object({ from: z.string(), to: z.string(), pnl: z.number() }),
});
export type AgentLanding = z.infer<typeof agentLandingSchema>;
export const agentLandingEnvelope = envelope(agentLandingSchema);

/** A client's casino rounds over India dates, optionally of one provider: party win/loss's drill-down (decision 0065). */
export const userCasinoRoundsQuerySchema = z
  .object({ ...dateRange, provider: z.string().trim().min(1).max(60).optional() })
  .refine(rangeInOrder, RANGE_ORDER)
  .refine(rangeNotTooLong, RANGE_LENGTH);
export type UserCasinoRoundsQuery = z.infer<typeof userCasinoRoundsQuerySchema>;
