import { z } from 'zod';
import { envelope } from './envelope.js';
import { eventSummarySchema, marketTypeSchema } from './sports.js';
import { calendarDate } from './text.js';

/**
 * Results (issue 31): the markets settled or voided on one India day, by event. A market settled,
 * then corrected, shows its result as it stands now.
 */
export const resultsQuerySchema = z.object({ date: calendarDate().optional() });
export type ResultsQuery = z.infer<typeof resultsQuerySchema>;

export const marketResultSchema = z.object({
  _id: z.string(),
  name: z.string(),
  marketType: marketTypeSchema,
  status: z.enum(['settled', 'voided']),
  /** EXCHANGE and BOOKMAKER: the winning runner's name. */
  winner: z.string().nullable(),
  /** FANCY: the run total the market settled at. */
  runs: z.number().int().nullable(),
  /** A voided market: why. */
  voidReason: z.string().nullable(),
  settledAt: z.string(),
});
export type MarketResult = z.infer<typeof marketResultSchema>;

export const eventResultsSchema = z.object({
  event: eventSummarySchema.pick({ _id: true, name: true, slugName: true, sport: true, league: true, startTime: true }),
  markets: z.array(marketResultSchema),
});
export type EventResults = z.infer<typeof eventResultsSchema>;
/** Events in the order their last market settled, latest first. */
export const eventResultsListEnvelope = envelope(z.array(eventResultsSchema));
