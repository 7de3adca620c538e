import { z } from 'zod';
import { envelope } from './envelope.js';
import { betRowSchema, marketTypeSchema } from './sports.js';

// Positions, the fancy book and Cash Out (issue 13, decision 0022). Amounts in rupees on the wire.

/** One runner's figures: the matched result if it wins, and the same if the unmatched offers also fill. */
export const runnerPositionSchema = z.object({
  selectionId: z.string(),
  profitLoss: z.number(),
  ifUnmatchedFill: z.number(),
});
export type RunnerPosition = z.infer<typeof runnerPositionSchema>;

/** One band of the fancy run ladder: totals fromRuns … toRuns − 1 (toRuns null: and above). */
export const fancyBookRowSchema = z.object({
  fromRuns: z.number().int(),
  toRuns: z.number().int().nullable(),
  profitLoss: z.number(),
  worst: z.boolean(),
});
export type FancyBookRow = z.infer<typeof fancyBookRowSchema>;

/** The signed-in player's position on one market, per wallet. */
export const marketPositionSchema = z.object({
  marketId: z.string(),
  marketType: marketTypeSchema,
  wallet: z.enum(['main', 'bonus']),
  /** EXCHANGE and BOOKMAKER: one row per runner. */
  runners: z.array(runnerPositionSchema),
  /** FANCY: the run ladder of the matched bets. */
  fancyBook: z.array(fancyBookRowSchema),
});
export type MarketPosition = z.infer<typeof marketPositionSchema>;

export const eventPositionsQuerySchema = z.object({
  eventId: z.string({ error: 'Choose an event' }).uuid('Choose an event'),
});
export const positionListEnvelope = envelope(z.array(marketPositionSchema));

export const cashOutQuoteQuerySchema = z.object({
  marketId: z.string({ error: 'Choose a market' }).uuid('Choose a market'),
  /** The share of the position to close; bookmaker and fancy cash out close all of it. */
  percent: z.coerce
    .number()
    .int('Choose a whole percentage')
    .min(1, 'Choose 1–100 %')
    .max(100, 'Choose 1–100 %')
    .default(100),
});

export const cashOutLegSchema = z.object({
  selectionId: z.string(),
  selectionType: z.enum(['back', 'lay']),
  /** The worst price the leg may fill at (exchange): the hedge fills there or better, or not at all. */
  odds: z.number(),
  stake: z.number(),
});

export const cashOutQuoteSchema = z.object({
  marketId: z.string(),
  marketType: marketTypeSchema,
  wallet: z.enum(['main', 'bonus']),
  percent: z.number().int(),
  available: z.boolean(),
  /** Why not, in words, when not available. */
  reason: z.string().nullable(),
  /** What the player gets for the part cashed out, the same whatever wins (rupees). */
  value: z.number().nullable(),
  /** EXCHANGE: the hedge bets that would be placed. */
  legs: z.array(cashOutLegSchema),
});
export type CashOutQuote = z.infer<typeof cashOutQuoteSchema>;
export const cashOutQuoteEnvelope = envelope(cashOutQuoteSchema);

export const cashOutSchema = z.object({
  marketId: z.string({ error: 'Choose a market' }).uuid('Choose a market'),
  percent: z.number().int('Choose a whole percentage').min(1, 'Choose 1–100 %').max(100, 'Choose 1–100 %').default(100),
  /** The value the player was shown (rupees): refused with "Odds changed" if it is no longer available. */
  value: z.number({ error: 'The quoted value is required' }).finite(),
});
export type CashOut = z.infer<typeof cashOutSchema>;

export const cashOutResultSchema = z.object({
  marketId: z.string(),
  value: z.number(),
  /** The cash-out bets: exchange hedge bets, or the house's closing bet. */
  bets: z.array(betRowSchema),
});
export const cashOutResultEnvelope = envelope(cashOutResultSchema);
