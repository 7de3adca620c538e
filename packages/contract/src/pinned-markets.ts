import { z } from 'zod';
import { envelope } from './envelope.js';
import { eventSummarySchema, marketSchema } from './sports.js';

/**
 * Pinned markets (issue 31, decision 0072): a player pins markets from any event and the Multi Markets
 * page shows them together with live prices. Pins are the player's own, kept on the server.
 */
export const MAX_PINNED_MARKETS = 20;

/** POST /api/v1/pinned-markets and DELETE /api/v1/pinned-markets/:marketId. */
export const pinMarketSchema = z.object({ marketId: z.string({ error: 'Choose a market' }).uuid('Choose a market') });
export type PinMarket = z.infer<typeof pinMarketSchema>;

/** The event a pinned market belongs to, enough to name it and link to its page. */
export const pinnedEventSchema = eventSummarySchema.pick({
  _id: true,
  name: true,
  slugName: true,
  sport: true,
  league: true,
  startTime: true,
  status: true,
  inPlay: true,
});

/** One pin: the market as the event page shows it (live prices follow on the socket) and its event. */
export const pinnedMarketSchema = z.object({
  market: marketSchema,
  event: pinnedEventSchema,
  pinnedAt: z.string(),
});
export type PinnedMarket = z.infer<typeof pinnedMarketSchema>;
/** Oldest pin first, so a new pin goes to the end of the page. Settled and voided markets drop off. */
export const pinnedMarketListEnvelope = envelope(z.array(pinnedMarketSchema));
